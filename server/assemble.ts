import { createServer, type Server } from 'node:http';
import type { Side } from '../shared/index';
import { createApp } from './app';
import type { Config } from './config';
import type { Logger } from './log';
import type { RoomStore } from './matches/roomStore';
import { disconnectCaptainSeat } from './matches/seatDisconnect';
import type { LiveMatches } from './room/liveMatches';
import { createMatchRooms, type MatchRooms } from './room/socketServer';

/** How long an idle kept-alive HTTP connection stays open (see assemble). */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The HTTP server (REST + client) and the match rooms on it, wired to each other: main.ts and the in-process test
 * server both build it here, so the tests run the wiring that production runs.
 */
export function assemble(config: Config, store: RoomStore, live: LiveMatches, log: Logger): { http: Server; rooms: MatchRooms } {
  // The league's "replace a captain link" closes that seat's sockets. Bound late: the rooms need the HTTP server.
  let rooms: MatchRooms | null = null;
  const captainLinkReplaced = (matchId: string, side: Side) => (rooms ? disconnectCaptainSeat(rooms.io, matchId, side) : Promise.resolve());
  const submitCommand = () => rooms?.submit ?? null;
  const http = createServer(createApp(config, store, live, log, { captainLinkReplaced, submitCommand }));
  // Idle kept-alive connections stay open 65 s, not Node 20's 5 s. A client that reuses one at the moment the server
  // closes it gets ECONNRESET: a load balancer keeps idle connections 60 s and a phone's browser for minutes, so the
  // server must be the one that waits longer (the value later Node versions made their default). Headers of a request
  // get a little longer than that, so a slow request on a reused connection is not cut first.
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  rooms = createMatchRooms(http, store, live, config, log);
  return { http, rooms };
}
