import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createClient } from 'redis';
import { runEngineBench, type EngineBenchResult } from './engine';
import { type GuardBenchPoint, runGuardBench } from './eveningGuard';
import { CLIENT_KINDS, type ClientKind } from './benchSocket';
import { Histogram, KeyedHistograms } from './histogram';
import { TARGETS, type FromGen, type GenStats, type RoomSpec, type Target, type ToGen } from './ipc';
import { openLeagueNight } from './leagueNight';
import { benchSetup } from './matchScript';
import { captainTokens, inPool, type OpenedRoom } from './roomLinks';
import { cpuMs, loadAverage, machineBusyCores, machineBusyMs, machineStealMs, memoryMb } from './procStats';
import { parsePin, pinned, pinPid, startOwnRedis } from './pinning';
import { formatSummary, summarize, type ProfileSummary } from './profileSummary';
import { startStallWatch } from './stallWatch';
import { correctness, describeProblems } from './correctness';
import { disturbance, MAX_REDO } from './disturbance';
import { MAIN_TARGETS, roundOrder } from './roundOrder';
import { mostSocketsUnder, socketsHeldAtEveryStep, type SweepPoint } from './socketsHeld';
import { svgChart, type Series } from './svgChart';
import { QUICK_SETTLE_MS, SETTLE_AFTER_CONNECT_MS } from './settle';

/**
 * `npm run bench` (full, ~35 min) and `npm run bench -- --quick` (< 2 min).
 *
 * For each configuration: start a fresh target process (the real server with the Redis store and a unique key
 * prefix, or the bare relay), create the matches through the REST API, fork load generators (bench/loadgen.ts) that
 * connect 2 captains + S spectators per match and play the full-match script at 1 command/s per room, then read
 * their latency histograms and correctness counters, the target's CPU and RSS from /proc, and Redis's CPU.
 *
 * Options: --quick | --profile (also CPU-profile the server under the main load and summarise the top frames)
 *          | --no-md (do not rewrite BENCHMARKS.md / the chart) | --only=main (skip the sweep)
 *          | --pin (the target on a core of its own: bench/pinning.ts) | --wait-quiet[=cores] | --warmup=<ms>
 *          | --config=... | --merge | --client=socketio | --first=<target> | --settle=<ms> (each described where it is
 *          read below)
 * The last line printed is one JSON object with the headline figures.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results');
/** The machine's Redis; a pinned run (--pin) uses one of its own instead (bench/pinning.ts). */
let REDIS_URL = 'redis://127.0.0.1:6379';
const HOST = '127.0.0.1';

