import { describe, expect, it } from 'vitest';
import { initialState, MatchSetupSchema, type Command } from '../../shared/index';
import { createEveningGuard } from '../../server/league/eveningGuard';
import { COLLECTIONS } from '../../server/league/leagueStore';
import { listMatch } from '../../server/league/scheduleLists';
import { LiveMatches } from '../../server/room/liveMatches';
import { testSetup } from '../helpers/matchScript';
import { redisRoomStores } from '../helpers/redisRoomStores';
import { recordingReads } from './readLog';

/**
 * R-VII.P.3.1 at the start of an evening (server/league/eveningGuard.ts): the first lineups of many rooms come
 * together, and each must know the evening's other open rooms. They share one look per room, and a room this
 * process serves is known from its own copy: the loads stay one per room, not one per pair of rooms.
 */
const DATE = '2026-12-07';
const ROOMS = Array.from({ length: 10 }, (_, i) => `eve-${String(i).padStart(2, '0')}`);

/** Room `id`'s setup with players of its own (`<id>-H1`...), so no lineup of one room touches another. */
function setupOf(id: string) {
  const setup = testSetup(id, Date.UTC(2026, 11, 8, 1));
  const own = (team: typeof setup.home) => ({ ...team, players: team.players.map((p) => ({ ...p, id: `${id}-${p.id}` })) });
  return MatchSetupSchema.parse({ ...setup, home: own(setup.home), away: own(setup.away) });
}

const lineup = (id: string): Command => ({
  type: 'declareLineup',
  payload: { round: 1, games: [{ players: [`${id}-H1`, `${id}-H2`] }, { players: [`${id}-H3`, `${id}-H4`] }] },
});

describe('the first lineups of an evening (R-VII.P.3.1)', async () => {
  const store = await redisRoomStores('eveninglooks').open();
  for (const id of ROOMS) {
    const entry = { id, seasonId: 'eve', kind: 'REGULAR', date: DATE, homeTeamId: `${id}-h`, awayTeamId: `${id}-a`, venueId: 'bar', week: 1, bracket: null, roomOpenedAt: 1, roomInUseSince: null };
    await store.putDoc(COLLECTIONS.matches, id, entry, null);
    await listMatch(store, entry);
    await store.create(id, { captainTokenHashes: { HOME: 'h', AWAY: 'a' }, createdAt: 0 }, initialState(setupOf(id)));
  }
  const roomLoads = (read: string[]) => read.filter((r) => r.startsWith('room ')).sort();

  it('lineups arriving together load each other room once between them, not once each', async () => {
    const { store: reads, read } = recordingReads(store);
    const guard = createEveningGuard(reads);
    expect(await Promise.all(ROOMS.map((id) => guard(id, lineup(id))))).toEqual(ROOMS.map(() => null));
    // Per room: one look shared by the nine others' lineups, and its own first command's check that it has not
    // started yet (claim). Each lineup looking on its own would load every other room: nine loads per room.
    const perRoom = ROOMS.map((id) => roomLoads(read).filter((r) => r === `room ${id}`).length);
    expect(Math.max(...perRoom)).toBeLessThanOrEqual(2);
  });

  it('rooms this process serves are known from their own copies: only each room\'s own start check loads it', async () => {
    const live = new LiveMatches(store);
    for (const id of ROOMS) await live.current(id);
    const { store: reads, read } = recordingReads(store);
    const guard = createEveningGuard(reads, Date.now, live);
    expect(await Promise.all(ROOMS.map((id) => guard(id, lineup(id))))).toEqual(ROOMS.map(() => null));
    // The rooms are at version 0 (nothing stored yet), so each one's own first command still asks the store.
    expect(roomLoads(read)).toEqual(ROOMS.map((id) => `room ${id}`));
  });
});
