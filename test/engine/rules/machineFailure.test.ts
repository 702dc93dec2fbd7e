import { describe, expect, it } from 'vitest';
import { gameOutcome, type MatchState, nextActions } from '../../../shared';
import { at, AWAY, HOME, type Match } from '../harness';
import { declareRound, enter, incident, newMatch, playGame, reachRound } from '../play';

/** Machine failure (R-VII.L): minor faults and removal, major failures, replacement and re-declaration. */

const game = (s: MatchState, round: number, g: number) => s.rounds[round - 1]!.games[g - 1]!;
const outcome = (m: Match, round: number, g: number) => gameOutcome(m.state, game(m.state, round, g));
const propose = (m: Match, by: 'HOME' | 'AWAY', agreement: Record<string, unknown>) => {
  m.ok(by, { type: 'propose', payload: agreement as never });
  return m.state.proposals[m.state.proposals.length - 1]!.id;
};

/**
 * SC-11 setup: round 3 (AWAY declares first) with G1, G2 on M1 and G3, G4 on M2; G1 and G2 under way, G3 started
 * (H2 has a confirmed 500,000), G4 not started.
 */
function sc11() {
  const m = reachRound(3);
  declareRound(m, 3,
    [{ machineId: 'M1', players: ['A1'] }, { machineId: 'M1', players: ['A2'] }, { machineId: 'M2', players: ['A3'] }, { machineId: 'M2', players: ['A4'] }],
    [{ players: ['H5'] }, { players: ['H6'] }, { players: ['H2'] }, { players: ['H4'] }]);
  m.score(HOME, 3, 1, 'H5', 100);
  m.score(HOME, 3, 2, 'H6', 100);
  m.score(HOME, 3, 3, 'H2', 500_000);
  return m;
}

/** SC-11 step 1: M2's left flipper sticks during G3; recorded by HOME, confirmed by AWAY; M2 is eliminated. */
function sc11Failed() {
  const m = sc11();
  incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, playerId: 'H2', action: 'ELIMINATE', note: 'left flipper stuck' });
  return m;
}

