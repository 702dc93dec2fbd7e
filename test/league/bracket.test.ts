import { describe, expect, it } from 'vitest';
import type { Venue } from '../../shared/index';
import {
  buildBracket, checkPlayoffMatch, checkTieBreakerMatch, checkTieOrder, finalVenues, type LeagueMatchResult, rankNeutralVenues,
  ScheduledMatchSchema, type ScheduledMatchInput, type SeasonData, seasonBrackets, SeasonSettingsSchema, seasonStandings,
  seedPositions, seedsFrom,
} from '../../shared/season/index';
import { result, season, SEASON_END, team } from './fixtures';

/** R-V.A (seeding, bracket, home team, match night), R-V.C.1 (neutral venues), R-IV.A.5.1/5.2 (tie-breaker date). */

const TEAMS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'].map((id) => team(id, 'MON'));
const venue = (id: string): Venue => ({ id, name: `Venue ${id}`, machines: [] });
const VENUES = [...TEAMS.map((t) => venue(t.homeVenueId)), venue('neutral-a'), venue('neutral-b')];

const sched = (o: ScheduledMatchInput) => ScheduledMatchSchema.parse(o);
/** Regular season: t1 beats everyone below it, and so on: a strict order t1 > t2 > ... > t8 (each pair meets once). */
function regularSeason(): { schedule: ReturnType<typeof sched>[]; results: LeagueMatchResult[] } {
  const schedule = [];
  const results = [];
  let n = 0;
  for (let i = 0; i < TEAMS.length; i++) {
    for (let j = i + 1; j < TEAMS.length; j++) {
      const id = `reg${++n}`;
      const date = `2024-${String(9 + Math.floor(n / 10)).padStart(2, '0')}-${String(2 + (n % 10) * 2).padStart(2, '0')}`;
      schedule.push(sched({ id, seasonId: 's24', kind: 'REGULAR', date, homeTeamId: TEAMS[i]!.id, awayTeamId: TEAMS[j]!.id, venueId: TEAMS[i]!.homeVenueId }));
      results.push(result(TEAMS[i]!.id, TEAMS[j]!.id, 10, 6, { id, date }));
    }
  }
  return { schedule, results };
}

/** The day after the season's end date (Mon 9 Dec 2024): the regular season is over once every match counts. */
const AFTER_SEASON = '2024-12-10';

function data(extra: { schedule?: ReturnType<typeof sched>[]; results?: LeagueMatchResult[]; drop?: string[]; today?: string } = {}): SeasonData {
  const base = regularSeason();
  const results = [...base.results, ...(extra.results ?? [])].filter((r) => !(extra.drop ?? []).includes(r.matchId));
  return { season: season(), teams: TEAMS, venues: VENUES, schedule: [...base.schedule, ...(extra.schedule ?? [])], results: new Map(results.map((r) => [r.matchId, r])), today: extra.today ?? AFTER_SEASON };
}
const teamMap = new Map(TEAMS.map((t) => [t.id, t]));

