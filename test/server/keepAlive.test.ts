import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../../server/assemble';
import { startInProcess } from '../helpers/inProcessServer';
import { sleep } from '../helpers/serverProcess';

/**
 * An idle kept-alive connection outlives Node's 5 s default: a client reusing it after a pause (a browser, a load
 * balancer, the browser tests' request context) must be served on it, not meet the server closing it (ECONNRESET).
 */

let server: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => {
  await server.close();
});

function healthz(agent: Agent): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = get(`${server.url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
    });
    req.on('error', reject);
  });
}

describe('HTTP keep-alive', () => {
  it('keeps an idle connection open past 5 s and serves the next request on it', async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await healthz(agent);
    expect(first.status).toBe(200);
    await sleep(6_000);
    expect(first.socket.destroyed).toBe(false);
    const second = await healthz(agent);
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });
});
