import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterAll } from 'vitest';

/**
 * Real server processes for the room tests: `node --import tsx server/main.ts` with its own port, Redis prefix and
 * data folder, so test files can run side by side on one Redis.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SHARED_REDIS = 'redis://127.0.0.1:6379';
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** A port that was free a moment ago (a restarted server reuses it so its clients find it again). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export const uniquePrefix = (name: string) => `ln:test:${name}:${randomUUID().slice(0, 8)}:`;
const made: string[] = [];
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ln-${name}-`));
  made.push(dir);
  return dir;
}
/** Removes every folder tempDir made in this test file (call after the processes using them stopped). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface ServerOptions {
  port?: number;
  /** Unset: the embedded store in `dataDir`. */
  redisUrl?: string;
  prefix?: string;
  dataDir?: string;
  env?: Record<string, string>;
}

export class ServerProcess {
  readonly output: string[] = [];
  #exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly options: ServerOptions,
  ) {
    const collect = (chunk: Buffer) => this.output.push(chunk.toString('utf8'));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.#exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(options: ServerOptions = {}): Promise<ServerProcess> {
    const port = options.port ?? (await freePort());
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      DATA_DIR: options.dataDir ?? tempDir('data'),
      REDIS_PREFIX: options.prefix ?? uniquePrefix('proc'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MESSAGE_RATE: '1000',
      MESSAGE_BURST: '1000',
      // Tests upload photos back to back; the one that tests the upload limit sets its own.
      PHOTO_UPLOAD_BURST: '1000',
      PHOTO_UPLOAD_PER_MINUTE: '60000',
      ...options.env,
    };
    if (options.redisUrl) env.REDIS_URL = options.redisUrl;
    else delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new ServerProcess(child, port, options);
    try {
      await server.waitReady();
    } catch (err) {
      await server.kill(); // never leave a process behind a failed start
      throw err;
    }
    return server;
  }

  /** Starts several at once; if any fails, the others are killed too (nothing is left running). */
  static async startMany(...options: ServerOptions[]): Promise<ServerProcess[]> {
    const results = await Promise.allSettled(options.map((o) => ServerProcess.start(o)));
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => s.kill()));
      throw failed.reason;
    }
    return started;
  }

  /** Starts a new process with the same port, store and prefix (a restart after a crash). */
  restart(): Promise<ServerProcess> {
    return ServerProcess.start({ ...this.options, port: this.port, dataDir: this.options.dataDir });
  }

  async waitReady(timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode}):\n${this.output.join('')}`);
      try {
        const res = await fetch(`${this.url}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`server not ready after ${timeoutMs} ms:\n${this.output.join('')}`);
  }

  /** SIGKILL: no shutdown code runs, exactly like a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.#exited;
  }

  /** SIGTERM and wait: the graceful path. Returns the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    this.child.kill('SIGTERM');
    // A stuck shutdown must not hang the suite (the server's own deadline is 10 s).
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    const code = await this.#exited;
    clearTimeout(timer);
    return code;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** Generous limits for tests that start processes: a loaded CI box (2 cores) can take 10 s+ per start. */
export const PROCESS_TEST_TIMEOUT = 90_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Deletes every key under `prefix` (test cleanup on the shared Redis). */
export async function deleteKeys(prefix: string, url = SHARED_REDIS): Promise<void> {
  const admin = createClient({ url });
  admin.on('error', () => undefined);
  await admin.connect();
  for await (const keys of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length > 0) await admin.del(keys);
  }
  await admin.close();
}

/**
 * The teardown of a test file that runs one server process on the shared Redis, registered as its afterAll: closes
 * the file's clients, stops the server (if it started), then deletes the file's keys and temporary folders (only
 * once no process uses them). `server` is a getter because the file's beforeAll assigns it after this is called;
 * `clients` is the file's own list, read when the teardown runs.
 */
export function afterAllStopServer(prefix: string, clients: readonly { close(): void }[], server: () => ServerProcess | undefined): void {
  afterAll(async () => {
    for (const c of clients) c.close();
    await server()?.stop();
    await deleteKeys(prefix);
    removeTempDirs();
  }, PROCESS_TEST_TIMEOUT);
}