describe('a major failure eliminates the machine (R-VII.L.2.3)', () => {
  it('R-VII.L.2.3: a confirmed major failure with other machines working takes the machine out; its failed and unstarted games wait for a new one', () => {
    const m = sc11();
    m.ok(HOME, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' } } });
    expect(m.state.machineStatus.M2).toBe('WORKING'); // not before AWAY confirms (MR-4)
    const events = m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    expect(events[1]).toMatchObject({ type: 'MachineEliminated', machineId: 'M2', round: 3, games: [3, 4] });
    expect(m.state.machineStatus.M2).toBe('ELIMINATED');
    expect([1, 2, 3, 4].map((g) => game(m.state, 3, g).awaitingMachine)).toEqual([false, false, true, true]);
    expect(nextActions(m.state, AWAY).map((a) => a.code)).toContain('REPLACE_MACHINE');
  });

  it('R-VII.L.2.3.1: both captains may agree to keep the failing machine: the game goes on with its scores', () => {
    const m = sc11();
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'KEEP' });
    expect(m.state.machineStatus.M2).toBe('WORKING');
    expect(game(m.state, 3, 3)).toMatchObject({ machineId: 'M2', generation: 0, awaitingMachine: false });
    m.score(AWAY, 3, 3, 'A3', 400_000);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 500_000, AWAY: 400_000 } });
  });

  it('R-VII.L.2.3.2: an eliminated machine cannot be selected again in that match (SC-11: round 4 on M2)', () => {
    const m = sc11Failed();
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    for (const g of [1, 2, 3, 4]) playGame(m, 3, g, HOME);
    const r = m.no(HOME, { type: 'declareLineup', payload: { round: 4, games: [{ machineId: 'M1', players: ['H1'] }, { machineId: 'M2', players: ['H2'] }, { machineId: 'M1', players: ['H3'] }, { machineId: 'M3', players: ['H4'] }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.2.3.2', code: 'MACHINE_ELIMINATED' });
  });
});

describe('replacement machine and re-declaration (R-VII.L.2.7, SC-11)', () => {
  it('R-VII.L.2.7: the team that chose the failed machine (the round\'s first declarer) picks the replacement, within R-VII.O', () => {
    const m = sc11Failed();
    expect(m.no(HOME, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }] } })).toMatchObject({ rule: 'R-VII.L.2.7', code: 'NOT_CHOOSER' });
    expect(m.no(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M1' }] } })).toMatchObject({ rule: 'R-VII.O.3' });
    expect(m.no(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M2' }] } })).toMatchObject({ rule: 'R-VII.L.2.3.2' });
    expect(m.no(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 1, machineId: 'M3' }] } })).toMatchObject({ rule: 'R-VII.L.2.7.1.2', code: 'NOT_AFFECTED' });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    expect([1, 2, 3, 4].map((g) => game(m.state, 3, g).machineId)).toEqual(['M1', 'M1', 'M3', 'M3']);
  });

  it('R-VII.L.2.7.1: both teams may change the lineups of the moved games to fit the new machine', () => {
    const m = sc11Failed();
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    m.ok(AWAY, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 3, players: ['A4'] }, { game: 4, players: ['A3'] }] } });
    m.ok(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 3, players: ['H4'] }, { game: 4, players: ['H2'] }] } });
    expect([3, 4].map((g) => game(m.state, 3, g).players)).toEqual([{ HOME: ['H4'], AWAY: ['A4'] }, { HOME: ['H2'], AWAY: ['A3'] }]);
  });

  it('R-VII.L.2.7.1.1: only the games that were on the failed machine can be re-declared, and only until they start', () => {
    const m = sc11Failed();
    expect(m.no(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 3, players: ['H4'] }] } })).toMatchObject({ rule: 'R-VII.L.2.7', code: 'AWAITING_MACHINE' });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    expect([1, 2, 3, 4].map((g) => game(m.state, 3, g).redeclarable)).toEqual([false, false, true, true]);
    m.score(HOME, 3, 3, 'H2', 1);
    expect(m.no(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 3, players: ['H3'] }] } })).toMatchObject({ rule: 'R-VII.L.2.7.1.2', code: 'NOT_AFFECTED' });
  });

  it('R-VII.L.2.7.1.2: every other game of the round keeps its lineup (SC-11: HOME changes G1)', () => {
    const m = sc11Failed();
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    const r = m.no(HOME, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 1, players: ['H1'] }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.2.7.1.2', code: 'NOT_AFFECTED' });
  });

  it('R-VII.L.2.7.1.3: a re-declaration must not break any other rule (SC-11: AWAY puts A1, already in G1, into G4)', () => {
    const m = sc11Failed();
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    expect(m.no(AWAY, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 4, players: ['A1'] }] } })).toMatchObject({ rule: 'R-III.B.6', code: 'PLAYS_TWICE' });
    expect(m.no(AWAY, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 4, players: ['A9'] }] } })).toMatchObject({ rule: 'R-VI.C.1.2' });
    expect(m.no(AWAY, { type: 'redeclareGames', payload: { round: 3, games: [{ game: 4, players: [] }] } })).toMatchObject({ rule: 'R-VII.L.2.7.1.3', code: 'BAD_SHAPE' });
  });

  it('R-VII.L.2.7.1.3.p1: a re-declaration may not take away a starter\'s last chance to play', () => {
    const m = reachRound(4);
    m.arrive(HOME, ['H7'], at('21:30'));
    m.clock = at('21:31');
    declareRound(m, 4,
      [{ machineId: 'M1', players: ['H7'] }, { machineId: 'M2', players: ['H2'] }, { machineId: 'M1', players: ['H3'] }, { machineId: 'M2', players: ['H4'] }],
      [{ players: ['A5'] }, { players: ['A6'] }, { players: ['A2'] }, { players: ['A4'] }]);
    m.score(HOME, 4, 1, 'H7', 10);
    incident(m, AWAY, 4, 1, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    m.ok(HOME, { type: 'replaceMachine', payload: { round: 4, games: [{ game: 1, machineId: 'M3' }, { game: 3, machineId: 'M3' }] } });
    const r = m.no(HOME, { type: 'redeclareGames', payload: { round: 4, games: [{ game: 1, players: ['H1'] }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.2.7.1.3.p1', code: 'MINIMUM_PLAY' });
    m.ok(HOME, { type: 'redeclareGames', payload: { round: 4, games: [{ game: 1, players: ['H3'] }, { game: 3, players: ['H7'] }] } });
  });

  it('R-VII.L.2.7.1.3.p2: a re-declared doubles game may not repeat a pair (R-III.D.5)', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 10);
    incident(m, AWAY, 2, 2, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    m.ok(HOME, { type: 'replaceMachine', payload: { round: 2, games: [{ game: 2, machineId: 'M1' }] } });
    // H1 and H2 were paired in round 1
    const r = m.no(HOME, { type: 'redeclareGames', payload: { round: 2, games: [{ game: 2, players: ['H1', 'H2'] }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.2.7.1.3.p2', code: 'PAIR_REPEATED' });
    m.ok(HOME, { type: 'redeclareGames', payload: { round: 2, games: [{ game: 2, players: ['H1', 'H4'] }] } });
  });

  it('R-VII.L.2.7.2: the failed game is replayed in full on the new machine; its earlier scores are discarded', () => {
    const m = sc11();
    const stale = enter(m, AWAY, 3, 3, 'A3', 42);
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 3, machineId: 'M3' }, { game: 4, machineId: 'M3' }] } });
    expect(game(m.state, 3, 3)).toMatchObject({ machineId: 'M3', generation: 1, startedAt: null, seated: null });
    expect(outcome(m, 3, 3)).toEqual({ kind: 'PENDING' });
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: stale } })).toMatchObject({ rule: 'R-VII.L.2.7.2', code: 'DISCARDED' });
    m.score(HOME, 3, 3, 'H2', 200);
    m.score(AWAY, 3, 3, 'A3', 300);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 200, AWAY: 300 } });
  });
});

