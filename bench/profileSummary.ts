import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and lists where the time goes: self time per function, self time per
 * module (a node_modules package or a project file), and the inclusive time of each project function (its own time
 * plus everything it calls). A window (µs of CLOCK_MONOTONIC, as in bench/results/profile-window.txt) keeps only the
 * samples of the measurement, without start-up and connecting.
 *
 *   npx tsx bench/profileSummary.ts bench/results/profile/<file>.cpuprofile [top] [fromUs:toUs[,...]]
 *   npx tsx bench/profileSummary.ts <file>.cpuprofile 0 [fromUs:toUs[,...]] --callers=<function name part>
 *   npx tsx bench/profileSummary.ts <file>.cpuprofile 0 [fromUs:toUs[,...]] --inclusive=<name part>,<name part>,...
 *   npx tsx bench/profileSummary.ts <file>.cpuprofile 0 [fromUs:toUs[,...]] --categories
 */

export interface TimeWindow {
  fromUs: number;
  toUs: number;
}
type Windows = TimeWindow | TimeWindow[] | undefined;
const inWindows = (t: number, w: Windows) => !w || (Array.isArray(w) ? w : [w]).some((x) => t >= x.fromUs && t <= x.toUs);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Row {
  name: string;
  ms: number;
  pct: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  busyMs: number;
  selfByFunction: Row[];
  selfByModule: Row[];
  inclusiveProject: Row[];
}

function moduleOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(server|shared|bench)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url.replace(/^file:\/\//, '');
}

function frameName(f: CallFrame): string {
  const fn = f.functionName || '(anonymous)';
  if (!f.url) return fn;
  return `${fn} ${moduleOf(f.url)}:${f.lineNumber + 1}`;
}

const isProject = (url: string) => /\/(server|shared)\//.test(url) && !url.includes('/node_modules/');

/** A profile read once: its nodes by id, each node's parent, and its samples with their durations. */
interface ReadProfile {
  frame(id: number): CallFrame;
  parent(id: number): number | undefined;
  /** The node and duration (µs) of each sample taken inside the windows (all samples without windows). */
  samples(window: Windows): Iterable<{ id: number; us: number }>;
  /** The names of the frames on a sample's stack, the leaf first. */
  stack(id: number): string[];
}

function readProfile(path: string): ReadProfile {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) byId.set(n.id, n);
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const frame = (id: number) => byId.get(id)!.callFrame;
  return {
    frame,
    parent: (id) => parents.get(id),
    *samples(window) {
      let t = profile.startTime;
      for (let i = 0; i < profile.samples.length; i++) {
        const us = profile.timeDeltas[i] ?? 0;
        t += us;
        if (inWindows(t, window)) yield { id: profile.samples[i]!, us };
      }
    },
    stack(id) {
      const names: string[] = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parents.get(cur)) names.push(frameName(frame(cur)));
      return names;
    },
  };
}

const isIdle = (f: CallFrame) => f.functionName === '(idle)';

const toRow = (name: string, us: number, base: number): Row => ({ name, ms: Math.round(us / 100) / 10, pct: Math.round((us / base) * 1000) / 10 });

/** The largest entries of `m` as rows, their share taken of `base` µs. */
function toRows(m: Map<string, number>, base: number, top = Infinity): Row[] {
  return [...m.entries()]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => toRow(name, us, base));
}

const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);

/**
 * `window`: only samples taken between these two CLOCK_MONOTONIC times in µs (process.hrtime.bigint() / 1000n in
 * any process of the machine), so start-up (module loading, connecting) does not count.
 */
export function summarize(path: string, top = 25, window?: Windows): ProfileSummary {
  const profile = readProfile(path);
  const selfUs = new Map<number, number>();
  let totalUs = 0;
  for (const { id, us } of profile.samples(window)) {
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
    totalUs += us;
  }

  const fnSelf = new Map<string, number>();
  const modSelf = new Map<string, number>();
  const projIncl = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const f = profile.frame(id);
    if (isIdle(f)) idleUs += us;
    add(fnSelf, frameName(f), us);
    add(modSelf, f.functionName.startsWith('(') && !f.url ? f.functionName : moduleOf(f.url), us);
    // Inclusive time of project functions: credit each distinct project frame on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = profile.parent(cur)) {
      const cf = profile.frame(cur);
      if (!isProject(cf.url)) continue;
      const key = frameName(cf);
      if (seen.has(key)) continue;
      seen.add(key);
      add(projIncl, key, us);
    }
  }
  const busyUs = totalUs - idleUs;
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    selfByFunction: toRows(fnSelf, busyUs, top),
    selfByModule: toRows(modSelf, busyUs, top),
    inclusiveProject: toRows(projIncl, busyUs, top),
  };
}

const formatRow = (r: Row) => `${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`;

