import { createServer, type Server } from 'node:http';
import type { Side } from '../shared/index';
import { createApp } from './app';
import type { Config } from './config';
import type { Logger } from './log';
import type { RoomStore } from './matches/roomStore';
import { disconnectCaptainSeat } from './matches/seatDisconnect';
import type { LiveMatches } from './room/liveMatches';
import { createMatchRooms, type MatchRooms } from './room/socketServer';

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
  rooms = createMatchRooms(http, store, live, config, log);
  return { http, rooms };
}
