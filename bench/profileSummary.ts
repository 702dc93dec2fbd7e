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

/**
 * `window`: only samples taken between these two CLOCK_MONOTONIC times in µs (process.hrtime.bigint() / 1000n in
 * any process of the machine), so start-up (module loading, connecting) does not count.
 */
export function summarize(path: string, top = 25, window?: Windows): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) byId.set(n.id, n);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const selfUs = new Map<number, number>();
  let totalUs = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (!inWindows(t, window)) continue;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dt);
    totalUs += dt;
  }

  const fnSelf = new Map<string, number>();
  const modSelf = new Map<string, number>();
  const projIncl = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const f = node.callFrame;
    if (f.functionName === '(idle)') idleUs += us;
    const name = frameName(f);
    fnSelf.set(name, (fnSelf.get(name) ?? 0) + us);
    const mod = f.functionName.startsWith('(') && !f.url ? f.functionName : moduleOf(f.url);
    modSelf.set(mod, (modSelf.get(mod) ?? 0) + us);
    // Inclusive time of project functions: credit each distinct project frame on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame;
      if (!isProject(cf.url)) continue;
      const key = frameName(cf);
      if (seen.has(key)) continue;
      seen.add(key);
      projIncl.set(key, (projIncl.get(key) ?? 0) + us);
    }
  }
  const busyUs = totalUs - idleUs;
  const rows = (m: Map<string, number>, base: number) =>
    [...m.entries()]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, pct: Math.round((us / base) * 1000) / 10 }));
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    selfByFunction: rows(fnSelf, busyUs),
    selfByModule: rows(modSelf, busyUs),
    inclusiveProject: rows(projIncl, busyUs),
  };
}

export function formatSummary(s: ProfileSummary): string {
  const table = (title: string, rows: Row[]) =>
    [`${title} (% of busy time)`, ...rows.map((r) => `  ${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`)].join('\n');
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
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) byId.set(n.id, n);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (!inWindows(t, window)) continue;
    const id = profile.samples[i]!;
    const node = byId.get(id)!;
    if (node.callFrame.functionName !== '(idle)') total += dt;
    if (!frameName(node.callFrame).includes(needle)) continue;
    const chain: string[] = [];
    for (let cur = parent.get(id); cur !== undefined && chain.length < depth; cur = parent.get(cur)) {
      chain.push(frameName(byId.get(cur)!.callFrame));
    }
    const key = `${frameName(node.callFrame)}  <-  ${chain.join('  <-  ')}`;
    stacks.set(key, (stacks.get(key) ?? 0) + dt);
  }
  return [...stacks.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, pct: Math.round((us / total) * 1000) / 10 }));
}

/** Inclusive time (the frame and everything under it, each sample counted once) of frames whose name contains each needle. */
export function inclusive(path: string, needles: string[], window?: Windows): Row[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) byId.set(n.id, n);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>(needles.map((n) => [n, 0]));
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (!inWindows(t, window)) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    busy += dt;
    const names: string[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) names.push(frameName(byId.get(cur)!.callFrame));
    for (const needle of needles) if (names.some((n) => n.includes(needle))) totals.set(needle, totals.get(needle)! + dt);
  }
  return needles.map((name) => ({ name, ms: Math.round(totals.get(name)! / 100) / 10, pct: Math.round((totals.get(name)! / busy) * 1000) / 10 }));
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
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) byId.set(n.id, n);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (!inWindows(t, window)) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    busy += dt;
    const names: string[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) names.push(frameName(byId.get(cur)!.callFrame));
    const cat = CATEGORIES.find(([, test]) => test(names))?.[0] ?? 'other';
    totals.set(cat, (totals.get(cat) ?? 0) + dt);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, pct: Math.round((us / busy) * 1000) / 10 }));
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
    for (const r of categories(file, window)) console.log(`${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`);
  } else if (incl) {
    for (const r of inclusive(file, incl.split(','), window)) console.log(`${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`);
  } else if (needle) {
    for (const r of callers(file, needle, 8, 15, window)) console.log(`${r.pct.toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`);
  } else {
    console.log(formatSummary(summarize(file, Number(process.argv[3] ?? 25), window)));
  }
}
