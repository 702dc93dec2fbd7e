/**
 * A token bucket per connection: `burst` messages at once, refilled at `ratePerSecond`. A captain tapping fast or
 * a phone flushing its offline queue stays well inside it; a runaway or hostile client is answered RATE_LIMITED
 * instead of occupying the store.
 */
export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#last = now();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const t = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((t - this.#last) / 1000) * this.ratePerSecond);
    this.#last = t;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
