import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callers, categories, inclusive, summarize } from '../../bench/profileSummary';

/**
 * The reader of CPU profiles (bench/profileSummary.ts) that BENCHMARKS.md and bench/HISTORY.md quote: where the
 * server's time goes, cut to the measured windows. A profile small enough to count by hand: the root calls decide
 * (shared/), which calls toJson (server/store/); the other samples are idle or the garbage collector.
 *
 *   t (µs)   1000   3000     6000    9000    10000
 *   sample   idle   decide   toJson  toJson  GC
 */
const dir = mkdtempSync(join(tmpdir(), 'profile-summary-'));
const file = join(dir, 'tiny.cpuprofile');
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
writeFileSync(
  file,
  JSON.stringify({
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3, 5] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('decide', 'file:///app/shared/engine/decide.ts'), children: [4] },
      { id: 4, callFrame: frame('toJson', 'file:///app/server/store/codec.ts') },
      { id: 5, callFrame: frame('(garbage collector)') },
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [2, 3, 4, 4, 5],
    timeDeltas: [1000, 2000, 3000, 3000, 1000],
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DECIDE = 'decide shared/engine/decide.ts:1';
const TO_JSON = 'toJson server/store/codec.ts:1';

describe('a CPU profile summary', () => {
  it('splits the sampled time into idle and busy, and busy time by function, module and project caller', () => {
    const s = summarize(file);
    expect([s.totalMs, s.idleMs, s.busyMs]).toEqual([10, 1, 9]);
    expect(s.selfByFunction).toEqual([
      { name: TO_JSON, ms: 6, pct: 66.7 },
      { name: DECIDE, ms: 2, pct: 22.2 },
      { name: '(garbage collector)', ms: 1, pct: 11.1 },
    ]);
    expect(s.selfByModule.map((r) => r.name)).toEqual(['server/store/codec.ts', 'shared/engine/decide.ts', '(garbage collector)']);
    // decide's own 2 ms plus the 6 ms of toJson under it.
    expect(s.inclusiveProject).toEqual([
      { name: DECIDE, ms: 8, pct: 88.9 },
      { name: TO_JSON, ms: 6, pct: 66.7 },
    ]);
  });

  it('keeps only the samples inside the windows', () => {
    const s = summarize(file, 25, [{ fromUs: 0, toUs: 3000 }, { fromUs: 9500, toUs: 10_000 }]);
    expect([s.totalMs, s.idleMs, s.busyMs]).toEqual([4, 1, 3]);
    expect(s.selfByFunction.map((r) => r.name)).toEqual([DECIDE, '(garbage collector)']);
  });

  it('names who calls a function, its inclusive time, and the cost centres', () => {
    expect(callers(file, 'toJson')).toEqual([{ name: `${TO_JSON}  <-  ${DECIDE}  <-  (root)`, ms: 6, pct: 66.7 }]);
    expect(inclusive(file, ['decide', 'codec', 'nowhere'])).toEqual([
      { name: 'decide', ms: 8, pct: 88.9 },
      { name: 'codec', ms: 6, pct: 66.7 },
      { name: 'nowhere', ms: 0, pct: 0 },
    ]);
    expect(categories(file)).toEqual([
      { name: 'snapshot JSON (toJson) and other store code', ms: 6, pct: 66.7 },
      { name: 'engine (decide, fold)', ms: 2, pct: 22.2 },
      { name: 'garbage collection', ms: 1, pct: 11.1 },
    ]);
  });
});
