/**
 * A bounded map that drops the entry used longest ago: the process's caches (matches served, rooms the league read,
 * documents, answers).
 *
 * A use stamps the entry instead of moving its key to the back of a Map (a delete and a set). That move was the
 * cache's whole cost on the rooms' hot path: the command desk uses its match twice per command, and every delete
 * leaves a hole in the Map's table that a later set fills by rehashing it into a new one; those tables, referenced
 * from the long-lived Map, were a tenth of what the server promoted to V8's old generation under load (allocation
 * profile, bench/HISTORY.md "A twelfth host"). Here a use writes a number and a replaced value is written in place: no
 * allocation. The price is a scan for the oldest stamp when a new key goes past the capacity: linear in the capacity,
 * and rare by design, since each capacity is set above what its process uses at once (a cache past it reloads what it
 * dropped, which costs more than the scan).
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, { value: V; used: number }>();
  #clock = 0;

  constructor(
    private readonly capacity: number,
    /** Told each key dropped for room, so a caller can drop what it keeps beside it under the same key. */
    private readonly onDrop: (key: K) => void = () => undefined,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value, counted as a use (the entry is then among the last to be dropped). */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = ++this.#clock;
    return entry.value;
  }

  /** The value, not counted as a use. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Sets the value, counted as a use; past the capacity, drops the entry used longest ago. */
  set(key: K, value: V): void {
    const used = ++this.#clock;
    const entry = this.#entries.get(key);
    if (entry) {
      entry.value = value;
      entry.used = used;
      return;
    }
    this.#entries.set(key, { value, used });
    if (this.#entries.size > this.capacity) this.#dropOldest();
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  #dropOldest(): void {
    let oldest: K | undefined;
    let oldestUsed = Infinity;
    for (const [key, { used }] of this.#entries) {
      if (used < oldestUsed) {
        oldest = key;
        oldestUsed = used;
      }
    }
    if (oldest === undefined) return;
    this.#entries.delete(oldest);
    this.onDrop(oldest);
  }
}
