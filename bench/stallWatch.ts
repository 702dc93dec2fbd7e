import { Worker } from 'node:worker_threads';

/**
 * Tells a stall of the machine from a pause of the target. A thread of the bench runner (not of any target, nor of a
 * load generator) sleeps `tickMs` in a loop and keeps its longest oversleep. When the hypervisor or the host holds
 * the whole machine (the 40-130 ms windows of some hosts in bench/HISTORY.md, "The stalled windows"), this thread is
 * held too; a target's own pause (its GC, its loop) does not hold it, as it runs in another process. Under the bench's
 * normal load it oversleeps a few ms (it waits for a core like everything else: 6-10 ms at most on a slow host).
 *
 * A thread rather than a process: nothing to spawn, and the longest oversleep is shared through one Int32Array
 * (µs), which the runner reads and resets in one atomic exchange.
 */
export interface StallWatch {
  /** The longest oversleep since the last call (or the start), in ms; starts the next span at 0. */
  take(): number;
  stop(): Promise<void>;
}

// Plain JavaScript (an eval'd worker gets no TypeScript loader). The compare-exchange loop keeps a longer oversleep
// from being lost to the runner's exchange racing it.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const cell = new Int32Array(workerData.buffer);
const tickMs = workerData.tickMs;
let last = performance.now();
const tick = () => {
  const now = performance.now();
  const lateUs = Math.max(0, Math.round((now - last - tickMs) * 1000));
  last = now;
  for (;;) {
    const seen = Atomics.load(cell, 0);
    if (lateUs <= seen || Atomics.compareExchange(cell, 0, seen, lateUs) === seen) break;
  }
  setTimeout(tick, tickMs);
};
setTimeout(tick, tickMs);
`;

export function startStallWatch(tickMs = 5): StallWatch {
  const buffer = new SharedArrayBuffer(4);
  const cell = new Int32Array(buffer);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { buffer, tickMs } });
  worker.unref();
  return {
    take: () => Atomics.exchange(cell, 0, 0) / 1000,
    stop: async () => {
      await worker.terminate();
    },
  };
}
