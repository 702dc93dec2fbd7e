import { readFileSync } from 'node:fs';

/**
 * Summarises `node --trace-gc` output (a target started with BENCH_NODE_ARGS=--trace-gc writes it to
 * bench/results/<config>.log): pauses per kind of collection, and the time spent in them. Also reads
 * `--trace-gc-nvp` output, and then says besides what each scavenge copied and promoted (`new_space_survived`,
 * `promoted`): what a scavenge's pause grows with, and what fills the old generation for the next mark-compact.
 *
 *   npx tsx bench/experiments/gcSummary.ts bench/results/custom0-200x20-ours.log [fromMs toMs]
 *
 * fromMs/toMs: keep only collections between these times since the process started (the number trace-gc prints
 * first on each line), e.g. to leave out start-up and connecting.
 */
const [file, from, to] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/experiments/gcSummary.ts <log> [fromMs toMs]');
  process.exit(2);
}
const fromMs = from ? Number(from) : 0;
const toMs = to ? Number(to) : Number.POSITIVE_INFINITY;
const kinds = new Map<string, number[]>();
/** Per scavenge, from --trace-gc-nvp only: bytes copied within the young generation, and promoted out of it. */
const survived: number[] = [];
const promoted: number[] = [];
const NVP_KINDS: Record<string, string> = { s: 'Scavenge', mc: 'Mark-Compact', mmc: 'Minor Mark-Compact' };
let first = Number.POSITIVE_INFINITY;
let last = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  // [1234:0x...]    5678 ms: Scavenge 45.2 (60.1) -> 40.3 (61.1) MB, 1.23 / 0.00 ms  (...)
  const m = /\]\s+(\d+) ms: (Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact|Mark-Compact \(reduce\)).*?MB, ([\d.]+) \/ ([\d.]+) ms/.exec(line);
  // [1234:0x...]    5678 ms: pause=1.2 mutator=... gc=s reduce_memory=0 ... promoted=123 new_space_survived=456 ...
  const nvp = m ? null : /\]\s+(\d+) ms: pause=([\d.]+) .*?gc=(\w+) reduce_memory=(\d)/.exec(line);
  if (!m && !nvp) continue;
  const at = Number((m ?? nvp)![1]);
  if (at < fromMs || at > toMs) continue;
  first = Math.min(first, at);
  last = Math.max(last, at);
  const kind = m ? m[2]! : `${NVP_KINDS[nvp![3]!] ?? nvp![3]!}${nvp![4] === '1' ? ' (reduce)' : ''}`;
  const list = kinds.get(kind) ?? [];
  list.push(Number((m ?? nvp)![2 + (m ? 1 : 0)]));
  kinds.set(kind, list);
  if (nvp?.[3] === 's') {
    survived.push(Number(/ new_space_survived=(\d+)/.exec(line)?.[1] ?? 0));
    promoted.push(Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0));
  }
}
const span = Math.max(1, last - first);
for (const [kind, pauses] of kinds) {
  pauses.sort((a, b) => a - b);
  const q = (p: number) => pauses[Math.min(pauses.length - 1, Math.floor(p * pauses.length))]!.toFixed(2);
  const total = pauses.reduce((a, b) => a + b, 0);
  console.log(
    `${kind.padEnd(20)} ${String(pauses.length).padStart(5)} pauses, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${pauses.at(-1)!.toFixed(2)} ms, ` +
      `total ${total.toFixed(0)} ms over ${(span / 1000).toFixed(1)} s (${((total / span) * 100).toFixed(1)} % of the time, ${((pauses.length / span) * 1000).toFixed(1)}/s)`,
  );
}
if (promoted.length > 0) {
  const mb = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / list.length / 1e6;
    return `mean ${mean.toFixed(2)} MB, p50 ${(sorted[Math.floor(sorted.length / 2)]! / 1e6).toFixed(2)}, max ${(sorted.at(-1)! / 1e6).toFixed(2)}`;
  };
  console.log(`per scavenge: promoted ${mb(promoted)}; copied in the young generation ${mb(survived)}`);
  console.log(`promoted in all ${(promoted.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB, ${((promoted.reduce((a, b) => a + b, 0) / 1e3 / span) * 1000).toFixed(0)} KB/s`);
}
