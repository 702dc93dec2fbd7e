import { CommandSchema, type Side } from '../../shared/index';
import { CommandEnvelopeSchema, DraftSchema, SyncSchema, type Reply } from '../../shared/protocol';
import { StoreUnavailableError } from '../store/matchStore';
import type { LineLog } from './connectionLog';
import { badMessage, error, type Answer } from './messageGate';
import { catchUp } from './resync';
import { eventsFrame, fanOutEvents, sendEvents } from './roomFanOut';
import { matchRoom, teamRoom } from './roomNames';
import type { RoomDeps, RoomSocket } from './types';

/**
 * What the room does with each kind of client message, once it passed the gate (rate, size, acknowledgement).
 * Each handler parses its message with the protocol's schema first and answers exactly once.
 */

export async function onCommand(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
  const envelope = CommandEnvelopeSchema.safeParse(payload);
  if (!envelope.success) return answer(badMessage('command', envelope.error));
  const { commandId, matchId, type } = envelope.data;
  if (matchId !== socket.data.matchId) return answer(wrongMatch());
  const command = CommandSchema.safeParse({ type, payload: envelope.data.payload });
  if (!command.success) return answer(badMessage(`command ${JSON.stringify(type)}`, command.error));

  const { reply, broadcast } = await deps.desk.handle({ matchId, commandId, command: command.data, actor: socket.data.actor });
  if (!broadcast) return answer(reply);
  // Stored, so now everyone may see it. The sender first: its events, then its answer, on its own connection (the
  // phone holds the new version when the acknowledgement arrives). Then the rest of this process's clients of the
  // room (roomFanOut.ts, never through the adapter, whose local delivery would wait for its XADD round trip). The
  // other processes were told by the append itself (room/crossProcess.ts). The update is encoded once, for the
  // sender and the room alike.
  const frame = eventsFrame(deps.io, broadcast);
  sendEvents(socket, broadcast, frame);
  answer(reply);
  afterTheAnswers(() => fanOutEvents(deps.io, matchRoom(matchId), socket.id, broadcast, frame));
}

/**
 * Runs a room's fan-out once the answers of this turn of the event loop have left, so that no captain's answer waits
 * behind one socket write per phone of a room (measured: the acknowledgement's p50 went from 3.1 to 1.7-2.1 ms at
 * 22 phones a room, bench/HISTORY.md "A sixteenth host"). Engine.IO writes a connection's next packet only once the write
 * before it has called back, which Node does on the next tick, so the answer leaves in a tick queued when the
 * sender's events were written. Replies from the store that arrive together (after a pause, or under load) finish
 * their commands in one turn, each queuing such a tick; a fan-out two ticks away comes after all of them.
 * The room's updates stay in order: the match's next one must be written to the store first, and Node serves that
 * I/O only after the ticks.
 */
function afterTheAnswers(fanOut: () => void): void {
  process.nextTick(() => process.nextTick(fanOut));
}

export async function onSync(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
  const sync = SyncSchema.safeParse(payload);
  if (!sync.success) return answer(badMessage('sync', sync.error));
  if (sync.data.matchId !== socket.data.matchId) return answer(wrongMatch());
  answer(await sendCatchUp(socket, deps, sync.data.version, deps.log));
}

export async function onDraft(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {
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

export async function sendCatchUp(socket: RoomSocket, deps: RoomDeps, version: number | undefined, log: LineLog): Promise<Reply> {
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
    return storeFailure(err, log);
  }
}

export async function sendLatestDraft(socket: RoomSocket, deps: RoomDeps, side: Side, log: LineLog): Promise<void> {
  try {
    const latest = await deps.drafts.latest(socket.data.matchId, side);
    if (latest) socket.emit('draft', latest);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not load the team draft');
  }
}

function storeFailure(err: unknown, log: LineLog): Reply {
  if (err instanceof StoreUnavailableError) {
    return error('UNAVAILABLE', 'The scoresheet cannot be reached right now. Try again in a moment.');
  }
  log.error({ err }, 'store read failed');
  return error('INTERNAL', 'Something went wrong on the server.');
}

const wrongMatch = (): Reply => error('WRONG_MATCH', 'This connection follows another match.');
