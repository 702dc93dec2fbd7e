import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createClient } from 'redis';
import { runEngineBench, type EngineBenchResult } from './engine';
import { Histogram } from './histogram';
import type { FromGen, GenStats, RoomSpec, Target, ToGen } from './ipc';
import { benchSetup } from './matchScript';
import { cpuMs, loadAverage, memoryMb } from './procStats';
import { formatSummary, summarize, type ProfileSummary } from './profileSummary';
import { svgChart, type Series } from './svgChart';

/**
 * `npm run bench` (full, ~25 min) and `npm run bench -- --quick` (< 2 min).
 *
 * For each configuration: start a fresh target process (the real server with the Redis store and a unique key
 * prefix, or the bare relay), create the matches through the REST API, fork load generators (bench/loadgen.ts) that
 * connect 2 captains + S spectators per match and play the full-match script at 1 command/s per room, then read
 * their latency histograms and correctness counters, the target's CPU and RSS from /proc, and Redis's CPU.
 *
 * Options: --quick | --profile (also CPU-profile the server under the main load and summarise the top frames)
 *          | --no-md (do not rewrite BENCHMARKS.md / the chart) | --only=main (skip the sweep)
 * The last line printed is one JSON object with the headline figures.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results');
const REDIS_URL = 'redis://127.0.0.1:6379';
const HOST = '127.0.0.1';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const PROFILE = args.has('--profile');
const WRITE_MD = !args.has('--no-md');
const ONLY_MAIN = args.has('--only=main');
/** --config=<ours|bare>:<matches>:<spectators per match>:<measure seconds>[:profile] runs just that (repeatable). */
const CUSTOM = process.argv
  .slice(2)
  .filter((a) => a.startsWith('--config='))
  .map((a) => a.slice('--config='.length).split(':'));
/** Sockets per load-generator process: well under the 20,000 open files per process. */
const SOCKETS_PER_GEN = 6000;
/** The server needs file descriptors for its sockets plus Redis and its own files: stay under 20,000. */
const MAX_SERVER_SOCKETS = 18_500;

/** --quick must be done within 2 minutes: configurations that would not fit are skipped, and at the hard deadline
 * everything is stopped and what was measured so far is reported. */
const QUICK_BUDGET_MS = 95_000;
const HARD_DEADLINE_MS = QUICK ? 108_000 : 60 * 60_000;

interface RunConfig {
  id: string;
  group: 'main' | 'spectators' | 'matches' | 'profile';
  target: Target;
  matches: number;
  spectators: number;
  warmupMs: number;
  measureMs: number;
  drainMs: number;
  intervalMs: number;
  cpuProfile?: boolean;
}

interface ConfigResult {
  config: RunConfig;
  sockets: number;
  connect: { ms: number; failed: number; firstError: string | null };
  ack: ReturnType<Histogram['summary']>;
  fanout: ReturnType<Histogram['summary']>;
  fanoutAll: ReturnType<Histogram['summary']>;
  commandsSent: number;
  commandsPerSec: number;
  accepted: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  ackTimeouts: number;
  lateTicks: number;
  roomsFinished: number;
  updatesExpected: number;
  deliveries: number;
  lostEvents: number;
  clientsBehind: number;
  duplicateEvents: number;
  outOfOrder: number;
  outOfOrderCaptains: number;
  malformed: number;
  eventsBeforeSnapshot: number;
  disconnects: number;
  problems: Record<string, number>;
  server: { cpuPct: number; cpuMsPerCommand: number; rssAfterConnectMb: number; rssPeakMb: number; kbPerSocket: number };
  redisCpuPct: number | null;
  /** Redis calls per bench command and Redis-side µs per call, by Redis command, over the window. */
  redisCommands: Record<string, { perCommand: number; usecPerCall: number }> | null;
  loadGens: { processes: number; cpuPct: number; loopDelayP99MaxMs: number; loopDelayMaxMs: number; rssMb: number };
  wire: { bytesPerUpdate: number; bytesPerAck: number; bytesPerCommand: number; snapshotBytesAtConnect: number; eventsPerUpdate: number };
  snapshot: { jsonBytes: number; gzipBytes: number; version: number } | null;
  loadAverage: number;
  aborted?: string;
  /** CLOCK_MONOTONIC µs of the measurement window (to cut a CPU profile to it). */
  windowUs: { fromUs: number; toUs: number };
}

// ---------------------------------------------------------------------------------------------------------------
// Children: every process we start is tracked and killed when we exit, whatever the reason.

const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
function killAll(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const c of children) {
    try {
      c.kill(signal);
    } catch {
      // already gone
    }
  }
}
process.on('exit', () => killAll());
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`bench: ${sig}, stopping`);
    killAll();
    process.exit(130);
  });
}
const deadline = setTimeout(() => {
  console.error(`bench: hard deadline of ${HARD_DEADLINE_MS / 1000} s reached, stopping everything and reporting what was measured`);
  killAll();
  setTimeout(() => process.exit(124), 8000).unref();
  void finish().finally(() => process.exit(124));
}, HARD_DEADLINE_MS);
deadline.unref();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...parts: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// Targets

