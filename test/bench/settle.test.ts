import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PING_INTERVAL_MS, QUICK_SETTLE_MS, SETTLE_AFTER_CONNECT_MS } from '../../bench/settle';
import { startBareRelay } from '../helpers/bareRelayProcess';
import { startInProcess } from '../helpers/inProcessServer';
import { removeTempDirs } from '../helpers/serverProcess';
import { killProcess } from '../helpers/throwawayRedis';

/**
 * A full run's sessions wait, after their last target connected, until that target's first Engine.IO ping round is
 * over (bench/settle.ts). That holds only while both servers ping at the interval the bench assumes: read here from
 * the handshake each one sends a new connection, as a phone reads it.
 */

/** The `pingInterval` of the Engine.IO open packet a server at `url` sends a new WebSocket connection. */
async function pingIntervalOf(url: string): Promise<number> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  try {
    const open = await new Promise<string>((resolve, reject) => {
      ws.once('message', (data) => resolve(String(data)));
      ws.once('error', reject);
    });
    // Engine.IO packet type 0 ("open"), then the handshake's JSON.
    expect(open.startsWith('0')).toBe(true);
    return (JSON.parse(open.slice(1)) as { pingInterval: number }).pingInterval;
  } finally {
    ws.close();
  }
}

let relay: ChildProcess | null = null;
let relayUrl = '';

beforeAll(async () => {
  const started = await startBareRelay();
  relay = started.child;
  relayUrl = `http://127.0.0.1:${started.port}`;
}, 30_000);

afterAll(async () => {
  if (relay) await killProcess(relay);
  removeTempDirs();
});

describe("a full run's wait after connecting", () => {
  it("outlasts the first ping round: League Night's server pings at the interval the bench assumes", async () => {
    const server = await startInProcess();
    try {
      expect(await pingIntervalOf(server.url)).toBe(PING_INTERVAL_MS);
    } finally {
      await server.close();
    }
  });

  it('and so does the bare relay', async () => {
    expect(await pingIntervalOf(relayUrl)).toBe(PING_INTERVAL_MS);
  });

  it('waits past the round with a margin in a full run, and briefly with --quick', () => {
    expect(SETTLE_AFTER_CONNECT_MS).toBeGreaterThanOrEqual(PING_INTERVAL_MS + 10_000);
    expect(QUICK_SETTLE_MS).toBeLessThan(PING_INTERVAL_MS);
  });
});