describe('major failures that keep the machine (R-VII.L.2.4-L.2.6)', () => {
  function r3Started() {
    const m = reachRound(3);
    declareRound(m, 3);
    m.score(HOME, 3, 3, 'H2', 4_000_000);
    m.score(AWAY, 3, 3, 'A3', 3_000_000);
    return m;
  }

  it('R-VII.L.2.4.1: a one-player failure during ball 1 restarts the whole game for everyone: all scores discarded', () => {
    const m = r3Started();
    incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action: 'RESTART_GAME' });
    expect(game(m.state, 3, 3).generation).toBe(1);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'PENDING' });
    expect(m.state.machineStatus.M1).toBe('WORKING');
  });

  it('R-VII.L.2.4, R-VII.L.2.5: before a game starts there is nothing to restart, share or reset: only taking the machine out or keeping it', () => {
    const m = reachRound(3);
    declareRound(m, 3);
    const before = (action: 'RESTART_GAME' | 'PLAYER_OPTION' | 'RESET_SEGMENTS') =>
      m.no(AWAY, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action } } });
    for (const action of ['RESTART_GAME', 'PLAYER_OPTION', 'RESET_SEGMENTS'] as const) expect(before(action)).toMatchObject({ code: 'NOT_STARTED' });
    incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, action: 'KEEP' });
    expect(game(m.state, 3, 3).startedAt).toBeNull();
  });

  it('R-VII.L.2.4: a failure affecting one player after the start is recorded against that player', () => {
    const m = r3Started();
    expect(m.no(AWAY, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: AWAY, action: 'PLAYER_OPTION' } } })).toMatchObject({ rule: 'R-VII.L.2.3', code: 'PLAYER_MISSING' });
    const id = incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action: 'PLAYER_OPTION', note: 'ball kicked out during ball 2' });
    expect(m.state.entries.find((e) => e.id === id)).toMatchObject({ status: 'CONFIRMED', incident: { playerId: 'A3', action: 'PLAYER_OPTION' } });
  });

  it('R-VII.L.2.4.2: after ball 1 the affected player may take a compensation ball: a second segment added to their score', () => {
    const m = r3Started();
    incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action: 'PLAYER_OPTION' });
    m.score(AWAY, 3, 3, 'A3', 1_500_000, 2);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 4_000_000, AWAY: 4_500_000 } });
  });

  it('R-VII.L.2.4.2.1: the game goes on for the unaffected players: no restart, and no compensation ball for them', () => {
    const m = r3Started();
    incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action: 'PLAYER_OPTION' });
    expect(game(m.state, 3, 3).generation).toBe(0);
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 3, game: 3, playerId: 'H2', points: 1, segment: 2 } })).toMatchObject({ rule: 'R-VII.L.2.5.2', code: 'NO_SEGMENT' });
  });

  it('R-VII.L.2.4.2.2: a player who replays alone instead: the new game\'s score replaces theirs', () => {
    const m = r3Started();
    incident(m, AWAY, 3, 3, { kind: 'MAJOR_FAILURE', side: AWAY, playerId: 'A3', action: 'PLAYER_OPTION' });
    m.score(AWAY, 3, 3, 'A3', 5_000_000);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 4_000_000, AWAY: 5_000_000 } });
  });

  it('R-VII.L.2.5: a failure after all ball 1s that forces a reset: each player\'s score so far stays recorded', () => {
    const m = r3Started();
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS', note: 'machine rebooted during ball 2' });
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 4_000_000, AWAY: 3_000_000 } });
    expect(game(m.state, 3, 3).generation).toBe(0);
  });

  it('R-VII.L.2.5.1: the remaining balls go on a new game only once both captains judge the machine playable (confirmation)', () => {
    const m = r3Started();
    m.ok(HOME, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS' } } });
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 3, game: 3, playerId: 'H2', points: 1, segment: 2 } }).rule).toBe('R-VII.L.2.5.2');
    m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    enter(m, HOME, 3, 3, 'H2', 1, 2);
  });

  it('R-VII.L.2.5.2: each player\'s two scores are added', () => {
    const m = r3Started();
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS' });
    m.score(HOME, 3, 3, 'H2', 1_000_000, 2);
    m.score(AWAY, 3, 3, 'A3', 2_500_000, 2);
    expect(outcome(m, 3, 3)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 5_000_000, AWAY: 5_500_000 } });
  });

  it('R-VII.L.2.5.2.1: the ball in play at the failure is replayed in the second game: recorded with the reset, nothing else changes', () => {
    const m = r3Started();
    const id = incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS', note: 'A3 was on ball 2: ball 2 replayed' });
    expect(m.state.entries.find((e) => e.id === id)).toMatchObject({ status: 'CONFIRMED', incident: { note: 'A3 was on ball 2: ball 2 replayed' } });
    expect(game(m.state, 3, 3)).toMatchObject({ generation: 0, machineId: 'M1', awaitingMachine: false });
  });

  it('R-VII.L.2.6: the same major failure again in a game, with 2 or more other machines working: the game must move', () => {
    const m = r3Started();
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS' });
    const r = m.no(HOME, { type: 'recordIncident', payload: { round: 3, game: 3, incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS' } } });
    expect(r).toMatchObject({ rule: 'R-VII.L.2.6', code: 'REPEATED_FAILURE' });
    incident(m, HOME, 3, 3, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    expect(m.state.machineStatus.M1).toBe('ELIMINATED');
    expect(game(m.state, 3, 3).awaitingMachine).toBe(true);
  });

  it('R-VII.L.2.6.1: with fewer than 2 other machines the captains may agree to finish with compensation balls, or move to the one left', () => {
    const m = newMatch({ machines: 2 });
    declareRound(m, 1);
    m.score(HOME, 1, 1, 'H1', 10);
    incident(m, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, playerId: 'H1', action: 'PLAYER_OPTION' });
    const keep = m.no(AWAY, { type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'KEEP' } } });
    expect(keep).toMatchObject({ rule: 'R-VII.L.2.6.1', code: 'REPEATED_FAILURE' });
    incident(m, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, playerId: 'H2', action: 'PLAYER_OPTION' });
    m.score(HOME, 1, 1, 'H2', 5, 2);
    expect(m.state.machineStatus.M1).toBe('WORKING');
    // or the game moves to the single other machine
    incident(m, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 1, games: [{ game: 1, machineId: 'M2' }] } });
    expect([game(m.state, 1, 1).machineId, game(m.state, 1, 2).machineId]).toEqual(['M2', 'M2']);
  });
});

