import type { RoomSpec } from './ipc';
import { captainTokens, inPool, type OpenedRoom } from './roomLinks';

/**
 * A league night for the bench: the rooms of `ids` opened from a season's schedule through the league's REST API
 * (as a commissioner sets up a season), instead of as stand-alone rooms. Each match is two teams of eight with
 * player ids of their own (a league's teams do not share players, and R-VII.P.3.1 refuses a player on two teams in
 * one evening), at a bar of its own with the bench script's machines M1..M4, all on the same evening, in 20
 * conferences. So every
 * lineup goes through the evening check and the season's pages (standings, schedule) read every one of these rooms,
 * as on a real league night.
 *
 * Dates as in the browser tests' league (test/browser/leagueSetup.ts): a roster registration for day D is due by
 * 16:00 on D (R-II.C.3), so the evening is tomorrow in the league's zone whatever time the bench runs, and round 1
 * may be declared before the scheduled start without both captains agreeing (OQ-28 off for this season).
 */

const TIME_ZONE = 'America/Chicago';
/** Matches per import request: the import takes at most 500 teams and 5,000 players at once. */
const MATCHES_PER_IMPORT = 250;
/** A season has at most 20 conferences (SeasonSchema). */
const MAX_CONFERENCES = 20;

export interface LeagueNight {
  seasonId: string;
  rooms: RoomSpec[];
  /** The season's pages a spectator opens during the night (GET, no token). */
  pages: string[];
}

const leagueDate = (days: number, now: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));

/** The bench script's player ids (H1..H8, A1..A8) as room `i`'s own league ids. */
export const leaguePlayerId = (scriptId: string, tag: string) => `${scriptId}-${tag}`;

export async function openLeagueNight(url: string, adminToken: string, ids: string[], concurrency = 8): Promise<LeagueNight> {
  const now = Date.now();
  const evening = leagueDate(1, now);
  const seasonId = 'bench-season';
  // As large a league would be: the most conferences a season has (20), each match within one (200 matches: 20
  // conferences of 20 teams). One conference of 400 teams would make the standings a table no league has.
  const conferenceCount = Math.min(MAX_CONFERENCES, ids.length);
  const conferenceOf = (i: number) => `c${i % conferenceCount}`;
  const call = async (method: 'PUT' | 'POST', path: string, body: unknown, expected: number): Promise<unknown> => {
    const res = await fetch(`${url}/api/league${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== expected) throw new Error(`${method} /api/league${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call('PUT', `/seasons/${seasonId}`, {
    name: 'Bench season',
    timeZone: TIME_ZONE,
    regularSeason: { start: leagueDate(-7, now), end: leagueDate(60, now) },
    conferences: Array.from({ length: conferenceCount }, (_, c) => ({ id: `c${c}`, name: `Conference ${c + 1}`, matchWeekday: 'MON' })),
    settings: { match: { earlyStartNeedsAgreement: false } },
  }, 201);

  const tagOf = (i: number) => `r${i}`;
  for (let from = 0; from < ids.length; from += MATCHES_PER_IMPORT) {
    const chunk = ids.slice(from, from + MATCHES_PER_IMPORT).map((_, k) => from + k);
    const players = chunk.flatMap((i) =>
      ['H', 'A'].flatMap((p) => Array.from({ length: 8 }, (_, n) => ({ id: leaguePlayerId(`${p}${n + 1}`, tagOf(i)), name: `${p === 'H' ? 'Hawk' : 'Ace'} ${n + 1} of ${i}`, ifpaNumber: null, ifpaRank: null }))),
    );
    const venues = chunk.map((i) => ({ id: `bar-${tagOf(i)}`, name: `Bar ${i}`, machines: [1, 2, 3, 4].map((m) => ({ id: `M${m}`, name: `Machine ${m}`, kind: 'FOUR_PLAYER' })) }));
    const teams = chunk.flatMap((i) => [
      { id: `hawks-${tagOf(i)}`, name: `Hawks ${i}`, conferenceId: conferenceOf(i), homeVenueId: `bar-${tagOf(i)}`, weekday: 'MON' },
      { id: `aces-${tagOf(i)}`, name: `Aces ${i}`, conferenceId: conferenceOf(i), homeVenueId: `bar-${tagOf(i)}`, weekday: 'MON' },
    ]);
    // Eight a side as in the bench script: the first two captains (the script's captains send from both phones).
    const rosters = chunk.flatMap((i) =>
      (['H', 'A'] as const).map((p) => ({
        teamId: `${p === 'H' ? 'hawks' : 'aces'}-${tagOf(i)}`,
        effective: evening,
        players: Array.from({ length: 8 }, (_, n) => ({ playerId: leaguePlayerId(`${p}${n + 1}`, tagOf(i)), status: 'STARTER', captain: n < 2 })),
      })),
    );
    const imported = (await call('POST', `/seasons/${seasonId}/import`, { players, venues, teams, rosters }, 200)) as { registered: string[]; refused: unknown[] };
    if (imported.registered.length !== rosters.length) throw new Error(`league night: rosters refused: ${JSON.stringify(imported.refused).slice(0, 500)}`);
  }

  const rooms = await inPool(ids.length, concurrency, async (i): Promise<RoomSpec> => {
    const matchId = ids[i]!;
    await call('PUT', `/seasons/${seasonId}/schedule/${matchId}`, { kind: 'REGULAR', date: evening, homeTeamId: `hawks-${tagOf(i)}`, awayTeamId: `aces-${tagOf(i)}` }, 201);
    const opened = (await call('POST', `/seasons/${seasonId}/schedule/${matchId}/room`, {}, 201)) as OpenedRoom;
    return { matchId, tokens: captainTokens(url, opened), playerTag: tagOf(i) };
  });
  return { seasonId, rooms, pages: [`/api/league/seasons/${seasonId}/standings`, `/api/league/seasons/${seasonId}/schedule`] };
}
