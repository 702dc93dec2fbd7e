import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { createClient } from 'redis';

/**
 * `--pin`: the target under test gets a core of its own. On a 2-core machine the server, Redis and the load
 * generators otherwise take turns on both cores, and every command visits the server's event loop twice (the
 * command, then the store's reply), each time perhaps waiting for a core a generator or Redis holds. Pinned, the
 * target runs alone on the last CPU and everything else (this orchestrator, the load generators, and a Redis of
 * the run's own) on the others, so what is left is the target's own cost and queueing. The bare relay is pinned
 * the same way, so the ratio still compares like with like.
 *
 * The machine's shared Redis is never re-pinned (other work uses it): a pinned run starts its own `redis-server`
 * on a free port, without persistence like the shared one here, and stops it at the end.
 *
 * `--pin` takes the last CPU for the target; `--pin=<target cpus>:<other cpus>` (taskset lists, e.g. `1:0`) says
 * which. A third list, `--pin=<target>:<others>:<redis>`, puts the run's Redis elsewhere than the load generators,
 * e.g. `0:1:0`, the target and its store on one core and the clients on the other: on a host where waking an idle
 * vCPU costs 100 µs or more, the store's round trip then stays on one core. Tried on such a host: every p50 fell and
 * every p99 rose, the generators' one core too few at their bursts (bench/HISTORY.md, "A twenty-fifth host"). With
 * the generators free on both cores (`0:0-1:0`) every target's p99 rose too, the bare relay's most ("A thirty-first
 * host").
 * Needs `taskset` (util-linux) and `redis-server` on the PATH.
 */
export interface Pinning {
  target: string;
  rest: string;
  /** The run's own Redis's CPUs (the same as `rest` unless a third list is given). */
  redis: string;
}

export function parsePin(argv: readonly string[]): Pinning | null {
  const a = argv.find((x) => x === '--pin' || x.startsWith('--pin='));
  if (!a) return null;
  const cpus = availableParallelism();
  if (a === '--pin') {
    if (cpus < 2) throw new Error('--pin needs at least 2 CPUs');
    const rest = cpus === 2 ? '0' : `0-${cpus - 2}`;
    return { target: String(cpus - 1), rest, redis: rest };
  }
  const m = /^--pin=([\d,-]+):([\d,-]+)(?::([\d,-]+))?$/.exec(a);
  if (!m) throw new Error(`--pin=<target cpus>:<other cpus>[:<redis cpus>], e.g. --pin=1:0; got ${a}`);
  return { target: m[1]!, rest: m[2]!, redis: m[3] ?? m[2]! };
}

/** The command line that starts `file args` on these CPUs (taskset execs it, so the pid is the program's). */
export function pinned(cpus: string | null, file: string, args: string[]): [string, string[]] {
  return cpus === null ? [file, args] : ['taskset', ['-c', cpus, file, ...args]];
}

/** Moves a running process, every thread of it, to these CPUs (threads it starts later inherit the mask). */
export function pinPid(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A `redis-server` of this run's own on these CPUs; resolves once it answers PING. */
export async function startOwnRedis(cpus: string, track: (c: ChildProcess) => ChildProcess): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const [file, args] = pinned(cpus, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', '']);
  const child = track(spawn(file, args, { stdio: 'ignore' }));
  const url = `redis://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    const c = createClient({ url });
    c.on('error', () => undefined);
    try {
      await c.connect();
      const pong = await c.ping();
      await c.close();
      if (pong === 'PONG') return { url, child };
    } catch {
      c.destroy();
    }
    if (child.exitCode !== null || Date.now() > until) throw new Error(`redis-server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
