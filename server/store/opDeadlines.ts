/**
 * Time limits of the store's operations in flight, kept by one ticking timer instead of one timer per operation.
 * A setTimeout, its clearTimeout and a Promise.race for every Redis round trip were a visible share of what the
 * server allocates per command under load (BENCHMARKS.md, "A faster host"); here an operation costs one
 * promise and one small record. The timer ticks only while something is in flight, so an idle store holds no timer,
 * and an operation that overruns fails between its limit and its limit plus one tick.
 */
interface InFlight {
  due: number;
  what: string;
  limitMs: number;
  fail: (err: Error) => void;
}

export class OpDeadlines {
  readonly #inFlight = new Set<InFlight>();
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
      const entry: InFlight = { due: this.now() + limitMs, what, limitMs, fail: reject };
      this.#inFlight.add(entry);
      this.#timer ??= setInterval(() => this.#check(), this.tickMs);
      work.then(
        (value) => {
          this.#inFlight.delete(entry);
          resolve(value);
        },
        (err: unknown) => {
          this.#inFlight.delete(entry);
          reject(err);
        },
      );
    });
  }

  /** Operations in flight (for tests: the timer must stop when this reaches 0). */
  get size(): number {
    return this.#inFlight.size;
  }

  get ticking(): boolean {
    return this.#timer !== null;
  }

  #check(): void {
    const now = this.now();
    for (const entry of this.#inFlight) {
      if (entry.due > now) continue;
      // Rejected once: a reply arriving later finds the promise settled and changes nothing. For an append that is
      // the "lost reply" case the commandId retry handles (the command may still have run in Redis).
      this.#inFlight.delete(entry);
      entry.fail(this.late(entry.what, entry.limitMs));
    }
    if (this.#inFlight.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }
}
