import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { sleep, tempDir } from './serverProcess';

/**
 * A private redis-server a test can kill and restart (never the shared one on 6379). Append-only file with
 * fsync on every write, in a temp folder, so a restart (even after SIGKILL) comes back with every acknowledged
 * write, as a production Redis configured for durability would.
 */
export class ThrowawayRedis {
  #child: ChildProcess | null = null;
  readonly dir = tempDir('redis');

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.#child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await answersPing(this.port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A private redis-server that keeps nothing (no append-only file, no snapshots), for tests that stop it with SIGSTOP
 * or kill it mid-command, or that need it set up apart (a password, a unix socket: `extraArgs`): resolves once it is
 * ready for connections.
 */
export async function startVolatileRedis(port: number, extraArgs: readonly string[] = []): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

/** Kills a child process (waking it first, should a test have left it stopped) and waits for it to exit. */
export async function killProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGCONT');
  child.kill('SIGKILL');
  await exited;
}
