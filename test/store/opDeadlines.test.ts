import { describe, expect, it } from 'vitest';
import { OpDeadlines } from '../../server/store/opDeadlines';

// The store's time limits (server/store/opDeadlines.ts): one ticking timer for every operation in flight. A store
// operation must never hang a room (a Redis that accepts TCP but never answers), and must never be failed early.

const late = (what: string, limitMs: number) => new Error(`${what} timed out after ${limitMs} ms`);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('operation time limits', () => {
  it('passes the outcome through and stops ticking once nothing is in flight', async () => {
    const deadlines = new OpDeadlines(5, late);
    const ok = deferred<string>();
    const bad = deferred<string>();
    const first = deadlines.bound(ok.promise, 'get', 1000);
    const second = deadlines.bound(bad.promise, 'set', 1000);
    expect(deadlines.size).toBe(2);
    expect(deadlines.ticking).toBe(true);
    ok.resolve('value');
    bad.reject(new Error('WRONGTYPE'));
    await expect(first).resolves.toBe('value');
    await expect(second).rejects.toThrow('WRONGTYPE');
    expect(deadlines.size).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(deadlines.ticking).toBe(false);
  });

  it('fails an operation that overruns its limit with its own name and limit, and only that one', async () => {
    let now = 0;
    const deadlines = new OpDeadlines(5, late, () => now);
    const hung = deferred<string>();
    const slow = deferred<string>();
    const shortOne = deadlines.bound(hung.promise, 'append', 100);
    const longOne = deadlines.bound(slow.promise, 'load', 300);
    now = 99;
    await new Promise((r) => setTimeout(r, 20));
    expect(deadlines.size).toBe(2); // one ms before its limit: not failed early
    now = 100;
    await expect(shortOne).rejects.toThrow('append timed out after 100 ms');
    expect(deadlines.size).toBe(1);
    // The reply that comes after the limit changes nothing: the caller was already told.
    hung.resolve('too late');
    slow.resolve('in time');
    await expect(longOne).resolves.toBe('in time');
    await expect(shortOne).rejects.toThrow('timed out');
  });

  it('starts ticking again for the next operation after an idle spell', async () => {
    let now = 0;
    const deadlines = new OpDeadlines(5, late, () => now);
    await deadlines.bound(Promise.resolve(1), 'ping', 50);
    await new Promise((r) => setTimeout(r, 20));
    expect(deadlines.ticking).toBe(false);
    const hung = deferred<number>();
    const op = deadlines.bound(hung.promise, 'ping', 50);
    expect(deadlines.ticking).toBe(true);
    now = 60;
    await expect(op).rejects.toThrow('ping timed out after 50 ms');
  });
});
