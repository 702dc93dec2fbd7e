import { fold, type MatchState } from '../../shared/index';
import type { MatchMeta } from '../matches/matchMeta';
import type { RoomStore } from '../matches/roomStore';
import { setRecent } from '../recentMap';

export interface LiveMatch {
  version: number;
  state: MatchState;
}

/**
 * This process's copy of the matches it serves, and the queue that runs one command per match at a time.
 *
 * The cache may be stale: another process may have appended since. That is safe because every append is a
 * compare-and-set on the version we decided on: a stale copy shows up as a conflict, and the desk reloads.
 * Serialising commands per match inside the process avoids conflicting with ourselves.
 */
export class LiveMatches {
  readonly #matches = new Map<string, LiveMatch>();
  readonly #metas = new Map<string, MatchMeta>();
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: RoomStore,
    /**
     * Matches kept in memory; the least recently used is dropped beyond it (it reloads from the store: one HMGET
     * of meta + snapshot and two JSON.parse, ~0.1 ms of CPU and a round trip). It must hold every match played at
     * once in this process, or a busy night thrashes: at 500 and 680 concurrent matches (the bench's league-night
     * point) a quarter of all commands reloaded their match and the process fell behind. A finished match's state
     * is ~15 KB of JSON and ~21 KB of heap once parsed (measured on the bench's full match), so 5,000 matches cost
     * at most ~105 MB plus their metas: about what 5,000 of the phones following them cost in socket buffers
     * (~23 KB each), i.e. far more matches than one process can serve phones for, at a bounded price.
     */
    private readonly capacity = 5_000,
  ) {}

  /** The cached copy as it is, without loading or reordering anything (the league's season reads: roomStates.ts). */
  peek(matchId: string): LiveMatch | undefined {
    return this.#matches.get(matchId);
  }

  /** The cached copy, or the store's if none (null: no such match). */
  async current(matchId: string): Promise<LiveMatch | null> {
    const cached = this.#matches.get(matchId);
    if (cached) {
      this.#touch(matchId, cached);
      return cached;
    }
    return this.reload(matchId);
  }

  /**
   * The match as the store has it now: the cached copy plus the events other processes appended since (one small
   * read when nothing changed). Refusals are decided on this, so a process never refuses a command because its
   * own copy is behind; acceptances are additionally protected by the append's compare-and-set.
   */
  async fresh(matchId: string): Promise<LiveMatch | null> {
    const cached = await this.current(matchId);
    if (!cached) return null;
    const missing = await this.store.eventsAfter(matchId, cached.version);
    if (!missing || missing.length === 0) return cached;
    if (missing[0]?.version !== cached.version + 1) return this.reload(matchId);
    const live = { version: missing.at(-1)!.version, state: fold(cached.state, missing.map((m) => m.event)) };
    this.remember(matchId, live);
    return live;
  }

  /** Reads the match from the store, replacing the cached copy. */
  async reload(matchId: string): Promise<LiveMatch | null> {
    const loaded = await this.store.load(matchId);
    if (!loaded) return null;
    this.#metas.set(matchId, loaded.meta);
    const live = { version: loaded.version, state: loaded.snapshot };
    this.remember(matchId, live);
    return this.#matches.get(matchId) ?? live;
  }

  /** Keeps `live` unless the cache already holds a newer version (a slower reader must not move it back). */
  remember(matchId: string, live: LiveMatch): void {
    const cached = this.#matches.get(matchId);
    if (cached && cached.version > live.version) return;
    this.#touch(matchId, live);
  }

  forget(matchId: string): void {
    this.#matches.delete(matchId);
  }

  /** The match meta (captain token hashes); it never changes after creation, so it is cached for good. */
  async meta(matchId: string): Promise<MatchMeta | null> {
    const cached = this.#metas.get(matchId);
    if (cached) return cached;
    const meta = await this.store.meta(matchId);
    if (meta) this.#metas.set(matchId, meta);
    return meta;
  }

  /** Runs `task` after every earlier task of the same match has settled. */
  serialise<T>(matchId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(matchId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.#queues.set(matchId, tail);
    // Drop the queue once idle so a long-running process does not keep one entry per match ever served.
    void tail.then(() => {
      if (this.#queues.get(matchId) === tail) this.#queues.delete(matchId);
    });
    return run;
  }

  #touch(matchId: string, live: LiveMatch): void {
    const dropped = setRecent(this.#matches, matchId, live, this.capacity);
    if (dropped !== undefined) this.#metas.delete(dropped);
  }
}
