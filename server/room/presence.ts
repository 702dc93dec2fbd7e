import { z } from 'zod';
import type { Side } from '../../shared/index';
import type { Presence } from '../../shared/protocol';
import type { Logger } from '../log';
import { matchRoom, teamRoom } from './roomNames';
import type { RoomServer, RoomSocket } from './types';

/**
 * Who has the captain links open (protocol `presence`). Counted from the team rooms, here and by asking every other
 * process (a server-side event each answers with its own counts), never kept as a tally: a tally would drift with
 * every process that dies without saying goodbye. The adapter gives the others 5 s to answer, and drops a process
 * that stopped beating from the cluster. Not `fetchSockets`: it ships every socket's `data` to the asker,
 * and ours holds a rate-limit bucket that the adapter cannot encode (the answering process crashed on it).
 *
 * A departure is announced after a pause: a phone that drops and comes back within it (a tunnel, a wifi handover)
 * never shows as gone, and the count is taken once its new socket has joined, wherever that is. A process that
 * cannot count (another process does not answer in time) says nothing rather than something wrong.
 */
const DEPARTURE_PAUSE_MS = 1500;

type Counts = Record<Side, number>;
const CountsSchema = z.object({ HOME: z.number().int().nonnegative(), AWAY: z.number().int().nonnegative() });

export class PresenceBoard {
  readonly #pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly io: RoomServer,
    private readonly log: Logger,
    /** Whether other processes share the rooms (a cross-process adapter); they are then asked for their counts. */
    private readonly acrossProcesses: boolean,
  ) {
    if (acrossProcesses) {
      io.on('captainsHere', (matchId: unknown, answer: unknown) => {
        const id = z.string().min(1).max(200).safeParse(matchId);
        if (id.success && typeof answer === 'function') answer(this.#localCounts(id.data));
      });
    }
  }

  /** A captain connected: everyone in the room hears the new count now. */
  arrived(matchId: string): void {
    void this.#count(matchId).then((presence) => {
      if (presence) this.io.to(matchRoom(matchId)).emit('presence', presence);
    });
  }

  /** A captain's socket closed: the room hears the count after the pause (one count for several departures). */
  left(matchId: string): void {
    if (this.#pending.has(matchId)) return;
    const timer = setTimeout(() => {
      this.#pending.delete(matchId);
      this.arrived(matchId);
    }, DEPARTURE_PAUSE_MS);
    timer.unref();
    this.#pending.set(matchId, timer);
  }

  /** A phone connected: it hears the count, the room does not need to. */
  tell(socket: RoomSocket, matchId: string): void {
    void this.#count(matchId).then((presence) => {
      if (presence && socket.connected) socket.emit('presence', presence);
    });
  }

  close(): void {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
  }

  #localCounts(matchId: string): Counts {
    // Only captains join the team rooms (room/connection.ts).
    const rooms = this.io.sockets.adapter.rooms;
    return { HOME: rooms.get(teamRoom(matchId, 'HOME'))?.size ?? 0, AWAY: rooms.get(teamRoom(matchId, 'AWAY'))?.size ?? 0 };
  }

  async #count(matchId: string): Promise<Presence | null> {
    const captains = this.#localCounts(matchId);
    if (!this.acrossProcesses) return { matchId, captains };
    try {
      const answers: unknown[] = await this.io.serverSideEmitWithAck('captainsHere', matchId);
      for (const raw of answers) {
        const counts = CountsSchema.parse(raw);
        captains.HOME += counts.HOME;
        captains.AWAY += counts.AWAY;
      }
      return { matchId, captains };
    } catch (err) {
      this.log.warn({ err: String(err), matchId }, 'could not count the captains present');
      return null;
    }
  }
}
