import type { Side } from '../../shared/index';
import { teamRoom } from '../room/roomNames';
import type { RoomServer } from '../room/types';

/**
 * After the commissioner replaced a team's captain link (captainLinks.ts): every phone connected on that team's
 * captain seat goes, on every process (the adapter carries disconnectSockets). Phones connected with the new link
 * cannot exist yet: the link is shown only after this has run. They reconnect on their own; the old link is then
 * refused at the handshake with the reason (Identity.replaced), a phone given the new link takes the seat.
 */
export function disconnectCaptainSeat(io: RoomServer, matchId: string, side: Side): Promise<void> {
  io.in(teamRoom(matchId, side)).disconnectSockets(true);
  return Promise.resolve();
}
