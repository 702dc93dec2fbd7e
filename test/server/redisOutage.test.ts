import { afterAll, beforeAll, expect, it } from 'vitest';
import { matchResult, type Side } from '../../shared/index';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, expectSameState, fullMatchSteps, play } from '../helpers/matchScript';
import { ServerProcess, sleep, removeTempDirs, PROCESS_TEST_TIMEOUT } from '../helpers/serverProcess';
import { ThrowawayRedis } from '../helpers/throwawayRedis';

/**
 * Redis dies in the middle of a match and comes back. Meanwhile every command is answered NOT_SAVED (nothing is
 * acknowledged that was not stored, nothing is broadcast), the processes report not ready, and afterwards they
 * recover by themselves: the same command goes through, the adapter carries broadcasts across processes again,
 * and no acknowledged command is missing.
 */

const redis = new ThrowawayRedis(6392);
let a: ServerProcess;
let b: ServerProcess;
const clients: RoomClient[] = [];

beforeAll(async () => {
  await redis.start();
  [a, b] = (await ServerProcess.startMany({ redisUrl: redis.url, prefix: 'ln:outage:' }, { redisUrl: redis.url, prefix: 'ln:outage:' })) as [ServerProcess, ServerProcess];
}, PROCESS_TEST_TIMEOUT);

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([a?.kill(), b?.kill()]);
  await redis.kill();
  removeTempDirs();
}, PROCESS_TEST_TIMEOUT);

const ready = async (server: ServerProcess) => (await fetch(`${server.url}/readyz`)).status === 200;

it('refuses with NOT_SAVED during the outage, loses no acknowledged command, and recovers by itself', { timeout: PROCESS_TEST_TIMEOUT }, async () => {
  const match = await createMatch(a.url, 'outage');
  const connect = async (server: ServerProcess, token?: string) => {
    const c = await RoomClient.connect({ url: server.url, matchId: match.matchId, ...(token ? { token } : {}) });
    clients.push(c);
    return c;
  };
  const captains: Record<Side, RoomClient> = { HOME: await connect(a, match.tokens.HOME), AWAY: await connect(a, match.tokens.AWAY) };
  const spectator = await connect(b);
  const steps = fullMatchSteps();
  const acked = { version: 0 };
  await play(captains, steps.slice(0, 30), acked);
  await spectator.untilVersion(acked.version);

  await redis.kill();
  const next = steps[30]!;
  const sender = captains[next.side];
  const command = typeof next.command === 'function' ? next.command(sender.state!) : next.command;
  for (let i = 0; i < 3; i++) {
    expect(await sender.send(command, 'sent-during-the-outage')).toEqual({
      status: 'error',
      code: 'NOT_SAVED',
      message: 'Not saved — the server could not store it. Try again.',
    });
  }
  expect(await ready(a)).toBe(false);
  expect((await fetch(`${a.url}/healthz`)).status).toBe(200); // up, just not ready
  await sleep(200);
  expect(spectator.version).toBe(acked.version); // nothing was broadcast

  await redis.start();
  const deadline = Date.now() + 15_000;
  while (!(await ready(a)) || !(await ready(b))) {
    if (Date.now() > deadline) throw new Error('the servers did not recover');
    await sleep(100);
  }
  // The phone's retry of the very command it was told was not saved: applied now, once.
  const retry = await sender.send(command, 'sent-during-the-outage');
  expect(retry).toMatchObject({ status: 'accepted' });
  if (retry.status === 'accepted') acked.version = retry.version;

  // The adapter's stream reader came back too: the spectator on the other process follows the rest live.
  await spectator.untilVersion(acked.version, 15_000);
  await play(captains, steps.slice(31), acked);
  for (const c of [...Object.values(captains), spectator]) await c.untilVersion(acked.version);
  expectSameState(captains.HOME, spectator);
  expect(matchResult(spectator.state!)).toMatchObject({ status: 'DECIDED', winner: 'HOME' });
  const log = (await (await fetch(`${b.url}/api/matches/${match.matchId}/events`)).json()) as { events: unknown[] };
  expect(log.events).toHaveLength(acked.version);

  // A deploy during an outage: SIGTERM still stops the process promptly and cleanly.
  await redis.kill();
  const asked = Date.now();
  expect(await a.stop()).toBe(0);
  expect(Date.now() - asked).toBeLessThan(5000);
});
