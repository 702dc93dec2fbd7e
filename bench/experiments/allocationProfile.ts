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
 * The profile is written to ALLOC_PROFILE_DIR (default bench/results). Sampling every 4 KB (ALLOC_PROFILE_INTERVAL, in
 * bytes) costs the target a few percent of CPU: compare latencies only from runs without it.
 */
/**
 * ALLOC_PROFILE_LIVE=1 (with --expose-gc): leave out what a scavenge collected, i.e. keep what reached the old
 * generation (or is a survivor when sampling stops, after one more scavenge), whether a mark-compact collected it
 * later or not: where the old generation's growth between mark-compacts comes from.
 */
const LIVE = process.env.ALLOC_PROFILE_LIVE === '1';
/**
 * ALLOC_PROFILE_SURVIVORS=1 (with --expose-gc): keep only what is still alive after a scavenge forced when sampling
 * stops, leaving out what any collection took. Unlike LIVE, this leaves out garbage that a scavenge copied and
 * promoted only because a dead object of the old generation still pointed at it (a scavenge cannot tell that the old
 * object is dead): compare the two to see how much of what is promoted is that (bench/HISTORY.md, "A fifty-seventh
 * host"). Each SIGUSR2 writes a new file, so several can be taken in one window.
 */
const SURVIVORS = process.env.ALLOC_PROFILE_SURVIVORS === '1';
let taken = 0;
const session = new Session();
session.connect();
const post = (method: string, params: object = {}) =>
  new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));

process.on('SIGUSR2', () => {
  void (async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: Number(process.env.ALLOC_PROFILE_INTERVAL ?? 4096), includeObjectsCollectedByMajorGC: !SURVIVORS, includeObjectsCollectedByMinorGC: !LIVE && !SURVIVORS });
    setTimeout(() => {
      // A scavenge first, so the young generation holds only what survived it: what is left in the profile is
      // then what this window put in the old generation (alive, or garbage promoted before it died) and survivors.
      if (LIVE || SURVIVORS) (globalThis as { gc?: (o: object) => void }).gc?.({ type: 'minor', execution: 'sync' });
      void post('HeapProfiler.stopSampling').then((result) => {
        const file = join(process.env.ALLOC_PROFILE_DIR ?? 'bench/results', `alloc-${process.pid}${taken++ ? `-${taken}` : ''}.heapprofile`);
        writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
        console.error(`allocation profile written to ${file}`);
      });
    }, Number(process.env.ALLOC_PROFILE_MS ?? 15_000));
  })();
});
