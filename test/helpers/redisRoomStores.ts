import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { fold, type MatchEvent, type MatchState } from '../../shared/index';
import type { CommandAnswer } from '../../shared/protocol';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { SNAPSHOT_EVERY } from '../../server/matches/roomStore';
import { createRedisStore, type RedisMatchStore } from '../../server/store/redisStore';
import { deleteKeys, SHARED_REDIS } from './serverProcess';

/**
 * Room stores on the shared Redis under a prefix of their own (`ln:test:<name>:<uuid>:`), each opened as the server
 * opens its store (matches/roomStore.ts: a checkpoint every SNAPSHOT_EVERY versions, folded on load), so that two of
 * them stand for two server processes. Call it while a describe block is collected: it registers that block's
 * afterAll, which closes every store `open` gave and deletes the prefix's keys.
 */
export function redisRoomStores(name: string) {
  const prefix = `ln:test:${name}:${randomUUID()}:`;
  const opened: RedisMatchStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await deleteKeys(prefix);
  });
  const open = async () => {
    const store = await createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url: SHARED_REDIS, prefix, checkpoints: { every: SNAPSHOT_EVERY, evolve: fold } });
    opened.push(store);
    return store;
  };
  return { prefix, open };
}
