import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

/**
 * A heap snapshot of a target at each SIGUSR2, to see what its load leaves alive between two of them (what its
 * scavenges copy) with heapDiff.ts. Loaded into a target with node's --import:
 *
 *   BENCH_NODE_ARGS="--import ./bench/experiments/heapSnapshots.ts" npm run bench -- --config=ours:200:20:40 --no-md
 *   pkill -USR2 -f 'heapSnapshots.ts server/main.ts'; sleep 5; pkill -USR2 -f 'heapSnapshots.ts server/main.ts'
 *   npx tsx bench/experiments/heapDiff.ts bench/results/heap-<pid>-1.heapsnapshot bench/results/heap-<pid>-2.heapsnapshot
 *
 * (the signals once "window 1" is logged). Each snapshot stops the target for a second or more, after a full collection
 * of its own: the windows it falls in say nothing about latency, and the commands that queued behind it arrive at once
 * after it. HEAP_SNAPSHOT_DIR: where they go (default bench/results).
 */
let taken = 0;
process.on('SIGUSR2', () => {
  taken += 1;
  const file = writeHeapSnapshot(join(process.env.HEAP_SNAPSHOT_DIR ?? 'bench/results', `heap-${process.pid}-${taken}.heapsnapshot`));
  console.error(`heap snapshot written to ${file}`);
});
