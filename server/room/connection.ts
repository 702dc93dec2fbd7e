import { PROTOCOL_VERSION, type ErrorCode } from '../../shared/protocol';
import type { Logger } from '../log';
import { admit, error, incoming, type Answer } from './messageGate';
import { matchRoom, seatName, teamRoom } from './roomNames';
import { onCommand, onDraft, onSync, sendCatchUp, sendLatestDraft } from './roomMessages';
import type { RoomDeps, RoomSocket } from './types';

const KNOWN_MESSAGES = new Set(['command', 'sync', 'draft']);

/** Wires one accepted connection (its role already fixed by roomGate) into its match room. */
export function openConnection(socket: RoomSocket, deps: RoomDeps): void {
  const { matchId, actor, tokenRejected, deviceId } = socket.data;
  const log = deps.log.child({ matchId, sid: socket.id, role: actor.role, side: actor.role === 'captain' ? actor.side : undefined });
  void socket.join(matchRoom(matchId));

  const seat = actor.role === 'captain' ? seatName(matchId, actor.side, deviceId) : null;
  if (actor.role === 'captain' && seat) {
    takeSeat(socket, seat, deps, log);
    void socket.join(teamRoom(matchId, actor.side));
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
    // Only this socket's own registration: a newer connection of the same seat may already hold it.
    if (seat) deps.seats.release(seat, socket.id);
    log.info({ reason }, 'disconnected');
  });

  // Catch up from the version given at the handshake; a failure is reported, and the client syncs again later.
  void sendCatchUp(socket, deps, socket.data.clientVersion, log).then((reply) => {
    if (reply.status === 'error') problem(reply.code, reply.message);
  });
  if (actor.role === 'captain') void sendLatestDraft(socket, deps, actor.side, log);
}

/** The newest connection of a seat wins: the older one (here or in another process) is told, then closed. */
function takeSeat(socket: RoomSocket, seat: string, deps: RoomDeps, log: Logger): void {
  const previous = deps.seats.claim(seat, socket.id);
  const local = previous ? deps.io.sockets.sockets.get(previous) : undefined;
  if (local) {
    local.emit('replaced', { matchId: socket.data.matchId });
    local.disconnect(true);
    log.info({ replaced: previous }, 'seat taken over by a newer connection');
  }
  // Through the adapter for an older connection held by another process. `except` the new socket: with the
  // Redis adapter the local part of these runs only after a Redis round trip, i.e. after the join below.
  deps.io.to(seat).except(socket.id).emit('replaced', { matchId: socket.data.matchId });
  deps.io.in(seat).except(socket.id).disconnectSockets(true);
  void socket.join(seat);
}

/** Admission checks (rate, acknowledgement, size), then the handler; an unexpected throw is still answered. */
async function guarded(
  socket: RoomSocket,
  args: unknown[],
  log: Logger,
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
