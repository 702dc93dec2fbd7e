import { describe, expect, it } from 'vitest';
import { CommandSchema, decide, fold, initialState, type MatchState } from '../../shared/index';
import {
  buildMatchSetup, computeStandings, type LeagueMatchResult, playoffActivePlayers, ScheduledMatchSchema, type SeasonData,
  seasonStandings,
} from '../../shared/season/index';
import { accepted, ids, League, local, people, refusalOf, result, season, team, ZONE } from './fixtures';
import { playMatch } from './playedMatch';

/** The catalogue's worked scenarios, step by step: SC-10 step 5 (rosters) and SC-12 steps 4 (rosters) and 5 (standings). */

describe('SC-10 top-150 restrictions, roster part (step 5)', () => {
  it('SC-10.5: a second top-150 player is refused (R-II.B.1.2); a third top-500 player is refused (R-II.B.1.1); a player who rose into the top 150 stays (R-II.B.1.3)', () => {
    const l = new League([team('aces', 'TUE'), team('hawks', 'MON')], { players: people(40, { P1: 120, P20: 90, P11: 300, P12: 450, P21: 480 }) });
    l.register('aces', { players: ids(1, 8) }); // T = P1, ranked 120, on the restricted list
    l.register('hawks', { players: ids(11, 18) }); // two top-500 players
    expect(refusalOf(l.change('aces', '2024-10-01', [{ op: 'ADD', playerId: 'P20', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.B.1.2' });
    expect(refusalOf(l.change('hawks', '2024-10-01', [{ op: 'ADD', playerId: 'P21', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.B.1.1' });
    l.players.set('P13', { ...l.players.get('P13')!, ifpaRank: 100 });
    accepted(l.change('hawks', '2024-10-08', [{ op: 'SET_STATUS', playerId: 'P18', status: 'RESERVE' }]));
    expect(l.roster('hawks', '2024-10-08').map((m) => m.playerId)).toContain('P13');
  });
});

describe('SC-12 disputes, rosters and standings: rosters (step 4)', () => {
  const league = () => {
    const l = new League(
      [team('t10', 'MON'), team('t6', 'TUE'), team('pteam', 'WED'), team('other', 'THU'), team('q1', 'MON', 'south'), team('q2', 'WED', 'south'), team('q3', 'THU', 'south'), team('r1', 'TUE', 'south'), team('r2', 'TUE')],
      { players: people(95) },
    );
    l.register('t10', { players: ids(1, 10), reserves: 2 });
    l.register('t6', { players: ids(11, 18), reserves: 2 });
    l.register('pteam', { players: ids(21, 28) });
    l.register('other', { players: ids(31, 38) });
    l.register('q1', { players: ids(41, 48) });
    l.register('q2', { players: ids(51, 58) });
    l.register('q3', { players: ids(61, 68) });
    l.register('r1', { players: ids(71, 78) });
    l.register('r2', { players: ids(83, 90) });
    return l;
  };

  it('SC-12.4: each roster step is refused or accepted as the rules say', () => {
    const l = league();
    // A 10-player team adds an 11th: refused (R-II.A.1).
    expect(refusalOf(l.change('t10', '2024-10-01', [{ op: 'ADD', playerId: 'P81', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-II.A.1' });
    // A team with exactly 6 STARTERS makes one a RESERVE: refused (R-II.A.3).
    expect(refusalOf(l.change('t6', '2024-10-01', [{ op: 'SET_STATUS', playerId: 'P14', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-II.A.3' });
    // P dropped on 1 October is added back to the same team on 8 October: refused (R-II.C.1.1); another team adds P: accepted.
    accepted(l.change('pteam', '2024-10-01', [{ op: 'DROP', playerId: 'P28' }]));
    expect(refusalOf(l.change('pteam', '2024-10-08', [{ op: 'ADD', playerId: 'P28', status: 'STARTER' }]))).toMatchObject({ rule: 'R-II.C.1.1' });
    accepted(l.change('other', '2024-10-08', [{ op: 'ADD', playerId: 'P28', status: 'RESERVE' }]));
    // Q, on a Monday and a Wednesday team, is added to a Thursday team: refused (R-VII.P.1).
    accepted(l.change('q2', '2024-10-02', [{ op: 'ADD', playerId: 'P41', status: 'RESERVE' }]));
    expect(refusalOf(l.change('q3', '2024-10-03', [{ op: 'ADD', playerId: 'P41', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-VII.P.1' });
    // R, on a Tuesday team, is added to another Tuesday team: refused (R-VII.P.1).
    expect(refusalOf(l.change('r2', '2024-10-01', [{ op: 'ADD', playerId: 'P71', status: 'RESERVE' }]))).toMatchObject({ rule: 'R-VII.P.1' });
    // A change for today submitted at 16:05: refused (R-II.C.3).
    expect(refusalOf(l.change('other', '2024-10-10', [{ op: 'ADD', playerId: 'P82', status: 'RESERVE' }], '16:05'))).toMatchObject({ rule: 'R-II.C.3' });
    // Any change after the end of the regular season: refused (R-V.B.1.1).
    expect(refusalOf(l.submit('other', 'CHANGE', '2024-12-12', [{ op: 'ADD', playerId: 'P82', status: 'RESERVE' }], local('2024-12-11')))).toMatchObject({ rule: 'R-V.B.1.1' });
  });

  it('SC-12.4: a playoff lineup with a player who never played in the regular season is refused (R-V.B.1.2)', () => {
    const l = new League([team('hawks', 'MON'), team('aces', 'MON')]);
    l.register('hawks', { players: ids(1, 8) });
    l.register('aces', { players: ids(11, 18) });
    const venue = { id: 'bar', name: 'Bar', machines: ['M1', 'M2', 'M3', 'M4'].map((id) => ({ id, name: id, kind: 'FOUR_PLAYER' as const })) };
    const teams = new Map(l.teams.map((t) => [t.id, t]));
    const build = (id: string, kind: 'REGULAR' | 'PLAYOFF', date: string, active?: Map<string, Set<string>>) => {
      const v = buildMatchSetup({
        season: l.season, teams, rosters: l.rosters, players: l.players, venue, zone: ZONE, restricted: new Set(),
        match: ScheduledMatchSchema.parse({ id, seasonId: 's24', kind, date, homeTeamId: 'hawks', awayTeamId: 'aces', venueId: 'bar' }),
        ...(active ? { playoff: { active, qualified: new Set(['hawks', 'aces']), tonight: [] } } : {}),
      });
      if (!v.ok) throw new Error(v.refusal.message);
      return v.value;
    };
    const regular = playMatch(build('reg', 'REGULAR', '2024-10-07'), ids(1, 6), ids(11, 16));
    const played = [{ match: ScheduledMatchSchema.parse({ id: 'reg', seasonId: 's24', kind: 'REGULAR', date: '2024-10-07', homeTeamId: 'hawks', awayTeamId: 'aces', venueId: 'bar' }), state: regular.state }];
    const active = new Map(['hawks', 'aces'].map((t) => [t, playoffActivePlayers(t, played)]));
    const setup = build('po', 'PLAYOFF', '2024-12-16', active);
    let state: MatchState = initialState(setup);
    for (const [side, players] of [['HOME', ids(1, 8)], ['AWAY', ids(11, 18)]] as const) {
      for (const p of players) {
        const d = decide(state, { ...CommandSchema.parse({ type: 'markArrived', payload: { playerId: p, time: setup.scheduledStart } }), at: setup.scheduledStart }, { role: 'captain', side });
        if (!d.ok) throw new Error(d.refusal.message);
        state = fold(state, d.events);
      }
    }
    const d = decide(state, { ...CommandSchema.parse({ type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['P11', 'P18'] }, { machineId: 'M2', players: ['P12', 'P13'] }] } }), at: setup.scheduledStart + 60_000 }, { role: 'captain', side: 'AWAY' });
    expect(d).toMatchObject({ ok: false, refusal: { rule: 'R-V.B.1.2', code: 'INELIGIBLE' } });
    expect(setup.away.players.find((p) => p.id === 'P18')?.ineligible?.rule).toBe('R-V.B.1.2');
  });
});

describe('SC-12 disputes, rosters and standings: standings (step 5)', () => {
  /** `wins`-`losses` with `points`, against teams outside the conference. */
  const record = (teamId: string, wins: number, losses: number, points: number): LeagueMatchResult[] => {
    const out: LeagueMatchResult[] = [];
    let left = points - losses * 6;
    for (let i = 0; i < wins; i++) {
      const mine = Math.ceil(left / (wins - i));
      left -= mine;
      out.push(result(teamId, `x${i}`, mine, 16 - mine, { id: `${teamId}-w${i}` }));
    }
    for (let i = 0; i < losses; i++) out.push(result(`y${i}`, teamId, 10, 6, { id: `${teamId}-l${i}` }));
    return out;
  };

  it('SC-12.5: T1 (10-4, 131) above T2 (10-4, 128) by points (R-IV.A.2); T3 above T4 (9-5, 120) by their meeting (R-IV.A.3)', () => {
    const s = computeStandings({
      conferenceId: 'north', teamIds: ['T4', 'T2', 'T3', 'T1'], qualifiers: 6, tieOrders: [], tieBreakerForSeeds: false,
      results: [...record('T1', 10, 4, 131), ...record('T2', 10, 4, 128), result('T3', 'T4', 9, 7, { id: 'meet' }), ...record('T3', 8, 5, 111), ...record('T4', 9, 4, 113)],
    });
    expect(s.rows.map((r) => [r.teamId, r.wins, r.losses, r.points, r.aboveNextBy])).toEqual([
      ['T1', 10, 4, 131, 'POINTS'], ['T2', 10, 4, 128, 'RECORD'], ['T3', 9, 5, 120, 'HEAD_TO_HEAD'], ['T4', 9, 5, 120, null],
    ]);
  });

  it('SC-12.5: T5 and T6 level on A.1-A.4 in 6th and 7th with 6 qualifiers: "tie-breaker match required" with its date (R-IV.A.5.2) and ranked neutral venues (R-V.C.1)', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'T5', 'T6', 'h'];
    const teams = names.map((id) => team(id, 'MON'));
    const results = [
      ...record('a', 12, 2, 150), ...record('b', 11, 3, 140), ...record('c', 10, 4, 130), ...record('d', 9, 5, 120), ...record('e', 8, 6, 110),
      ...record('T5', 7, 7, 100), ...record('T6', 7, 7, 100), ...record('h', 2, 12, 60),
    ].map((r) => ({ ...r, date: '2024-12-02' }));
    const lastT6 = ScheduledMatchSchema.parse({ id: 'T6-w0', seasonId: 's24', kind: 'REGULAR', date: '2024-12-09', homeTeamId: 'T6', awayTeamId: 'h', venueId: 'bar-T6' });
    const lastT5 = ScheduledMatchSchema.parse({ id: 'T5-w0', seasonId: 's24', kind: 'REGULAR', date: '2024-12-02', homeTeamId: 'T5', awayTeamId: 'h', venueId: 'bar-T5' });
    const venues = [...teams.map((t) => ({ id: t.homeVenueId, name: `Bar ${t.id}`, machines: [] })), { id: 'zz-neutral', name: 'Neutral Hall', machines: [] }];
    const d: SeasonData = { season: season(), teams, venues, schedule: [lastT5, lastT6], results: new Map(results.map((r) => [r.matchId, r])), today: '2024-12-10' };
    const [north] = seasonStandings(d);
    expect(north!.rows.slice(5, 7).map((r) => [r.teamId, r.position, r.aboveNextBy])).toEqual([['T5', 6, 'UNRESOLVED'], ['T6', 7, 'RECORD']]);
    expect(north!.tieBreakers).toHaveLength(1);
    const tb = north!.tieBreakers[0]!;
    expect(tb).toMatchObject({ teamIds: ['T5', 'T6'], proposedDate: '2024-12-11', dateRule: 'R-IV.A.5.2' });
    expect(tb.venues.map((v) => v.venueId).slice(-2).sort()).toEqual(['bar-T5', 'bar-T6']);
    expect(tb.venues[0]).toMatchObject({ notAHomeVenue: true, notPlayedInPlayoffs: true });
  });
});
