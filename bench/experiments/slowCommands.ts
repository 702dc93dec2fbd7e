import { PerformanceObserver, performance, type PerformanceEntry } from 'node:perf_hooks';

/**
 * Which commands are slow inside ours's server, and what the process was doing then: each command whose desk time
 * (`CommandDesk.handle`: the league guard, decide, the append's round trip to Redis) reaches SLOW_COMMAND_MS (default
 * 5) is written to stderr with its type and wall-clock time, and so is every GC pause of 2 ms or more, so that the
 * two can be lined up with `grep -E '^(slow|gc) '` in bench/results/<id>.log. LOG_COMMAND_TYPES=declareLineup,...
 * writes every command of those types as `cmd` lines, slow or not. At exit, the desk time per command type (count,
 * p50, p99, max). Loaded into the targets with node's --import; it does nothing in the relays:
 *
 *   BENCH_NODE_ARGS="--import ./bench/experiments/slowCommands.ts" npm run bench -- --only=main --no-md
 *
 * Why: in the main session ours's lineups had a fan-out p99 of 9-20 ms while its other commands' stayed at 2.3-5 ms
 * and the relays' lineups at 2.5-3.5 (bench/HISTORY.md, "A fiftieth host").
 */
const isOurs = process.argv.some((a) => a.endsWith('server/main.ts'));

if (isOurs) {
  const threshold = Number(process.env.SLOW_COMMAND_MS ?? 5);
  const at = (t: number) => new Date(performance.timeOrigin + t).toISOString();
  const times = new Map<string, number[]>();
  const logged = new Set((process.env.LOG_COMMAND_TYPES ?? '').split(',').filter(Boolean));
  const { CommandDesk } = await import('../../server/room/commandDesk');
  const handle = CommandDesk.prototype.handle;
  CommandDesk.prototype.handle = async function timed(this: InstanceType<typeof CommandDesk>, incoming) {
    const start = performance.now();
    try {
      return await handle.call(this, incoming);
    } finally {
      const ms = performance.now() - start;
      const type = incoming.command.type;
      let list = times.get(type);
      if (!list) times.set(type, (list = []));
      list.push(ms);
      if (ms >= threshold) console.error(`slow ${type} ${ms.toFixed(2)} ms from ${at(start)} match ${incoming.matchId}`);
      else if (logged.has(type)) console.error(`cmd ${type} ${ms.toFixed(2)} ms from ${at(start)} match ${incoming.matchId}`);
    }
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) {
      if (entry.duration < 2) continue;
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      console.error(`gc kind ${detail?.kind ?? '?'} ${entry.duration.toFixed(2)} ms from ${at(entry.startTime)}`);
    }
  }).observe({ entryTypes: ['gc'] });
  const summary = () => {
    for (const [type, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
      console.error(`desk ${type}: ${sorted.length} commands, p50 ${q(0.5)} ms, p99 ${q(0.99)}, max ${q(1)}`);
    }
  };
  process.on('exit', summary);
}
