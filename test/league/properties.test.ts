import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialState, type MatchState } from '../../shared/index';
import {
  addDays, computeStandings, droppedPlayers, eveningConflict, inForceOrder, type LeagueMatchResult, playoffRoster,
  rosterOn, rosterShapeProblems, type RosterEditInput, teamsOfPlayerOn, type Weekday,
} from '../../shared/season/index';
import { setup as matchSetup } from '../engine/harness';
import { ids, League, local, SEASON_END, SEASON_START, team } from './fixtures';

/** Property tests for INV-22..25 and INV-28: invariants that must hold whatever sequence of requests or results. */

const RUNS = { numRuns: 150 };

// ----- roster requests ---------------------------------------------------------------------------------------------

const playerId = fc.integer({ min: 1, max: 16 }).map((n) => `P${n}`);
const status = fc.constantFrom('STARTER' as const, 'RESERVE' as const);
const edit: fc.Arbitrary<RosterEditInput> = fc.oneof(
  fc.record({ op: fc.constant('ADD' as const), playerId, status, captain: fc.boolean() }),
  fc.record({ op: fc.constant('DROP' as const), playerId }),
  fc.record({ op: fc.constant('SET_STATUS' as const), playerId, status }),
  fc.record({ op: fc.constant('SET_CAPTAIN' as const), playerId, captain: fc.boolean() }),
);
/** A request: a day offset from the season start (some after its end), when it is sent relative to that day, edits. */
const request = fc.record({
  team: fc.constantFrom('hawks', 'aces', 'owls'),
  day: fc.integer({ min: 0, max: 110 }),
  sentDaysBefore: fc.integer({ min: -1, max: 3 }),
  hhmm: fc.constantFrom('09:00', '15:59', '16:00', '16:01', '22:00'),
  edits: fc.array(edit, { minLength: 1, maxLength: 4 }),
});
type Request = typeof request extends fc.Arbitrary<infer T> ? T : never;

function registered(weekdays: [Weekday, Weekday, Weekday] = ['MON', 'TUE', 'WED']): League {
  const l = new League([team('hawks', weekdays[0]), team('aces', weekdays[1]), team('owls', weekdays[2])]);
  l.register('hawks', { players: ids(1, 7), reserves: 1 });
  l.register('aces', { players: ids(5, 12), captains: 2 });
  l.register('owls', { players: ids(9, 16), reserves: 2 });
  return l;
}

function apply(l: League, r: Request): boolean {
  const effective = addDays(SEASON_START, r.day);
  const sent = local(addDays(effective, -r.sentDaysBefore), r.hhmm);
  return l.submit(r.team, 'CHANGE', effective, r.edits, sent).ok;
}

/** Every date on which some roster of the season changes. */
const changeDates = (l: League) => [...new Set(Object.values(l.rosters.teams).flatMap((t) => t.batches.map((b) => b.effective)))].sort();

describe('INV-22 / INV-28 rosters after every accepted change', () => {
  it('INV-22: every roster in force on every date has 6-10 players, 1-2 captains who are starters, 6+ starters, at most 4 reserves; nobody dropped is back', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 25 }), (requests) => {
        const l = registered();
        for (const r of requests) {
          if (!apply(l, r)) continue;
          for (const teamId of ['hawks', 'aces', 'owls']) {
            const history = l.rosters.teams[teamId];
            for (const date of changeDates(l)) {
              expect(rosterShapeProblems(rosterOn(history, date))).toEqual([]);
            }
            // No dropped player added back to the same team (R-II.C.1.1).
            const batches = inForceOrder(history!.batches);
            const dropped = new Set<string>();
            for (const b of batches) {
              for (const e of b.edits) if (e.op === 'ADD') expect(dropped.has(e.playerId)).toBe(false);
              for (const e of b.edits) if (e.op === 'DROP') dropped.add(e.playerId);
            }
            expect([...droppedPlayers(history)].sort()).toEqual([...dropped].sort());
          }
        }
      }),
      RUNS,
    );
  });

  it('INV-28: no accepted change is dated after the regular season, and the playoff roster equals the final-week roster', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 25 }), (requests) => {
        const l = registered();
        for (const r of requests) apply(l, r);
        for (const teamId of ['hawks', 'aces', 'owls']) {
          const history = l.rosters.teams[teamId];
          expect(history!.batches.every((b) => b.effective <= SEASON_END)).toBe(true);
          const finalWeek = rosterOn(history, SEASON_END);
          expect(playoffRoster(l.season, history)).toEqual(finalWeek);
          expect(rosterOn(history, addDays(SEASON_END, 30))).toEqual(finalWeek);
        }
      }),
      RUNS,
    );
  });
});

