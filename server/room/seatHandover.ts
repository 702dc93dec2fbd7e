import { z } from 'zod';
import type { Logger } from '../log';
import type { RoomServer, RoomSocket } from './types';

/**
 * The newest connection of a captain seat wins, across processes too.
 *
 * Why a claim with a time, rather than "disconnect everyone in the seat but me" through the adapter: that order
 * carries no time, and it reaches the other processes whenever their adapter reads it. Under load a process may
 * read the order of an OLDER connection only after a newer connection of the same seat has joined there, and then
 * closes the newer one: the phone that just reconnected is thrown out and the stale socket's successor never
 * arrives. A claim says when it was made, so each process closes only the sockets that claimed before it.
 *
 * Claims are ordered by the claiming process's clock, ties broken by socket id so every process agrees. Between
 * machines whose clocks disagree by more than the time between two connections of one phone, both sockets may stay
 * open; that is harmless (both receive the room's updates, and only the newest device is the one in the captain's
 * hand), whereas closing the wrong one would not be.
 */
export interface SeatClaim {
  seat: string;
  socketId: string;
  claimedAt: number;
}

const SeatClaimSchema = z.object({ seat: z.string().min(1).max(300), socketId: z.string().min(1).max(100), claimedAt: z.number().finite() });

let lastClaimAt = 0;

/**
 * A claim made now. Strictly later than every earlier claim of this process, even within one millisecond (a phone
 * reconnecting twice in a row): here the order is known for certain, so a tie must not be left to the socket ids.
 */
export function claimNow(seat: string, socketId: string, now: number): SeatClaim {
  lastClaimAt = Math.max(now, lastClaimAt + 0.001);
  return { seat, socketId, claimedAt: lastClaimAt };
}

/** Whether claim `a` was made before claim `b`. */
export function claimedBefore(a: SeatClaim, b: SeatClaim): boolean {
  return a.claimedAt !== b.claimedAt ? a.claimedAt < b.claimedAt : a.socketId < b.socketId;
}

/** Closes this process's sockets of `claim.seat` that claimed it before `claim`. Returns the ids it closed. */
export function evictOlder(io: RoomServer, claim: SeatClaim, matchId: string): string[] {
  const closed: string[] = [];
  for (const id of io.sockets.adapter.rooms.get(claim.seat) ?? []) {
    const socket: RoomSocket | undefined = io.sockets.sockets.get(id);
    const held = socket?.data.seatClaim;
    if (!socket || !held || held.socketId === claim.socketId || !claimedBefore(held, claim)) continue;
    socket.emit('replaced', { matchId });
    socket.disconnect(true);
    closed.push(id);
  }
  return closed;
}

/**
 * Listens for the other processes' claims, and returns how to tell them about ours. Only with a cross-process
 * adapter: with one process there is nobody to tell (and the in-memory adapter only warns on server-side events).
 */
export function seatClaimsAcrossProcesses(io: RoomServer, log: Logger): (claim: SeatClaim, matchId: string) => void {
  io.on('seatClaimed', (raw: unknown, matchIdRaw: unknown) => {
    const claim = SeatClaimSchema.safeParse(raw);
    const matchId = z.string().min(1).max(200).safeParse(matchIdRaw);
    if (!claim.success || !matchId.success) {
      log.warn('ignored a malformed seat claim from another process');
      return;
    }
    const closed = evictOlder(io, claim.data, matchId.data);
    if (closed.length > 0) log.info({ replaced: closed, by: claim.data.socketId }, 'seat taken over by a newer connection on another process');
  });
  return (claim, matchId) => {
    io.serverSideEmit('seatClaimed', claim, matchId);
  };
}
