import { describe, expect, it } from 'vitest';
import { CommandSchema, decide, type CommandInput, fold, initialState, type MatchSetup, type MatchState, type Refusal } from '../../shared/index';
import {
  buildMatchSetup, instantOfLocal, playoffActivePlayers, restrictedPlayers, ScheduledMatchSchema, type ScheduledMatchInput,
  type SetupInput,
} from '../../shared/season/index';
import { accepted, ids, League, SEASON_END, team, ZONE } from './fixtures';
import { playMatch } from './playedMatch';

/** The setup a match room starts from: rosters of the day, top-150 flags, playoff bars (R-II.A.5, R-II.B.2, R-V.B, R-VII.P). */

const VENUE = { id: 'bar-hawks', name: 'The Bar', machines: ['M1', 'M2', 'M3', 'M4'].map((id) => ({ id, name: id, kind: 'FOUR_PLAYER' as const })) };

function league(): League {
  const l = new League([team('hawks', 'MON'), team('aces', 'MON'), team('owls', 'TUE', 'north'), team('larks', 'WED', 'south')]);
  l.register('hawks', { players: ids(1, 8), captains: 2 });
  l.register('aces', { players: ids(11, 18) });
  l.register('owls', { players: ids(21, 28) });
  l.register('larks', { players: ids(31, 38) });
  return l;
}

const match = (o: Partial<ScheduledMatchInput> = {}) => ScheduledMatchSchema.parse({ id: 'm1', seasonId: 's24', kind: 'REGULAR', date: '2024-10-07', homeTeamId: 'hawks', awayTeamId: 'aces', venueId: VENUE.id, ...o });

function setupFor(l: League, o: Partial<ScheduledMatchInput> = {}, extra: Partial<SetupInput> = {}): MatchSetup {
  const v = buildMatchSetup({
    season: l.season, match: match(o), teams: new Map(l.teams.map((t) => [t.id, t])), rosters: l.rosters, players: l.players,
    venue: VENUE, zone: ZONE, restricted: restrictedPlayers(l.season, l.rosters), ...extra,
  });
  if (!v.ok) throw new Error(`setup refused: ${v.refusal.rule} ${v.refusal.message}`);
  return v.value;
}

const player = (s: MatchSetup, id: string) => [...s.home.players, ...s.away.players].find((p) => p.id === id)!;

/** Sends one command to a fresh room of this setup (after everyone arrived); returns the refusal, or null if accepted. */
function tryIn(state: MatchState, who: 'HOME' | 'AWAY', command: CommandInput): Refusal | null {
  const d = decide(state, { ...CommandSchema.parse(command), at: state.setup.scheduledStart + 60_000 }, { role: 'captain', side: who });
  return d.ok ? null : d.refusal;
}
/** Sends one command that must be accepted; returns the state after it. */
function send(state: MatchState, who: 'HOME' | 'AWAY', command: CommandInput): MatchState {
  const d = decide(state, { ...CommandSchema.parse(command), at: state.setup.scheduledStart + 60_000 }, { role: 'captain', side: who });
  if (!d.ok) throw new Error(`refused: ${d.refusal.rule} ${d.refusal.message}`);
  return fold(state, d.events);
}
function arrived(setup: MatchSetup): MatchState {
  let state = initialState(setup);
  for (const side of ['HOME', 'AWAY'] as const) {
    for (const p of (side === 'HOME' ? setup.home : setup.away).players) {
      const d = decide(state, { ...CommandSchema.parse({ type: 'markArrived', payload: { playerId: p.id, time: setup.scheduledStart - 600_000 } }), at: setup.scheduledStart - 600_000 }, { role: 'captain', side });
      if (d.ok) state = fold(state, d.events);
    }
  }
  return state;
}