describe('no working machine left (R-VII.L.2.8)', () => {
  it('R-VII.L.2.8: when the only machine fails, it is still taken out, and the match must move or be rescheduled', () => {
    const m = newMatch({ machines: 1 });
    declareRound(m, 1, [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M1', players: ['A3', 'A4'] }], [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }]);
    m.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
    m.score(HOME, 1, 1, 'H1', 10);
    incident(m, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    expect(m.state.machineStatus.M1).toBe('ELIMINATED');
    expect(nextActions(m.state, HOME).map((a) => a.code)).toContain('RELOCATE');
    m.ok(HOME, { type: 'relocate', payload: { cause: 'NO_WORKING_MACHINE', venueName: 'Second Bar', leagueVenue: true, machines: [{ id: 'X1', name: 'X1' }, { id: 'X2', name: 'X2' }] } });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 1, games: [{ game: 1, machineId: 'X1' }, { game: 2, machineId: 'X2' }] } });
    expect([game(m.state, 1, 1).machineId, game(m.state, 1, 2).machineId]).toEqual(['X1', 'X2']);
  });
});

describe('minor faults and removing a machine by agreement (R-VII.L.1, R-VII.L.3)', () => {
  it('R-VII.L.1.2: a machine is removed only by an accepted proposal; the proposal alone changes nothing', () => {
    const m = newMatch({ machines: 3 });
    const id = propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M3' });
    expect(m.state.machineStatus.M3).toBe('WORKING');
    const events = m.ok(AWAY, { type: 'accept', payload: { proposalId: id } });
    expect(events.map((e) => e.type)).toEqual(['AgreementAccepted', 'MachineRemoved']);
    expect(m.state.machineStatus).toEqual({ M1: 'WORKING', M2: 'WORKING', M3: 'REMOVED' });
  });

  it('R-VII.L.1.2.1: both captains must agree: the proposing team cannot accept its own proposal', () => {
    const m = newMatch({ machines: 3 });
    const id = propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M3' });
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.L.1.2.1', code: 'OWN_PROPOSAL' });
    m.ok(AWAY, { type: 'decline', payload: { proposalId: id } });
    expect(m.state.machineStatus.M3).toBe('WORKING');
  });

  it('R-VII.L.1.2.2: removal is refused unless at least two other working machines remain (SC-02)', () => {
    const m = newMatch({ machines: 3 });
    m.ok(AWAY, { type: 'accept', payload: { proposalId: propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M3' }) } });
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M2' } })).toMatchObject({ rule: 'R-VII.L.1.2.2', code: 'TOO_FEW_MACHINES' });
  });

  it('R-VII.L.1.2.2: the condition is checked again when the proposal is accepted', () => {
    const m = newMatch({ machines: 4 });
    const a = propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M4' });
    const b = propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M3' });
    const c = propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M2' });
    m.ok(AWAY, { type: 'accept', payload: { proposalId: a } });
    m.ok(AWAY, { type: 'accept', payload: { proposalId: b } });
    expect(m.no(AWAY, { type: 'accept', payload: { proposalId: c } }).rule).toBe('R-VII.L.1.2.2');
    expect(m.state.machineStatus).toEqual({ M1: 'WORKING', M2: 'WORKING', M3: 'REMOVED', M4: 'REMOVED' });
  });

  it('R-VII.L.1.2.3: a removed machine cannot be selected again in that match (SC-02: round 4 on M3)', () => {
    const m = reachRound(4);
    m.ok(AWAY, { type: 'accept', payload: { proposalId: propose(m, HOME, { kind: 'REMOVE_MACHINE', machineId: 'M3' }) } });
    const r = m.no(HOME, { type: 'declareLineup', payload: { round: 4, games: [{ machineId: 'M3', players: ['H1'] }, { machineId: 'M2', players: ['H2'] }, { machineId: 'M1', players: ['H3'] }, { machineId: 'M2', players: ['H4'] }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.1.2.3', code: 'MACHINE_REMOVED' });
  });

  it('R-VII.L.3: a machine removed by agreement for any reason is out: its declared games move, and it cannot be the replacement', () => {
    const m = reachRound(2);
    m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
    m.ok(HOME, { type: 'accept', payload: { proposalId: propose(m, AWAY, { kind: 'REMOVE_MACHINE', machineId: 'M4' }) } });
    expect(game(m.state, 2, 2).awaitingMachine).toBe(true);
    const r = m.no(HOME, { type: 'replaceMachine', payload: { round: 2, games: [{ game: 2, machineId: 'M4' }] } });
    expect(r).toMatchObject({ rule: 'R-VII.L.1.2.3', code: 'MACHINE_REMOVED' });
    expect(r.message).toContain('R-VII.L.3');
    m.ok(HOME, { type: 'replaceMachine', payload: { round: 2, games: [{ game: 2, machineId: 'M1' }] } });
  });

  it('R-VII.L.1.2: a machine cannot be removed while a game is under way on it (a minor fault during play is normal play)', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 1);
    expect(m.no(AWAY, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M4' } })).toMatchObject({ rule: 'R-VII.L.1.3', code: 'GAME_UNDER_WAY' });
  });
});

describe('stuck balls (R-VII.L.1.4)', () => {
  function r3Started() {
    const m = reachRound(3);
    declareRound(m, 3);
    m.score(HOME, 3, 2, 'H6', 2_000_000);
    m.score(AWAY, 3, 2, 'A2', 2_500_000);
    return m;
  }

  it('R-VII.L.1.4.1.1.p5: a tilt after freeing a stuck ball gives that player an added game: a second segment for them only', () => {
    const m = r3Started();
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 3, game: 2, incident: { kind: 'STUCK_BALL', side: HOME } } })).toMatchObject({ rule: 'R-VII.L.1.4.1.1.p5', code: 'PLAYER_MISSING' });
    incident(m, HOME, 3, 2, { kind: 'STUCK_BALL', side: HOME, playerId: 'H6', note: 'tilted freeing a stuck ball; A2 was told' });
    expect(m.no(AWAY, { type: 'enterScore', payload: { round: 3, game: 2, playerId: 'A2', points: 1, segment: 2 } }).rule).toBe('R-VII.L.2.5.2');
    m.score(HOME, 3, 2, 'H6', 600_000, 2);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 2_600_000, AWAY: 2_500_000 } });
  });

  it('R-VII.L.1.4.1.1.p7: a stuck ball that leaves the game unplayable: the game restarts on a different machine (procedure of R-VII.L.2.7)', () => {
    const m = r3Started();
    const events = (() => {
      m.ok(HOME, { type: 'recordIncident', payload: { round: 3, game: 2, incident: { kind: 'STUCK_BALL', side: HOME, playerId: 'H6', action: 'ELIMINATE' } } });
      return m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    })();
    expect(events[1]).toMatchObject({ type: 'MachineEliminated', machineId: 'M2', games: [2, 4] });
    m.ok(AWAY, { type: 'replaceMachine', payload: { round: 3, games: [{ game: 2, machineId: 'M3' }, { game: 4, machineId: 'M4' }] } });
    expect(outcome(m, 3, 2)).toEqual({ kind: 'PENDING' });
    expect(game(m.state, 3, 2)).toMatchObject({ machineId: 'M3', generation: 1 });
  });
});
