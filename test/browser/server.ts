import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Playwright global setup: starts the real server (`server/main.ts` under tsx) on a free port with an embedded
 * store in a temporary folder and a fresh admin token, and hands both to the tests through the environment
 * (LN_BASE_URL, LN_ADMIN_TOKEN). Returns the teardown. The client must be built first (`npm run test:browser`
 * runs `vite build`).
 */
export default async function startServer(): Promise<() => Promise<void>> {
  if (!existsSync('dist/client/index.html')) throw new Error('Build the client first: npx vite build');
  // A RAM-backed folder when there is one: the embedded store fdatasyncs every append, which on a busy disk would
  // measure the disk rather than the scoresheet.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(base, 'league-night-browser-'));
  const adminToken = randomBytes(24).toString('base64url');
  const child: ChildProcess = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, SEED_DEMO: 'false', LOG_LEVEL: 'warn', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on \S+ \(port (\d+)\)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  process.env.LN_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.LN_ADMIN_TOKEN = adminToken;

  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