describe('the regular-season match setup', () => {
  it('R-II.A.5 / R-II.C.3: each team plays with the roster and statuses in force on the match date', () => {
    const l = league();
    accepted(l.change('hawks', '2024-10-14', [{ op: 'SET_STATUS', playerId: 'P7', status: 'RESERVE' }, { op: 'DROP', playerId: 'P8' }, { op: 'ADD', playerId: 'P9', status: 'STARTER' }], '09:00'));
    const before = setupFor(l, { date: '2024-10-07' });
    const after = setupFor(l, { date: '2024-10-14' });
    expect(player(before, 'P7').status).toBe('STARTER');
    expect(player(after, 'P7').status).toBe('RESERVE');
    expect(before.home.players.map((p) => p.id)).toContain('P8');
    expect(after.home.players.map((p) => p.id)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P9']);
  });

  it('R-II.0.2: the room knows each team’s captains from the roster; spectators are read only', () => {
    const s = setupFor(league());
    expect(s.home.players.filter((p) => p.captain).map((p) => p.id)).toEqual(['P1', 'P2']);
    const d = decide(initialState(s), { ...CommandSchema.parse({ type: 'claimForfeit', payload: {} }), at: s.scheduledStart }, { role: 'spectator' });
    expect(d).toMatchObject({ ok: false, refusal: { rule: 'MR-1' } });
  });

  it('R-III.A.1 / OQ-27b: the match starts at 20:00 in the league time zone on its date', () => {
    const s = setupFor(league(), { date: '2024-10-07' });
    expect(s.scheduledStart).toBe(instantOfLocal('2024-10-07', 20 * 60, ZONE));
    expect(s.scheduledStart).toBe(Date.UTC(2024, 9, 8, 1, 0)); // 20:00 at UTC-5 is 01:00 UTC the next day
    expect(s.playoff).toBe(false);
  });

  it('R-II.B.2 / R-II.B.2.3: a player on the season list is flagged restricted, and may not answer in a round the team does not lead', () => {
    const l = league();
    l.season = { ...l.season, restrictedList: { referenceDate: '2024-08-31', builtAt: 0, playerIds: ['P2', 'P12'] } };
    const s = setupFor(l);
    expect([player(s, 'P2').restricted, player(s, 'P3').restricted, player(s, 'P12').restricted]).toEqual([true, false, true]);
    const state = arrived(s);
    const r1 = send(state, 'AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['P11', 'P13'] }, { machineId: 'M2', players: ['P14', 'P15'] }] } });
    expect(tryIn(r1, 'HOME', { type: 'declareLineup', payload: { round: 1, games: [{ players: ['P2', 'P1'] }, { players: ['P3', 'P4'] }] } })).toMatchObject({ rule: 'R-II.B.2.3' });
  });

  it('R-II.B.2.3.1: a restricted player may answer in a game that holds a restricted opponent', () => {
    const l = league();
    l.season = { ...l.season, restrictedList: { referenceDate: '2024-08-31', builtAt: 0, playerIds: ['P2', 'P12'] } };
    const state = arrived(setupFor(l));
    const r1 = send(state, 'AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['P11', 'P12'] }, { machineId: 'M2', players: ['P14', 'P15'] }] } });
    expect(tryIn(r1, 'HOME', { type: 'declareLineup', payload: { round: 1, games: [{ players: ['P2', 'P1'] }, { players: ['P3', 'P4'] }] } })).toBeNull();
  });

  it('R-II.B.2.3.2: restricted players may be named in the tie-breaker without restriction', () => {
    const l = league();
    l.season = { ...l.season, restrictedList: { referenceDate: '2024-08-31', builtAt: 0, playerIds: ['P7'] } };
    const m = playMatch(setupFor(l), ids(1, 6), ids(11, 16), { winner: 'SPLIT', sign: [] });
    m.arrive('HOME', ['P7']); // arrives after the last declaration, in time for the tie-breaker
    expect(m.state.tiebreaker).toBeNull();
    m.ok('HOME', { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['P7', 'P1'] } });
    expect(m.state.tiebreaker?.players.HOME).toEqual(['P7', 'P1']);
  });

  it('R-II.0.1: a team without a registered roster cannot be given a match', () => {
    const l = new League([team('hawks', 'MON'), team('aces', 'MON')]);
    l.register('hawks', { players: ids(1, 8) });
    const v = buildMatchSetup({ season: l.season, match: match(), teams: new Map(l.teams.map((t) => [t.id, t])), rosters: l.rosters, players: l.players, venue: VENUE, zone: ZONE, restricted: new Set() });
    expect(v).toMatchObject({ ok: false, refusal: { rule: 'R-II.0.1', code: 'NOT_REGISTERED' } });
  });
});

describe('playoff match setups (R-V.A.2, R-V.B, R-VII.P.2-3)', () => {
  /** A regular match hawks v aces on 7 Oct in which P1-P6 and P11-P16 played. */
  function withRegularMatch(l: League) {
    const regular = playMatch(setupFor(l, { id: 'reg1' }), ids(1, 6), ids(11, 16));
    const played = [{ match: match({ id: 'reg1' }), state: regular.state }];
    return new Map(['hawks', 'aces'].map((t) => [t, playoffActivePlayers(t, played)]));
  }
  const playoff = { id: 'po1', kind: 'PLAYOFF' as const, date: '2024-12-16', bracket: { conferenceId: 'north', round: 1, slot: 1 } };

  it('R-V.A.2 / OQ-23: a playoff match is played with one extra ball; HOME cannot turn it off', () => {
    const l = league();
    const s = setupFor(l, playoff, { playoff: { active: withRegularMatch(l), qualified: new Set(['hawks', 'aces']), tonight: [] } });
    expect(s.playoff).toBe(true);
    const small = { ...s, venue: { ...s.venue, machines: s.venue.machines.slice(0, 3) } };
    expect(tryIn(initialState(small), 'HOME', { type: 'setExtraBall', payload: { extraBall: 'NONE' } })).toMatchObject({ rule: 'R-V.A.2' });
  });

  it('OQ-22: a standings tie-breaker match is a normal match, not a playoff match', () => {
    expect(setupFor(league(), { id: 'tb1', kind: 'TIEBREAKER', date: '2024-12-11' }).playoff).toBe(false);
  });

  it('R-V.B.1: the playoff roster is the roster in force at the end of the regular season', () => {
    const l = league();
    accepted(l.change('hawks', SEASON_END, [{ op: 'ADD', playerId: 'P9', status: 'RESERVE' }], '09:00'));
    const s = setupFor(l, playoff, { playoff: { active: withRegularMatch(l), qualified: new Set(['hawks', 'aces']), tonight: [] } });
    expect(s.home.players.map((p) => p.id)).toEqual(l.roster('hawks', SEASON_END).map((m) => m.playerId));
    expect(s.home.players.map((p) => p.id)).toContain('P9');
  });

  it('R-V.B.1.2 (SC-12.4): a playoff lineup with a player who never played in the regular season is refused', () => {
    const l = league();
    const active = withRegularMatch(l);
    expect([...active.get('hawks')!].sort()).toEqual(ids(1, 6));
    const s = setupFor(l, playoff, { playoff: { active, qualified: new Set(['hawks', 'aces']), tonight: [] } });
    expect(player(s, 'P7').ineligible).toEqual({ rule: 'R-V.B.1.2', reason: 'did not play in a regular-season match for Team hawks' });
    expect(player(s, 'P1').ineligible).toBeNull();
    const state = arrived(s);
    expect(tryIn(state, 'AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['P11', 'P17'] }, { machineId: 'M2', players: ['P13', 'P14'] }] } })).toMatchObject({ rule: 'R-V.B.1.2', code: 'INELIGIBLE' });
  });

  it('OQ-25: playing for another team does not make a player active for this one', () => {
    const l = league();
    const regular = playMatch(setupFor(l, { id: 'reg1' }), ids(1, 6), ids(11, 16));
    const active = playoffActivePlayers('owls', [{ match: match({ id: 'reg1' }), state: regular.state }]);
    expect(active.size).toBe(0);
  });

  it('R-VII.P.2: a player whose two teams are in the same conference’s playoffs cannot play playoff matches for either', () => {
    const l = league();
    accepted(l.change('owls', '2024-10-08', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    const active = new Map([['hawks', new Set(ids(1, 8))], ['aces', new Set(ids(11, 18))], ['owls', new Set([...ids(21, 28), 'P3'])]]);
    const s = setupFor(l, playoff, { playoff: { active, qualified: new Set(['hawks', 'aces', 'owls']), tonight: [] } });
    expect(player(s, 'P3').ineligible).toEqual({ rule: 'R-VII.P.2', reason: "also on Team owls, which is in the same conference's playoffs" });
    // Owls out of the playoffs: no bar.
    const out = setupFor(l, playoff, { playoff: { active, qualified: new Set(['hawks', 'aces']), tonight: [] } });
    expect(player(out, 'P3').ineligible).toBeNull();
  });

  it('R-VII.P.3: with the two teams in different conferences the player may play playoff matches for both', () => {
    const l = league();
    accepted(l.change('larks', '2024-10-09', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    const active = new Map([['hawks', new Set(ids(1, 8))], ['aces', new Set(ids(11, 18))]]);
    const s = setupFor(l, playoff, { playoff: { active, qualified: new Set(['hawks', 'aces', 'larks']), tonight: [] } });
    expect(player(s, 'P3').ineligible).toBeNull();
  });

  it('R-VII.P.3.1: already in a lineup of the other team’s match that evening, the player is barred from this one', () => {
    const l = league();
    accepted(l.change('larks', '2024-10-09', [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }]));
    const other = arrived(setupFor(l, { id: 'po9', kind: 'TIEBREAKER', date: '2024-12-16', homeTeamId: 'larks', awayTeamId: 'owls' }));
    const afterAway = send(other, 'AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['P21', 'P22'] }, { machineId: 'M2', players: ['P23', 'P24'] }] } });
    const both = send(afterAway, 'HOME', { type: 'declareLineup', payload: { round: 1, games: [{ players: ['P3', 'P31'] }, { players: ['P32', 'P33'] }] } });
    const tonight = [{ matchId: 'po9', label: 'Larks v Owls', state: both }];
    const active = new Map([['hawks', new Set(ids(1, 8))], ['aces', new Set(ids(11, 18))]]);
    const s = setupFor(l, playoff, { playoff: { active, qualified: new Set(['hawks', 'aces', 'larks']), tonight } });
    expect(player(s, 'P3').ineligible).toEqual({ rule: 'R-VII.P.3.1', reason: 'already in a lineup of Larks v Owls tonight' });
  });
});
