import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CommandSchema, initialState, MatchSetupSchema, type Actor, type MatchEvent, type MatchState } from '../../shared/index';
import type { CommandAnswer } from '../../shared/protocol';
import { createLogger } from '../../server/log';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { CommandDesk } from '../../server/room/commandDesk';
import { LiveMatches } from '../../server/room/liveMatches';
import { createRedisStore, type RedisMatchStore } from '../../server/store/redisStore';
import { testSetup } from '../helpers/matchScript';
import { sleep } from '../helpers/serverProcess';
import { killProcess, startVolatileRedis } from '../helpers/throwawayRedis';

/**
 * An append that times out may still be applied: Redis was stalled, not gone, and runs it when it wakes. The phone
 * was told NOT_SAVED and retries with the same commandId; the retry is a duplicate of the stored acceptance, and the
 * desk must then broadcast the events it never broadcast, so clients need not notice a gap and resync.
 * A private redis-server (never the shared one: it is stopped with SIGSTOP), the store with a short op timeout.
 */

const PORT = 6393;
let redis: ChildProcess;
let store: RedisMatchStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>;

beforeAll(async () => {
  redis = await startVolatileRedis(PORT);
  store = await createRedisStore({ url: `redis://127.0.0.1:${PORT}`, prefix: 'ln:', opTimeoutMs: 300 });
});

afterAll(async () => {
  redis?.kill('SIGCONT');
  await store?.close();
  await killProcess(redis);
});

it('a retry of an append answered NOT_SAVED but stored after all broadcasts the stored events, once', async () => {
  const matchId = 'late-append';
  const meta: MatchMeta = { captainTokenHashes: { HOME: 'a'.repeat(64), AWAY: 'b'.repeat(64) }, createdAt: 0 };
  expect(await store.create(matchId, meta, initialState(MatchSetupSchema.parse(testSetup(matchId))))).toBe('created');
  // The desk reads the clock after bringing the match up to date and before appending: the moment to stall Redis.
  let stallBeforeAppend = false;
  const clock = () => {
    if (stallBeforeAppend) {
      stallBeforeAppend = false;
      redis.kill('SIGSTOP');
    }
    return Date.now();
  };
  const desk = new CommandDesk(store, new LiveMatches(store), createLogger('silent'), clock);
  const home: Actor = { role: 'captain', side: 'HOME' };
  const arrive = (playerId: string) => CommandSchema.parse({ type: 'markArrived', payload: { playerId, time: Date.now() - 1000 } });

  const first = await desk.handle({ matchId, commandId: 'arrive-h1', command: arrive('H1'), actor: home });
  expect(first.reply).toEqual({ status: 'accepted', version: 1 });

  stallBeforeAppend = true;
  const command = arrive('H2');
  const timedOut = await desk.handle({ matchId, commandId: 'arrive-h2', command, actor: home });
  expect(timedOut.reply).toMatchObject({ status: 'error', code: 'NOT_SAVED' });
  expect(timedOut.broadcast).toBeUndefined();

  redis.kill('SIGCONT'); // Redis wakes and runs the append it had received
  for (let i = 0; i < 100 && (await store.answerFor(matchId, 'arrive-h2')) === null; i++) await sleep(50);
  const log = await store.eventsAfter(matchId, 1);
  expect(log).toHaveLength(1);

  const retry = await desk.handle({ matchId, commandId: 'arrive-h2', command, actor: home });
  expect(retry.reply).toEqual({ status: 'duplicate', answer: { status: 'accepted', version: 2 } });
  expect(retry.broadcast).toEqual({ matchId, fromVersion: 1, events: log });

  // Broadcast once: a further retry is an ordinary duplicate, as is a retry of a command that never timed out.
  expect(await desk.handle({ matchId, commandId: 'arrive-h2', command, actor: home })).toEqual({ reply: retry.reply });
  expect(await desk.handle({ matchId, commandId: 'arrive-h1', command: arrive('H1'), actor: home })).toEqual({
    reply: { status: 'duplicate', answer: { status: 'accepted', version: 1 } },
  });
  expect(await store.eventsAfter(matchId, 0)).toHaveLength(2);
});
