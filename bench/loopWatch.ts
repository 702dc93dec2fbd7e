import { openSync, readSync, writeSync } from 'node:fs';
import { PerformanceObserver, performance, type PerformanceEntry } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/**
 * A watch inside a target (bench only): `BENCH_NODE_ARGS="--import ./bench/loopWatch.ts"` loads it into every
 * server the bench starts. It is there to tell what a stop of a server's event loop is made of (bench/HISTORY.md, "A
 * forty-second host": ours's server stopped for 0.3-0.7 s at saturation while the window's p50 stayed low, and V8's
 * GC log showed nothing that long).
 *
 * A timer ticks every TICK_MS. When a tick comes REPORT_MS or more late, the watch writes one line to stderr (the
 * target's log in bench/results/) with where the main thread's time went over the late span:
 * - `run`: on a CPU (the kernel's schedstat of the main thread): the loop was busy (JavaScript, GC, a sync call);
 * - `queued`: runnable but waiting for a CPU: the scheduler gave the CPUs to other processes;
 * - `asleep`: neither: blocked in a system call (a full pipe, a page fault from disk) or left idle too long;
 * and with the process's CPU over all its threads, its context switches, the loop's utilisation and the GCs that
 * overlap the span. A thread of its own samples the main thread's state and system call while the loop is stopped,
 * and writes its own line (`stopped main thread`) when the loop comes back.
 *
 * Kept cheap, because on hosts with dear wake-ups its first version seemed to lengthen every target's tail
 * (bench/HISTORY.md, "A forty-third host"): the main thread wakes every TICK_MS for one pread of its schedstat and one
 * getrusage; the sampler thread wakes only every IDLE_MS and samples every SAMPLE_MS only while the loop is stopped.
 * Still opt-in: even so it lengthened the fan-out p99 of the targets that wait for Redis by about 3 ms on such a host
 * ("A forty-fourth host"), so the runs that judge the goals don't carry it.
 */
const TICK_MS = 10;
const REPORT_MS = Number(process.env.LOOP_WATCH_REPORT_MS ?? 80);
const SAMPLE_MS = 10;
// Half the report threshold, so every stop of REPORT_MS or more is sampled for at least half its length.
const IDLE_MS = Math.max(SAMPLE_MS, Math.floor(REPORT_MS / 2));
// The main thread's id is the process's id on Linux. The file stays open: a pread at offset 0 makes the kernel write
// it afresh, one system call instead of readFileSync's open, fstat, read and close, and no garbage.
const schedFd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
const schedBuf = Buffer.alloc(128);

/** On-CPU and run-queue time of the main thread so far, in ms. */
function schedMs(): { run: number; queued: number } {
  const n = readSync(schedFd, schedBuf, 0, schedBuf.length, 0);
  const [run, queued] = schedBuf.toString('latin1', 0, n).split(' ');
  return { run: Number(run) / 1e6, queued: Number(queued) / 1e6 };
}

const gcs: PerformanceEntry[] = [];
new PerformanceObserver((list) => {
  gcs.push(...list.getEntries());
  if (gcs.length > 256) gcs.splice(0, gcs.length - 256);
}).observe({ entryTypes: ['gc'] });

const GC_KIND: Record<number, string> = { 1: 'scavenge', 2: 'minor-mc', 4: 'mark-compact', 8: 'incremental', 16: 'weak-cb' };

// The stop sampler: the main thread stamps `beat[0]` (Date.now(), which both threads share, unlike performance.now())
// at every tick; the sampler reads the main thread's /proc state while the stamp is older than REPORT_MS.
const beat = new Int32Array(new SharedArrayBuffer(8));
const epochS = Math.floor(Date.now() / 1000);
const stamp = () => Atomics.store(beat, 0, Date.now() - epochS * 1000);

