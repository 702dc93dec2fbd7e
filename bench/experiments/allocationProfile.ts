import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

/**
 * Where a target's allocations come from, collected objects included (the sampling heap profiler keeps only live
 * objects by default, which says nothing about what drives the scavenges). Loaded into a target with node's
 * --import; sampling starts when the process gets SIGUSR2 and runs for ALLOC_PROFILE_MS (default 15 s), so it can
 * be started inside a measured window:
 *
 *   BENCH_NODE_ARGS="--import ./bench/experiments/allocationProfile.ts" npm run bench -- --config=ours:200:20:40 --no-md
 *   pkill -USR2 -f 'no-memory-reducer --import ./bench/experiments/allocationProfile.ts server/main.ts'   # once "window 1" is logged
 *   npx tsx bench/experiments/allocationSummary.ts bench/results/alloc-<pid>.heapprofile
 *
 * The profile is written to ALLOC_PROFILE_DIR (default bench/results). Sampling every 4 KB costs the target a few
 * percent of CPU: compare latencies only from runs without it.
 */
/**
 * ALLOC_PROFILE_LIVE=1 (with --expose-gc): leave out what a scavenge collected, i.e. keep what reached the old
 * generation (or is a survivor when sampling stops, after one more scavenge), whether a mark-compact collected it
 * later or not: where the old generation's growth between mark-compacts comes from.
 */
const LIVE = process.env.ALLOC_PROFILE_LIVE === '1';
const session = new Session();
session.connect();
const post = (method: string, params: object = {}) =>
  new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));

process.on('SIGUSR2', () => {
  void (async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !LIVE });
    setTimeout(() => {
      // A scavenge first, so the young generation holds only what survived it: what is left in the profile is
      // then what this window put in the old generation (alive, or garbage promoted before it died) and survivors.
      if (LIVE) (globalThis as { gc?: (o: object) => void }).gc?.({ type: 'minor', execution: 'sync' });
      void post('HeapProfiler.stopSampling').then((result) => {
        const file = join(process.env.ALLOC_PROFILE_DIR ?? 'bench/results', `alloc-${process.pid}.heapprofile`);
        writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
        console.error(`allocation profile written to ${file}`);
      });
    }, Number(process.env.ALLOC_PROFILE_MS ?? 15_000));
  })();
});
