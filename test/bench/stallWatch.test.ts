import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep } from '../helpers/serverProcess';

/**
 * The bench's stall watch (bench/stallWatch.ts) must see the machine holding its process, which is what it stands
 * for: here the process is stopped (SIGSTOP) for 400 ms, as a hypervisor would hold the whole machine, and resumed.
 * Left alone it must report only the ordinary few ms of waiting for a core.
 */

const CHILD = fileURLToPath(new URL('./fixtures/stallWatchChild.ts', import.meta.url));
let child: ChildProcess | null = null;

afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
});

function start(): Promise<ChildProcess> {
  const c = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child = c;
  return new Promise((resolve, reject) => {
    c.once('message', () => resolve(c));
    c.once('exit', (code) => reject(new Error(`stall watch child exited (${code})`)));
  });
}

function take(c: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    c.once('message', (ms) => resolve(Number(ms)));
    c.send('take');
  });
}

describe('stall watch', () => {
  it('reports a stop of its process as a stall, and little when left alone', async () => {
    const c = await start();
    await take(c); // from here on
    await sleep(300);
    const alone = await take(c);
    expect(alone).toBeGreaterThanOrEqual(0);
    expect(alone).toBeLessThan(150);

    c.kill('SIGSTOP');
    await sleep(400);
    c.kill('SIGCONT');
    await sleep(50);
    const held = await take(c);
    expect(held).toBeGreaterThanOrEqual(300);

    // take() starts the next span: the stall is not reported twice.
    await sleep(100);
    expect(await take(c)).toBeLessThan(150);
  });
});