export function formatSummary(s: ProfileSummary): string {
  const table = (title: string, rows: Row[]) => [`${title} (% of busy time)`, ...rows.map((r) => `  ${formatRow(r)}`)].join('\n');
  return [
    `profile: ${s.totalMs} ms sampled, ${s.idleMs} ms idle, ${s.busyMs} ms busy`,
    table('Self time by function', s.selfByFunction),
    table('Self time by module', s.selfByModule),
    table('Inclusive time of server/ and shared/ functions', s.inclusiveProject),
  ].join('\n\n');
}

/**
 * Who calls the functions whose name contains `needle`: their self time grouped by the nearest `depth` callers
 * (innermost first), for reading a profile's hot leaves back to the code that causes them.
 */
export function callers(path: string, needle: string, depth = 6, top = 12, window?: Windows): Row[] {
  const profile = readProfile(path);
  const stacks = new Map<string, number>();
  let busy = 0;
  for (const { id, us } of profile.samples(window)) {
    if (!isIdle(profile.frame(id))) busy += us;
    const leaf = frameName(profile.frame(id));
    if (!leaf.includes(needle)) continue;
    add(stacks, `${leaf}  <-  ${profile.stack(id).slice(1, depth + 1).join('  <-  ')}`, us);
  }
  return toRows(stacks, busy, top);
}

/** Inclusive time (the frame and everything under it, each sample counted once) of frames whose name contains each needle. */
export function inclusive(path: string, needles: string[], window?: Windows): Row[] {
  const profile = readProfile(path);
  const totals = new Map<string, number>(needles.map((n) => [n, 0]));
  let busy = 0;
  for (const { id, us } of profile.samples(window)) {
    if (isIdle(profile.frame(id))) continue;
    busy += us;
    const names = profile.stack(id);
    for (const needle of needles) if (names.some((n) => n.includes(needle))) add(totals, needle, us);
  }
  return needles.map((name) => toRow(name, totals.get(name)!, busy));
}

/**
 * Busy time split into this server's cost centres: each sample goes to the first category whose test matches a
 * frame of its stack, tried in the order below (leaf categories such as GC first, then the deepest known caller).
 */
const CATEGORIES: [string, (names: string[]) => boolean][] = [
  ['garbage collection', (n) => n[0] === '(garbage collector)'],
  ['node-redis per-command timeout (AbortSignal.timeout, DOMException)', (n) => n.some((x) => /abort_controller|domexception|AbortSignal/.test(x))],
  ['Redis streams adapter: reading back its own broadcasts', (n) => n.some((x) => x.includes('@socket.io/redis-streams-adapter') && /poll|onRawMessage|decode|onMessage/.test(x))],
  ['Redis client (commands out, replies in)', (n) => n.some((x) => x.includes('@redis/client'))],
  ['snapshot JSON (toJson) and other store code', (n) => n.some((x) => x.includes('server/store/'))],
  ['WebSocket writes and Socket.IO encoding (fan-out, acks)', (n) => n.some((x) => /engine\.io|^\S+ ws:|socket\.io-adapter|socket\.io-parser/.test(x))],
  ['engine (decide, fold)', (n) => n.some((x) => x.includes('shared/engine') || x.includes('shared/views'))],
  ['zod parsing', (n) => n.some((x) => x.includes(' zod:'))],
  ['room code (server/room, server/auth)', (n) => n.some((x) => /server\/(room|auth)\//.test(x))],
  ['incoming WebSocket frames', (n) => n.some((x) => /^\S+ ws:|receiverOnMessage/.test(x))],
  ['timers', (n) => n.some((x) => /listOnTimeout|processTimers/.test(x))],
];

export function categories(path: string, window?: Windows): Row[] {
  const profile = readProfile(path);
  const totals = new Map<string, number>();
  let busy = 0;
  for (const { id, us } of profile.samples(window)) {
    if (isIdle(profile.frame(id))) continue;
    busy += us;
    const names = profile.stack(id);
    add(totals, CATEGORIES.find(([, test]) => test(names))?.[0] ?? 'other', us);
  }
  return toRows(totals, busy);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx bench/profileSummary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  // Windows as from:to[,from:to...] (bench/results/profile-window.txt holds the run's).
  const spec = process.argv[4] && !process.argv[4].startsWith('--') ? process.argv[4] : '';
  const window = spec ? spec.split(',').map((x) => { const [from, to] = x.split(':').map(Number); return { fromUs: from!, toUs: to! }; }) : undefined;
  const needle = process.argv.find((a) => a.startsWith('--callers='))?.slice('--callers='.length);
  const incl = process.argv.find((a) => a.startsWith('--inclusive='))?.slice('--inclusive='.length);
  if (process.argv.includes('--categories')) {
    for (const r of categories(file, window)) console.log(formatRow(r));
  } else if (incl) {
    for (const r of inclusive(file, incl.split(','), window)) console.log(formatRow(r));
  } else if (needle) {
    for (const r of callers(file, needle, 8, 15, window)) console.log(formatRow(r));
  } else {
    console.log(formatSummary(summarize(file, Number(process.argv[3] ?? 25), window)));
  }
}
