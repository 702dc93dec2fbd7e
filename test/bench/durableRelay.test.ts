import type { ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBareRelay } from '../helpers/bareRelayProcess';
import { freePort, sleep } from '../helpers/serverProcess';
import { killProcess, startVolatileRedis } from '../helpers/throwawayRedis';

/**
 * The bench's durable floor (bench/bareRelay.ts with RELAY_DURABLE=1) must be what it claims: a relay that sends an
 * update to nobody, the sender included, before Redis has stored it. Otherwise the bench would credit the house rule
 * with a price it never paid. A private redis-server, stopped with SIGSTOP while a command is in flight: a relay that
 * broadcast or acknowledged first would be seen doing so while Redis cannot answer.
 */

let redis: ChildProcess;
let relay: ChildProcess;
let redisUrl = '';
let relayUrl = '';
const prefix = 'bench:durable-test:';
const sockets: Socket[] = [];

beforeAll(async () => {
  const redisPort = await freePort();
  redis = await startVolatileRedis(redisPort);
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  const started = await startBareRelay({ RELAY_DURABLE: '1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
  relay = started.child;
  relayUrl = `http://127.0.0.1:${started.port}`;
}, 30_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await killProcess(relay);
  await killProcess(redis);
});

/** A connected client of the relay's room `matchId`, recording every `events` message's versions. */
async function client(matchId: string): Promise<{ socket: Socket; versions: number[] }> {
  const socket = io(relayUrl, { transports: ['websocket'], auth: { matchId }, forceNew: true, reconnection: false });
  sockets.push(socket);
  const versions: number[] = [];
  socket.on('events', (m: { events: { version: number }[] }) => versions.push(...m.events.map((e) => e.version)));
  await new Promise<void>((resolve, reject) => {
    socket.once('snapshot', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, versions };
}

it('stores each event in Redis before it broadcasts or acknowledges it, and holds the update while Redis cannot answer', async () => {
  const matchId = 'm1';
  const captain = await client(matchId);
  const spectator = await client(matchId);
  const check = createClient({ url: redisUrl });
  await check.connect();
  try {
    const first = await captain.socket.timeout(5000).emitWithAck('command', { type: 'arrive', payload: { player: 'H1' } });
    expect(first).toEqual({ status: 'accepted', version: 1 });
    await expect.poll(() => spectator.versions).toEqual([1]);
    expect(await check.lLen(`${prefix}log:${matchId}`)).toBe(1);

    // Redis held: the command is in flight, and nothing of it may reach anyone until Redis has stored it.
    redis.kill('SIGSTOP');
    let answer: unknown = null;
    const second = captain.socket
      .timeout(10_000)
      .emitWithAck('command', { type: 'arrive', payload: { player: 'H2' } })
      .then((reply: unknown) => (answer = reply));
    await sleep(500);
    expect(answer).toBeNull();
    expect(spectator.versions).toEqual([1]);
    expect(captain.versions).toEqual([1]);

    redis.kill('SIGCONT');
    await second;
    expect(answer).toEqual({ status: 'accepted', version: 2 });
    await expect.poll(() => spectator.versions).toEqual([1, 2]);
    expect(await check.lLen(`${prefix}log:${matchId}`)).toBe(2);
    expect(JSON.parse((await check.lIndex(`${prefix}log:${matchId}`, 1)) ?? 'null')).toMatchObject({ type: 'arrive', player: 'H2' });
  } finally {
    redis.kill('SIGCONT');
    await check.close();
  }
});