describe('R-V.A.1 / R-V.A.3.2 qualification and seeds', () => {
  it('R-V.A.1: at least six teams of a conference qualify; fewer is not a valid setting', () => {
    expect(SeasonSettingsSchema.safeParse({ playoffQualifiers: 5 }).success).toBe(false);
    const [north] = seasonBrackets(data(), seasonStandings(data()));
    expect(north!.seeding.kind).toBe('SEEDED');
    expect(north!.seeding.kind === 'SEEDED' && north!.seeding.seeds.map((s) => s.teamId)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('R-V.A.3.2: seeds are provisional while regular-season matches are not final, and a playoff match cannot be scheduled yet', () => {
    const d = data({ drop: ['reg28'] });
    const [north] = seasonBrackets(d, seasonStandings(d));
    expect(north!.seeding).toMatchObject({ kind: 'PROVISIONAL', ties: [], why: { kind: 'RESULTS_MISSING', uncounted: 1 } });
    expect(north!.bracket?.rounds[0]![1]).toMatchObject({ home: { seed: 4, teamId: 't4' }, away: { seed: 5, teamId: 't5' } });
    const m = sched({ id: 'po1', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 't4', awayTeamId: 't5', venueId: 'bar-t4', bracket: { conferenceId: 'north', round: 1, slot: 1 } });
    expect(checkPlayoffMatch(d.season, m, north!.seeding, north!.bracket, teamMap, d.schedule)).toMatchObject({ rule: 'R-V.A.3.2', code: 'SEEDS_OPEN', message: expect.stringContaining('1 of its matches has no result') });
  });

  it('R-V.A.3.2: every scheduled match counts but the season is only half scheduled: the seeds stay provisional until the end date has passed', () => {
    // The season is scheduled a few weeks at a time: today (1 Oct) every match on the schedule has a result, yet the
    // season runs to 9 December and most of it is still to be scheduled and played.
    const early = data({ today: '2024-10-01' });
    const [north] = seasonBrackets(early, seasonStandings(early));
    expect(seasonStandings(early)[0]!.regularSeason).toEqual({ kind: 'RUNNING', endsOn: SEASON_END, uncounted: 0 });
    expect(north!.seeding).toMatchObject({ kind: 'PROVISIONAL', why: { kind: 'RUNNING', endsOn: SEASON_END } });
    const m = sched({ id: 'po1', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 't4', awayTeamId: 't5', venueId: 'bar-t4', bracket: { conferenceId: 'north', round: 1, slot: 1 } });
    expect(checkPlayoffMatch(early.season, m, north!.seeding, north!.bracket, teamMap, early.schedule)).toMatchObject({ rule: 'R-V.A.3.2', code: 'SEEDS_OPEN', message: expect.stringContaining('runs until 2024-12-09') });
    // On the end date itself the last evening may still be played; the day after, with everything counted, they are final.
    const lastDay = data({ today: SEASON_END });
    expect(seasonBrackets(lastDay, seasonStandings(lastDay))[0]!.seeding.kind).toBe('PROVISIONAL');
    const after = data({ today: '2024-12-10' });
    expect(seasonBrackets(after, seasonStandings(after))[0]!.seeding.kind).toBe('SEEDED');
    expect(checkPlayoffMatch(after.season, m, seasonBrackets(after, seasonStandings(after))[0]!.seeding, seasonBrackets(after, seasonStandings(after))[0]!.bracket, teamMap, after.schedule)).toBeNull();
  });

  it('R-V.A.3.2 / OQ-24b: an unresolved tie at or above the cut-off blocks the seeding until it is decided', () => {
    // t6 and t7's meeting becomes a double loss at 8-8: both end 1-6 with 48 points and nothing separates them.
    const tied = regularSeason().results.map((r) => (r.homeTeamId === 't6' && r.awayTeamId === 't7' ? { ...r, winner: null, points: { HOME: 8, AWAY: 8 } } : r));
    const d: SeasonData = { ...data(), results: new Map(tied.map((r) => [r.matchId, r])) };
    const tables = seasonStandings(d);
    expect(tables[0]!.ties[0]).toMatchObject({ teamIds: ['t6', 't7'], from: 6, to: 7, tieBreakerMatchRequired: true });
    expect(seasonBrackets(d, tables)[0]!.seeding).toMatchObject({ kind: 'BLOCKED' });
  });
});

describe('R-V.A.3.1 single elimination with byes (OQ-24)', () => {
  it('R-V.A.3.1: standard positions keep the top seeds apart until the late rounds', () => {
    expect(seedPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('R-V.A.3.1 / OQ-24: six teams: seeds 1 and 2 have byes, 4 v 5 and 3 v 6 play, the higher seed is HOME', () => {
    const b = buildBracket('north', ['t1', 't2', 't3', 't4', 't5', 't6'].map((teamId, i) => ({ seed: i + 1, teamId })), [], new Map());
    expect(b.size).toBe(8);
    expect(b.rounds[0]!.map((m) => [m.home?.seed ?? null, m.away?.seed ?? null, m.bye])).toEqual([[1, null, true], [4, 5, false], [2, null, true], [3, 6, false]]);
    expect(b.rounds[1]!.map((m) => [m.home?.seed ?? null, m.away?.seed ?? null])).toEqual([[1, null], [2, null]]);
    expect(b.rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(b.rounds[2]![0]!.isFinal).toBe(true);
  });

  it('R-V.A.3.1: winners advance through the bracket to a champion', () => {
    const po = (id: string, round: number, slot: number, home: string, away: string, date: string) =>
      sched({ id, seasonId: 's24', kind: 'PLAYOFF', date, homeTeamId: home, awayTeamId: away, venueId: `bar-${home}`, bracket: { conferenceId: 'north', round, slot } });
    const matches = [po('q1', 1, 1, 't4', 't5', '2024-12-16'), po('q2', 1, 3, 't3', 't6', '2024-12-16'), po('s1', 2, 0, 't1', 't5', '2024-12-23'), po('s2', 2, 1, 't2', 't3', '2024-12-23'), po('f', 3, 0, 't2', 't5', '2024-12-30')];
    const results = new Map([
      ['q1', result('t4', 't5', 6, 10, { id: 'q1', kind: 'PLAYOFF' })], ['q2', result('t3', 't6', 9, 7, { id: 'q2', kind: 'PLAYOFF' })],
      ['s1', result('t1', 't5', 8, 8, { id: 's1', kind: 'PLAYOFF', winner: 'AWAY' })], ['s2', result('t2', 't3', 12, 4, { id: 's2', kind: 'PLAYOFF' })],
    ]);
    const seeds = ['t1', 't2', 't3', 't4', 't5', 't6'].map((teamId, i) => ({ seed: i + 1, teamId }));
    const b = buildBracket('north', seeds, matches, results);
    expect(b.rounds[0]!.map((m) => m.winner?.teamId)).toEqual(['t1', 't5', 't2', 't3']);
    expect(b.rounds[1]!.map((m) => m.winner?.teamId)).toEqual(['t5', 't2']);
    expect(b.rounds[2]![0]).toMatchObject({ home: { seed: 2, teamId: 't2' }, away: { seed: 5, teamId: 't5' }, matchId: 'f', winner: null });
    expect(b.champion).toBeNull();
    const done = buildBracket('north', seeds, matches, new Map([...results, ['f', result('t2', 't5', 7, 9, { id: 'f', kind: 'PLAYOFF' })]]));
    expect(done.champion).toEqual({ seed: 5, teamId: 't5' });
  });
});

describe('R-V.A.3.3 / R-V.A.3.4 where and when playoff matches are played', () => {
  const d = data();
  const [north] = seasonBrackets(d, seasonStandings(d));
  const check = (o: Partial<ScheduledMatchInput>) => checkPlayoffMatch(d.season, sched({ id: 'po1', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 't4', awayTeamId: 't5', venueId: 'bar-t4', bracket: { conferenceId: 'north', round: 1, slot: 1 }, ...o }), north!.seeding, north!.bracket, teamMap, d.schedule);

  it('R-V.A.3.3.1: rounds before the final are on the conference’s match night', () => {
    expect(check({})).toBeNull();
    expect(check({ date: '2024-12-17' })).toMatchObject({ rule: 'R-V.A.3.3.1', code: 'WRONG_NIGHT' });
  });

  it('R-V.A.3.3.2: the higher seed is HOME, at its home venue', () => {
    expect(check({ homeTeamId: 't5', awayTeamId: 't4', venueId: 'bar-t5' })).toMatchObject({ rule: 'R-V.A.3.3.2', code: 'HOME_SEED' });
    expect(check({ venueId: 'neutral-a' })).toMatchObject({ rule: 'R-V.A.3.3.2', code: 'WRONG_VENUE' });
  });

  it('R-V.A.3.1: a bye slot has no match, and a slot whose teams are not known cannot be scheduled', () => {
    expect(check({ homeTeamId: 't1', awayTeamId: 't2', venueId: 'bar-t1', bracket: { conferenceId: 'north', round: 1, slot: 0 } })).toMatchObject({ rule: 'R-V.A.3.1', code: 'BYE' });
    expect(check({ homeTeamId: 't1', awayTeamId: 't4', venueId: 'bar-t1', bracket: { conferenceId: 'north', round: 2, slot: 0 } })).toMatchObject({ rule: 'R-V.A.3.1', code: 'NOT_READY' });
  });

  it('R-V.A.3.4.2: in the final the higher seed is HOME; the venue is the commissioner’s pick', () => {
    const semis = [
      sched({ id: 'q1', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 't4', awayTeamId: 't5', venueId: 'bar-t4', bracket: { conferenceId: 'north', round: 1, slot: 1 } }),
      sched({ id: 'q2', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 't3', awayTeamId: 't6', venueId: 'bar-t3', bracket: { conferenceId: 'north', round: 1, slot: 3 } }),
      sched({ id: 's1', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-23', homeTeamId: 't1', awayTeamId: 't4', venueId: 'bar-t1', bracket: { conferenceId: 'north', round: 2, slot: 0 } }),
      // Played away from t2's bar (say, relocated): the finalists have now played at neutral-b in these playoffs.
      sched({ id: 's2', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-26', homeTeamId: 't2', awayTeamId: 't3', venueId: 'neutral-b', bracket: { conferenceId: 'north', round: 2, slot: 1 } }),
    ];
    const won = ['q1', 'q2', 's1', 's2'].map((id) => result('x', 'y', 10, 6, { id, kind: 'PLAYOFF' }));
    const withHomes = won.map((r, i) => ({ ...r, homeTeamId: semis[i]!.homeTeamId, awayTeamId: semis[i]!.awayTeamId }));
    const dd = data({ schedule: semis, results: withHomes });
    const [b] = seasonBrackets(dd, seasonStandings(dd));
    const final = (o: Partial<ScheduledMatchInput>) => checkPlayoffMatch(dd.season, sched({ id: 'f', seasonId: 's24', kind: 'PLAYOFF', date: '2024-12-31', homeTeamId: 't1', awayTeamId: 't2', venueId: 'neutral-a', bracket: { conferenceId: 'north', round: 3, slot: 0 }, ...o }), b!.seeding, b!.bracket, teamMap, dd.schedule);
    expect(final({})).toBeNull();
    expect(final({ homeTeamId: 't2', awayTeamId: 't1' })).toMatchObject({ rule: 'R-V.A.3.4.2', code: 'HOME_SEED' });

    // R-V.C.1 and OQ-41 for this final: t1's and t2's home venues last, then the venue they played at in these
    // playoffs; chosen within four days after the later semi-final.
    const fv = finalVenues(b!.bracket!, teamMap, VENUES, dd.schedule)!;
    expect(fv.teamIds).toEqual(['t1', 't2']);
    expect(fv.chooseBy).toBe('2024-12-30');
    expect(fv.venues.slice(-3).map((v) => [v.venueId, v.notAHomeVenue, v.notPlayedInPlayoffs])).toEqual([['neutral-b', true, false], ['bar-t2', false, true], ['bar-t1', false, false]]);
    expect(fv.venues.slice(0, -3).every((v) => v.notAHomeVenue && v.notPlayedInPlayoffs)).toBe(true);
  });
});

describe('R-V.C.1 neutral venues', () => {
  it('R-V.C.1: ranked by not being a home venue of either team, then not played at in these playoffs', () => {
    const ranked = rankNeutralVenues([venue('a'), venue('b'), venue('c'), venue('d')], ['a'], ['b', 'a']);
    expect(ranked.map((v) => [v.venueId, v.notAHomeVenue, v.notPlayedInPlayoffs])).toEqual([['c', true, true], ['d', true, true], ['b', true, false], ['a', false, false]]);
  });
});

describe('R-IV.A.5 the standings tie-breaker match', () => {
  const level = () => regularSeason().results.map((r) => (r.homeTeamId === 't6' && r.awayTeamId === 't7' ? { ...r, winner: null, points: { HOME: 8, AWAY: 8 } } : r));
  const levelData = (byeWeek: boolean): SeasonData => {
    const d = data();
    return { ...d, season: { ...d.season, settings: { ...d.season.settings, byeWeekBeforePlayoffs: byeWeek } }, results: new Map(level().map((r) => [r.matchId, r])) };
  };

  it('R-IV.A.5.2 (SC-12.5): without a bye week the tie-breaker match is proposed two nights after the later of the teams’ last matches, with ranked neutral venues', () => {
    const d = levelData(false);
    const last = d.schedule.filter((m) => ['t6', 't7'].includes(m.homeTeamId) || ['t6', 't7'].includes(m.awayTeamId)).map((m) => m.date).sort().at(-1)!;
    const [north] = seasonStandings(d);
    expect(north!.tieBreakers).toHaveLength(1);
    const tb = north!.tieBreakers[0]!;
    expect(tb).toMatchObject({ teamIds: ['t6', 't7'], dateRule: 'R-IV.A.5.2' });
    const plus2 = new Date(`${last}T00:00:00Z`);
    plus2.setUTCDate(plus2.getUTCDate() + 2);
    expect(tb.proposedDate).toBe(plus2.toISOString().slice(0, 10));
    expect(tb.venues.slice(-2).map((v) => v.venueId).sort()).toEqual(['bar-t6', 'bar-t7']);
  });

  it('R-IV.A.5.1: with a bye week it is proposed on the match night of the week after the regular season', () => {
    const [north] = seasonStandings(levelData(true));
    expect(north!.tieBreakers[0]).toMatchObject({ proposedDate: '2024-12-16', dateRule: 'R-IV.A.5.1' }); // season ends Mon 9 Dec
  });

  it('R-IV.A.5.4: a tie-breaker match is scheduled only between teams of a tie that requires one', () => {
    const tables = seasonStandings(levelData(false));
    const m = (home: string, away: string) => sched({ id: 'tb', seasonId: 's24', kind: 'TIEBREAKER', date: '2024-12-11', homeTeamId: home, awayTeamId: away, venueId: 'neutral-a' });
    expect(checkTieBreakerMatch(m('t6', 't7'), tables)).toBeNull();
    expect(checkTieBreakerMatch(m('t5', 't6'), tables)).toMatchObject({ rule: 'R-IV.A.5.4', code: 'NOT_REQUIRED' });
  });

  it('R-IV.A.5.4 / OQ-24b: an official cannot order a tie with playoff implications; a tie-breaker match result orders it', () => {
    const d = levelData(false);
    const tables = seasonStandings(d);
    expect(checkTieOrder({ conferenceId: 'north', teamIds: ['t7', 't6'], source: 'OFFICIAL', note: '' }, tables)).toMatchObject({ rule: 'R-IV.A.5.4', code: 'MATCH_REQUIRED' });
    expect(checkTieOrder({ conferenceId: 'north', teamIds: ['t1', 't2'], source: 'OFFICIAL', note: '' }, tables)).toMatchObject({ rule: 'R-IV.A.5', code: 'NOT_TIED' });
    const tb = sched({ id: 'tb', seasonId: 's24', kind: 'TIEBREAKER', date: '2024-12-11', homeTeamId: 't6', awayTeamId: 't7', venueId: 'neutral-a' });
    const decided: SeasonData = { ...d, schedule: [...d.schedule, tb], results: new Map([...d.results, ['tb', result('t6', 't7', 7, 9, { id: 'tb', kind: 'TIEBREAKER' })]]) };
    const [north] = seasonStandings(decided);
    expect(north!.rows.slice(5, 7).map((r) => [r.teamId, r.aboveNextBy])).toEqual([['t7', 'TIE_BREAKER_MATCH'], ['t6', 'RECORD']]);
    expect(north!.ties).toEqual([]);
    expect(seedsFrom(north!, { kind: 'OVER' })).toMatchObject({ kind: 'SEEDED' });
  });
});
