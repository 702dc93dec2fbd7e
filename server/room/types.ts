import type { Server, Socket } from 'socket.io';
import type { Actor } from '../../shared/index';
import type { ServerToClient } from '../../shared/protocol';
import type { Logger } from '../log';
import type { RoomStore } from '../matches/roomStore';
import type { CommandDesk } from './commandDesk';
import type { DraftBoard } from './drafts';
import type { LiveMatches } from './liveMatches';
import type { TokenBucket } from './rateLimit';
import type { PresenceBoard } from './presence';
import type { SeatClaim } from './seatHandover';

/**
 * What a client sends is untrusted: the server listens with `unknown` arguments and parses them itself, so the
 * compiler cannot be talked into believing a message already has the protocol's shape.
 */
export interface UntrustedClientEvents {
  command: (...args: unknown[]) => void;
  sync: (...args: unknown[]) => void;
  draft: (...args: unknown[]) => void;
}

/** Fixed at the handshake (roomGate.ts), never changed by a message. */
export interface ConnectionData {
  matchId: string;
  actor: Actor;
  tokenRejected: boolean;
  deviceId: string | undefined;
  /** The version the client said it holds when it connected. */
  clientVersion: number | undefined;
  bucket: TokenBucket;
  /** Set when a captain takes its seat (room/seatHandover.ts): an older claim is closed, a newer one never. */
  seatClaim?: SeatClaim;
}

/**
 * Server-side events between processes, which the adapter carries over Redis pub/sub: seat claims and presence
 * questions. (Room updates go on a channel of their own, room/crossProcess.ts.) What arrives from another process
 * is parsed like any other outside message, hence `unknown`.
 */
export interface InterServerEvents {
  seatClaimed: (claim: unknown, matchId: unknown) => void;
  captainsHere: (matchId: unknown, answer: (counts: unknown) => void) => void;
}

export type RoomServer = Server<UntrustedClientEvents, ServerToClient, InterServerEvents, ConnectionData>;
export type RoomSocket = Socket<UntrustedClientEvents, ServerToClient, InterServerEvents, ConnectionData>;

/** What the room's message handlers work with: one set per process. */
export interface RoomDeps {
  io: RoomServer;
  store: RoomStore;
  live: LiveMatches;
  desk: CommandDesk;
  drafts: DraftBoard;
  /** Who has the captain links open, told to the room's phones. */
  presence: PresenceBoard;
  /** Tells the other processes that a captain seat was claimed here (no-op with one process). */
  announceSeatClaim: (claim: SeatClaim, matchId: string) => void;
  log: Logger;
}
