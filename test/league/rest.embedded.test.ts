import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandAnswer } from '../../shared/protocol';
import type { MatchEvent, MatchState } from '../../shared/index';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { createEmbeddedStore } from '../../server/store/embeddedStore';
import { describeLeagueRest } from './restSuite';

/** The league REST API over the embedded store, in a fresh temp directory. */
let dir = '';
describeLeagueRest(
  'the embedded store',
  async () => {
    dir = await mkdtemp(join(tmpdir(), 'ln-league-'));
    return createEmbeddedStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ dir });
  },
  async (store) => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  },
);
