import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds a patched copy of the server outside the repository, to A/B a proposed change against the real server in
 * one interleaved bench session (the repository's server/ is never touched):
 *
 *   npx tsx bench/experiments/candidate.ts /tmp/ln-candidate no-adapter
 *   BENCH_CANDIDATE=/tmp/ln-candidate/server/main.ts npm run bench -- --config=ours+candidate:200:20:40
 *
 * Patches (each a literal search/replace that must match, so a stale patch fails loudly):
 * - no-adapter: an UPPER BOUND, not a deployable server: no Redis streams adapter and no cross-process relay, as
 *   with the embedded store (the Redis store stays). Only one process may then serve a match; it measures what the
 *   adapter's background work (its XREAD loop, heartbeats) costs a process under load.
 * - timings: the server as it is, plus where a command's time goes inside it, printed to stderr (so to
 *   bench/results/<config>-candidate.log) every second (t=, the process's clock) as p50/p90/p99 in ms: `parse` (the
 *   envelope and the command), `desk` (guard, decide, fold and the append's round trip), `append` (the store's
 *   append alone), `emit` (from the desk's answer until the room's fan-out is written: the sender's events, its
 *   acknowledgement, the ticks the fan-out waits for the turn's answers, the fan-out), and the event loop's delay
 *   (p99, max; 2 ms resolution). Costs a few timestamps per command. (Until 30 Nov, 21:30: every 5 s.)
 * - redis-wire: with timings, the append's round trip split into queue, Redis and wake-up (below).
 * - unsafe-no-wait: an UPPER BOUND that breaks the house rule: updates go out before they are stored (below).
 * - no-pings: an EXPERIMENT: Engine.IO's pings ten minutes apart, so none falls inside a session (below).
 * Calibrate first: an A/A session (this commit exported as the candidate) gave the candidate's slot about 5 % less
 * CPU per command than the server's on the 30 Nov host (bench/HISTORY.md, "A faster host"); smaller differences need
 * several sessions, ideally with the slots swapped.
 * The earlier patches (redis-timeout, local-first, no-answerfor, sparse-snapshot) are applied in server/ now and
 * were removed. To A/B the current server against an older commit instead, export that commit's tree as the
 * candidate:
 *
 *   git archive <commit> server shared package.json tsconfig.base.json | tar -x -C /tmp/ln-before
 *   ln -s "$PWD/node_modules" /tmp/ln-before/node_modules
 *   BENCH_CANDIDATE=/tmp/ln-before/server/main.ts npm run bench -- --config=ours+candidate:200:10:36
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Patch {
  file: string;
  search: string;
  replace: string;
}

const PATCHES: Record<string, Patch[]> = {};

PATCHES['no-adapter'] = [
  {
    file: 'server/room/socketServer.ts',
    search: 'const cross = config.redisUrl ? redisAdapter(config.redisUrl, config.redisPrefix, log) : null;',
    replace: 'const cross = null as ReturnType<typeof redisAdapter> | null;',
  },
];

// An EXPERIMENT, not a deployable server: Engine.IO's pings ten minutes apart instead of 25 s, so that no ping round
// falls inside a bench session: what the rounds cost ours (its scavenges, with BENCH_NODE_ARGS=--trace-gc-nvp).
PATCHES['no-pings'] = [
  {
    file: 'server/room/socketServer.ts',
    search: "transports: ['websocket'],",
    replace: "transports: ['websocket'], pingInterval: 600_000, pingTimeout: 600_000,",
  },
];

/**
 * Percentiles of the samples, printed and cleared every second with the process's clock (ms since it started, as
 * `--trace-gc` counts), so a slow second lines up with the GC lines around it (the `timings` patch's reporter).
 */
const TIMINGS_REPORTER = `
const timings: Record<string, number[]> = { parse: [], desk: [], append: [], emit: [] };
const loopDelay = (await import('node:perf_hooks')).monitorEventLoopDelay({ resolution: 2 });
loopDelay.enable();
setInterval(() => {
  const q = (a: number[], p: number) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))]!.toFixed(3) : '-');
  const parts = Object.entries(timings).map(([k, a]) => {
    a.sort((x, y) => x - y);
    const line = \`\${k} n=\${a.length} p50=\${q(a, 0.5)} p90=\${q(a, 0.9)} p99=\${q(a, 0.99)}\`;
    a.length = 0;
    return line;
  });
  parts.push(\`loop delay p99=\${(loopDelay.percentile(99) / 1e6).toFixed(1)} max=\${(loopDelay.max / 1e6).toFixed(1)}\`);
  loopDelay.reset();
  console.error(\`TIMINGS t=\${Math.round(performance.now())} \${parts.join(' | ')}\`);
}, 1000).unref();
(globalThis as { lnTimings?: typeof timings }).lnTimings = timings;
`;
const timing = (name: string, since: string) => `(globalThis as { lnTimings?: Record<string, number[]> }).lnTimings?.${name}.push(performance.now() - ${since});`;

PATCHES['timings'] = [
  {
    file: 'server/room/roomMessages.ts',
    search: 'export async function onCommand(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {\n',
    replace: `${TIMINGS_REPORTER}export async function onCommand(socket: RoomSocket, deps: RoomDeps, payload: unknown, answer: Answer): Promise<void> {\n  const t0 = performance.now();\n`,
  },
  {
    file: 'server/room/roomMessages.ts',
    search: '  const { reply, broadcast } = await deps.desk.handle({ matchId, commandId, command: command.data, actor: socket.data.actor });\n',
    replace: `  const t1 = performance.now();\n  ${timing('parse', 't0')}\n  const { reply, broadcast } = await deps.desk.handle({ matchId, commandId, command: command.data, actor: socket.data.actor });\n  const t2 = performance.now();\n  ${timing('desk', 't1')}\n`,
  },
  {
    file: 'server/room/roomMessages.ts',
    search: '  afterTheAnswers(() => fanOutEvents(deps.io, matchRoom(matchId), socket.id, broadcast, frame));\n}',
    replace: `  afterTheAnswers(() => {\n    fanOutEvents(deps.io, matchRoom(matchId), socket.id, broadcast, frame);\n    ${timing('emit', 't2')}\n  });\n}`,
  },
  {
    file: 'server/room/commandDesk.ts',
    search: '      const result = await this.store\n        .append(',
    replace: '      const tA = performance.now();\n      const result = await this.store\n        .append(',
  },
  {
    file: 'server/room/commandDesk.ts',
    search: "      switch (result.kind) {\n        case 'appended':",
    replace: `      ${timing('append', 'tA')}\n      switch (result.kind) {\n        case 'appended':`,
  },
];

/**
 * redis-wire (with timings, after it): splits the append's round trip in three, from the Redis connection's own socket
 * (net.Socket hooks on REDIS_URL's port): `queue` from the append's call to node-redis writing it (node-redis batches its
 * writes in a setImmediate), `redis` from that write to the socket's data event carrying the reply, `wake` from
 * that event to the desk going on. The hooks cost every socket a little; read the shares, not the totals.
 */
PATCHES['redis-wire'] = [
  {
    file: 'server/main.ts',
    search: "import type { AddressInfo } from 'node:net';\n",
    replace: `import type { AddressInfo } from 'node:net';
import { Socket as NetSocket } from 'node:net';
{
  // The store's Redis, wherever the bench put it (--pin starts one of its own on another port).
  const redisPort = Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);
  const wire = { writes: new Float64Array(256), n: 0, lastData: 0 };
  (globalThis as { lnWire?: typeof wire }).lnWire = wire;
  const write = NetSocket.prototype.write;
  NetSocket.prototype.write = function (this: NetSocket, ...args: unknown[]) {
    if (this.remotePort === redisPort) wire.writes[wire.n++ & 255] = performance.now();
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  const emit = NetSocket.prototype.emit;
  NetSocket.prototype.emit = function (this: NetSocket, event: string | symbol, ...args: unknown[]) {
    if (event === 'data' && this.remotePort === redisPort) wire.lastData = performance.now();
    return emit.call(this, event, ...args);
  } as typeof emit;
}
`,
  },
  {
    file: 'server/room/commandDesk.ts',
    search: "      switch (result.kind) {\n        case 'appended':",
    replace: `      {
        const tB = performance.now();
        const w = (globalThis as { lnWire?: { writes: Float64Array; n: number; lastData: number } }).lnWire!;
        const t = (globalThis as { lnTimings?: Record<string, number[]> }).lnTimings!;
        let written = Infinity;
        for (let i = 1; i <= Math.min(w.n, 256); i++) {
          const at = w.writes[(w.n - i) & 255]!;
          if (at < tA) break;
          written = at;
        }
        if (written !== Infinity && w.lastData >= written) {
          (t.queue ??= []).push(written - tA);
          (t.redis ??= []).push(w.lastData - written);
          (t.wake ??= []).push(tB - w.lastData);
        }
      }
      switch (result.kind) {
        case 'appended':`,
  },
];

/**
 * unsafe-no-wait: an UPPER BOUND that breaks the house rule, never to be deployed: the append is sent to Redis but
 * not waited for, so the update goes out and is acknowledged before it is stored. What is left of the gap to the bare
 * relay with it is what validation, the engine and the store's client-side work cost; the rest is the wait for
 * the store (bench/HISTORY.md, "The durability wait, measured").
 */
PATCHES['unsafe-no-wait'] = [
  {
    file: 'server/room/commandDesk.ts',
    search: '      const result = await this.store\n        .append(',
    replace: "      const result = { kind: 'appended' as const, version: fromVersion + decision.events.length };\n      void this.store\n        .append(",
  },
];

const [target, ...names] = process.argv.slice(2);
if (!target || names.length === 0 || names.some((n) => !PATCHES[n])) {
  console.error(`usage: tsx bench/experiments/candidate.ts <dir> <patch>...  (patches: ${Object.keys(PATCHES).join(', ')})`);
  process.exit(2);
}
// redis-wire reads the timings patch's start of the append (`tA`) and its reporter.
if (names.includes('redis-wire') && !(names.includes('timings') && names.indexOf('timings') < names.indexOf('redis-wire'))) {
  console.error('redis-wire needs the timings patch before it: ... timings redis-wire');
  process.exit(2);
}
const dir = resolve(target);
if (dir.startsWith(ROOT)) {
  console.error('the candidate must live outside the repository');
  process.exit(2);
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
for (const part of ['server', 'shared', 'package.json', 'tsconfig.base.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
for (const name of names) {
  for (const p of PATCHES[name]!) {
    const file = join(dir, p.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(p.search)) {
      console.error(`patch ${name}: ${p.file} no longer contains ${JSON.stringify(p.search)}`);
      process.exit(1);
    }
    writeFileSync(file, text.replace(p.search, p.replace));
  }
  console.error(`applied ${name}`);
}
console.log(join(dir, 'server', 'main.ts'));
