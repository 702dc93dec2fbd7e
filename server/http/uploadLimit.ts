import { TokenBucket } from '../room/rateLimit';

/**
 * How often one requester may upload a challenge report's photo (R-VII.D.3.4): a token bucket per requester, as the
 * room keeps one per connection (room/rateLimit.ts). Each upload may carry 3 MB, so the socket's 10 a second would
 * let one captain link push gigabytes a minute into the store and the server's memory.
 *
 * The defaults (config.ts: PHOTO_UPLOAD_BURST 4, PHOTO_UPLOAD_PER_MINUTE 4) fit a phone: a captain photographs the
 * scoresheet two or three times and may retry one that failed on bar wifi, all at once; after that one photo every
 * 15 s, so even the most a report takes (MAX_PHOTOS_PER_CHALLENGE, 6) is in within half a minute. A runaway link gets
 * at most 4 x 3 MB at once and 12 MB a minute after that. The tests shorten the window through the same settings.
 *
 * The buckets live in this process: behind a balancer with several processes a link may get that much from each.
 * That still bounds a runaway phone, which is what this is for; the engine's own cap of photos per challenge bounds
 * what is kept.
 */
export interface UploadLimitOptions {
  burst: number;
  perMinute: number;
  now?: () => number;
}

export type UploadAdmission = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A full bucket is forgotten at the next sweep, so the map holds only requesters that uploaded lately. */
const SWEEP_EVERY_MS = 60_000;

export class UploadLimiter {
  readonly #buckets = new Map<string, TokenBucket>();
  readonly #now: () => number;
  #lastSweep: number;

  constructor(private readonly options: UploadLimitOptions) {
    this.#now = options.now ?? Date.now;
    this.#lastSweep = this.#now();
  }

  /** Counts one upload by `requester`, or says how many whole seconds until the next one is taken. */
  admit(requester: string): UploadAdmission {
    this.#sweep();
    let bucket = this.#buckets.get(requester);
    if (!bucket) {
      bucket = new TokenBucket(this.options.perMinute / 60, this.options.burst, this.#now);
      this.#buckets.set(requester, bucket);
    }
    if (bucket.take()) return { ok: true };
    // Rounded up to whole seconds (after whole milliseconds, so float dust does not add a second), at least 1: a phone
    // that waits this long is taken.
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.round(bucket.waitMs()) / 1000)) };
  }

  get size(): number {
    return this.#buckets.size;
  }

  #sweep(): void {
    const t = this.#now();
    if (t - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = t;
    for (const [key, bucket] of this.#buckets) if (bucket.full) this.#buckets.delete(key);
  }
}
