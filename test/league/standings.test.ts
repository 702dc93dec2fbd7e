import { describe, expect, it } from 'vitest';
import { computeStandings, type LeagueMatchResult, type StandingsInput } from '../../shared/season/index';
import { result } from './fixtures';

/** R-IV.A: standings order, head-to-head mini-tables (OQ-21), and when a tie needs a tie-breaker match (R-IV.A.5.4). */

/**
 * Results against teams outside the conference (so they touch only this team's record): `wins` and `losses`
 * with `points` in total, losses worth 6 each and the wins sharing the rest.
 */
function record(teamId: string, wins: number, losses: number, points: number): LeagueMatchResult[] {
  const out: LeagueMatchResult[] = [];
  let winPoints = points - losses * 6;
  for (let i = 0; i < wins; i++) {
    const mine = Math.ceil(winPoints / (wins - i));
    winPoints -= mine;
    out.push(result(teamId, `x-${teamId}-${i}`, mine, 16 - mine, { id: `${teamId}-w${i}`, winner: 'HOME' }));
  }
  for (let i = 0; i < losses; i++) out.push(result(`y-${teamId}-${i}`, teamId, 10, 6, { id: `${teamId}-l${i}`, winner: 'HOME' }));
  return out;
}

const input = (teamIds: string[], results: LeagueMatchResult[], o: Partial<StandingsInput> = {}): StandingsInput => ({
  conferenceId: 'north', teamIds, results, qualifiers: 6, tieOrders: [], tieBreakerForSeeds: false, ...o,
});
const order = (s: ReturnType<typeof computeStandings>) => s.rows.map((r) => r.teamId);
const row = (s: ReturnType<typeof computeStandings>, id: string) => s.rows.find((r) => r.teamId === id)!;

describe('R-IV.A.1 win/loss record first', () => {
  it('R-IV.A.1: teams are ordered by their record', () => {
    const s = computeStandings(input(['a', 'b', 'c'], [...record('a', 3, 0, 40), ...record('b', 2, 1, 60), ...record('c', 0, 3, 70)]));
    expect(order(s)).toEqual(['a', 'b', 'c']);
    expect(s.rows.map((r) => r.aboveNextBy)).toEqual(['RECORD', 'RECORD', null]);
    expect(row(s, 'a')).toMatchObject({ wins: 3, losses: 0, played: 3, points: 40, position: 1 });
  });

  it('R-IV.A.1 / OQ-21: with different numbers of matches played, winning percentage, then fewer losses', () => {
    const s = computeStandings(input(['a', 'b', 'c', 'd'], [...record('a', 3, 1, 50), ...record('b', 2, 0, 20), ...record('c', 1, 1, 20), ...record('d', 2, 2, 90)]));
    expect(order(s)).toEqual(['b', 'a', 'c', 'd']);
    expect(row(s, 'c').aboveNextBy).toBe('RECORD');
  });

  it('R-IV.A.1 / OQ-13: a double forfeit is a loss for both teams', () => {
    const s = computeStandings(input(['a', 'b'], [result('a', 'b', 0, 0, { winner: null })]));
    expect(s.rows.map((r) => [r.teamId, r.wins, r.losses])).toEqual([['a', 0, 1], ['b', 0, 1]]);
  });
});

describe('R-IV.A.2 cumulative match points', () => {
  it('R-IV.A.2 (SC-12.5): T1 and T2 both 10-4, T1 with 131 points and T2 with 128: T1 ranks higher', () => {
    const s = computeStandings(input(['T2', 'T1'], [...record('T1', 10, 4, 131), ...record('T2', 10, 4, 128)]));
    expect(order(s)).toEqual(['T1', 'T2']);
    expect(row(s, 'T1')).toMatchObject({ wins: 10, losses: 4, points: 131, aboveNextBy: 'POINTS' });
  });

  it('R-IV.A.2: forfeit awards count; tie-breaker and playoff matches do not', () => {
    const s = computeStandings(input(['a', 'b'], [
      ...record('a', 1, 0, 9),
      result('b', 'x', 0, 12, { winner: 'AWAY' }), // b forfeited: a loss with 0
      result('y', 'b', 0, 12, { winner: 'AWAY' }), // b wins a forfeit with 12
      result('a', 'b', 8, 8, { winner: 'HOME', kind: 'PLAYOFF' }),
      result('a', 'b', 8, 8, { winner: 'AWAY', kind: 'TIEBREAKER' }),
    ]));
    expect(row(s, 'b')).toMatchObject({ wins: 1, losses: 1, points: 12 });
    expect(row(s, 'a')).toMatchObject({ wins: 1, losses: 0, points: 9 });
  });
});

