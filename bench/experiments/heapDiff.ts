import { readFileSync } from 'node:fs';

/**
 * What a stretch of work left alive: the objects of a second V8 heap snapshot that a first one did not have (V8 gives
 * an object the same id in every snapshot of a process, and new objects higher ids than any before), grouped by what
 * they are and by the long-lived object that holds them. Made for `DESK_ALONE_SURVIVORS` (deskAlone.ts): what the
 * command path keeps of its commands is what the server's scavenges copy.
 *
 *   npx tsx bench/experiments/heapDiff.ts <first.heapsnapshot> <second.heapsnapshot> [rows]
 *
 * HEAP_DIFF_UP=<n> (default 3): how many of the holder's own retainers to name before it.
 *
 * "Held by" walks each new object's retainers (strong edges only) up to the first object the first snapshot already
 * had, and names that object and the edge into the new ones: e.g. `Object .state` is a long-lived object whose field
 * `state` now points at objects made since the first snapshot. The last table names the path of edges from there down to
 * each new object.
 */

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const [firstPath, secondPath, rowsArg] = process.argv.slice(2);
if (!firstPath || !secondPath) throw new Error('usage: heapDiff.ts <first.heapsnapshot> <second.heapsnapshot> [rows]');
const rows = Number(rowsArg ?? 25);
/** How many of the holder's own retainers to name before it (HEAP_DIFF_UP, default 3). */
const UP = Number(process.env.HEAP_DIFF_UP ?? 3);

const load = (path: string): Snapshot => JSON.parse(readFileSync(path, 'utf8')) as Snapshot;

/**
 * Native and synthetic nodes (the embedder's objects, the roots) get ids of another range (derived from addresses, not
 * counted up), so they are left out on both sides: only the JavaScript heap's objects are compared.
 */
const OUTSIDE_JS_HEAP = new Set(['native', 'synthetic']);

function maxId(snap: Snapshot): number {
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const idAt = fields.indexOf('id');
  const typeAt = fields.indexOf('type');
  const types = snap.snapshot.meta.node_types[0];
  let max = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    if (!OUTSIDE_JS_HEAP.has(types[snap.nodes[i + typeAt]!]!)) max = Math.max(max, snap.nodes[i + idAt]!);
  }
  return max;
}

const firstMax = maxId(load(firstPath));
const snap = load(secondPath);
const meta = snap.snapshot.meta;
const nw = meta.node_fields.length;
const ew = meta.edge_fields.length;
const nType = meta.node_fields.indexOf('type');
const nName = meta.node_fields.indexOf('name');
const nId = meta.node_fields.indexOf('id');
const nSize = meta.node_fields.indexOf('self_size');
const nEdges = meta.node_fields.indexOf('edge_count');
const eType = meta.edge_fields.indexOf('type');
const eName = meta.edge_fields.indexOf('name_or_index');
const eTo = meta.edge_fields.indexOf('to_node');
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const count = snap.nodes.length / nw;

const typeOf = (n: number) => nodeTypes[snap.nodes[n * nw + nType]!]!;
const nameOf = (n: number) => snap.strings[snap.nodes[n * nw + nName]!]!;
const isNew = (n: number) => snap.nodes[n * nw + nId]! > firstMax && !OUTSIDE_JS_HEAP.has(typeOf(n));
const sizeOf = (n: number) => snap.nodes[n * nw + nSize]!;
const label = (n: number) => {
  const type = typeOf(n);
  const name = nameOf(n);
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return `(string)`;
  if (type === 'number') return '(number)';
  return type === 'object' || type === 'closure' ? `${name}` : `(${type}) ${name.slice(0, 40)}`;
};

// Reverse edges: for each node, one strong retainer and the edge's name (the first found is enough to attribute).
// Old objects get theirs too, so that a holder can be named by where it sits (HEAP_DIFF_UP levels of its own retainers).
const retainer = new Int32Array(count).fill(-1);
const retainerEdge: string[] = new Array<string>(count);
let edgeIndex = 0;
for (let n = 0; n < count; n++) {
  const edges = snap.nodes[n * nw + nEdges]!;
  for (let e = 0; e < edges; e++, edgeIndex += ew) {
    const type = edgeTypes[snap.edges[edgeIndex + eType]!]!;
    if (type === 'weak' || type === 'shortcut') continue;
    const to = snap.edges[edgeIndex + eTo]! / nw;
    if (retainer[to] !== -1) continue;
    retainer[to] = n;
    const raw = snap.edges[edgeIndex + eName]!;
    retainerEdge[to] = type === 'element' || type === 'hidden' ? `[${type === 'element' ? 'i' : raw}]` : `.${snap.strings[raw]}`;
  }
}

const byKind = new Map<string, { count: number; bytes: number }>();
const byHolder = new Map<string, { count: number; bytes: number }>();
const byPath = new Map<string, { count: number; bytes: number }>();
let newCount = 0;
let newBytes = 0;
const add = (map: Map<string, { count: number; bytes: number }>, key: string, bytes: number) => {
  const cell = map.get(key) ?? { count: 0, bytes: 0 };
  cell.count += 1;
  cell.bytes += bytes;
  map.set(key, cell);
};
for (let n = 0; n < count; n++) {
  if (!isNew(n)) continue;
  const bytes = sizeOf(n);
  newCount += 1;
  newBytes += bytes;
  add(byKind, label(n), bytes);
  // Up through new objects to the first old one (bounded: a cycle of new objects would otherwise loop).
  let at = n;
  // The edges from the holder down to this object, e.g. `.state.games[i].scores[i]`, for the third table.
  let inside = '';
  for (let hops = 0; hops < 64 && retainer[at]! !== -1 && isNew(retainer[at]!); hops++) {
    inside = `${retainerEdge[at] ?? ''}${inside}`;
    at = retainer[at]!;
  }
  add(byPath, `${retainerEdge[at] ?? ''}${inside} ${label(n)}`, bytes);
  const holder = retainer[at]!;
  let path = holder === -1 ? '(no strong retainer)' : `${label(holder)} ${retainerEdge[at] ?? ''}`;
  for (let up = 0, h = holder; up < UP && h !== -1 && retainer[h]! !== -1; up++, h = retainer[h]!) {
    path = `${label(retainer[h]!)} ${retainerEdge[h] ?? ''} > ${path}`;
  }
  add(byHolder, path, bytes);
}

const print = (title: string, map: Map<string, { count: number; bytes: number }>) => {
  console.log(`\n${title}`);
  for (const [key, { count: n, bytes }] of [...map].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) {
    console.log(`${(bytes / 1024).toFixed(1).padStart(9)} KB ${String(n).padStart(8)}  ${key}`);
  }
};
console.log(`new since the first snapshot: ${newCount} objects, ${(newBytes / 1024).toFixed(1)} KB (of ${count} objects in all)`);
print('by what they are (KB, objects):', byKind);
print('by the long-lived object holding them (KB, objects):', byHolder);
print('by the path from that object (KB, objects):', byPath);
