/**
 * A token bucket per connection: `burst` messages at once, refilled at `ratePerSecond`. A captain tapping fast or
 * a phone flushing its offline queue stays well inside it; a runaway or hostile client is answered RATE_LIMITED
 * instead of occupying the store. The photo upload route keeps one per requester (http/uploadLimit.ts).
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
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Milliseconds until `take` would succeed; 0 when it would now. */
  waitMs(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : ((1 - this.#tokens) / this.ratePerSecond) * 1000;
  }

  /** Full again: the same as a new bucket, so a map of buckets may forget it. */
  get full(): boolean {
    this.#refill();
    return this.#tokens >= this.burst;
  }

  #refill(): void {
    const t = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((t - this.#last) / 1000) * this.ratePerSecond);
    this.#last = t;
  }
}
