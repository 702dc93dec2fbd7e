import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Reads what bench/loopWatch.ts wrote into the targets' logs during a run, and lines it up with the run's measured
 * windows (the `measured` bounds of each round in the results JSON):
 *
 *   npx tsx bench/loopWatchSummary.ts [bench/results/full.json] [--min=80]
 *
 * For each target, over its own measured windows: how many late ticks of at least --min ms, how long they lasted in
 * all, how that time split between running, waiting for a CPU and sleeping, and how much CPU the process's other
 * threads used meanwhile; then its longest late ticks. Ticks outside a target's own windows (connecting, the other
 * targets' turns, shutting down) are counted apart: they don't reach its figures.
 */
interface LateTick {
  from: string;
  spanMs: number;
  main: { run: number; queued: number; asleep: number };
  processCpuMs: number;
  switches: { voluntary: number; involuntary: number };
  gc: Record<string, { n: number; totalMs: number; maxMs: number }>;
}

interface Result {
  config: { id: string };
  rounds: { measured?: { from: string; to: string }; fanoutP99: number }[];
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? join('bench', 'results', 'full.json');
const minMs = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 80);
const results = (JSON.parse(readFileSync(file, 'utf8')) as { results: Result[] }).results;
const r1 = (x: number) => Math.round(x * 10) / 10;

for (const res of results) {
  const logFile = join(dirname(file), `${res.config.id}.log`);
  if (!existsSync(logFile)) continue;
  const windows = res.rounds.flatMap((r, i) => (r.measured ? [{ i: i + 1, from: Date.parse(r.measured.from), to: Date.parse(r.measured.to), p99: r.fanoutP99 }] : []));
  if (windows.length === 0) {
    console.log(`${res.config.id}: the results carry no window bounds (a run before bench/loopWatch.ts)`);
    continue;
  }
  const ticks: LateTick[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const m = /^\[loop-watch\] late tick (\{.*\})$/.exec(line);
    if (m) ticks.push(JSON.parse(m[1]!) as LateTick);
  }
  const long = ticks.filter((t) => t.spanMs >= minMs);
  const inWindow = (t: LateTick) => {
    const from = Date.parse(t.from);
    return windows.find((w) => from < w.to && from + t.spanMs > w.from);
  };
  const own = long.filter((t) => inWindow(t));
  const sum = (f: (t: LateTick) => number) => r1(own.reduce((a, t) => a + f(t), 0));
  const gcMs = sum((t) => Object.values(t.gc).reduce((a, g) => a + g.totalMs, 0));
  // The process's CPU over all its threads, less the main thread's: mostly V8's helpers (concurrent marking, parallel
  // scavenge and sweeping, also libuv's pool). On two cores they take a core from the main thread too, so a late tick
  // that waited for a CPU while its own helpers ran points at the server's own GC more than at the load generators or
  // Redis; it does not prove it (they may have run at the same time).
  const others = (t: LateTick) => Math.max(0, t.processCpuMs - t.main.run);
  console.log(
    `${res.config.id} (windows' fan-out p99 ${windows.map((w) => w.p99).join(', ')} ms): ${own.length} late ticks of ${minMs} ms or more in its windows, ${sum((t) => t.spanMs)} ms in all: running ${sum((t) => t.main.run)}, waiting for a CPU ${sum((t) => t.main.queued)}, asleep ${sum((t) => t.main.asleep)}, GC ${gcMs}, the process's other threads ${sum(others)} ms of CPU; ${long.length - own.length} outside its windows`,
  );
  for (const t of [...own].sort((a, b) => b.spanMs - a.spanMs).slice(0, 5)) {
    const gc = Object.entries(t.gc).map(([k, g]) => `${k} ${g.n}x ${g.totalMs} ms`).join(', ') || 'no GC';
    console.log(`  window ${inWindow(t)!.i} at ${t.from.slice(11, 23)}: ${t.spanMs} ms = running ${t.main.run} + waiting ${t.main.queued} + asleep ${t.main.asleep}; other threads ${r1(others(t))} ms of CPU; ${t.switches.involuntary} preemptions; ${gc}`);
  }
}
console.log(`(from ${basename(file)} and the targets' logs beside it)`);