interface RunningTarget {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  stop(): Promise<void>;
}

async function startTarget(target: Target, env: Record<string, string>, logFile: string, cpuProfileDir?: string): Promise<RunningTarget> {
  const script = target === 'ours' ? 'server/main.ts' : 'bench/bareRelay.ts';
  if (target === 'bare-adapter') env = { ...env, RELAY_ADAPTER: 'redis-streams' };
  const nodeArgs = ['--import', 'tsx'];
  if (cpuProfileDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', cpuProfileDir);
  // node directly (not the tsx CLI, which would add a wrapper process): the pid we read /proc of is the server.
  const child = track(
    spawn(process.execPath, [...nodeArgs, script], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: '0', HOST },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const out = createWriteStream(logFile);
  let stderrTail = '';
  child.stderr!.on('data', (d: Buffer) => {
    out.write(d);
    stderrTail = (stderrTail + d.toString()).slice(-2000);
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`${target} did not start within 30 s: ${stderrTail}`)), 30_000);
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      out.write(d);
      buf += d.toString();
      const m = /\(port (\d+)\)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${target} exited with ${code} before listening: ${stderrTail}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    port,
    url: `http://${HOST}:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      out.end();
    },
  };
}

async function createMatches(url: string, adminToken: string, ids: string[]): Promise<RoomSpec[]> {
  const specs: RoomSpec[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const matchId = ids[i]!;
      const res = await fetch(`${url}/api/matches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(benchSetup(matchId, Date.now())),
      });
      if (res.status !== 201) throw new Error(`POST /api/matches ${matchId}: ${res.status} ${await res.text()}`);
      const links = (await res.json()) as { captainLinks: { HOME: string; AWAY: string } };
      const token = (link: string) => new URL(link, url).searchParams.get('t') ?? '';
      specs[i] = { matchId, tokens: { HOME: token(links.captainLinks.HOME), AWAY: token(links.captainLinks.AWAY) } };
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return specs;
}

// ---------------------------------------------------------------------------------------------------------------
// Load generators

interface Gen {
  child: ChildProcess;
  index: number;
  next<T extends FromGen['type']>(type: T, timeoutMs: number): Promise<Extract<FromGen, { type: T }>>;
  send(message: ToGen): void;
}

