import { randomUUID } from 'node:crypto';
import type { CommandAnswer } from '../../shared/protocol';
import type { MatchEvent, MatchState } from '../../shared/index';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { createRedisStore } from '../../server/store/redisStore';
import { deleteKeys } from '../helpers/serverProcess';
import { describeLeagueRest } from './restSuite';

/** The league REST API over the shared Redis at 127.0.0.1:6379, under a prefix of its own that is deleted afterwards. */
const REDIS_URL = 'redis://127.0.0.1:6379';
const PREFIX = `ln:test:league:${randomUUID()}:`;

describeLeagueRest(
  'Redis',
  () => createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url: REDIS_URL, prefix: PREFIX }),
  async (store) => {
    await store.close();
    await deleteKeys(PREFIX, REDIS_URL);
  },
);
