import { CommandSchema } from '../../shared/index';
import {
  CommandEnvelopeSchema,
  DraftSchema,
  PROTOCOL_VERSION,
  SyncSchema,
  type ErrorCode,
  type Reply,
} from '../../shared/protocol';
import type { Logger } from '../log';
import type { RoomStore } from '../matches/roomStore';
import { StoreUnavailableError } from '../store/matchStore';
import type { CommandDesk } from './commandDesk';
import type { DraftBoard } from './drafts';
import type { LiveMatches } from './liveMatches';
import { admit, badMessage, error, incoming, type Answer } from './messageGate';
import { catchUp } from './resync';
import { matchRoom, seatName, teamRoom } from './roomNames';
import type { SeatRegistry } from './seats';
import type { RoomServer, RoomSocket } from './types';

export interface RoomDeps {
  io: RoomServer;
  store: RoomStore;
  live: LiveMatches;
  desk: CommandDesk;
  drafts: DraftBoard;
  seats: SeatRegistry;
  log: Logger;
}

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
  });
  log.info({ tokenRejected }, 'connected');

  const problem = (code: ErrorCode, message: string) => socket.emit('problem', { code, message });

  socket.on('command', (...args) => void guarded(args, problem, log, (payload, answer) => onCommand(socket, deps, payload, answer)));
  socket.on('sync', (...args) => void guarded(args, problem, log, (payload, answer) => onSync(socket, deps, payload, answer)));
  socket.on('draft', (...args) => void guarded(args, problem, log, (payload, answer) => onDraft(socket, deps, payload, answer)));
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

  void sendCatchUp(socket, deps, socket.data.clientVersion, log);
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
  // Through the adapter for an older connection held by another process (none here: the local one is gone).
  deps.io.to(seat).emit('replaced', { matchId: socket.data.matchId });
  deps.io.in(seat).disconnectSockets(true);
  void socket.join(seat);
}

/** Admission checks, then the handler; an unexpected throw is still answered. */
async function guarded(
  args: unknown[],
  problem: (code: ErrorCode, message: string) => void,
  log: Logger,
  handler: (payload: unknown, answer: Answer) => Promise<void>,
): Promise<void> {
  const { payload, answer } = incoming(args, problem);
  const socketArgs = args;
  try {
    // The bucket is reached through the handler's socket; admission needs it before anything else.
    await handler(payload, (reply) => answer(reply));
  } catch (err) {
    log.error({ err }, 'message handler failed');
    answer(error('INTERNAL', 'Something went wrong on the server; nothing was saved.'));
  }
  void socketArgs;
}

async function onCommand(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
  const envelope = CommandEnvelopeSchema.safeParse(payload);
  if (!envelope.success) return answer(badMessage('command', envelope.error));
  const { commandId, matchId, type } = envelope.data;
  if (matchId !== socket.data.matchId) return answer(wrongMatch());
  const command = CommandSchema.safeParse({ type, payload: envelope.data.payload });
  if (!command.success) return answer(badMessage(`command ${JSON.stringify(type)}`, command.error));

  const result = await deps.desk.handle({ matchId, commandId, command: command.data, actor: socket.data.actor });
  // Stored: everyone in the room (in every process) gets the events, then the sender its answer.
  if (result.broadcast) deps.io.to(matchRoom(matchId)).emit('events', result.broadcast);
  answer(result.reply);
}

async function onSync(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
  const sync = SyncSchema.safeParse(payload);
  if (!sync.success) return answer(badMessage('sync', sync.error));
  if (sync.data.matchId !== socket.data.matchId) return answer(wrongMatch());
  answer(await sendCatchUp(socket, deps, sync.data.version, deps.log));
}

async function onDraft(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
  const { actor, matchId } = socket.data;
  if (actor.role !== 'captain') return answer(error('FORBIDDEN', 'Only a team captain shares lineup drafts (MR-6).'));
  const draft = DraftSchema.safeParse(payload);
  if (!draft.success) return answer(badMessage('draft', draft.error));
  try {
    const message = await deps.drafts.save(matchId, actor.side, draft.data);
    // MR-6: the team's other captain phones only, in any process; never the room.
    socket.to(teamRoom(matchId, actor.side)).emit('draft', message);
    answer({ status: 'ok' });
  } catch (err) {
    answer(storeFailure(err, deps.log));
  }
}

async function sendCatchUp(socket: RoomSocket, deps: RoomDeps, version: number | undefined, log: Logger): Promise<Reply> {
  try {
    const result = await catchUp(deps.store, deps.live, socket.data.matchId, version);
    switch (result.kind) {
      case 'upToDate':
        return { status: 'ok' };
      case 'events':
        socket.emit('events', result.message);
        return { status: 'ok' };
      case 'snapshot':
        socket.emit('snapshot', result.message);
        return { status: 'ok' };
      case 'unknownMatch':
        return error('UNKNOWN_MATCH', 'There is no such match.');
    }
  } catch (err) {
    const reply = storeFailure(err, log);
    if (reply.status === 'error') socket.emit('problem', { code: 'UNAVAILABLE', message: reply.message });
    return reply;
  }
}

async function sendLatestDraft(socket: RoomSocket, deps: RoomDeps, side: 'HOME' | 'AWAY', log: Logger): Promise<void> {
  try {
    const latest = await deps.drafts.latest(socket.data.matchId, side);
    if (latest) socket.emit('draft', latest);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not load the team draft');
  }
}

function storeFailure(err: unknown, log: Logger): Reply {
  if (err instanceof StoreUnavailableError) {
    return error('UNAVAILABLE', 'The scoresheet cannot be reached right now. Try again in a moment.');
  }
  log.error({ err }, 'store read failed');
  return error('INTERNAL', 'Something went wrong on the server.');
}

const wrongMatch = (): Reply => error('WRONG_MATCH', 'This connection follows another match.');