describe('R-IV.A.3 / R-IV.A.4 head to head', () => {
  it('R-IV.A.3 (SC-12.5): T3 and T4 both 9-5 with 120 points; T3 won their only meeting and ranks higher', () => {
    const meeting = result('T4', 'T3', 7, 9, { id: 'meet' });
    const s = computeStandings(input(['T4', 'T3'], [meeting, ...record('T3', 8, 5, 111), ...record('T4', 9, 4, 113)]));
    expect([row(s, 'T3'), row(s, 'T4')].map((r) => [r.wins, r.losses, r.points])).toEqual([[9, 5, 120], [9, 5, 120]]);
    expect(order(s)).toEqual(['T3', 'T4']);
    expect(row(s, 'T3').aboveNextBy).toBe('HEAD_TO_HEAD');
  });

  it('R-IV.A.4: meetings split 1-1, the team with more match points in them ranks higher', () => {
    const meetings = [result('a', 'b', 9, 7, { id: 'm1' }), result('b', 'a', 10, 6, { id: 'm2' })];
    // a: 15 points in the meetings, b: 17; overall both 5-3 with 70.
    const s = computeStandings(input(['a', 'b'], [...meetings, ...record('a', 4, 2, 55), ...record('b', 4, 2, 53)]));
    expect([row(s, 'a').points, row(s, 'b').points]).toEqual([70, 70]);
    expect(order(s)).toEqual(['b', 'a']);
    expect(row(s, 'b').aboveNextBy).toBe('HEAD_TO_HEAD_POINTS');
  });

  it('R-IV.A.3 / OQ-21: three or more tied teams form a mini-table; a subgroup still level restarts at A.3 among itself', () => {
    const group = [
      result('A', 'B', 9, 7, { id: 'g1' }), result('A', 'D', 10, 6, { id: 'g2' }), result('C', 'A', 9, 7, { id: 'g3' }),
      result('B', 'D', 10, 6, { id: 'g4' }), result('B', 'C', 9, 7, { id: 'g5' }), result('C', 'D', 9, 7, { id: 'g6' }),
    ];
    // In the group: A 2-1 (26), B 2-1 (26), C 2-1 (25), D 0-3 (19). Overall all four are 5-3 with 60.
    const s = computeStandings(input(['A', 'B', 'C', 'D'], [...group, ...record('A', 3, 2, 34), ...record('B', 3, 2, 34), ...record('C', 3, 2, 35), ...record('D', 5, 0, 41)]));
    expect(s.rows.map((r) => [r.wins, r.losses, r.points])).toEqual([[5, 3, 60], [5, 3, 60], [5, 3, 60], [5, 3, 60]]);
    expect(order(s)).toEqual(['A', 'B', 'C', 'D']);
    expect(s.rows.map((r) => r.aboveNextBy)).toEqual(['HEAD_TO_HEAD', 'HEAD_TO_HEAD_POINTS', 'HEAD_TO_HEAD', null]);
  });
});

describe('R-IV.A.5 ties left after A.1-A.4', () => {
  const field = (extra: LeagueMatchResult[] = []) => [
    ...record('t1', 9, 1, 120), ...record('t2', 8, 2, 110), ...record('t3', 7, 3, 100), ...record('t4', 6, 4, 90), ...record('t5', 5, 5, 80),
    ...record('T5', 4, 6, 70), ...record('T6', 4, 6, 70), ...record('t8', 2, 8, 50), ...extra,
  ];
  const teams = ['t1', 't2', 't3', 't4', 't5', 'T5', 'T6', 't8'];

  it('R-IV.A.5.4 (SC-12.5): teams level on A.1-A.4 in 6th and 7th with 6 qualifiers need a tie-breaker match', () => {
    const s = computeStandings(input(teams, field()));
    expect(s.ties).toEqual([{ teamIds: ['T5', 'T6'], from: 6, to: 7, straddlesCutoff: true, decidesSeed: false, tieBreakerMatchRequired: true }]);
    expect(row(s, 'T5')).toMatchObject({ tiedWith: ['T6'], aboveNextBy: 'UNRESOLVED' });
  });

  it('R-IV.A.5.4 / OQ-22b: a tie that only decides seeds, or is below the cut-off, needs no match (unless the league asks for seeds)', () => {
    const s = computeStandings(input(teams, field(), { qualifiers: 8 }));
    expect(s.ties).toEqual([{ teamIds: ['T5', 'T6'], from: 6, to: 7, straddlesCutoff: false, decidesSeed: true, tieBreakerMatchRequired: false }]);
    expect(computeStandings(input(teams, field(), { qualifiers: 8, tieBreakerForSeeds: true })).ties[0]!.tieBreakerMatchRequired).toBe(true);
    // Two stronger teams push T5 and T6 to 8th and 9th: no playoff implication.
    const below = computeStandings(input([...teams, 'x1', 'x2'], [...field(), ...record('x1', 9, 0, 130), ...record('x2', 9, 0, 131)]));
    expect(below.ties[0]).toMatchObject({ from: 8, to: 9, straddlesCutoff: false, decidesSeed: false, tieBreakerMatchRequired: false });
  });

  it('R-IV.A.5 / OQ-22: the tie-breaker match orders the tied teams without changing their record or points', () => {
    const s = computeStandings(input(teams, field(), { tieOrders: [{ conferenceId: 'north', teamIds: ['T6', 'T5'], source: 'TIEBREAKER_MATCH', note: '' }] }));
    expect(order(s).slice(5, 7)).toEqual(['T6', 'T5']);
    expect(row(s, 'T6')).toMatchObject({ wins: 4, losses: 6, points: 70, aboveNextBy: 'TIE_BREAKER_MATCH', tiedWith: [] });
    expect(s.ties).toEqual([]);
  });

  it('OQ-24b: an official order settles a seed tie; orders of another conference are ignored', () => {
    const official = { conferenceId: 'north', teamIds: ['T6', 'T5'], source: 'OFFICIAL' as const, note: '' };
    expect(order(computeStandings(input(teams, field(), { qualifiers: 8, tieOrders: [official] }))).slice(5, 7)).toEqual(['T6', 'T5']);
    const elsewhere = computeStandings(input(teams, field(), { tieOrders: [{ ...official, conferenceId: 'south' }] }));
    expect(elsewhere.ties).toHaveLength(1);
  });
});
