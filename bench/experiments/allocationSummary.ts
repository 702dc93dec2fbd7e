import { readFileSync } from 'node:fs';

/**
 * Summarises an allocation profile written by allocationProfile.ts: bytes allocated by each function itself, and
 * under it (its callees included), as a share of everything sampled.
 *
 *   npx tsx bench/experiments/allocationSummary.ts <file.heapprofile> [rows] [--under=<function name prefix>]
 *
 * --under lists what is allocated beneath the frames whose name starts with that prefix (e.g. `#decideAndStore`).
 */
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/experiments/allocationSummary.ts <file.heapprofile> [rows] [--under=<name prefix>]');
  process.exit(2);
}
const rows = Number(rest.find((a) => /^\d+$/.test(a)) ?? 30);
const under = rest.find((a) => a.startsWith('--under='))?.slice('--under='.length) ?? null;
const head = (JSON.parse(readFileSync(file, 'utf8')) as { head: Node }).head;

const name = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*?\/(server|shared|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;

/** Adds a subtree's self sizes; counts each name once per path for the inclusive figure (recursion). */
function walk(n: Node, onPath: ReadonlySet<string>): number {
  const k = name(n);
  self.set(k, (self.get(k) ?? 0) + n.selfSize);
  total += n.selfSize;
  const path = new Set(onPath).add(k);
  let sum = n.selfSize;
  for (const c of n.children) sum += walk(c, path);
  if (!onPath.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + sum);
  return sum;
}

/** The roots of the subtrees whose frame name starts with `prefix`. */
function find(n: Node, prefix: string, out: Node[]): Node[] {
  if (name(n).startsWith(prefix)) out.push(n);
  else for (const c of n.children) find(c, prefix, out);
  return out;
}

for (const root of under ? find(head, under, []) : [head]) walk(root, new Set());
const table = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(6)}% ${(v / 1e6).toFixed(1).padStart(8)} MB  ${k}`)
    .join('\n');
console.log(`${(total / 1e6).toFixed(1)} MB sampled${under ? ` under ${under}` : ''}\n\nAllocated by the function itself\n${table(self)}`);
if (!under) console.log(`\nAllocated under the function (callees included)\n${table(inclusive)}`);
