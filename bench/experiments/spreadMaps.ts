/**
 * Which ways of copying an object give every copy a hidden class (V8 "map") of its own. Found in a heap snapshot of
 * the command path (DESK_ALONE_SURVIVORS, deskAlone.ts): every lineup a second declarer sent left a new map and
 * descriptor array behind, because the engine built its games as `{ ...g, machineId }` from games that had no
 * `machineId`. A map of its own costs ~140 bytes in the old generation per object, and every inline cache that reads
 * such objects turns megamorphic (bench/HISTORY.md, "A thirtieth host").
 *
 *   node --allow-natives-syntax --import tsx bench/experiments/spreadMaps.ts
 *
 * Each case copies 30,000 objects parsed from JSON (as commands arrive), the sources cycling through the shapes
 * given, and counts how many of the last thousand copies of the first shape have a map different from the copy
 * before them: 0 means they share one map, all of them means one map per copy.
 */
type Same = (a: unknown, b: unknown) => boolean;
let same: Same;
try {
  // V8's own test helper; the Function constructor keeps `%` out of the TypeScript source.
  same = new Function('a', 'b', 'return %HaveSameMap(a, b)') as Same;
} catch {
  throw new Error('run with node --allow-natives-syntax');
}

function run(label: string, copy: (o: Record<string, unknown>) => object, sources: string[]) {
  const out: object[] = [];
  for (let i = 0; i < 30_000; i++) {
    const k = i % sources.length;
    const copied = copy(JSON.parse(sources[k]!) as Record<string, unknown>);
    if (i >= 29_000 && k === 0) out.push(copied);
  }
  let own = 0;
  for (let i = 1; i < out.length; i++) if (!same(out[i], out[i - 1])) own += 1;
  console.log(`${label.padEnd(58)} ${own} of ${out.length - 1} copies with a map of their own`);
}

const sd = '{"players":["H1","H2"]}';
const fd = '{"machineId":"M1","players":["A1"]}';
const writeIn = '{"machineId":"M1","players":["A1"],"writeIn":"A9"}';
run('{ ...g, machineId } from games without machineId', (g) => ({ ...g, machineId: 'M2' }), [sd]);
run('the same, sources of three shapes', (g) => ({ ...g, machineId: 'M2' }), [sd, fd, writeIn]);
run('{ ...g, machineId } from games that have it', (g) => ({ ...g, machineId: 'M2' }), [fd, sd, writeIn]);
run('{ ...g }, sources of three shapes', (g) => ({ ...g }), [sd, fd, writeIn]);
run('{ ...command, at } (a command has type and payload)', (c) => ({ ...c, at: 1 }), ['{"type":"signOff","payload":{}}']);
run('a literal naming each field, then the optional one', (g) => {
  const c: Record<string, unknown> = { machineId: g.machineId ?? 'M2', players: g.players };
  if (g.writeIn !== undefined) c.writeIn = g.writeIn;
  return c;
}, [sd, fd, writeIn]);
