import type { MatchMeta } from '../matches/matchMeta';
import { caughtUp, type RoomStore, type StateAt } from '../matches/roomStore';
import { RecentMap } from '../recentMap';

/** A match's state as this process holds it, at the version it reflects. */
export type LiveMatch = StateAt;

/**
 * This process's copy of the matches it serves, and the queue that runs one command per match at a time.
 *
 * The cache may be stale: another process may have appended since. That is safe because every append is a
 * compare-and-set on the version we decided on: a stale copy shows up as a conflict, and the desk reloads.
 * Serialising commands per match inside the process avoids conflicting with ourselves.
 */
export class LiveMatches {
  readonly #matches: RecentMap<string, LiveMatch>;
  readonly #metas = new Map<string, MatchMeta>();
  /**
   * Each match's queue: the tail of its tasks and how many have not settled. A queue stays while its match is held
   * (no Map write per command: see recentMap.ts) and goes when its match is dropped, or once idle if its match is
   * not held, so a long-running process does not keep one entry per match ever served.
   */
  readonly #queues = new Map<string, { tail: Promise<unknown>; pending: number }>();

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
    capacity = 5_000,
  ) {
    this.#matches = new RecentMap(capacity, (dropped) => {
      this.#metas.delete(dropped);
      if (this.#queues.get(dropped)?.pending === 0) this.#queues.delete(dropped);
    });
  }

  /** The cached copy as it is, without loading or reordering anything (the league's season reads: roomStates.ts). */
  peek(matchId: string): LiveMatch | undefined {
    return this.#matches.peek(matchId);
  }

  /** The cached copy, or the store's if none (null: no such match). */
  async current(matchId: string): Promise<LiveMatch | null> {
    return this.#matches.get(matchId) ?? this.reload(matchId);
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
    if (!missing) return cached;
    const live = caughtUp(cached, missing);
    if (!live) return this.reload(matchId);
    if (live !== cached) this.remember(matchId, live);
    return live;
  }

  /** Reads the match from the store, replacing the cached copy. */
  async reload(matchId: string): Promise<LiveMatch | null> {
    const loaded = await this.store.load(matchId);
    if (!loaded) return null;
    this.#metas.set(matchId, loaded.meta);
    const live = { version: loaded.version, state: loaded.snapshot };
    this.remember(matchId, live);
    return this.#matches.peek(matchId) ?? live;
  }

  /** Keeps `live` unless the cache already holds a newer version (a slower reader must not move it back). */
  remember(matchId: string, live: LiveMatch): void {
    const cached = this.#matches.peek(matchId);
    if (cached && cached.version > live.version) return;
    this.#matches.set(matchId, live);
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
    let queue = this.#queues.get(matchId);
    if (!queue) this.#queues.set(matchId, (queue = { tail: Promise.resolve(), pending: 0 }));
    const run = queue.tail.then(task, task);
    queue.pending += 1;
    const settled = (): void => {
      queue.pending -= 1;
      // Only an idle queue is ever deleted, so while this one has work pending it is the match's queue in the map.
      if (queue.pending === 0 && !this.#matches.has(matchId)) this.#queues.delete(matchId);
    };
    queue.tail = run.then(settled, settled);
    return run;
  }

  /** Matches with a queue (for tests: it must not grow with every match ever served). */
  get queues(): number {
    return this.#queues.size;
  }
}
