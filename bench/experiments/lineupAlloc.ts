import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';
import { decide, fold, namedCopies, type MatchEvent } from '../../shared/index';
import { playScript } from '../engine';

/**
 * What each kind of command allocates in the engine, split into decide, fold and the events' JSON: the bench
 * script's full match is played once (bench/engine.ts), then each of its commands is decided again on the state it
 * met, REPS times, with heap use read before and after each phase. A repetition during which V8 collected anything
 * is left out (a PerformanceObserver counts collections), so run it with a young generation large enough that most
 * do not:
 *
 *   node --max-semi-space-size=64 --min-semi-space-size=64 --import tsx bench/experiments/lineupAlloc.ts
 *
 * LINEUP_ALLOC_PROFILE=<file>: also sample allocations (every 64 bytes, collected objects kept) over REPS decides of
 * every declareLineup of the match and write the profile there, for allocationSummary.ts (`--under=decide`).
 * Written to find why a lineup allocates several times what other commands do (bench/HISTORY.md, "A fiftieth host").
 */
const REPS = Number(process.env.LINEUP_ALLOC_REPS ?? 300);
const played = playScript();
const before = (i: number) => (i === 0 ? played.initial : played.states[i - 1]!);

let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });

interface Phase { decide: number[]; fold: number[]; json: number[] }
const byType = new Map<string, Phase>();

function measureOnce(i: number): { decide: number; fold: number; json: number } | null {
  const { command, actor } = played.commands[i]!;
  const state = before(i);
  const c0 = collections;
  const h0 = process.memoryUsage().heapUsed;
  const d = decide(state, command, actor);
  const h1 = process.memoryUsage().heapUsed;
  if (!d.ok) throw new Error(`step ${i} refused`);
  const events: MatchEvent[] = d.events;
  const h2 = process.memoryUsage().heapUsed;
  fold(state, events, namedCopies);
  const h3 = process.memoryUsage().heapUsed;
  const h4 = process.memoryUsage().heapUsed;
  for (const e of events) JSON.stringify(e);
  const h5 = process.memoryUsage().heapUsed;
  // memoryUsage itself allocates a little: measured as the gap between two readings with nothing between them.
  const own = h4 - h3;
  if (collections !== c0) return null;
  return { decide: h1 - h0 - own, fold: h3 - h2 - own, json: h5 - h4 - own };
}

// Warm the code first, so what is measured is not the compiler's.
for (let k = 0; k < 50; k++) for (let i = 0; i < played.commands.length; i++) measureOnce(i);
for (let k = 0; k < REPS; k++) {
  for (let i = 0; i < played.commands.length; i++) {
    const m = measureOnce(i);
    if (!m) continue;
    const type = played.commands[i]!.command.type;
    const p = byType.get(type) ?? { decide: [], fold: [], json: [] };
    p.decide.push(m.decide);
    p.fold.push(m.fold);
    p.json.push(m.json);
    byType.set(type, p);
  }
}
// The median, not the mean: the observer reports a collection only after the fact, so a repetition with a scavenge
// inside (a reading thousands of bytes below zero) is not always left out.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log('bytes allocated per command, median over the repetitions (all commands of a kind pooled)');
console.log('type'.padEnd(24), 'n'.padStart(7), 'decide'.padStart(8), 'fold'.padStart(8), 'json'.padStart(8));
for (const [type, p] of [...byType].sort((a, b) => median(b[1].decide) - median(a[1].decide))) {
  const f = (xs: number[]) => median(xs).toString().padStart(8);
  console.log(type.padEnd(24), String(p.decide.length).padStart(7), f(p.decide), f(p.fold), f(p.json));
}

const profileFile = process.env.LINEUP_ALLOC_PROFILE;
if (profileFile) {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  const lineups = played.commands.flatMap((c, i) => (c.command.type === 'declareLineup' ? [i] : []));
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let k = 0; k < REPS; k++) for (const i of lineups) decide(before(i), played.commands[i]!.command, played.commands[i]!.actor);
  const result = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
  writeFileSync(profileFile, JSON.stringify(result.profile));
  console.log(`allocation profile of ${REPS} x ${lineups.length} lineup decides written to ${profileFile}`);
}
