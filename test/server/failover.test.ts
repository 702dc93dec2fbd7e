import { afterAll, beforeAll, expect, it } from 'vitest';
import { matchResult, type Side } from '../../shared/index';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, expectSameState, fullMatchSteps, play } from '../helpers/matchScript';
import { deleteKeys, ServerProcess, SHARED_REDIS, uniquePrefix, removeTempDirs } from '../helpers/serverProcess';
import { TcpBalancer } from '../helpers/tcpBalancer';

/**
 * Two server processes on two ports sharing Redis: the captains are on one, the spectators on the other, so every
 * broadcast crosses processes through the Redis adapter. Then the captains' process is killed: their phones
 * reconnect through the load balancer to the other process and finish the match there.
 */

const prefix = uniquePrefix('failover');
let a: ServerProcess;
let b: ServerProcess;
const balancers: TcpBalancer[] = [];
const clients: RoomClient[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([
    ServerProcess.start({ redisUrl: SHARED_REDIS, prefix }),
    ServerProcess.start({ redisUrl: SHARED_REDIS, prefix }),
  ]);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(balancers.map((lb) => lb.close()));
  await Promise.all([a?.stop(), b?.stop()]);
  await deleteKeys(prefix);
  removeTempDirs();
});

it('captains on one process, spectators on the other; the first dies and its phones move to the second', async () => {
  // Each balancer prefers a different process: captains come in through the first, spectators through the second.
  const viaA = new TcpBalancer([a.port, b.port]);
  const viaB = new TcpBalancer([b.port, a.port]);
  balancers.push(viaA, viaB);
  await Promise.all([viaA.listen(), viaB.listen()]);

  const match = await createMatch(a.url, 'failover');
  const connect = async (url: string, token?: string) => {
    const c = await RoomClient.connect({ url, matchId: match.matchId, ...(token ? { token } : {}) });
    clients.push(c);
    return c;
  };
  const captains: Record<Side, RoomClient> = { HOME: await connect(viaA.url, match.tokens.HOME), AWAY: await connect(viaA.url, match.tokens.AWAY) };
  const spectators = await Promise.all([1, 2, 3].map(() => connect(viaB.url)));

  const steps = fullMatchSteps();
  const acked = { version: 0 };
  await play(captains, steps.slice(0, 50), acked);
  for (const c of [...Object.values(captains), ...spectators]) await c.untilVersion(acked.version);
  for (const s of spectators) expectSameState(captains.HOME, s);
  expect(spectators.every((s) => s.resyncs === 0)).toBe(true); // every broadcast crossed processes, in order

  await a.kill();
  await Promise.all(Object.values(captains).map((c) => c.nextWelcome(20_000)));
  await play(captains, steps.slice(50), acked);
  for (const c of [...Object.values(captains), ...spectators]) await c.untilVersion(acked.version);
  for (const c of [captains.AWAY, ...spectators]) expectSameState(captains.HOME, c);
  expect(matchResult(spectators[0]!.state!)).toMatchObject({ status: 'DECIDED', winner: 'HOME', points: { HOME: 16, AWAY: 0 } });
  // The spectators never noticed: they stayed connected to the surviving process throughout.
  expect(spectators.every((s) => s.welcomes.length === 1)).toBe(true);
});
