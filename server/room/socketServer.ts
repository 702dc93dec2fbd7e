import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createEveningGuard } from '../league/eveningGuard';
import { Server } from 'socket.io';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { RoomStore } from '../matches/roomStore';
import { CommandDesk } from './commandDesk';
import { openConnection } from './connection';
import { redisAdapter, relayRoomEvents } from './crossProcess';
import { DraftBoard } from './drafts';
import type { LiveMatches } from './liveMatches';
import { renewArraysBeforePings } from './pingRounds';
import { PresenceBoard } from './presence';
import { roomGate } from './roomGate';
import { seatClaimsAcrossProcesses } from './seatHandover';
import { serverCommandSender, type SubmitCommand } from './serverCommands';
import type { RoomServer } from './types';
import { writeBroadcastsWhole } from './wholeFrames';

/** Hard cap of one Socket.IO frame; larger frames close the connection. Messages over 16 KB are answered TOO_LARGE. */
const MAX_FRAME_BYTES = 64 * 1024;

export interface MatchRooms {
  io: RoomServer;
  /** Runs a server-made command (a stored photo's attachment) through the room's desk and tells the room. */
  submit: SubmitCommand;
  close(): Promise<void>;
}

/**
 * Socket.IO on the app's HTTP server. WebSocket transport only: a connection is then one TCP connection to one
 * process for its whole life, so a load balancer needs no sticky sessions (HTTP long-polling would spread one
 * session's requests over processes). Phones on bar wifi all speak WebSocket; a network that blocks it gets a
 * clear "cannot connect" rather than a slow fallback.
 */
export function createMatchRooms(http: HttpServer, store: RoomStore, live: LiveMatches, config: Config, log: Logger): MatchRooms {
  const cross = config.redisUrl ? redisAdapter(config.redisUrl, config.redisPrefix, log) : null;
  const io: RoomServer = new Server(http, {
    transports: ['websocket'],
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, originAllowed(req, config.allowedOrigins)),
    ...(cross ? { adapter: cross.adapter } : {}),
  });
  writeBroadcastsWhole(io.of('/').adapter);
  renewArraysBeforePings(io.engine);
  const roomLog = log.child({ part: 'room' });
  // One process (embedded store, in-memory adapter): the local delivery reaches every client already.
  const announce = cross ? relayRoomEvents(io, cross, roomLog) : null;
  const deps = {
    io,
    store,
    live,
    desk: new CommandDesk(store, live, roomLog, Date.now, createEveningGuard(store, Date.now, live), announce),
    drafts: new DraftBoard(store),
    presence: new PresenceBoard(io, roomLog, cross !== null),
    announceSeatClaim: cross ? seatClaimsAcrossProcesses(io, roomLog) : () => undefined,
    log: roomLog,
  };
  io.use(roomGate({ live, links: store, adminToken: config.adminToken, messageRate: config.messageRate, messageBurst: config.messageBurst, log: roomLog }));
  io.on('connection', (socket) => openConnection(socket, deps));

  return {
    io,
    submit: serverCommandSender(io, deps.desk),
    close: async () => {
      // io.close() drops only this process's connections (never io.disconnectSockets(), which would go through the
      // adapter to every process); the phones reconnect, through the load balancer, to a process still running.
      deps.presence.close();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await cross?.close();
    },
  };
}

/**
 * Cross-site WebSocket hijacking guard. Browsers always send Origin; it must be this server's own origin or one of
 * ALLOWED_ORIGINS. No Origin at all is a non-browser client (a script, a test), which holds no ambient credential
 * we could be tricked into using: roles come from the token it sends, not from cookies.
 */
function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
