import { PROTOCOL_VERSION, type ErrorCode } from '../../shared/protocol';
import { ConnectionLog, type LineLog } from './connectionLog';
import { admit, error, incoming, type Answer } from './messageGate';
import { matchRoom, seatName, teamRoom } from './roomNames';
import { claimNow, evictOlder } from './seatHandover';
import { onCommand, onDraft, onSync, sendCatchUp, sendLatestDraft } from './roomMessages';
import type { RoomDeps, RoomSocket } from './types';

const KNOWN_MESSAGES = new Set(['command', 'sync', 'draft']);

/** Wires one accepted connection (its role already fixed by roomGate) into its match room. */
export function openConnection(socket: RoomSocket, deps: RoomDeps): void {
  const { matchId, actor, tokenRejected, deviceId } = socket.data;
  const log = new ConnectionLog(deps.log, socket);
  void socket.join(matchRoom(matchId));

  const seat = actor.role === 'captain' ? seatName(matchId, actor.side, deviceId) : null;
  if (actor.role === 'captain' && seat) {
    takeSeat(socket, seat, deps, log);
    void socket.join(teamRoom(matchId, actor.side));
    deps.presence.arrived(matchId);
  } else {
    deps.presence.tell(socket, matchId);
  }
  socket.emit('welcome', {
    role: actor.role,
    ...(actor.role === 'captain' ? { side: actor.side } : {}),
    matchId,
    protocolVersion: PROTOCOL_VERSION,
    ...(tokenRejected ? { tokenRejected } : {}),
    // Read last, just before the message leaves: the phone counts the delay from here as its error.
    serverTime: Date.now(),
  });
  log.info({ tokenRejected }, 'connected');

  const problem = (code: ErrorCode, message: string) => socket.emit('problem', { code, message });

  socket.on('command', (...args) => void guarded(socket, args, log, (payload, answer) => onCommand(socket, deps, payload, answer)));
  socket.on('sync', (...args) => void guarded(socket, args, log, (payload, answer) => onSync(socket, deps, payload, answer)));
  socket.on('draft', (...args) => void guarded(socket, args, log, (payload, answer) => onDraft(socket, deps, payload, answer)));
  socket.onAny((event: unknown, ...args: unknown[]) => {
    if (typeof event === 'string' && KNOWN_MESSAGES.has(event)) return;
    const { answer } = incoming(args, problem);
    answer(socket.data.bucket.take()
      ? error('BAD_MESSAGE', `Unknown message ${JSON.stringify(String(event).slice(0, 40))}.`)
      : error('RATE_LIMITED', 'Too many messages; slow down and try again in a moment.'));
  });

  socket.on('disconnect', (reason) => {
    if (seat) deps.presence.left(matchId);
    log.info({ reason }, 'disconnected');
  });

  // Catch up from the version given at the handshake; a failure is reported, and the client syncs again later.
  void sendCatchUp(socket, deps, socket.data.clientVersion, log).then((reply) => {
    if (reply.status === 'error') problem(reply.code, reply.message);
  });
  if (actor.role === 'captain') void sendLatestDraft(socket, deps, actor.side, log);
}

/**
 * The newest connection of a seat wins: older ones (here or in another process) are told, then closed. A claim
 * carries its time, so an order from an older connection that reaches another process late closes nothing newer
 * there (room/seatHandover.ts).
 */
function takeSeat(socket: RoomSocket, seat: string, deps: RoomDeps, log: LineLog): void {
  const claim = claimNow(seat, socket.id, Date.now());
  socket.data.seatClaim = claim;
  void socket.join(seat);
  const replaced = evictOlder(deps.io, claim, socket.data.matchId);
  if (replaced.length > 0) log.info({ replaced }, 'seat taken over by a newer connection');
  deps.announceSeatClaim(claim, socket.data.matchId);
}

/** Admission checks (rate, acknowledgement, size), then the handler; an unexpected throw is still answered. */
async function guarded(
  socket: RoomSocket,
  args: unknown[],
  log: LineLog,
  handler: (payload: unknown, answer: Answer) => Promise<void>,
): Promise<void> {
  const { payload, answer } = incoming(args, (code, message) => socket.emit('problem', { code, message }));
  const refused = admit(socket.data.bucket, args, payload);
  if (refused) return answer(refused);
  try {
    await handler(payload, answer);
  } catch (err) {
    log.error({ err }, 'message handler failed');
    answer(error('INTERNAL', 'Something went wrong on the server; nothing was saved.'));
  }
}
