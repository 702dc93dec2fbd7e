/**
 * Time limits of the store's operations in flight, kept by one ticking timer instead of one timer per operation.
 * A setTimeout, its clearTimeout and a Promise.race for every Redis round trip were a visible share of what the
 * server allocates per command under load (bench/HISTORY.md, "A faster host"); here an operation costs one
 * promise and one small record. The timer ticks only while something is in flight, so an idle store holds no timer,
 * and an operation that overruns fails between its limit and its limit plus one tick.
 */
interface InFlight {
  due: number;
  what: string;
  limitMs: number;
  fail: (err: Error) => void;
  /** Answered or failed: dropped from the list at the next tick. */
  settled: boolean;
}

export class OpDeadlines {
  /**
   * Operations in flight, and settled ones until the next tick drops them. A list and a flag rather than a Set's add
   * and delete per operation: each delete left a hole in the Set's table that a later add filled by rehashing it into
   * a new one, a steady trickle of tables promoted to V8's old generation under load (see server/recentMap.ts).
   */
  readonly #inFlight: InFlight[] = [];
  #unsettled = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    /** How often the limits are checked: the most an overrunning operation waits beyond its limit. */
    private readonly tickMs: number,
    /** The error an overrunning operation is rejected with. */
    private readonly late: (what: string, limitMs: number) => Error,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `work`'s outcome, or a rejection with `late(what, limitMs)` if it has not settled within `limitMs`. */
  bound<T>(work: Promise<T>, what: string, limitMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: InFlight = { due: this.now() + limitMs, what, limitMs, fail: reject, settled: false };
      this.#inFlight.push(entry);
      this.#unsettled += 1;
      this.#timer ??= setInterval(() => this.#check(), this.tickMs);
      work.then(
        (value) => {
          // A reply after the limit finds the entry settled: the caller was already told, and nothing changes.
          if (this.#settle(entry)) resolve(value);
        },
        (err: unknown) => {
          if (this.#settle(entry)) reject(err);
        },
      );
    });
  }

  /** Operations in flight (for tests: the timer must stop when this reaches 0). */
  get size(): number {
    return this.#unsettled;
  }

  get ticking(): boolean {
    return this.#timer !== null;
  }

  /** Marks `entry` settled; false if it already was. */
  #settle(entry: InFlight): boolean {
    if (entry.settled) return false;
    entry.settled = true;
    this.#unsettled -= 1;
    return true;
  }

  #check(): void {
    const now = this.now();
    const list = this.#inFlight;
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      if (entry.settled) continue;
      if (entry.due <= now) {
        // Rejected once: a reply arriving later finds the entry settled and changes nothing. For an append that is
        // the "lost reply" case the commandId retry handles (the command may still have run in Redis).
        this.#settle(entry);
        entry.fail(this.late(entry.what, entry.limitMs));
        continue;
      }
      list[kept++] = entry;
    }
    list.length = kept;
    if (this.#unsettled === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }
}
