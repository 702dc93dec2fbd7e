import { readFileSync } from 'node:fs';

/**
 * Summarises `node --trace-gc` output (a target started with BENCH_NODE_ARGS=--trace-gc writes it to
 * bench/results/<config>.log): pauses per kind of collection, and the time spent in them.
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
let first = Number.POSITIVE_INFINITY;
let last = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  // [1234:0x...]    5678 ms: Scavenge 45.2 (60.1) -> 40.3 (61.1) MB, 1.23 / 0.00 ms  (...)
  const m = /\]\s+(\d+) ms: (Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact|Mark-Compact \(reduce\)).*?MB, ([\d.]+) \/ ([\d.]+) ms/.exec(line);
  if (!m) continue;
  const at = Number(m[1]);
  if (at < fromMs || at > toMs) continue;
  first = Math.min(first, at);
  last = Math.max(last, at);
  const list = kinds.get(m[2]!) ?? [];
  list.push(Number(m[3]));
  kinds.set(m[2]!, list);
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