describe('INV-23 one player, at most two teams and one lineup an evening', () => {
  it('INV-23: after any accepted changes a player is on at most two teams, and those play on different weekdays', () => {
    const weekdays = fc.tuple(fc.constantFrom<Weekday>('MON', 'TUE'), fc.constantFrom<Weekday>('MON', 'WED'), fc.constantFrom<Weekday>('TUE', 'WED'));
    fc.assert(
      fc.property(weekdays, fc.array(request, { minLength: 1, maxLength: 25 }), (days, requests) => {
        let l: League;
        try {
          l = registered(days);
        } catch {
          return; // the fixed registrations share players; with equal weekdays they are (rightly) refused
        }
        for (const r of requests) apply(l, r);
        for (const date of changeDates(l)) {
          for (const p of ids(1, 16)) {
            const on = teamsOfPlayerOn(p, date, l.rosters);
            expect(on.length).toBeLessThanOrEqual(2);
            const wd = on.map((id) => l.team(id).weekday);
            expect(new Set(wd).size).toBe(wd.length);
          }
        }
      }),
      RUNS,
    );
  });

  it('INV-23 / R-VII.P.3.1: accepting lineups only when the evening guard allows never puts a player in two lineups that evening', () => {
    const lineup = fc.uniqueArray(fc.integer({ min: 1, max: 10 }).map((n) => `P${n}`), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(0, 1), lineup), { minLength: 1, maxLength: 12 }), (declarations) => {
        const rooms: MatchState[] = [initialState(matchSetup()), initialState(matchSetup())];
        for (const [room, players] of declarations) {
          const other = rooms[1 - room]!;
          if (eveningConflict(players, [{ matchId: `m${1 - room}`, label: 'other', state: other }], (id) => id)) continue;
          // Stand-in for an accepted declaration: the players go into the next free game slot of round 1.
          const games = rooms[room]!.rounds[0]!.games;
          const slot = games.find((g) => g.players.HOME.length === 0);
          if (slot) slot.players.HOME = players;
        }
        const inLineups = (s: MatchState) => new Set(s.rounds.flatMap((r) => r.games.flatMap((g) => g.players.HOME)));
        const a = inLineups(rooms[0]!);
        for (const p of inLineups(rooms[1]!)) expect(a.has(p)).toBe(false);
      }),
      RUNS,
    );
  });
});

// ----- standings ---------------------------------------------------------------------------------------------------

const TEAMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
/** A realistic counted result: a normal win (9-16 of 16), an 8-8 decided by the tie-breaker, a forfeit, or a double forfeit. */
const outcome = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 9, max: 16 }).map((w) => ({ pts: [w, 16 - w] as const, winner: 0 as 0 | 1 | null })) },
  { weight: 2, arbitrary: fc.constant({ pts: [8, 8] as const, winner: 0 as 0 | 1 | null }) },
  { weight: 1, arbitrary: fc.constantFrom(9, 12).map((w) => ({ pts: [w, 0] as const, winner: 0 as 0 | 1 | null })) },
  { weight: 1, arbitrary: fc.constant({ pts: [0, 0] as const, winner: null as 0 | 1 | null }) },
);
const pair = fc.tuple(fc.constantFrom(...TEAMS), fc.constantFrom(...TEAMS)).filter(([x, y]) => x !== y);
const game = fc.tuple(pair, outcome, fc.boolean());

function toResult([[x, y], o, winnerIsHome]: [readonly [string, string], { pts: readonly [number, number]; winner: 0 | 1 | null }, boolean], i: number): LeagueMatchResult {
  // The winner's points are pts[0]; it plays HOME or AWAY as drawn.
  const [home, away] = winnerIsHome ? [x, y] : [y, x];
  const points = winnerIsHome ? { HOME: o.pts[0], AWAY: o.pts[1] } : { HOME: o.pts[1], AWAY: o.pts[0] };
  const winner = o.winner === null ? null : winnerIsHome ? ('HOME' as const) : ('AWAY' as const);
  return { matchId: `m${String(i).padStart(3, '0')}`, kind: 'REGULAR', date: '2024-10-01', homeTeamId: home, awayTeamId: away, winner, points, how: 'test', source: 'SCORESHEET' };
}
const results = fc.array(game, { maxLength: 40 }).map((gs) => gs.map(toResult));
const standings = (rs: LeagueMatchResult[], teamIds = TEAMS) =>
  computeStandings({ conferenceId: 'north', teamIds, results: rs, qualifiers: 6, tieOrders: [], tieBreakerForSeeds: false });

describe('INV-24 / INV-25 standings', () => {
  it('INV-24: the teams’ cumulative match points add up to the points of the final matches', () => {
    fc.assert(
      fc.property(results, (rs) => {
        const total = standings(rs).rows.reduce((n, r) => n + r.points, 0);
        expect(total).toBe(rs.reduce((n, r) => n + r.points.HOME + r.points.AWAY, 0));
      }),
      RUNS,
    );
  });

  it('INV-25: the standings are the same whatever order the matches became final in', () => {
    fc.assert(
      fc.property(results.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }))), fc.shuffledSubarray(TEAMS, { minLength: TEAMS.length, maxLength: TEAMS.length }), ([rs, shuffled], teamOrder) => {
        expect(standings(shuffled, teamOrder)).toEqual(standings(rs));
      }),
      RUNS,
    );
  });

  it('INV-25: adding a win to a team never lowers its rank', () => {
    const win = fc.tuple(pair, fc.integer({ min: 8, max: 16 }), fc.boolean());
    fc.assert(
      fc.property(results, win, (rs, [[x, y], w, home]) => {
        const before = standings(rs).rows.find((r) => r.teamId === x)!.position;
        const points = home ? { HOME: w, AWAY: 16 - w } : { HOME: 16 - w, AWAY: w };
        const added: LeagueMatchResult = { matchId: 'zz-new', kind: 'REGULAR', date: '2024-12-01', homeTeamId: home ? x : y, awayTeamId: home ? y : x, winner: home ? 'HOME' : 'AWAY', points, how: 'test', source: 'SCORESHEET' };
        const after = standings([...rs, added]).rows.find((r) => r.teamId === x)!.position;
        expect(after).toBeLessThanOrEqual(before);
      }),
      { numRuns: 400 },
    );
  });
});