const args = new Set(process.argv.slice(2));
/** The value of `--<name>=<value>` on the command line, or undefined when it is not given. */
const optionValue = (name: string): string | undefined =>
  process.argv
    .slice(2)
    .find((x) => x.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const QUICK = args.has('--quick');
const PROFILE = args.has('--profile');
const WRITE_MD = !args.has('--no-md');
const ONLY_MAIN = args.has('--only=main');
/**
 * --first=<target>: that target connects first and takes the first window of every session that has it (default:
 * the sessions' own order: the durable floor first in the main session, MAIN_TARGETS; League Night first elsewhere).
 * Whatever the first slot carries (the other targets settling after they connect, the first window after everything
 * connected) then falls on another target, to tell a slot's effect from a target's.
 */
const FIRST: Target | null = (() => {
  const v = optionValue('first');
  if (v === undefined) return null;
  if (!(TARGETS as readonly string[]).includes(v)) throw new Error(`--first: one of ${TARGETS.join(', ')}, got ${v}`);
  return v as Target;
})();
/**
 * --settle=<ms>: how long every session waits, idle, after its last target connected and before its first window.
 * Default (since 7 Dec, bench/settle.ts): past the last target's first Engine.IO ping round, which otherwise fell
 * into another target's first window; 1 s with --quick. Before, the default was 1 s, and a 30 s pause in the main
 * session had not clearly helped there (bench/HISTORY.md, "A twenty-third host" and "A twenty-fourth host").
 */
const SETTLE_MS = (() => {
  const a = optionValue('settle');
  const v = a === undefined ? (QUICK ? QUICK_SETTLE_MS : SETTLE_AFTER_CONNECT_MS) : Number(a);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--settle: a number of ms, got ${a}`);
  return v;
})();
const PIN = parsePin(process.argv.slice(2));
/** --merge: keep the sessions of the last full run (bench/results/full.json) that this run does not measure again. */
const MERGE = args.has('--merge');
/**
 * --wait-quiet[=cores]: before each session, wait (at most 5 minutes) until the rest of the machine uses less than
 * `cores` cores (default 0.3), so a shared machine's other work disturbs the figures less. Never with --quick.
 */
const WAIT_QUIET = (() => {
  const a = process.argv.slice(2).find((x) => x === '--wait-quiet' || x.startsWith('--wait-quiet='));
  if (!a || QUICK) return null;
  const v = Number(a.split('=')[1] ?? 0.3);
  return Number.isFinite(v) && v > 0 ? v : 0.3;
})();
const WAIT_QUIET_MAX_MS = 5 * 60_000;
/**
 * The main session's warm-up before every window, as long as a window. The windows go round the targets (A B C, then
 * C B A), so a target measures some windows after idling through the others', and on two hosts (bench/HISTORY.md, "A
 * quiet host" and "A tenth host") such windows were slower for both targets, up to twice for the bare relay, until a
 * window-long warm-up took that away; and a first window 4 s after connecting was each target's slowest. A league
 * night never idles, and its phones connect over many minutes: the steady state is what it sees. (Until 1 Dec: 4 s
 * before a target's first window, 1 s before the others.)
 */
const MAIN_WARMUP_MS = 15_000;
/** The sweep's warm-up before every window, a target's first included (see plan()). */
const SWEEP_WARMUP_MS = 8000;
/** --warmup=<ms>: the warm-up before every window but a target's first (each session's own default otherwise). */
const WARMUP_MS = (() => {
  const a = optionValue('warmup');
  const v = a === undefined ? Number.NaN : Number(a);
  return Number.isFinite(v) && v >= 0 && v <= 60_000 ? v : null;
})();
/**
 * --first-warmup=<ms>: the warm-up before each target's first window, in every session (each session's own default
 * otherwise). The first window after a session's targets connected has a cost of its own, whichever target takes it
 * (see --first); a longer first warm-up, the same for every target, keeps the measured windows on the same steps of
 * the match script for all of them. Tried at 15,000 sockets on the thirty-second host (bench/HISTORY.md): 12 s instead
 * of the sweep's 3 then did not take the cost off the first slot. The sweep's first warm-up is 8 s since 4 Dec.
 */
const FIRST_WARMUP_MS = (() => {
  const a = optionValue('first-warmup');
  if (a === undefined) return null;
  const v = Number(a);
  if (!Number.isFinite(v) || v < 0 || v > 60_000) throw new Error(`--first-warmup: a number of ms up to 60000, got ${a}`);
  return v;
})();
/**
 * --unmeasured-round: before a session's measured rounds, every target runs one window of load that is not measured
 * (in the order of the first round; what goes wrong in it still counts, correctness.ts). The first window after the
 * targets connected has a cost of its own whichever target takes it, and in the sweep's sessions that is always
 * League Night; this gives that slot to a window nobody measures, and moves every target's rooms on by as many
 * steps, so the measured windows stay on the same steps of the match script for all of them. Not the sweep's default:
 * on the thirty-second host (bench/HISTORY.md) ours's first window of load was its slowest at 1,400 sockets whether
 * measured or not, so part of what looks like the slot's cost is ours's own start, and at 15,000 sockets the windows'
 * own spread hid it. On the thirty-fifth host, over two full runs, it took the cost off ours's first measured window
 * (its slowest in 2 of 14 sweep sessions, against 8 of 14 in two plain runs), but the bare relay's first measured
 * window became its slowest in 7 of 14 (3 of 14 plain) and the main session's ratio did not fall.
 */
const UNMEASURED_ROUND = args.has('--unmeasured-round');
const stallWatch = startStallWatch();

async function waitQuiet(what: string, maxMs: number): Promise<void> {
  if (WAIT_QUIET === null) return;
  const until = performance.now() + maxMs;
  let busy = await machineBusyCores();
  while (busy >= WAIT_QUIET && performance.now() < until) {
    log(`${what}: waiting for a quieter machine (${busy.toFixed(2)} cores busy)`);
    await sleep(5000);
    busy = await machineBusyCores();
  }
}
/**
 * --config=<ours|bare>:<matches>:<spectators per match>:<measure seconds>[:profile][:league[=<page reads/s>]] runs just
 * that (repeatable).
 */
const CUSTOM = process.argv
  .slice(2)
  .filter((a) => a.startsWith('--config='))
  .map((a) => a.slice('--config='.length).split(':'));
/**
 * --client=lean|socketio: the client library of every load generator in this run (bench/benchSocket.ts). Default
 * lean: the wire protocol spoken directly on `ws`, a fraction of socket.io-client's CPU per message, so the
 * generators sharing the machine disturb the targets less. Every target of a session is driven by the same kind.
 */
const CLIENT: ClientKind = (() => {
  const v = optionValue('client') ?? 'lean';
  if (!(CLIENT_KINDS as readonly string[]).includes(v)) throw new Error(`--client: one of ${CLIENT_KINDS.join(', ')}, got ${v}`);
  return v as ClientKind;
})();
/**
 * Node flags of every load generator. --no-memory-reducer: a target's generators idle through the other targets'
 * windows, and V8's memory reducer then ran reducing mark-compacts in them (six of 9-28 ms in one second, from the two
 * generators of one target) inside another target's measured window on a 2-core machine (bench/HISTORY.md, "A
 * twenty-fourth host"). The servers run without it already (package.json's start script). The instrument should not
 * disturb what it measures.
 */
const LOADGEN_BASE_FLAGS = ['--no-memory-reducer'];
/** Extra flags of the load generators, after the base ones (later flags win), e.g. "--cpu-prof --cpu-prof-dir=/tmp/lg". */
const LOADGEN_NODE_ARGS = [...LOADGEN_BASE_FLAGS, ...(process.env.BENCH_LOADGEN_NODE_ARGS ?? '').split(' ').filter(Boolean)];
/** Sockets per load-generator process: well under the 20,000 open files per process. */
const SOCKETS_PER_GEN = 6000;
/** The server needs file descriptors for its sockets plus Redis and its own files: stay under 20,000. */
const MAX_SERVER_SOCKETS = 18_500;

/** --quick must be done within 2 minutes: configurations that would not fit are skipped, and at the hard deadline
 * everything is stopped and what was measured so far is reported. */
const QUICK_BUDGET_MS = 95_000;
const HARD_DEADLINE_MS = QUICK ? 108_000 : process.argv.some((a) => a.startsWith('--wait-quiet')) ? 100 * 60_000 : 60 * 60_000;

type Group = 'main' | 'spectators' | 'matches' | 'profile' | 'league';

/**
 * One load configuration, measured on several targets at once: every target is started and fully connected, then
 * the targets take turns sending (round r: A then B, round r+1: B then A, ...), each turn a short window. Whatever
 * else the machine is doing at the time is thus spread evenly over the targets, and the ratio between them holds
 * even when the absolute figures move. An idle target costs next to nothing (a ping per socket every 25 s).
 */
interface Session {
  id: string;
  group: Group;
  targets: Target[];
  matches: number;
  spectators: number;
  rounds: number;
  /** Warm-up before a target's first window (connections just opened, code not yet optimised). */
  firstWarmupMs: number;
  /** Warm-up before each later window. */
  warmupMs: number;
  /** Measurement per window; a target is measured rounds x measureMs in all. */
  measureMs: number;
  drainMs: number;
  intervalMs: number;
  /** Start the League Night server under `node --cpu-prof`. */
  cpuProfile?: boolean;
  /**
   * A league night (bench/leagueNight.ts): the server's rooms are opened from a season's schedule, and spectators
   * open the season's pages (standings, schedule) this many times a second in all. The bare relays ignore it.
   */
  league?: { pageReadsPerSec: number };
}

/** What one target got in a session (the per-target view of it). */
interface RunConfig {
  id: string;
  session: string;
  group: Group;
  target: Target;
  matches: number;
  spectators: number;
  rounds: number;
  measureMs: number;
  /** Rooms on a league schedule, and the season page reads per second (Session.league). */
  league?: { pageReadsPerSec: number };
}

interface ConfigResult {
  config: RunConfig;
  sockets: number;
  connect: { ms: number; failed: number; firstError: string | null };
  ack: ReturnType<Histogram['summary']>;
  fanout: ReturnType<Histogram['summary']>;
  fanoutAll: ReturnType<Histogram['summary']>;
  /** Fan-out per command type over the windows: which commands make the tail (count, p50, p99, max). */
  fanoutByType: ReturnType<KeyedHistograms['summaries']>;
  commandsSent: number;
  commandsPerSec: number;
  accepted: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  ackTimeouts: number;
  retries: number;
  lateTicks: number;
  roomsFinished: number;
  fillerCommands: number;
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
  server: { cpuPct: number; cpuMsPerCommand: number; rssBeforeConnectMb: number; rssAfterConnectMb: number; rssPeakMb: number; kbPerSocket: number };
  redisCpuPct: number | null;
  /** Redis calls per bench command and Redis-side µs per call, by Redis command, over the window. */
  redisCommands: Record<string, { perCommand: number; usecPerCall: number }> | null;
  loadGens: { client: ClientKind; processes: number; cpuPct: number; loopDelayP99MaxMs: number; loopDelayMaxMs: number; rssMb: number };
  wire: { bytesPerUpdate: number; bytesPerAck: number; bytesPerCommand: number; snapshotBytesAtConnect: number; eventsPerUpdate: number };
  snapshot: { jsonBytes: number; gzipBytes: number; version: number } | null;
  loadAverage: number;
  aborted?: string;
  /** CLOCK_MONOTONIC µs of the measurement windows (to cut a CPU profile to them). */
  windowsUs: { fromUs: number; toUs: number }[];
  /** Each window on its own, in the order measured. */
  rounds: { measured?: { from: string; to: string }; ackP99: number; fanoutP99: number; serverCpuPct: number; loadAverage: number; loopDelayP99Ms: number; othersCores: number; stealMs?: number; othersPeakCores?: number; stealPeakMs?: number; stallMs?: number; busyCores?: number }[];
  /** Windows measured again because other work or a stall of the machine disturbed them. */
  discardedWindows: number;
  /** Season pages read by spectators during the windows (a league night), request to last byte. */
  pages: {
    reads: number;
    failed: number;
    perSec: number;
    latency: ReturnType<Histogram['summary']>;
    /** Mean bytes of a page's body on the wire (gzip when the server sent it so) and decoded. */
    wireBytesPerPage: number;
    bodyBytesPerPage: number;
  } | null;
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
    console.error(`bench: ${sig}, stopping (reporting what was measured, removing this run's Redis keys)`);
    killAll();
    setTimeout(() => process.exit(130), 8000).unref();
    void finish().finally(() => process.exit(130));
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

/**
 * The node flags of `npm start` (package.json: a 64 MB young generation and no memory reducer; server/README.md,
 * "Running it in production", says why), read from its start script so that the bench cannot drift from it. Every
 * target gets them, so the floor is tuned like the server it is compared with.
 */
const SERVER_NODE_FLAGS = startScriptNodeFlags();

function startScriptNodeFlags(): string[] {
  const start: unknown = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts?.start;
  const node = typeof start === 'string' ? start.split('&&').map((part) => part.trim().split(/\s+/)).find((words) => words[0] === 'node') : undefined;
  const flags = node && node.indexOf('--import') > 1 ? node.slice(1, node.indexOf('--import')) : [];
  if (flags.length === 0 || !flags.every((f) => f.startsWith('--'))) {
    throw new Error(`package.json's start script should run \`node <flags> --import tsx server/main.ts\`, got ${JSON.stringify(start)}`);
  }
  return flags;
}

async function startTarget(target: Target, env: Record<string, string>, logFile: string, cpuProfileDir?: string): Promise<RunningTarget> {
  const candidate = process.env.BENCH_CANDIDATE;
  if (target === 'candidate' && !candidate) throw new Error('target candidate needs BENCH_CANDIDATE=/path/to/server/main.ts');
  const script = target === 'ours' ? 'server/main.ts' : target === 'candidate' ? resolve(candidate!) : 'bench/bareRelay.ts';
  if (target === 'bare-adapter') env = { ...env, RELAY_ADAPTER: 'redis-streams' };
  if (target === 'bare-durable') env = { ...env, RELAY_DURABLE: '1' };
  // BENCH_NODE_ARGS: extra node flags for every target, e.g. --trace-gc (its lines go to bench/results/<id>.log).
  // BENCH_CANDIDATE_NODE_ARGS: flags for the candidate only, to A/B a runtime setting (e.g. the GC's young generation)
  // on the same server code.
  const extra = `${process.env.BENCH_NODE_ARGS ?? ''} ${target === 'candidate' ? (process.env.BENCH_CANDIDATE_NODE_ARGS ?? '') : ''}`;
  // Every target runs with the node flags of `npm start` (SERVER_NODE_FLAGS). Later flags win, so
  // BENCH_*NODE_ARGS can override them (e.g. BENCH_CANDIDATE_NODE_ARGS=--memory-reducer).
  const nodeArgs = ['--import', 'tsx', ...SERVER_NODE_FLAGS, ...extra.split(' ').filter(Boolean)];
  if (cpuProfileDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', cpuProfileDir);
  // node directly (not the tsx CLI, which would add a wrapper process): the pid we read /proc of is the server.
  const [file, argv] = pinned(PIN?.target ?? null, process.execPath, [...nodeArgs, script]);
  // BENCH_OWN_SESSION=all|ours|bare|candidate: start that target in a session of its own (setsid), so that with the
  // kernel's autogroup scheduling it is weighed against the load generators as one group, as a service in its own
  // cgroup would be, not as one process among them. Not the default: measured in bench/HISTORY.md ("Scheduling groups").
  const own = process.env.BENCH_OWN_SESSION === 'all' || process.env.BENCH_OWN_SESSION === target;
  const child = track(
    spawn(own ? 'setsid' : file, own ? [file, ...argv] : argv, {
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
      // A profiled server must exit by itself to write its profile; others get a short grace.
      const timer = setTimeout(() => child.kill('SIGKILL'), cpuProfileDir ? 20_000 : 4000);
      await exited;
      clearTimeout(timer);
      out.end();
    },
  };
}

function createMatches(url: string, adminToken: string, ids: string[]): Promise<RoomSpec[]> {
  return inPool(ids.length, 16, async (i): Promise<RoomSpec> => {
    const matchId = ids[i]!;
    const res = await fetch(`${url}/api/matches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(benchSetup(matchId, Date.now())),
    });
    if (res.status !== 201) throw new Error(`POST /api/matches ${matchId}: ${res.status} ${await res.text()}`);
    return { matchId, tokens: captainTokens(url, (await res.json()) as OpenedRoom) };
  });
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
      execArgv: ['--import', 'tsx', ...LOADGEN_NODE_ARGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  if (PIN && child.pid !== undefined) pinPid(child.pid, PIN.rest);
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
      const timer = setTimeout(() => g.child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Redis

/** The orchestrator's own connection (CPU and command stats, key clean-up), opened by main() on the final REDIS_URL. */
const newRedisClient = (url: string) => createClient({ url });
type RedisClient = ReturnType<typeof newRedisClient>;
let redis: RedisClient | null = null;

function openRedis(url: string): RedisClient {
  const client = newRedisClient(url);
  client.on('error', () => undefined);
  redis = client;
  return client;
}

function orchestratorRedis(): RedisClient {
  if (!redis) throw new Error('the orchestrator has no Redis connection yet');
  return redis;
}

async function redisCpuSeconds(): Promise<number> {
  const info = await orchestratorRedis().info('cpu');
  const v = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return v('used_cpu_user') + v('used_cpu_sys');
}

type CommandStats = Map<string, { calls: number; usec: number }>;

/** Redis INFO commandstats (shared Redis: other clients' commands are included, so read it as approximate). */
async function redisCommandStats(): Promise<CommandStats> {
  const info = await orchestratorRedis().info('commandstats');
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
  const client = orchestratorRedis();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
    if (keys.length > 0) n += await client.unlink(keys);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// One configuration

const isServer = (t: Target) => t === 'ours' || t === 'candidate';
const ensureDir = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  return dir;
};

const RUN_ID = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const ADMIN_TOKEN = randomBytes(24).toString('base64url');
const prefixes: string[] = [];

interface Live {
  target: Target;
  cfg: RunConfig;
  server: RunningTarget;
  gens: Gen[];
  ids: string[];
  connect: ConfigResult['connect'];
  socketsOpen: number;
  rssBeforeConnect: number;
  rssAfterConnect: number;
  snapshotAtConnect: number;
  windows: Window[];
  /** Windows measured again because other work or a stall of the machine disturbed them (--wait-quiet). */
  discarded: number;
  /**
   * The generator stats of every window run but not counted (those measured again, and --unmeasured-round's): their
   * latencies do not count, what went wrong in them does (correctness.ts).
   */
  discardedStats: GenStats[];
}

interface Window {
  stats: GenStats[];
  cpuMs: number;
  windowMs: number;
  redisCpuS: number | null;
  redisStats: { before: CommandStats; after: CommandStats } | null;
  load: number;
  windowUs: { fromUs: number; toUs: number };
  /** Wall-clock bounds of the measured span (ISO), to line a window up with a target's log (bench/loopWatch.ts). */
  measured: { from: string; to: string };
  rssPeak: number;
  /** Cores the rest of the machine used during the window: all busy CPU minus target, load generators and Redis. */
  othersCores: number;
  /** CPU time the hypervisor gave to others while this machine had work, during the window (in othersCores too). */
  stealMs: number;
  /**
   * The busiest second of other work during the window (cores), and the most steal in one second (ms): a burst that
   * the window's average hides (a neighbour busy for two seconds of fifteen), read once a second.
   */
  othersPeakCores: number;
  stealPeakMs: number;
  /** The stall watch's longest oversleep during the window (ms): the machine held every process, this one too. */
  stallMs: number;
  /** Cores the whole machine kept busy during the window, on average (/proc/stat). */
  busyCores: number;
}

/**
 * Samples once a second during a window what the machine's other work used: all busy CPU (/proc/stat) minus the
 * target's server, its load generators and Redis, as in the window's average, and the hypervisor's steal.
 */
function othersSampler(t: Live): { stop(): Promise<{ othersPeakCores: number; stealPeakMs: number }> } {
  const pids = [t.server.pid, ...t.gens.map((g) => g.child.pid ?? -1)];
  const read = async () => ({
    at: performance.now(),
    machine: machineBusyMs(),
    steal: machineStealMs(),
    ours: pids.reduce((a, pid) => a + (pid > 0 ? cpuMs(pid) || 0 : 0), 0) + (await redisCpuSeconds()) * 1000,
  });
  let othersPeakCores = 0;
  let stealPeakMs = 0;
  let running = true;
  const loop = (async () => {
    let prev = await read();
    while (running) {
      await sleep(1000);
      const cur = await read();
      const ms = cur.at - prev.at;
      if (ms >= 500) {
        othersPeakCores = Math.max(othersPeakCores, (cur.machine - prev.machine - (cur.ours - prev.ours)) / ms);
        stealPeakMs = Math.max(stealPeakMs, ((cur.steal - prev.steal) * 1000) / ms);
      }
      prev = cur;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { othersPeakCores: round2(Math.max(0, othersPeakCores)), stealPeakMs: Math.round(stealPeakMs) };
    },
  };
}

/** Runs the session; `onResults` gets the figures as soon as they are measured, before the tear-down. */
async function runSession(sess: Session, onResults: (results: ConfigResult[]) => void): Promise<void> {
  const sockets = sess.matches * (2 + sess.spectators);
  const profileDir = sess.cpuProfile ? join(RESULTS, 'profile') : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const targets = FIRST && sess.targets.includes(FIRST) ? [FIRST, ...sess.targets.filter((t) => t !== FIRST)] : sess.targets;
  log(`${sess.id}: ${targets.join(' + ')}, ${sess.matches} matches x (2 + ${sess.spectators}) = ${sockets} sockets each, ${sess.rounds} rounds of ${sess.measureMs / 1000} s`);
  const live: Live[] = [];
  try {
    for (const target of targets) {
      const id = `${sess.id}-${target}`;
      const prefix = `bench:${RUN_ID}:${id}:`;
      prefixes.push(prefix);
      const server = await startTarget(
        target,
        { REDIS_URL, REDIS_PREFIX: prefix, ADMIN_TOKEN, LOG_LEVEL: 'warn', SEED_DEMO: 'false', CLIENT_DIR: join(RESULTS, 'no-client') },
        join(RESULTS, `${id}.log`),
        isServer(target) && profileDir ? ensureDir(join(profileDir, target)) : undefined,
      );
      const entry: Live = {
        target,
        cfg: { id, session: sess.id, group: sess.group, target, matches: sess.matches, spectators: sess.spectators, rounds: sess.rounds, measureMs: sess.rounds * sess.measureMs, ...(sess.league && isServer(target) ? { league: sess.league } : {}) },
        server,
        gens: [],
        ids: Array.from({ length: sess.matches }, (_, i) => `bench-${RUN_ID}-${id}-${String(i).padStart(4, '0')}`),
        connect: { ms: 0, failed: 0, firstError: null },
        socketsOpen: 0,
        rssBeforeConnect: memoryMb(server.pid).rss,
        rssAfterConnect: 0,
        snapshotAtConnect: 0,
        windows: [],
        discarded: 0,
        discardedStats: [],
      };
      live.push(entry);
      const t0 = performance.now();
      const league = sess.league && isServer(target) ? await openLeagueNight(server.url, ADMIN_TOKEN, entry.ids) : null;
      const rooms = league ? league.rooms : isServer(target) ? await createMatches(server.url, ADMIN_TOKEN, entry.ids) : entry.ids.map((matchId) => ({ matchId, tokens: null }));
      const createMs = performance.now() - t0;
      const genCount = Math.max(2, Math.ceil(sockets / SOCKETS_PER_GEN));
      const pages = league && sess.league ? { paths: league.pages, perSecond: sess.league.pageReadsPerSec / genCount } : null;
      for (let i = 0; i < genCount; i++) entry.gens.push(startGen(i));
      entry.gens.forEach((g, i) =>
        g.send({
          type: 'init',
          url: server.url,
          target,
          client: CLIENT,
          rooms: rooms.filter((_, r) => r % genCount === i),
          spectatorsPerRoom: sess.spectators,
          connectConcurrency: 64,
          genIndex: i,
          pages,
        }),
      );
      const connected = await Promise.all(entry.gens.map((g) => g.next('connected', 120_000 + sockets * 30)));
      entry.connect = {
        ms: Math.round(Math.max(...connected.map((c) => c.ms))),
        failed: connected.reduce((a, c) => a + c.failed, 0),
        firstError: connected.find((c) => c.firstError)?.firstError ?? null,
      };
      entry.socketsOpen = connected.reduce((a, c) => a + c.sockets, 0);
      entry.snapshotAtConnect = round1(connected.reduce((a, c) => a + c.snapshotBytes, 0) / Math.max(1, connected.reduce((a, c) => a + c.snapshotFrames, 0)));
      log(`${id}: ${isServer(target) ? `${league ? 'league night (season, teams, rosters, schedule, rooms) set up' : 'matches created'} in ${Math.round(createMs)} ms; ` : ''}${entry.socketsOpen} sockets connected in ${entry.connect.ms} ms (${entry.connect.failed} failed${entry.connect.firstError ? `: ${entry.connect.firstError}` : ''})`);
    }
    await sleep(SETTLE_MS);
    for (const t of live) t.rssAfterConnect = memoryMb(t.server.pid).rss;

    if (UNMEASURED_ROUND) {
      for (const t of roundOrder(live, 0)) {
        setAside(t, await runWindow(t, sess, FIRST_WARMUP_MS ?? sess.firstWarmupMs, 'unmeasured'), 'unmeasured');
      }
    }
    for (let round = 0; round < sess.rounds; round++) {
      const order = roundOrder(live, round);
      for (const t of order) {
        for (let attempt = 0; ; attempt++) {
          if (WAIT_QUIET !== null) await waitQuiet(`${t.cfg.id} window ${t.windows.length + 1}`, 2 * 60_000);
          const warmupMs = t.windows.length === 0 && attempt === 0 && !UNMEASURED_ROUND ? (FIRST_WARMUP_MS ?? sess.firstWarmupMs) : (WARMUP_MS ?? sess.warmupMs);
          const w = await runWindow(t, sess, warmupMs);
          const disturbed = WAIT_QUIET === null ? null : disturbance(w, WAIT_QUIET);
          if (disturbed) {
            t.discarded++;
            setAside(t, w, 'disturbed');
            if (attempt < MAX_REDO) {
              log(`  ${t.cfg.id}: window disturbed (${disturbed}), measuring it again`);
              continue;
            }
            log(`  ${t.cfg.id}: window disturbed ${attempt + 1} times, left out`);
            break;
          }
          t.windows.push(w);
          break;
        }
      }
    }

    const results: ConfigResult[] = [];
    for (const t of live) {
      if (t.windows.length === 0) {
        log(`${t.cfg.id}: no undisturbed window, no figures`);
        continue;
      }
      let snapshot: ConfigResult['snapshot'] = null;
      if (isServer(t.target)) {
        const res = await fetch(`${t.server.url}/api/matches/${encodeURIComponent(t.ids[0]!)}`);
        if (res.ok) {
          const body = (await res.json()) as { version: number; state: unknown };
          const json = JSON.stringify({ matchId: t.ids[0], version: body.version, state: body.state });
          snapshot = { jsonBytes: Buffer.byteLength(json), gzipBytes: gzipSync(json).length, version: body.version };
        }
      }
      const peak = memoryMb(t.server.pid).peak;
      results.push(aggregate(t, snapshot, peak));
    }
    // Reported in the targets' usual order (ours, the bare relay, the floor), whatever order they measured in.
    onResults(results.sort((a, b) => TARGETS.indexOf(a.config.target) - TARGETS.indexOf(b.config.target)));
  } finally {
    await Promise.all(live.map((t) => stopGens(t.gens)));
    await Promise.all(live.map((t) => t.server.stop()));
  }
}

/** A window run but not counted: its latencies go, what went wrong in it stays in the target's results. */
function setAside(t: Live, w: Window, why: 'disturbed' | 'unmeasured'): void {
  t.discardedStats.push(...w.stats);
  const wrong = describeProblems(correctness(w.stats));
  if (wrong) log(`  ${t.cfg.id}: the ${why} window saw ${wrong} (counted in the results)`);
}

/** One measurement window of one target: its rooms send for warm-up + measure, the others stay idle. */
async function runWindow(t: Live, sess: Session, warmupMs: number, label = `window ${t.windows.length + 1}`): Promise<Window> {
  const withRedis = t.target !== 'bare';
  const startAt = Date.now() + 300;
  let machine0 = 0;
  let steal0 = 0;
  let redisAll0 = 0;
  for (const g of t.gens) g.send({ type: 'start', startAt, warmupMs, measureMs: sess.measureMs, intervalMs: sess.intervalMs, drainMs: sess.drainMs });
  let rssPeak = 0;
  const rssTimer = setInterval(() => {
    const r = memoryMb(t.server.pid).rss;
    if (r > rssPeak) rssPeak = r;
  }, 250);
  try {
    await sleep(startAt + warmupMs - Date.now());
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    machine0 = machineBusyMs();
    steal0 = machineStealMs();
    redisAll0 = await redisCpuSeconds();
    const cpu0 = cpuMs(t.server.pid);
    const redis0 = withRedis ? await redisCpuSeconds() : 0;
    const before = withRedis ? await redisCommandStats() : null;
    const w0 = performance.now();
    const measuredFrom = new Date().toISOString();
    const load = loadAverage();
    const sampler = othersSampler(t);
    stallWatch.take();
    await sleep(startAt + warmupMs + sess.measureMs - Date.now());
    const stallMs = round1(stallWatch.take());
    const measuredTo = new Date().toISOString();
    const peaks = await sampler.stop();
    const cpu1 = cpuMs(t.server.pid);
    const machine1 = machineBusyMs();
    const steal1 = machineStealMs();
    const redisAll1 = await redisCpuSeconds();
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const redis1 = withRedis ? await redisCpuSeconds() : 0;
    const after = withRedis ? await redisCommandStats() : null;
    const windowMs = performance.now() - w0;
    const done = await Promise.all(t.gens.map((g) => g.next('done', sess.drainMs + 60_000)));
    const genCpuMs = done.reduce((a, d) => a + d.stats.cpuMs, 0);
    const oursMs = cpu1 - cpu0 + genCpuMs + (redisAll1 - redisAll0) * 1000;
    const othersCores = Math.max(0, (machine1 - machine0 - oursMs) / windowMs);
    const w: Window = {
      othersCores: round2(othersCores),
      stealMs: Math.round(steal1 - steal0),
      ...peaks,
      stallMs,
      busyCores: round2((machine1 - machine0) / windowMs),
      stats: done.map((d) => d.stats),
      cpuMs: cpu1 - cpu0,
      windowMs,
      redisCpuS: withRedis ? redis1 - redis0 : null,
      redisStats: before && after ? { before, after } : null,
      load,
      windowUs: { fromUs, toUs },
      measured: { from: measuredFrom, to: measuredTo },
      rssPeak,
    };
    const fan = new Histogram();
    const ack = new Histogram();
    const page = new Histogram();
    for (const st of w.stats) {
      fan.merge(st.fanout);
      ack.merge(st.ack);
      page.merge(st.pages.latency);
    }
    const pageReads = w.stats.reduce((a, st) => a + st.pages.reads, 0);
    log(`  ${t.cfg.id} ${label} (${measuredFrom.slice(11, 23)}-${measuredTo.slice(11, 23)}): ack p99 ${round2(ack.percentile(99))} ms, fan-out p50/p99 ${round2(fan.percentile(50))}/${round2(fan.percentile(99))} ms, server CPU ${round1((w.cpuMs / w.windowMs) * 100)}%, others ${w.othersCores} cores (busiest second ${w.othersPeakCores}; steal ${w.stealMs} ms, busiest second ${w.stealPeakMs}; stall ${w.stallMs} ms), machine ${w.busyCores} cores busy, load ${load}${pageReads > 0 ? `, ${pageReads} season pages p50/p99 ${round2(page.percentile(50))}/${round2(page.percentile(99))} ms` : ''}`);
    return w;
  } finally {
    clearInterval(rssTimer);
  }
}

function aggregate(t: Live, snapshot: ConfigResult['snapshot'], vmHwmMb: number): ConfigResult {
  const stats = t.windows.flatMap((w) => w.stats);
  const ack = new Histogram();
  const fanout = new Histogram();
  const fanoutAll = new Histogram();
  const sum = (f: (s: GenStats) => number) => stats.reduce((a, s) => a + f(s), 0);
  // Latencies and rates from the counted windows; what went wrong from every window, the disturbed ones too.
  const checked = correctness([...stats, ...t.discardedStats]);
  const mergeCounts = (f: (s: GenStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const s of stats) for (const [k, v] of Object.entries(f(s))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const pageLatency = new Histogram();
  const byType = new KeyedHistograms();
  for (const s of stats) {
    ack.merge(s.ack);
    fanout.merge(s.fanout);
    fanoutAll.merge(s.fanoutAll);
    pageLatency.merge(s.pages.latency);
    byType.merge(s.fanoutByType);
  }
  const fanoutByType = byType.summaries();
  const commandsSent = sum((s) => s.commandsSent);
  const w = (f: (x: GenStats['wire']) => number) => sum((s) => f(s.wire));
  const windowMs = t.windows.reduce((a, x) => a + x.windowMs, 0);
  const cpuMsAll = t.windows.reduce((a, x) => a + x.cpuMs, 0);
  const redisCpuS = t.windows.every((x) => x.redisCpuS !== null) ? t.windows.reduce((a, x) => a + (x.redisCpuS ?? 0), 0) : null;
  // Redis commands: summed over the windows.
  let redisCommands: ConfigResult['redisCommands'] = null;
  if (t.windows.every((x) => x.redisStats)) {
    const before: CommandStats = new Map();
    const after: CommandStats = new Map();
    for (const x of t.windows) {
      for (const [k, v] of x.redisStats!.before) before.set(k, { calls: (before.get(k)?.calls ?? 0) + v.calls, usec: (before.get(k)?.usec ?? 0) + v.usec });
      for (const [k, v] of x.redisStats!.after) after.set(k, { calls: (after.get(k)?.calls ?? 0) + v.calls, usec: (after.get(k)?.usec ?? 0) + v.usec });
    }
    redisCommands = commandStatsDelta(before, after, commandsSent);
  }
  const rssPeak = Math.max(t.rssAfterConnect, ...t.windows.map((x) => x.rssPeak), Number.isFinite(vmHwmMb) ? vmHwmMb : 0);
  const rounds = t.windows.map((x) => {
    const fan = new Histogram();
    const ak = new Histogram();
    for (const st of x.stats) {
      fan.merge(st.fanout);
      ak.merge(st.ack);
    }
    return {
      measured: x.measured,
      ackP99: round2(ak.percentile(99)),
      fanoutP99: round2(fan.percentile(99)),
      serverCpuPct: round1((x.cpuMs / x.windowMs) * 100),
      loadAverage: x.load,
      loopDelayP99Ms: round1(Math.max(...x.stats.map((st) => st.loopDelayP99Ms))),
      othersCores: x.othersCores,
      stealMs: x.stealMs,
      othersPeakCores: x.othersPeakCores,
      stealPeakMs: x.stealPeakMs,
      stallMs: x.stallMs,
      busyCores: x.busyCores,
    };
  });
  return {
    config: t.cfg,
    sockets: t.socketsOpen,
    connect: t.connect,
    ack: ack.summary(),
    fanout: fanout.summary(),
    fanoutAll: fanoutAll.summary(),
    fanoutByType,
    commandsSent,
    commandsPerSec: round1(commandsSent / (windowMs / 1000)),
    accepted: sum((s) => s.accepted),
    refused: mergeCounts((s) => s.refused),
    errors: mergeCounts((s) => s.errors),
    retries: sum((s) => s.retries),
    lateTicks: sum((s) => s.lateTicks),
    roomsFinished: Math.max(...t.windows.map((x) => x.stats.reduce((a, s) => a + s.roomsFinished, 0))),
    fillerCommands: sum((s) => s.fillerCommands),
    updatesExpected: sum((s) => s.updatesExpected),
    deliveries: sum((s) => s.deliveries),
    // Every field of correctness.ts's list, from every window (above).
    ...checked,
    problems: mergeCounts((s) => s.problems),
    server: {
      cpuPct: round1((cpuMsAll / windowMs) * 100),
      cpuMsPerCommand: round2(cpuMsAll / Math.max(1, commandsSent)),
      rssBeforeConnectMb: round1(t.rssBeforeConnect),
      rssAfterConnectMb: round1(t.rssAfterConnect),
      rssPeakMb: round1(rssPeak),
      kbPerSocket: round1(((t.rssAfterConnect - t.rssBeforeConnect) * 1024) / Math.max(1, t.socketsOpen)),
    },
    redisCpuPct: redisCpuS === null ? null : round1((redisCpuS * 1000 * 100) / windowMs),
    redisCommands,
    loadGens: {
      client: CLIENT,
      processes: t.gens.length,
      cpuPct: round1((sum((s) => s.cpuMs) / windowMs) * 100),
      loopDelayP99MaxMs: round1(Math.max(...stats.map((s) => s.loopDelayP99Ms))),
      loopDelayMaxMs: round1(Math.max(...stats.map((s) => s.loopDelayMaxMs))),
      rssMb: round1(Math.max(...t.windows.map((x) => x.stats.reduce((a, s) => a + s.rssMb, 0)))),
    },
    wire: {
      bytesPerUpdate: round1(w((x) => x.eventsBytes) / Math.max(1, w((x) => x.eventsFrames))),
      bytesPerAck: round1(w((x) => x.ackBytes) / Math.max(1, w((x) => x.ackFrames))),
      bytesPerCommand: round1(w((x) => x.commandBytes) / Math.max(1, w((x) => x.commandFrames))),
      snapshotBytesAtConnect: t.snapshotAtConnect,
      eventsPerUpdate: 0,
    },
    snapshot,
    loadAverage: round2(t.windows.reduce((a, x) => a + x.load, 0) / Math.max(1, t.windows.length)),
    windowsUs: t.windows.map((x) => x.windowUs),
    rounds,
    discardedWindows: t.discarded,
    pages: t.cfg.league
      ? {
          reads: sum((s) => s.pages.reads),
          failed: sum((s) => s.pages.failed),
          perSec: round1(sum((s) => s.pages.reads) / (windowMs / 1000)),
          latency: pageLatency.summary(),
          wireBytesPerPage: Math.round(sum((s) => s.pages.wireBytes) / Math.max(1, sum((s) => s.pages.reads))),
          bodyBytesPerPage: Math.round(sum((s) => s.pages.bodyBytes) / Math.max(1, sum((s) => s.pages.reads))),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Plan

/**
 * `league` or `league=<page reads per second>` among a --config's flags: a league night (Session.league). The default
 * rate: 4,000 spectators each opening the standings or the schedule about once in a 10-minute stretch of the match.
 */
function leagueFlag(flags: string[]): { league?: { pageReadsPerSec: number } } {
  const f = flags.find((x) => x === 'league' || x.startsWith('league='));
  if (!f) return {};
  const rate = f.includes('=') ? Number(f.split('=')[1]) : LEAGUE_PAGE_READS_PER_SEC;
  if (!Number.isFinite(rate) || rate < 0 || rate > 500) throw new Error(`--config: league=<page reads per second, 0..500>, got ${f}`);
  return { league: { pageReadsPerSec: rate } };
}
const LEAGUE_PAGE_READS_PER_SEC = 5;

function plan(): Session[] {
  const base = { drainMs: 3000, intervalMs: 1000 };
  if (CUSTOM.length > 0) {
    return CUSTOM.map(([targets, matches, spectators, seconds, ...flags], i) => {
      const list = (targets ?? '').split('+') as Target[];
      for (const t of list) {
        if (!(TARGETS as readonly string[]).includes(t)) throw new Error(`--config: targets are ${TARGETS.join(', ')} (joined by +), got ${t}`);
      }
      const m = Math.max(1, Math.min(2000, Number(matches) || 1));
      const sp = Math.max(0, Math.min(200, Number(spectators) || 0));
      const total = Math.max(2, Math.min(80, Number(seconds) || 10)) * 1000;
      const rounds = Math.max(1, Math.min(6, Math.floor(total / 10_000)));
      return {
        id: `custom${i}-${m}x${sp}`,
        group: flags.includes('profile') ? 'profile' : 'main',
        targets: list,
        matches: m,
        spectators: sp,
        rounds,
        firstWarmupMs: 3000,
        warmupMs: 1000,
        measureMs: total / rounds,
        cpuProfile: flags.includes('profile'),
        ...leagueFlag(flags),
        ...base,
      } satisfies Session;
    });
  }
  const sessions: Session[] = [];
  if (QUICK) {
    // As in the full run, a target's second window comes after a warm-up as long as a window (MAIN_WARMUP_MS).
    sessions.push({ id: 'main', group: 'main', targets: ['ours', 'bare'], matches: 200, spectators: 20, rounds: 2, firstWarmupMs: 2000, warmupMs: 6000, measureMs: 6000, ...base });
    if (!ONLY_MAIN) {
      // One more point, small enough to fit: where does the room stand with fewer spectators?
      sessions.push({ id: 'spect-5', group: 'spectators', targets: ['ours'], matches: 200, spectators: 5, rounds: 1, firstWarmupMs: 2000, warmupMs: 1000, measureMs: 8000, ...base });
    }
    return sessions;
  }
  // Main: 200 matches x 22 clients, 4 rounds of 15 s per target (60 s each), interleaved, each window after a warm-up
  // as long as itself (MAIN_WARMUP_MS). Beside the bare relay, the durable floor (the same relay storing each event in
  // Redis before it sends it): what any server keeping the house rule pays, so that what ours's own code adds can be
  // told from what storing first costs. (Until 1 Dec the third target was the relay on the Redis streams adapter,
  // `bare-adapter`, from when the server's local delivery waited for the adapter; it still runs with --config.)
  // In the order of MAIN_TARGETS (bench/roundOrder.ts): the floor takes the first window after connecting.
  sessions.push({ id: 'main', group: 'main', targets: [...MAIN_TARGETS], matches: 200, spectators: 20, rounds: 4, firstWarmupMs: MAIN_WARMUP_MS, warmupMs: MAIN_WARMUP_MS, measureMs: 15_000, ...base });
  if (PROFILE) {
    // Profiling slows the server down: its own session, never mixed into the figures above.
    sessions.push({ id: 'profile', group: 'profile', targets: ['ours'], matches: 200, spectators: 20, rounds: 1, firstWarmupMs: 4000, warmupMs: 1000, measureMs: 30_000, cpuProfile: true, ...base });
  }
  if (ONLY_MAIN) return sessions;
  // A league night: the main load on rooms opened from a league schedule, spectators opening the season's pages.
  sessions.push({ id: 'league-night', group: 'league', targets: ['ours'], matches: 200, spectators: 20, rounds: 4, firstWarmupMs: 4000, warmupMs: 1000, measureMs: 15_000, league: { pageReadsPerSec: LEAGUE_PAGE_READS_PER_SEC }, ...base });
  // The sweep's windows go ours, bare, bare, ours, ours, bare: each target's second or third window comes after idling
  // through two of the other's. With 1 s warm-ups that window was its target's slowest of three in 25 of 42 cases (2
  // targets x 21 sweep sessions of the thirty-third host's three full runs; chance: 14), both targets alike; at 680
  // matches with 8 s warm-ups in 1 of 4 (bench/HISTORY.md, "A thirty-third host"). The main session's 15 s warm-ups
  // are there for the same reason. The first window after connecting waited 3 s until 4 Dec and was its target's
  // slowest in 9 of 14 in the first full run with the 8 s warm-ups; it now waits as long as the others. That did not
  // take the first slot's cost away (10 of 14 on the thirty-fourth host; with --first=bare the bare relay's first
  // window in 4 of 7), but every window now starts the same way, which is the fairer measure.
  const sweep = { targets: ['ours', 'bare'] as Target[], rounds: 3, firstWarmupMs: SWEEP_WARMUP_MS, warmupMs: SWEEP_WARMUP_MS, measureMs: 12_000, ...base };
  // Spectators per match at 200 matches: 1,400 .. 18,000 sockets per process.
  for (const sp of [5, 45, 73, 88]) sessions.push({ id: `spect-${sp}`, group: 'spectators', matches: 200, spectators: sp, ...sweep });
  // Matches at 22 clients each: 1,100 .. 15,000 sockets per process.
  for (const m of [50, 400, 680]) sessions.push({ id: `matches-${m}`, group: 'matches', matches: m, spectators: 20, ...sweep });
  return sessions.filter((x) => x.matches * (2 + x.spectators) <= MAX_SERVER_SOCKETS);
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
    { ours: 'League Night', candidate: 'candidate build', bare: 'bare relay', 'bare-adapter': 'bare relay + Redis streams adapter', 'bare-durable': 'bare relay + one Redis write (durable floor)' }[c.target] +
      (c.league ? ` on a league night (${c.league.pageReadsPerSec} season pages/s)` : ''),
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
    `${r.loadGens.loopDelayP99MaxMs} / ${round2(Math.max(0, ...r.rounds.map((x) => x.othersCores)))}`,
  ];
  return `| ${cells.join(' | ')} |`;
}

const TABLE_HEAD = [
  '| target | matches | spect./match | sockets | cmd/s | ack p50 / p95 / p99 ms | fan-out p50 / p95 / p99 ms | last spectator p99 ms | lost / dup / out-of-order | server CPU | Redis CPU | server peak RSS MB | bytes/update | loadgen loop p99 ms / other work (cores, worst window) |',
  '|---|---:|---:|---:|---:|---|---|---:|---|---:|---:|---:|---:|---:|',
];

function roundRatio(a: ConfigResult, b: ConfigResult, key: 'fanoutP99' | 'ackP99'): number | null {
  const n = Math.min(a.rounds.length, b.rounds.length);
  const ratios = Array.from({ length: n }, (_, i) => a.rounds[i]![key] / b.rounds[i]![key]).filter(Number.isFinite).sort((x, y) => x - y);
  if (ratios.length === 0) return null;
  const mid = Math.floor(ratios.length / 2);
  return round2(ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2);
}

function headline(results: ConfigResult[], engine: EngineBenchResult, guard: GuardBenchPoint[]) {
  // The first 'main' session (200 x 22 in the standard plans; the first --config otherwise).
  const mainSession = results.find((r) => r.config.group === 'main')?.config.session;
  const inMain = (t: Target) => results.find((r) => r.config.session === mainSession && r.config.target === t);
  const mainOurs = inMain('ours');
  const mainBare = inMain('bare');
  const mainAdapter = inMain('bare-adapter');
  const mainDurable = inMain('bare-durable');
  const ours = results.filter((r) => r.config.target === 'ours' && r.config.group !== 'profile');
  const leagueNight = ours.find((r) => r.config.league);
  // The sockets goal is read from the sweep over spectators per match, the main session being one of its points
  // (bench/socketsHeld.ts); the other configurations count only for the old, any-configuration figure.
  const points = (rs: ConfigResult[]): SweepPoint[] => rs.map((r) => ({ sockets: r.sockets, fanoutP99Ms: r.fanout.p99, clean: isClean(r) }));
  const sweep = (t: Target) => points(results.filter((r) => r.config.target === t && (r.config.group === 'spectators' || r.config.group === 'main')));
  const bareAll = points(results.filter((r) => r.config.target === 'bare'));
  const sum = (f: (r: ConfigResult) => number) => ours.reduce((a, r) => a + f(r), 0);
  return {
    p99FanoutMs: mainOurs?.fanout.p99 ?? null,
    bareP99FanoutMs: mainBare?.fanout.p99 ?? null,
    fanoutRatio: mainOurs && mainBare ? round2(mainOurs.fanout.p99 / mainBare.fanout.p99) : null,
    /** Median over the interleaved rounds of (ours p99 / bare p99 in the neighbouring window). */
    fanoutRatioRoundsMedian: mainOurs && mainBare ? roundRatio(mainOurs, mainBare, 'fanoutP99') : null,
    p99AckMs: mainOurs?.ack.p99 ?? null,
    bareP99AckMs: mainBare?.ack.p99 ?? null,
    ackRatio: mainOurs && mainBare ? round2(mainOurs.ack.p99 / mainBare.ack.p99) : null,
    serverCpuMsPerCommand: mainOurs?.server.cpuMsPerCommand ?? null,
    bareCpuMsPerCommand: mainBare?.server.cpuMsPerCommand ?? null,
    mainLoadAverage: mainOurs?.loadAverage ?? null,
    /** The durable floor (bare relay + one Redis write before it sends): fan-out and ack p99, and ours against it. */
    durableP99FanoutMs: mainDurable?.fanout.p99 ?? null,
    durableP99AckMs: mainDurable?.ack.p99 ?? null,
    fanoutRatioToDurable: mainOurs && mainDurable ? round2(mainOurs.fanout.p99 / mainDurable.fanout.p99) : null,
    durableFanoutRatio: mainDurable && mainBare ? round2(mainDurable.fanout.p99 / mainBare.fanout.p99) : null,
    bareAdapterP99FanoutMs: mainAdapter?.fanout.p99 ?? null,
    bareAdapterP99AckMs: mainAdapter?.ack.p99 ?? null,
    lostUpdates: sum((r) => r.lostEvents),
    duplicateUpdates: sum((r) => r.duplicateEvents),
    outOfOrderUpdates: sum((r) => r.outOfOrder),
    /** Since 6 Dec: the most sockets N such that every point of the spectators sweep up to N held (socketsHeld.ts). */
    maxSocketsUnder100ms: socketsHeldAtEveryStep(sweep('ours'), GOALS.fanoutP99Ms),
    /** The count before 6 Dec: the most sockets of any configuration under 100 ms, kept to compare with earlier runs. */
    maxSocketsUnder100msAnyConfig: mostSocketsUnder(points(ours), GOALS.fanoutP99Ms),
    maxSocketsTested: ours.length ? Math.max(...ours.map((r) => r.sockets)) : 0,
    /** --pin: "<target cpus>:<generators' cpus>:<Redis's cpus>", else null. */
    pinned: PIN ? `${PIN.target}:${PIN.rest}:${PIN.redis}` : null,
    bareMaxSocketsUnder100ms: socketsHeldAtEveryStep(sweep('bare'), GOALS.fanoutP99Ms),
    bareMaxSocketsUnder100msAnyConfig: mostSocketsUnder(bareAll, GOALS.fanoutP99Ms),
    serverCpuPct: mainOurs?.server.cpuPct ?? null,
    bareCpuPct: mainBare?.server.cpuPct ?? null,
    serverPeakRssMb: mainOurs?.server.rssPeakMb ?? null,
    bytesPerUpdate: mainOurs?.wire.bytesPerUpdate ?? null,
    bareBytesPerUpdate: mainBare?.wire.bytesPerUpdate ?? null,
    snapshotGzipBytes: engine.snapshotJson.gzipBytes,
    engineUsPerCommand: round2(engine.decideFold.usPerCommand),
    /** p50 of a lineup's R-VII.P.3.1 check with the most past schedule entries measured (bench/eveningGuard.ts). */
    lineupCheckP50Us: guard.at(-1)?.p50Us ?? null,
    lineupCheckPastEntries: guard.at(-1)?.pastEntries ?? null,
    /** The league night (rooms on a league schedule, spectators reading season pages): fan-out p99 and page p50/p99. */
    leagueNightP99FanoutMs: leagueNight?.fanout.p99 ?? null,
    leagueNightPageP50Ms: leagueNight?.pages?.latency.p50 ?? null,
    leagueNightPageP99Ms: leagueNight?.pages?.latency.p99 ?? null,
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

function markdown(results: ConfigResult[], engine: EngineBenchResult, guard: GuardBenchPoint[], head: ReturnType<typeof headline>, profile: ProfileSummary | null, chartPath: string): string {
  const ok = (b: boolean) => (b ? 'met' : '**not met**');
  const lines: string[] = [];
  lines.push(`Run: \`npm run bench${QUICK ? ' -- --quick' : ''}${PROFILE ? ' -- --profile' : ''}\` on ${new Date().toISOString().slice(0, 16)}Z, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 1e9)} GB, Node ${process.version}. Load average at the start of each window is in the JSON.${PIN ? ` Pinned (--pin): targets on CPU ${PIN.target}, load generators on CPU ${PIN.rest}, the run's own Redis on CPU ${PIN.redis}.` : ''}`);
  lines.push('');
  lines.push('Goals (issue 6) against this run:');
  lines.push('');
  lines.push(`- fan-out p99 within 1.3x of the bare relay at 200 matches x 22 clients: ${head.p99FanoutMs} ms vs ${head.bareP99FanoutMs} ms = **${head.fanoutRatio}x** (median of the per-round ratios ${head.fanoutRatioRoundsMedian}x) (${ok((head.fanoutRatio ?? Infinity) <= GOALS.fanoutRatio)})`);
  lines.push(`- ack p99 <= 5 ms: **${head.p99AckMs} ms** (bare relay ${head.bareP99AckMs} ms) (${ok((head.p99AckMs ?? Infinity) <= GOALS.ackP99Ms)})`);
  const n = (x: number) => x.toLocaleString('en-US');
  lines.push(`- >= 15,000 sockets per process under 100 ms p99: **${n(head.maxSocketsUnder100ms)}** of ${n(head.maxSocketsTested)} tested, held at every step of the spectators sweep (bare relay: ${n(head.bareMaxSocketsUnder100ms)}; the most of any configuration, the count before 6 Dec: ${n(head.maxSocketsUnder100msAnyConfig)}, bare relay ${n(head.bareMaxSocketsUnder100msAnyConfig)}) (${ok(head.maxSocketsUnder100ms >= GOALS.sockets)})`);
  lines.push(`- 0 lost updates: lost ${head.lostUpdates}, duplicated ${head.duplicateUpdates}, out of order ${head.outOfOrderUpdates} (${ok(head.lostUpdates === 0 && head.duplicateUpdates === 0 && head.outOfOrderUpdates === 0)})`);
  if (head.durableP99FanoutMs !== null) {
    lines.push(`- beside them, the durable floor (the bare relay storing each event in Redis, one RPUSH, before it sends it): fan-out p99 ${head.durableP99FanoutMs} ms (${head.durableFanoutRatio}x the bare relay; ours ${head.fanoutRatioToDurable}x the floor), ack p99 ${head.durableP99AckMs} ms`);
  }
  lines.push('');
  lines.push(...TABLE_HEAD);
  for (const r of results.filter((x) => x.config.group !== 'profile')) lines.push(row(r));
  lines.push('');
  // Ratios, session by session (ours and the bare relay measured in alternating windows of the same session).
  const sessions = [...new Set(results.map((r) => r.config.session))];
  const pairs = sessions
    .map((id) => ({ ours: results.find((r) => r.config.session === id && r.config.target === 'ours'), bare: results.find((r) => r.config.session === id && r.config.target === 'bare') }))
    .filter((p): p is { ours: ConfigResult; bare: ConfigResult } => !!p.ours && !!p.bare);
  if (pairs.length > 0) {
    lines.push('| matches x clients | sockets | fan-out p99 ours / bare | per-round median | ack p99 ours / bare | server CPU per command ours / bare (ms) |');
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const { ours, bare } of pairs) {
      lines.push(
        `| ${ours.config.matches} x ${ours.config.spectators + 2} | ${ours.sockets.toLocaleString('en-US')} | ${round2(ours.fanout.p99 / bare.fanout.p99)}x | ${roundRatio(ours, bare, 'fanoutP99')}x | ${round2(ours.ack.p99 / bare.ack.p99)}x | ${ours.server.cpuMsPerCommand} / ${bare.server.cpuMsPerCommand} |`,
      );
    }
    lines.push('');
  }
  lines.push(`![fan-out and ack p99 against sockets per process](${chartPath})`);
  lines.push('');
  const ln = results.find((r) => r.config.league && r.pages);
  if (ln?.pages) {
    lines.push(`League night (${ln.config.matches} x ${ln.config.spectators + 2}, rooms opened from a season's schedule in ${Math.min(20, ln.config.matches)} conferences, every lineup through the R-VII.P.3.1 check): ${ln.pages.reads} season pages read by spectators (standings and schedule in turn, ${ln.pages.perSec}/s, ${ln.pages.failed} failed), request to last byte p50 / p95 / p99 ${ln.pages.latency.p50} / ${ln.pages.latency.p95} / ${ln.pages.latency.p99} ms${
      // (absent from results written before pages were weighed, which --merge may carry over)
      ln.pages.wireBytesPerPage === undefined ? '' : `, ${ln.pages.wireBytesPerPage} bytes per page on the wire (${ln.pages.bodyBytesPerPage} decoded)`
    }; meanwhile fan-out p99 ${ln.fanout.p99} ms, ack p99 ${ln.ack.p99} ms, server ${ln.server.cpuPct}% CPU. Per window (fan-out p99): ${ln.rounds.map((x) => `${x.fanoutP99} ms`).join(', ')}.`);
    lines.push('');
  }
  const mo = results.find((r) => r.config.group === 'main' && r.config.target === 'ours');
  if (mo) {
    lines.push(`Main configuration details (League Night, ${mo.config.matches} x ${mo.config.spectators + 2}): ${mo.commandsSent} commands in the ${mo.config.rounds} windows (${mo.accepted} accepted, refusals ${JSON.stringify(mo.refused)}, errors ${JSON.stringify(mo.errors)}), ${mo.deliveries} deliveries to spectators; server ${mo.server.cpuMsPerCommand} ms CPU per command, RSS ${mo.server.rssBeforeConnectMb} MB idle, ${mo.server.rssAfterConnectMb} MB after connecting (${mo.server.kbPerSocket} KB per socket), peak ${mo.server.rssPeakMb} MB; Redis ${mo.redisCpuPct}% CPU; load generators ${mo.loadGens.processes} processes, ${mo.loadGens.cpuPct}% CPU, event-loop delay p99 ${mo.loadGens.loopDelayP99MaxMs} ms. Per window (ack p99 / fan-out p99 / server CPU / cores used by other work / the machine's longest stall): ${mo.rounds.map((x) => `${x.ackP99} / ${x.fanoutP99} ms / ${x.serverCpuPct}% / ${x.othersCores} / ${x.stallMs ?? '-'} ms`).join('; ')}${mo.discardedWindows ? ` (${mo.discardedWindows} disturbed windows measured again)` : ''}.`);
    if (mo.redisCommands) {
      const rc = Object.entries(mo.redisCommands).map(([k, v]) => `${k} ${v.perCommand}/command at ${v.usecPerCall} µs`).join(', ');
      lines.push(`Redis work per command (INFO commandstats over the window; shared Redis, approximate): ${rc}.`);
    }
    lines.push(`Wire: ${mo.wire.bytesPerUpdate} bytes per \`events\` frame, ${mo.wire.bytesPerAck} per ack, ${mo.wire.bytesPerCommand} per command frame, ${mo.wire.snapshotBytesAtConnect} per \`snapshot\` frame at connect (version 0). Snapshot of a match mid-play (v${mo.snapshot?.version}): ${mo.snapshot?.jsonBytes} bytes JSON, ${mo.snapshot?.gzipBytes} gzipped; after a full match: ${engine.snapshotJson.bytes} bytes JSON, ${engine.snapshotJson.gzipBytes} gzipped.`);
    lines.push('');
  }
  lines.push(`Engine (bench/engine.ts, full match = ${engine.commands} commands, ${engine.events} events): decide+fold ${round2(engine.decideFold.usPerCommand)} µs per command (${Math.round(engine.decideFold.commandsPerSec).toLocaleString('en-US')} commands/s, ${Math.round(engine.decideFold.matchesPerSec)} full matches/s on one core); decide alone ${round2(engine.decideOnly.usPerCommand)} µs; fold of the whole log ${round1(engine.foldLog.usPerLog)} µs (${round2(engine.foldLog.usPerEvent)} µs per event; ${round1(engine.foldLogSpread.usPerLog)} µs with the phones' spread copies); zod parse of envelope + command ${round2(engine.parse.usPerCommand)} µs; JSON.stringify of the snapshot ${round1(engine.snapshotJson.stringifyUs)} µs (average over the match), JSON.parse of the final snapshot ${round1(engine.snapshotJson.parseUs)} µs; average event ${Math.round(engine.eventBytesAvg)} bytes of JSON.`);
  if (guard.length > 0) {
    lines.push('');
    lines.push(`Lineup check (R-VII.P.3.1, bench/eveningGuard.ts, Redis store, ${guard[0]!.tonight} rooms under way tonight, ${guard[0]!.lineups} lineups after each room's first): ${guard.map((p) => `${p.pastEntries.toLocaleString('en-US')} past schedule entries p50 ${p.p50Us} µs / p99 ${p.p99Us} µs`).join('; ')}.`);
  }
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

const state: { results: ConfigResult[]; engine: EngineBenchResult | null; guard: GuardBenchPoint[]; profile: ProfileSummary | null; began: number } = {
  results: [],
  engine: null,
  guard: [],
  profile: null,
  began: performance.now(),
};
let finished = false;
/** Set once every session has run: an interrupted run reports what it has but leaves BENCHMARKS.md alone. */
let completed = false;

/** Writes whatever was measured and prints the headline JSON as the last line. Also used by the hard deadline. */
async function finish(): Promise<void> {
  if (finished) return;
  finished = true;
  killAll();
  let deleted = 0;
  // A pinned run's own Redis went with killAll(), and its keys with it.
  if (!PIN) for (const p of prefixes) deleted += await Promise.race([deletePrefix(p), sleep(3000).then(() => 0)]).catch(() => 0);
  log(PIN ? 'stopped the Redis of this run' : `removed ${deleted} Redis keys of this run`);
  if (redis) await Promise.race([redis.close(), sleep(1000)]).catch(() => undefined);

  let profile = state.profile;
  let results = state.results;
  const engine = state.engine ?? runEngineBench(true);
  if (MERGE && !QUICK && CUSTOM.length === 0 && existsSync(join(RESULTS, 'full.json'))) {
    const before = JSON.parse(readFileSync(join(RESULTS, 'full.json'), 'utf8')) as { results: ConfigResult[]; profile?: ProfileSummary | null };
    const previous = before.results;
    profile ??= before.profile ?? null;
    const measured = new Set(results.map((r) => r.config.session));
    const kept = previous.filter((r) => !measured.has(r.config.session));
    log(`--merge: keeping ${kept.length} results of the previous full run (${[...new Set(kept.map((r) => r.config.session))].join(', ')})`);
    // Keep the plan's order: main first, then the sweep as before.
    const order = ['main', 'profile', 'league-night'];
    results = [...results, ...kept].sort((a, b) => {
      const ia = order.indexOf(a.config.session);
      const ib = order.indexOf(b.config.session);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
  }
  const head = headline(results, engine, state.guard);
  // --only=main without --merge measured part of a full run: its files must not replace the full run's tables and
  // chart (bench/results/full.md and sweep.svg are committed with BENCHMARKS.md).
  const stamp = CUSTOM.length > 0 ? 'custom' : QUICK ? 'quick' : ONLY_MAIN && !MERGE ? 'main' : 'full';
  writeFileSync(join(RESULTS, `${stamp}.json`), `${JSON.stringify({ headline: head, engine, lineupCheck: state.guard, results, profile }, null, 2)}\n`);
  const chartName = stamp === 'full' ? 'sweep.svg' : `${stamp}-sweep.svg`;
  writeFileSync(join(RESULTS, chartName), chart(results));
  const md = markdown(results, engine, state.guard, head, profile, `bench/results/${chartName}`);
  writeFileSync(join(RESULTS, `${stamp}.md`), `${md}\n`);
  const updateMd = WRITE_MD && stamp === 'full' && completed;
  if (updateMd) writeBenchmarksMd(md);
  log(`done in ${Math.round((performance.now() - state.began) / 1000)} s; results in bench/results/${stamp}.json, ${stamp}.md and ${chartName}${updateMd ? '; BENCHMARKS.md updated' : ''}`);
  console.log(JSON.stringify(head));
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  if (PIN) {
    pinPid(process.pid, PIN.rest);
    const own = await startOwnRedis(PIN.redis, track);
    REDIS_URL = own.url;
    log(`--pin: targets on CPU ${PIN.target}; this process and the load generators on CPU ${PIN.rest}; a Redis of this run's own (${REDIS_URL}) on CPU ${PIN.redis}`);
  }
  const client = openRedis(REDIS_URL);
  await client.connect();
  if ((await client.ping()) !== 'PONG') throw new Error(`Redis at ${REDIS_URL} does not answer`);

  log('engine micro-benchmark');
  state.engine = runEngineBench(QUICK);
  const engine = state.engine;
  log(`engine: decide+fold ${round2(engine.decideFold.usPerCommand)} µs/command, fold of a full log ${round1(engine.foldLog.usPerLog)} µs`);
  log('lineup check (R-VII.P.3.1) against the size of the league\'s past schedule');
  state.guard = await runGuardBench({ past: QUICK ? [0, 2000] : [0, 2000, 20000], tonight: 40, lineups: QUICK ? 100 : 300, redisUrl: REDIS_URL });
  for (const p of state.guard) log(`lineup check: ${p.pastEntries} past entries, ${p.tonight} rooms tonight: p50 ${p.p50Us} µs, p99 ${p.p99Us} µs`);

  let lastCost: { ms: number; sockets: number; fixedMs: number } | null = null;
  for (const sess of plan()) {
    // Sockets opened in the session (every target holds its own), and the time spent sending.
    const sockets = sess.matches * (2 + sess.spectators) * sess.targets.length;
    // Per target: the first warm-up and window, then every further window (one more with --unmeasured-round) after
    // an ordinary warm-up.
    const windows = sess.rounds + (UNMEASURED_ROUND ? 1 : 0);
    const fixedMs = sess.targets.length * ((FIRST_WARMUP_MS ?? sess.firstWarmupMs) + windows * (sess.measureMs + 1000) + (windows - 1) * (WARMUP_MS ?? sess.warmupMs));
    if (QUICK && lastCost) {
      // Skip what would not finish within the quick budget, judged from the last session's cost:
      // start-up, connecting and tear-down scale with the sockets; warm-up and measurement are fixed.
      const predicted = (lastCost.ms - lastCost.fixedMs) * Math.max(1, sockets / lastCost.sockets) + fixedMs;
      if (performance.now() - state.began + predicted > QUICK_BUDGET_MS) {
        log(`${sess.id}: skipped (would not fit the quick budget of ${QUICK_BUDGET_MS / 1000} s)`);
        continue;
      }
    }
    if (WAIT_QUIET !== null) await waitQuiet(sess.id, WAIT_QUIET_MAX_MS);
    const t0 = performance.now();
    try {
      let rs: ConfigResult[] = [];
      await runSession(sess, (results) => {
        rs = results;
        state.results.push(...results);
      });
      for (const r of rs) {
        log(
          `${r.config.id}: ack p50/p99 ${r.ack.p50}/${r.ack.p99} ms, fan-out p50/p95/p99 ${r.fanout.p50}/${r.fanout.p95}/${r.fanout.p99} ms (last spectator p99 ${r.fanoutAll.p99}), ` +
            `lost ${r.lostEvents} dup ${r.duplicateEvents} ooo ${r.outOfOrder}, ` +
            (r.pages && r.pages.reads > 0 ? `${r.pages.reads} season pages (${r.pages.perSec}/s, ${r.pages.failed} failed) p50/p99 ${r.pages.latency.p50}/${r.pages.latency.p99} ms, ${r.pages.wireBytesPerPage} B each on the wire (${r.pages.bodyBytesPerPage} decoded), ` : '') +
            `server CPU ${r.server.cpuPct}% RSS peak ${r.server.rssPeakMb} MB, ${r.wire.bytesPerUpdate} B/update, ${r.commandsPerSec} cmd/s` +
            (Object.keys(r.refused).length || Object.keys(r.errors).length ? `, refused ${JSON.stringify(r.refused)} errors ${JSON.stringify(r.errors)}` : '') +
          `, loadgen (${r.loadGens.client}) CPU ${r.loadGens.cpuPct}% loop p99 ${r.loadGens.loopDelayP99MaxMs} ms, load avg ${r.loadAverage}`,
        );
        const types = Object.entries(r.fanoutByType);
        if (types.length > 0) log(`${r.config.id} fan-out by command type (p50/p99 ms, deliveries): ${types.map(([k, v]) => `${k} ${v.p50}/${v.p99} (${v.count})`).join(', ')}`);
      }
      const r = rs.find((x) => x.config.target === 'ours');
      if (sess.cpuProfile && r) {
        const dir = join(RESULTS, 'profile', 'ours');
        // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (tsx adds a loader thread).
        const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
        const file = files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
        if (file) {
          state.profile = summarize(join(dir, file), 30, r.windowsUs);
          writeFileSync(join(RESULTS, 'profile-top.txt'), `${formatSummary(state.profile)}\n`);
          writeFileSync(join(RESULTS, 'profile-window.txt'), `${r.windowsUs.map((x) => `${x.fromUs}:${x.toUs}`).join(',')}\n`);
          log(`profile written: bench/results/profile/ours/${file}; summary in bench/results/profile-top.txt`);
        } else log('profile: no .cpuprofile was written');
      }
    } catch (err) {
      log(`${sess.id}: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    }
    lastCost = { ms: performance.now() - t0, sockets, fixedMs };
  }
  completed = true;
  await finish();
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error('bench failed:', err);
    killAll();
    process.exit(1);
  });