function startGen(index: number): Gen {
  const child = track(
    fork(join(ROOT, 'bench', 'loadgen.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const queue: FromGen[] = [];
  const waiters: ((m: FromGen) => void)[] = [];
  let exitError: Error | null = null;
  child.on('message', (m: FromGen) => {
    const w = waiters.shift();
    if (w) w(m);
    else queue.push(m);
  });
  child.once('exit', (code) => {
    exitError = new Error(`load generator ${index} exited (${code})`);
    for (const w of waiters.splice(0)) w({ type: 'fatal', genIndex: index, error: exitError.message });
  });
  return {
    child,
    index,
    send: (m) => {
      if (child.connected) child.send(m);
    },
    next: async <T extends FromGen['type']>(type: T, timeoutMs: number): Promise<Extract<FromGen, { type: T }>> => {
      const m = queue.shift() ?? (exitError ? ({ type: 'fatal', genIndex: index, error: exitError.message } as FromGen) : await new Promise<FromGen>((r, reject) => {
        const timer = setTimeout(() => reject(new Error(`load generator ${index}: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((msg) => {
          clearTimeout(timer);
          r(msg);
        });
      }));
      if (m.type === 'fatal') throw new Error(`load generator ${index}: ${m.error}`);
      if (m.type !== type) throw new Error(`load generator ${index}: expected '${type}', got '${m.type}'`);
      return m as Extract<FromGen, { type: T }>;
    },
  };
}

async function stopGens(gens: Gen[]): Promise<void> {
  await Promise.all(
    gens.map(async (g) => {
      if (g.child.exitCode !== null) return;
      const exited = new Promise<void>((r) => g.child.once('exit', () => r()));
      g.send({ type: 'close' });
      const timer = setTimeout(() => g.child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Redis

const redis = createClient({ url: REDIS_URL });
redis.on('error', () => undefined);

async function redisCpuSeconds(): Promise<number> {
  const info = await redis.info('cpu');
  const v = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return v('used_cpu_user') + v('used_cpu_sys');
}

type CommandStats = Map<string, { calls: number; usec: number }>;

/** Redis INFO commandstats (shared Redis: other clients' commands are included, so read it as approximate). */
async function redisCommandStats(): Promise<CommandStats> {
  const info = await redis.info('commandstats');
  const out: CommandStats = new Map();
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)) out.set(m[1]!, { calls: Number(m[2]), usec: Number(m[3]) });
  return out;
}

function commandStatsDelta(a: CommandStats, b: CommandStats, commands: number): Record<string, { perCommand: number; usecPerCall: number }> {
  const out: Record<string, { perCommand: number; usecPerCall: number }> = {};
  for (const [name, after] of b) {
    const before = a.get(name) ?? { calls: 0, usec: 0 };
    const calls = after.calls - before.calls;
    if (calls < Math.max(10, commands * 0.05)) continue;
    out[name] = { perCommand: round2(calls / Math.max(1, commands)), usecPerCall: round2((after.usec - before.usec) / calls) };
  }
  return out;
}

async function deletePrefix(prefix: string): Promise<number> {
  let n = 0;
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
    if (keys.length > 0) n += await redis.unlink(keys);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// One configuration

const RUN_ID = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const ADMIN_TOKEN = randomBytes(24).toString('base64url');
const prefixes: string[] = [];

async function runConfig(cfg: RunConfig): Promise<ConfigResult> {
  const sockets = cfg.matches * (2 + cfg.spectators);
  const prefix = `bench:${RUN_ID}:${cfg.id}:`;
  prefixes.push(prefix);
  const logFile = join(RESULTS, `${cfg.id}.log`);
  const profileDir = cfg.cpuProfile ? join(RESULTS, 'profile') : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  log(`${cfg.id}: ${cfg.target}, ${cfg.matches} matches x (2 + ${cfg.spectators}) = ${sockets} sockets, measure ${cfg.measureMs / 1000} s`);
  const server = await startTarget(
    cfg.target,
    {
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      CLIENT_DIR: join(RESULTS, 'no-client'),
    },
    logFile,
    profileDir,
  );
  const gens: Gen[] = [];
  try {
    const ids = Array.from({ length: cfg.matches }, (_, i) => `bench-${RUN_ID}-${cfg.id}-${String(i).padStart(4, '0')}`);
    const t0 = performance.now();
    const rooms = cfg.target === 'ours' ? await createMatches(server.url, ADMIN_TOKEN, ids) : ids.map((matchId) => ({ matchId, tokens: null }));
    const createMs = performance.now() - t0;

    const genCount = Math.max(2, Math.ceil(sockets / SOCKETS_PER_GEN));
    for (let i = 0; i < genCount; i++) gens.push(startGen(i));
    gens.forEach((g, i) =>
      g.send({
        type: 'init',
        url: server.url,
        target: cfg.target,
        rooms: rooms.filter((_, r) => r % genCount === i),
        spectatorsPerRoom: cfg.spectators,
        connectConcurrency: 64,
        genIndex: i,
      }),
    );
    const connected = await Promise.all(gens.map((g) => g.next('connected', 120_000 + sockets * 30)));
    const connect = {
      ms: Math.round(Math.max(...connected.map((c) => c.ms))),
      failed: connected.reduce((a, c) => a + c.failed, 0),
      firstError: connected.find((c) => c.firstError)?.firstError ?? null,
    };
    const socketsOpen = connected.reduce((a, c) => a + c.sockets, 0);
    log(`${cfg.id}: matches created in ${Math.round(createMs)} ms; ${socketsOpen} sockets connected in ${connect.ms} ms (${connect.failed} failed${connect.firstError ? `: ${connect.firstError}` : ''})`);
    await sleep(1000);
    const rssAfterConnect = memoryMb(server.pid).rss;

    const startAt = Date.now() + 500;
    for (const g of gens) g.send({ type: 'start', startAt, warmupMs: cfg.warmupMs, measureMs: cfg.measureMs, intervalMs: cfg.intervalMs, drainMs: cfg.drainMs });
    let rssPeak = rssAfterConnect;
    const rssTimer = setInterval(() => {
      const r = memoryMb(server.pid).rss;
      if (r > rssPeak) rssPeak = r;
    }, 250);
    await sleep(startAt + cfg.warmupMs - Date.now());
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const cpu0 = cpuMs(server.pid);
    const redis0 = cfg.target !== 'bare' ? await redisCpuSeconds() : 0;
    const stats0 = cfg.target !== 'bare' ? await redisCommandStats() : null;
    const w0 = performance.now();
    const load = loadAverage();
    await sleep(startAt + cfg.warmupMs + cfg.measureMs - Date.now());
    const cpu1 = cpuMs(server.pid);
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const redis1 = cfg.target !== 'bare' ? await redisCpuSeconds() : 0;
    const stats1 = cfg.target !== 'bare' ? await redisCommandStats() : null;
    const windowMs = performance.now() - w0;
    const done = await Promise.all(gens.map((g) => g.next('done', cfg.drainMs + 60_000)));
    clearInterval(rssTimer);
    const peak = memoryMb(server.pid).peak;
    if (Number.isFinite(peak)) rssPeak = Math.max(rssPeak, peak);

    let snapshot: ConfigResult['snapshot'] = null;
    if (cfg.target === 'ours') {
      const res = await fetch(`${server.url}/api/matches/${encodeURIComponent(ids[0]!)}`);
      if (res.ok) {
        const body = (await res.json()) as { version: number; state: unknown };
        const json = JSON.stringify({ matchId: ids[0], version: body.version, state: body.state });
        snapshot = { jsonBytes: Buffer.byteLength(json), gzipBytes: gzipSync(json).length, version: body.version };
      }
    }
    const commandsInWindow = done.reduce((a, d) => a + d.stats.commandsSent, 0);
    return aggregate(cfg, done.map((d) => d.stats), {
      redisCommands: stats0 && stats1 ? commandStatsDelta(stats0, stats1, commandsInWindow) : null,
      socketsOpen,
      connect,
      cpuMsWindow: cpu1 - cpu0,
      windowMs,
      redisCpuS: cfg.target !== 'bare' ? redis1 - redis0 : null,
      rssAfterConnect,
      rssPeak,
      snapshot,
      load,
      windowUs: { fromUs, toUs },
    });
  } finally {
    await stopGens(gens);
    await server.stop();
  }
}

function aggregate(
  cfg: RunConfig,
  stats: GenStats[],
  m: {
    socketsOpen: number;
    connect: ConfigResult['connect'];
    cpuMsWindow: number;
    windowMs: number;
    redisCpuS: number | null;
    rssAfterConnect: number;
    rssPeak: number;
    snapshot: ConfigResult['snapshot'];
    load: number;
    windowUs: ConfigResult['windowUs'];
    redisCommands: ConfigResult['redisCommands'];
  },
): ConfigResult {
  const ack = new Histogram();
  const fanout = new Histogram();
  const fanoutAll = new Histogram();
  const sum = (f: (s: GenStats) => number) => stats.reduce((a, s) => a + f(s), 0);
  const mergeCounts = (f: (s: GenStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const s of stats) for (const [k, v] of Object.entries(f(s))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  for (const s of stats) {
    ack.merge(s.ack);
    fanout.merge(s.fanout);
    fanoutAll.merge(s.fanoutAll);
  }
  const commandsSent = sum((s) => s.commandsSent);
  const w = (f: (x: GenStats['wire']) => number) => sum((s) => f(s.wire));
  return {
    config: cfg,
    sockets: m.socketsOpen,
    connect: m.connect,
    ack: ack.summary(),
    fanout: fanout.summary(),
    fanoutAll: fanoutAll.summary(),
    commandsSent,
    commandsPerSec: round1(commandsSent / (cfg.measureMs / 1000)),
    accepted: sum((s) => s.accepted),
    refused: mergeCounts((s) => s.refused),
    errors: mergeCounts((s) => s.errors),
    ackTimeouts: sum((s) => s.ackTimeouts),
    lateTicks: sum((s) => s.lateTicks),
    roomsFinished: sum((s) => s.roomsFinished),
    updatesExpected: sum((s) => s.updatesExpected),
    deliveries: sum((s) => s.deliveries),
    lostEvents: sum((s) => s.lostEvents),
    clientsBehind: sum((s) => s.clientsBehind),
    duplicateEvents: sum((s) => s.duplicateEvents),
    outOfOrder: sum((s) => s.outOfOrder),
    outOfOrderCaptains: sum((s) => s.outOfOrderCaptains),
    malformed: sum((s) => s.malformed),
    eventsBeforeSnapshot: sum((s) => s.eventsBeforeSnapshot),
    disconnects: sum((s) => s.disconnects),
    problems: mergeCounts((s) => s.problems),
    server: {
      cpuPct: round1((m.cpuMsWindow / m.windowMs) * 100),
      cpuMsPerCommand: round2(m.cpuMsWindow / Math.max(1, commandsSent)),
      rssAfterConnectMb: round1(m.rssAfterConnect),
      rssPeakMb: round1(m.rssPeak),
      kbPerSocket: round1((m.rssAfterConnect * 1024) / Math.max(1, m.socketsOpen)),
    },
    redisCpuPct: m.redisCpuS === null ? null : round1((m.redisCpuS * 1000 * 100) / m.windowMs),
    redisCommands: m.redisCommands,
    loadGens: {
      processes: stats.length,
      cpuPct: round1((sum((s) => s.cpuMs) / cfg.measureMs) * 100),
      loopDelayP99MaxMs: round1(Math.max(...stats.map((s) => s.loopDelayP99Ms))),
      loopDelayMaxMs: round1(Math.max(...stats.map((s) => s.loopDelayMaxMs))),
      rssMb: round1(sum((s) => s.rssMb)),
    },
    wire: {
      bytesPerUpdate: round1(w((x) => x.eventsBytes) / Math.max(1, w((x) => x.eventsFrames))),
      bytesPerAck: round1(w((x) => x.ackBytes) / Math.max(1, w((x) => x.ackFrames))),
      bytesPerCommand: round1(w((x) => x.commandBytes) / Math.max(1, w((x) => x.commandFrames))),
      snapshotBytesAtConnect: round1(w((x) => x.snapshotBytes) / Math.max(1, w((x) => x.snapshotFrames))),
      eventsPerUpdate: 0,
    },
    snapshot: m.snapshot,
    loadAverage: m.load,
    windowUs: m.windowUs,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Plan

function plan(): RunConfig[] {
  const base = { warmupMs: QUICK ? 3000 : 5000, drainMs: 3000, intervalMs: 1000 };
  if (CUSTOM.length > 0) {
    return CUSTOM.map(([target, matches, spectators, seconds, flag], i) => {
      if (target !== 'ours' && target !== 'bare' && target !== 'bare-adapter') throw new Error(`--config: target must be ours, bare or bare-adapter, got ${target}`);
      const m = Math.max(1, Math.min(2000, Number(matches) || 1));
      const s = Math.max(0, Math.min(200, Number(spectators) || 0));
      return {
        id: `custom${i}-${target}-${m}x${s}`,
        group: flag === 'profile' ? 'profile' : 'main',
        target,
        matches: m,
        spectators: s,
        ...base,
        measureMs: Math.max(1, Math.min(85, Number(seconds) || 10)) * 1000,
        cpuProfile: flag === 'profile',
      } satisfies RunConfig;
    });
  }
  const mainMeasure = QUICK ? 12_000 : 60_000;
  const sweepMeasure = QUICK ? 10_000 : 40_000;
  const configs: RunConfig[] = [
    { id: 'main-ours', group: 'main', target: 'ours', matches: 200, spectators: 20, measureMs: mainMeasure, ...base },
    { id: 'main-bare', group: 'main', target: 'bare', matches: 200, spectators: 20, measureMs: mainMeasure, ...base },
  ];
  if (!QUICK) {
    // Where the ratio comes from: the same relay with the server's cross-process adapter under it.
    configs.push({ id: 'main-bare-adapter', group: 'main', target: 'bare-adapter', matches: 200, spectators: 20, measureMs: mainMeasure, ...base });
  }
  if (PROFILE) {
    configs.push({ id: 'profile-ours', group: 'profile', target: 'ours', matches: 200, spectators: 20, measureMs: QUICK ? 10_000 : 30_000, ...base, cpuProfile: true });
  }
  if (ONLY_MAIN) return configs;
  if (QUICK) {
    configs.push({ id: 'spect-48-ours', group: 'spectators', target: 'ours', matches: 200, spectators: 48, measureMs: sweepMeasure, ...base, warmupMs: 2000 });
    return configs;
  }
  // Spectators per match at 200 matches: 1,400 .. 18,000 sockets, ours and the bare relay.
  for (const s of [5, 45, 73, 88]) {
    for (const target of ['ours', 'bare'] as const) {
      configs.push({ id: `spect-${s}-${target}`, group: 'spectators', target, matches: 200, spectators: s, measureMs: sweepMeasure, ...base });
    }
  }
  // Matches at 22 clients each: 1,100 .. 15,000 sockets, ours and the bare relay.
  for (const n of [50, 400, 680]) {
    for (const target of ['ours', 'bare'] as const) {
      configs.push({ id: `matches-${n}-${target}`, group: 'matches', target, matches: n, spectators: 20, measureMs: sweepMeasure, ...base });
    }
  }
  return configs.filter((c) => c.matches * (2 + c.spectators) <= MAX_SERVER_SOCKETS);
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

const GOALS = { fanoutRatio: 1.3, ackP99Ms: 5, sockets: 15_000, fanoutP99Ms: 100 };

function isClean(r: ConfigResult): boolean {
  return r.lostEvents === 0 && r.duplicateEvents === 0 && r.outOfOrder === 0 && r.connect.failed === 0 && r.ackTimeouts === 0 && r.disconnects === 0;
}

function row(r: ConfigResult): string {
  const c = r.config;
  const cells = [
    c.target === 'ours' ? 'League Night' : c.target === 'bare' ? 'bare relay' : 'bare relay + Redis streams adapter',
    String(c.matches),
    String(c.spectators),
    r.sockets.toLocaleString('en-US'),
    String(r.commandsPerSec),
    `${r.ack.p50} / ${r.ack.p95} / ${r.ack.p99}`,
    `${r.fanout.p50} / ${r.fanout.p95} / ${r.fanout.p99}`,
    String(r.fanoutAll.p99),
    `${r.lostEvents} / ${r.duplicateEvents} / ${r.outOfOrder}`,
    `${r.server.cpuPct}%`,
    r.redisCpuPct === null ? '-' : `${r.redisCpuPct}%`,
    String(r.server.rssPeakMb),
    String(r.wire.bytesPerUpdate),
    String(r.loadGens.loopDelayP99MaxMs),
  ];
  return `| ${cells.join(' | ')} |`;
}

const TABLE_HEAD = [
  '| target | matches | spect./match | sockets | cmd/s | ack p50 / p95 / p99 ms | fan-out p50 / p95 / p99 ms | last spectator p99 ms | lost / dup / out-of-order | server CPU | Redis CPU | server peak RSS MB | bytes/update | loadgen loop p99 ms |',
  '|---|---:|---:|---:|---:|---|---|---:|---|---:|---:|---:|---:|---:|',
];

function headline(results: ConfigResult[], engine: EngineBenchResult) {
  const mainOurs = results.find((r) => r.config.id === 'main-ours');
  const mainBare = results.find((r) => r.config.id === 'main-bare');
  const mainAdapter = results.find((r) => r.config.id === 'main-bare-adapter');
  const ours = results.filter((r) => r.config.target === 'ours' && r.config.group !== 'profile');
  const under = ours.filter((r) => r.fanout.p99 < GOALS.fanoutP99Ms && isClean(r));
  const maxSockets = under.length ? Math.max(...under.map((r) => r.sockets)) : 0;
  const bareUnder = results.filter((r) => r.config.target === 'bare' && r.fanout.p99 < GOALS.fanoutP99Ms && isClean(r));
  const sum = (f: (r: ConfigResult) => number) => ours.reduce((a, r) => a + f(r), 0);
  return {
    p99FanoutMs: mainOurs?.fanout.p99 ?? null,
    bareP99FanoutMs: mainBare?.fanout.p99 ?? null,
    fanoutRatio: mainOurs && mainBare ? round2(mainOurs.fanout.p99 / mainBare.fanout.p99) : null,
    p99AckMs: mainOurs?.ack.p99 ?? null,
    bareP99AckMs: mainBare?.ack.p99 ?? null,
    ackRatio: mainOurs && mainBare ? round2(mainOurs.ack.p99 / mainBare.ack.p99) : null,
    bareAdapterP99FanoutMs: mainAdapter?.fanout.p99 ?? null,
    bareAdapterP99AckMs: mainAdapter?.ack.p99 ?? null,
    lostUpdates: sum((r) => r.lostEvents),
    duplicateUpdates: sum((r) => r.duplicateEvents),
    outOfOrderUpdates: sum((r) => r.outOfOrder),
    maxSocketsUnder100ms: maxSockets,
    maxSocketsTested: ours.length ? Math.max(...ours.map((r) => r.sockets)) : 0,
    bareMaxSocketsUnder100ms: bareUnder.length ? Math.max(...bareUnder.map((r) => r.sockets)) : 0,
    serverCpuPct: mainOurs?.server.cpuPct ?? null,
    bareCpuPct: mainBare?.server.cpuPct ?? null,
    serverPeakRssMb: mainOurs?.server.rssPeakMb ?? null,
    bytesPerUpdate: mainOurs?.wire.bytesPerUpdate ?? null,
    bareBytesPerUpdate: mainBare?.wire.bytesPerUpdate ?? null,
    snapshotGzipBytes: engine.snapshotJson.gzipBytes,
    engineUsPerCommand: round2(engine.decideFold.usPerCommand),
    mode: CUSTOM.length > 0 ? 'custom' : QUICK ? 'quick' : 'full',
  };
}

function chart(results: ConfigResult[]): string {
  const pick = (target: Target, group: 'spectators' | 'matches') =>
    results
      .filter((r) => r.config.target === target && (r.config.group === group || r.config.group === 'main'))
      .map((r) => ({ x: r.sockets, y: r.fanout.p99, ack: r.ack.p99, label: `${r.config.matches} x (2+${r.config.spectators})` }));
  const series = (metric: 'y' | 'ack'): Series[] => [
    { name: 'League Night, 200 matches, more spectators', color: '#c0392b', points: pick('ours', 'spectators').map((p) => ({ x: p.x, y: p[metric], label: p.label })) },
    { name: 'bare relay, 200 matches, more spectators', color: '#2c7fb8', points: pick('bare', 'spectators').map((p) => ({ x: p.x, y: p[metric], label: p.label })) },
    { name: 'League Night, 22 clients/match, more matches', color: '#e67e22', dashed: true, points: pick('ours', 'matches').map((p) => ({ x: p.x, y: p[metric], label: p.label })) },
    { name: 'bare relay, 22 clients/match, more matches', color: '#41b6c4', dashed: true, points: pick('bare', 'matches').map((p) => ({ x: p.x, y: p[metric], label: p.label })) },
  ];
  return svgChart(
    [
      { title: 'Fan-out p99 (command -> each spectator)', xLabel: 'sockets on one server process', yLabel: 'ms (log scale)', series: series('y'), logY: true, guides: [{ y: 100, label: '100 ms', color: '#888' }] },
      { title: 'Ack p99 (command -> captain ack)', xLabel: 'sockets on one server process', yLabel: 'ms (log scale)', series: series('ack'), logY: true, guides: [{ y: 5, label: '5 ms goal', color: '#888' }] },
    ],
    `npm run bench (${QUICK ? 'quick' : 'full'}), ${new Date().toISOString().slice(0, 16)}Z, ${availableParallelism()} cores, 1 command/s per match, Redis store`,
  );
}

function markdown(results: ConfigResult[], engine: EngineBenchResult, head: ReturnType<typeof headline>, profile: ProfileSummary | null, chartPath: string): string {
  const ok = (b: boolean) => (b ? 'met' : '**not met**');
  const lines: string[] = [];
  lines.push(`Run: \`npm run bench${QUICK ? ' -- --quick' : ''}${PROFILE ? ' -- --profile' : ''}\` on ${new Date().toISOString().slice(0, 16)}Z, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 1e9)} GB, Node ${process.version}. Load average at the start of each window is in the JSON.`);
  lines.push('');
  lines.push('Goals (issue 6) against this run:');
  lines.push('');
  lines.push(`- fan-out p99 within 1.3x of the bare relay at 200 matches x 22 clients: ${head.p99FanoutMs} ms vs ${head.bareP99FanoutMs} ms = **${head.fanoutRatio}x** (${ok((head.fanoutRatio ?? Infinity) <= GOALS.fanoutRatio)})`);
  lines.push(`- ack p99 <= 5 ms: **${head.p99AckMs} ms** (bare relay ${head.bareP99AckMs} ms) (${ok((head.p99AckMs ?? Infinity) <= GOALS.ackP99Ms)})`);
  lines.push(`- >= 15,000 sockets per process under 100 ms p99: **${head.maxSocketsUnder100ms.toLocaleString('en-US')}** of ${head.maxSocketsTested.toLocaleString('en-US')} tested (bare relay: ${head.bareMaxSocketsUnder100ms.toLocaleString('en-US')}) (${ok(head.maxSocketsUnder100ms >= GOALS.sockets)})`);
  lines.push(`- 0 lost updates: lost ${head.lostUpdates}, duplicated ${head.duplicateUpdates}, out of order ${head.outOfOrderUpdates} (${ok(head.lostUpdates === 0 && head.duplicateUpdates === 0 && head.outOfOrderUpdates === 0)})`);
  lines.push('');
  lines.push(...TABLE_HEAD);
  for (const r of results.filter((x) => x.config.group !== 'profile')) lines.push(row(r));
  lines.push('');
  lines.push(`![fan-out and ack p99 against sockets per process](${chartPath})`);
  lines.push('');
  const mo = results.find((r) => r.config.id === 'main-ours');
  if (mo) {
    lines.push(`Main configuration details (League Night, 200 x 22): ${mo.commandsSent} commands in the window (${mo.accepted} accepted, refusals ${JSON.stringify(mo.refused)}, errors ${JSON.stringify(mo.errors)}), ${mo.deliveries} deliveries to spectators; server ${mo.server.cpuMsPerCommand} ms CPU per command, RSS ${mo.server.rssAfterConnectMb} MB after connecting (${mo.server.kbPerSocket} KB per socket), peak ${mo.server.rssPeakMb} MB; Redis ${mo.redisCpuPct}% CPU; load generators ${mo.loadGens.processes} processes, ${mo.loadGens.cpuPct}% CPU, event-loop delay p99 ${mo.loadGens.loopDelayP99MaxMs} ms.`);
    if (mo.redisCommands) {
      const rc = Object.entries(mo.redisCommands).map(([k, v]) => `${k} ${v.perCommand}/command at ${v.usecPerCall} µs`).join(', ');
      lines.push(`Redis work per command (INFO commandstats over the window; shared Redis, approximate): ${rc}.`);
    }
    lines.push(`Wire: ${mo.wire.bytesPerUpdate} bytes per \`events\` frame, ${mo.wire.bytesPerAck} per ack, ${mo.wire.bytesPerCommand} per command frame, ${mo.wire.snapshotBytesAtConnect} per snapshot at connect (version 0). Snapshot of a match mid-play (v${mo.snapshot?.version}): ${mo.snapshot?.jsonBytes} bytes JSON, ${mo.snapshot?.gzipBytes} gzipped; after a full match: ${engine.snapshotJson.bytes} bytes JSON, ${engine.snapshotJson.gzipBytes} gzipped.`);
    lines.push('');
  }
  lines.push(`Engine (bench/engine.ts, full match = ${engine.commands} commands, ${engine.events} events): decide+fold ${round2(engine.decideFold.usPerCommand)} µs per command (${Math.round(engine.decideFold.commandsPerSec).toLocaleString('en-US')} commands/s, ${Math.round(engine.decideFold.matchesPerSec)} full matches/s on one core); decide alone ${round2(engine.decideOnly.usPerCommand)} µs; fold of the whole log ${round1(engine.foldLog.usPerLog)} µs (${round2(engine.foldLog.usPerEvent)} µs per event); zod parse of envelope + command ${round2(engine.parse.usPerCommand)} µs; JSON.stringify of the snapshot ${round1(engine.snapshotJson.stringifyUs)} µs (average over the match), JSON.parse of the final snapshot ${round1(engine.snapshotJson.parseUs)} µs; average event ${Math.round(engine.eventBytesAvg)} bytes of JSON.`);
  if (profile) {
    lines.push('');
    lines.push('Server CPU profile of this run (node --cpu-prof, 200 x 22, top frames by self time, % of busy time):');
    lines.push('');
    lines.push('```');
    lines.push(formatSummary({ ...profile, selfByFunction: profile.selfByFunction.slice(0, 15), selfByModule: profile.selfByModule.slice(0, 12), inclusiveProject: profile.inclusiveProject.slice(0, 12) }));
    lines.push('```');
  }
  return lines.join('\n');
}

function writeBenchmarksMd(section: string): void {
  const path = join(ROOT, 'BENCHMARKS.md');
  const start = '<!-- bench:results:start -->';
  const end = '<!-- bench:results:end -->';
  const text = existsSync(path) ? readFileSync(path, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next = i >= 0 && j > i ? `${text.slice(0, i + start.length)}\n${section}\n${text.slice(j)}` : `${text}\n${start}\n${section}\n${end}\n`;
  writeFileSync(path, next);
}

// ---------------------------------------------------------------------------------------------------------------

const state: { results: ConfigResult[]; engine: EngineBenchResult | null; profile: ProfileSummary | null; began: number } = {
  results: [],
  engine: null,
  profile: null,
  began: performance.now(),
};
let finished = false;

/** Writes whatever was measured and prints the headline JSON as the last line. Also used by the hard deadline. */
async function finish(): Promise<void> {
  if (finished) return;
  finished = true;
  killAll();
  let deleted = 0;
  for (const p of prefixes) deleted += await Promise.race([deletePrefix(p), sleep(3000).then(() => 0)]).catch(() => 0);
  log(`removed ${deleted} Redis keys of this run`);
  await Promise.race([redis.close(), sleep(1000)]).catch(() => undefined);

  const { results, profile } = state;
  const engine = state.engine ?? runEngineBench(true);
  const head = headline(results, engine);
  const stamp = CUSTOM.length > 0 ? 'custom' : QUICK ? 'quick' : 'full';
  writeFileSync(join(RESULTS, `${stamp}.json`), `${JSON.stringify({ headline: head, engine, results }, null, 2)}\n`);
  const chartName = stamp === 'full' ? 'sweep.svg' : `${stamp}-sweep.svg`;
  writeFileSync(join(RESULTS, chartName), chart(results));
  const md = markdown(results, engine, head, profile, `bench/results/${chartName}`);
  writeFileSync(join(RESULTS, `${stamp}.md`), `${md}\n`);
  const updateMd = WRITE_MD && stamp === 'full';
  if (updateMd) writeBenchmarksMd(md);
  log(`done in ${Math.round((performance.now() - state.began) / 1000)} s; results in bench/results/${stamp}.json, ${stamp}.md and ${chartName}${updateMd ? '; BENCHMARKS.md updated' : ''}`);
  console.log(JSON.stringify(head));
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await redis.connect();
  if ((await redis.ping()) !== 'PONG') throw new Error('Redis at 127.0.0.1:6379 does not answer');

  log('engine micro-benchmark');
  state.engine = runEngineBench(QUICK);
  const engine = state.engine;
  log(`engine: decide+fold ${round2(engine.decideFold.usPerCommand)} µs/command, fold of a full log ${round1(engine.foldLog.usPerLog)} µs`);

  let lastCost: { ms: number; sockets: number; fixedMs: number } | null = null;
  for (const cfg of plan()) {
    const sockets = cfg.matches * (2 + cfg.spectators);
    if (QUICK && lastCost) {
      // Skip what would not finish within the quick budget, judged from the last configuration's cost.
      // Start-up, connecting and tear-down scale with the sockets; warm-up and measurement are fixed.
      const predicted = (lastCost.ms - lastCost.fixedMs) * Math.max(1, sockets / lastCost.sockets) + cfg.warmupMs + cfg.measureMs;
      if (performance.now() - state.began + predicted > QUICK_BUDGET_MS) {
        log(`${cfg.id}: skipped (would not fit the quick budget of ${QUICK_BUDGET_MS / 1000} s)`);
        continue;
      }
    }
    const t0 = performance.now();
    try {
      const r = await runConfig(cfg);
      state.results.push(r);
      log(
        `${cfg.id}: ack p50/p99 ${r.ack.p50}/${r.ack.p99} ms, fan-out p50/p95/p99 ${r.fanout.p50}/${r.fanout.p95}/${r.fanout.p99} ms (last spectator p99 ${r.fanoutAll.p99}), ` +
          `lost ${r.lostEvents} dup ${r.duplicateEvents} ooo ${r.outOfOrder}, server CPU ${r.server.cpuPct}% RSS peak ${r.server.rssPeakMb} MB, ${r.wire.bytesPerUpdate} B/update, ${r.commandsPerSec} cmd/s` +
          (Object.keys(r.refused).length || Object.keys(r.errors).length ? `, refused ${JSON.stringify(r.refused)} errors ${JSON.stringify(r.errors)}` : '') +
          `, loadgen loop p99 ${r.loadGens.loopDelayP99MaxMs} ms, load avg ${r.loadAverage}`,
      );
      if (cfg.cpuProfile) {
        const dir = join(RESULTS, 'profile');
        // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (tsx adds a loader thread).
        const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
        const file = files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
        if (file) {
          state.profile = summarize(join(dir, file), 30, r.windowUs);
          writeFileSync(join(RESULTS, 'profile-top.txt'), `${formatSummary(state.profile)}\n`);
          writeFileSync(join(RESULTS, 'profile-window.txt'), `${r.windowUs.fromUs}:${r.windowUs.toUs}\n`);
          log(`profile written: bench/results/profile/${file}; summary in bench/results/profile-top.txt`);
        } else log('profile: no .cpuprofile was written');
      }
    } catch (err) {
      log(`${cfg.id}: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    }
    lastCost = { ms: performance.now() - t0, sockets, fixedMs: cfg.warmupMs + cfg.measureMs };
  }
  await finish();
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error('bench failed:', err);
    killAll();
    process.exit(1);
  });
