/**
 * A log-bucketed latency histogram (1 % resolution from 1 µs to ~100 s), cheap to record into and mergeable
 * across load-generator processes: percentiles of millions of samples without keeping them.
 */
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);
const BUCKETS = 1900; // 1.01^1900 µs ≈ 160 s

export interface HistogramData {
  counts: number[];
  count: number;
  sum: number;
  min: number;
  max: number;
}

export class Histogram {
  counts = new Float64Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = 0;

  /** Records a value in milliseconds. */
  record(ms: number): void {
    const us = Math.max(1, ms * 1000);
    const i = Math.min(BUCKETS - 1, Math.ceil(Math.log(us) / LOG_GROWTH));
    this.counts[i]! += 1;
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  merge(other: HistogramData | Histogram): void {
    for (let i = 0; i < BUCKETS; i++) this.counts[i]! += other.counts[i] ?? 0;
    this.count += other.count;
    this.sum += other.sum;
    if (other.count > 0) {
      this.min = Math.min(this.min, other.min);
      this.max = Math.max(this.max, other.max);
    }
  }

  /** The value (ms) at or below which `p` percent of the samples lie (bucket upper bound, capped by max). */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(this.max, GROWTH ** i / 1000);
    }
    return this.max;
  }

  mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  toJSON(): HistogramData {
    return { counts: Array.from(this.counts), count: this.count, sum: this.sum, min: this.min, max: this.max };
  }

  static from(data: HistogramData): Histogram {
    const h = new Histogram();
    h.merge(data);
    return h;
  }

  summary(): { count: number; p50: number; p95: number; p99: number; max: number; mean: number } {
    const r = (v: number) => Math.round(v * 100) / 100;
    return {
      count: this.count,
      p50: r(this.percentile(50)),
      p95: r(this.percentile(95)),
      p99: r(this.percentile(99)),
      max: r(this.max),
      mean: r(this.mean()),
    };
  }
}

/** Histograms kept apart by a key (e.g. the command type), merged key by key across processes and windows. */
export class KeyedHistograms {
  readonly #byKey = new Map<string, Histogram>();

  #of(key: string): Histogram {
    let h = this.#byKey.get(key);
    if (!h) this.#byKey.set(key, (h = new Histogram()));
    return h;
  }

  record(key: string, ms: number): void {
    this.#of(key).record(ms);
  }

  merge(data: Record<string, HistogramData>): void {
    for (const [key, h] of Object.entries(data)) this.#of(key).merge(h);
  }

  toJSON(): Record<string, HistogramData> {
    return Object.fromEntries([...this.#byKey].map(([key, h]) => [key, h.toJSON()]));
  }

  /** Count, p50, p99 and max per key, keys in alphabetical order. */
  summaries(): Record<string, { count: number; p50: number; p99: number; max: number }> {
    return Object.fromEntries(
      [...this.#byKey]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, h]) => {
          const { count, p50, p99, max } = h.summary();
          return [key, { count, p50, p99, max }];
        }),
    );
  }
}