const SAMPLER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { readFileSync, writeSync } = require('node:fs');
const beat = new Int32Array(workerData.buffer);
const base = workerData.epochS * 1000;
const task = '/proc/self/task/' + workerData.pid;
const read = (f) => { try { return readFileSync(task + '/' + f, 'utf8').trim(); } catch { return '?'; } };
let stop = null;
// Wakes every idleMs while the loop runs, every sampleMs while it is stopped.
const check = () => {
  const lateMs = Date.now() - (base + Atomics.load(beat, 0));
  if (lateMs >= workerData.reportMs) {
    if (!stop) stop = { from: new Date(base + Atomics.load(beat, 0)).toISOString(), samples: {} };
    // stat's third field after the name is the state (R running or runnable, S sleeping, D disk wait);
    // syscall is "running" or the number of the call the thread sleeps in; wchan the kernel function it waits in.
    const stat = read('stat');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    const call = read('syscall').split(' ')[0];
    const key = state + ' ' + call + ' ' + read('wchan');
    stop.samples[key] = (stop.samples[key] ?? 0) + 1;
  } else if (stop) {
    writeSync(2, '[loop-watch] stopped main thread from ' + stop.from + ', samples every ' + workerData.sampleMs + ' ms (state syscall wchan): ' + JSON.stringify(stop.samples) + '\\n');
    stop = null;
  }
  setTimeout(check, stop ? workerData.sampleMs : workerData.idleMs);
};
check();
`;
stamp();
new Worker(SAMPLER_SOURCE, { eval: true, workerData: { buffer: beat.buffer, epochS, pid: process.pid, reportMs: REPORT_MS, sampleMs: SAMPLE_MS, idleMs: IDLE_MS } }).unref();

let last = performance.now();
let lastSched = schedMs();
let lastUsage = process.resourceUsage();
let lastElu = performance.eventLoopUtilization();
const round1 = (x: number) => Math.round(x * 10) / 10;

function tick(): void {
  const now = performance.now();
  const lateMs = now - last - TICK_MS;
  stamp();
  if (lateMs >= REPORT_MS) {
    const sched = schedMs();
    const usage = process.resourceUsage();
    const elu = performance.eventLoopUtilization(lastElu);
    const spanMs = now - last;
    const run = sched.run - lastSched.run;
    const queued = sched.queued - lastSched.queued;
    // Per kind of GC that overlaps the span: how many, their total and their longest (ms).
    const gc: Record<string, { n: number; totalMs: number; maxMs: number }> = {};
    for (const g of gcs) {
      if (g.startTime + g.duration <= last || g.startTime >= now) continue;
      const kind = GC_KIND[((g as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0)] ?? 'gc';
      const k = (gc[kind] ??= { n: 0, totalMs: 0, maxMs: 0 });
      k.n += 1;
      k.totalMs = round1(k.totalMs + g.duration);
      k.maxMs = round1(Math.max(k.maxMs, g.duration));
    }
    const line = {
      from: new Date(Date.now() - spanMs).toISOString(),
      spanMs: round1(spanMs),
      main: { run: round1(run), queued: round1(queued), asleep: round1(Math.max(0, spanMs - run - queued)) },
      processCpuMs: round1((usage.userCPUTime + usage.systemCPUTime - lastUsage.userCPUTime - lastUsage.systemCPUTime) / 1000),
      switches: { voluntary: usage.voluntaryContextSwitches - lastUsage.voluntaryContextSwitches, involuntary: usage.involuntaryContextSwitches - lastUsage.involuntaryContextSwitches },
      majorFaults: usage.majorPageFault - lastUsage.majorPageFault,
      loopBusy: round1(elu.utilization * 100),
      gc,
      heapMb: round1(process.memoryUsage().heapUsed / 1048576),
    };
    writeSync(2, `[loop-watch] late tick ${JSON.stringify(line)}\n`);
  }
  last = performance.now();
  lastSched = schedMs();
  lastUsage = process.resourceUsage();
  lastElu = performance.eventLoopUtilization();
  setTimeout(tick, TICK_MS).unref();
}
setTimeout(tick, TICK_MS).unref();
