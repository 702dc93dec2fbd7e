import { describe, expect, it } from 'vitest';
import { fold, initialState, matchResult, nextActions, tiebreakerOutcome } from '../../../shared';
import type { Incident } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { reachTie } from '../play';

/**
 * Incidents in the tie-breaker (R-III.G with R-VII): the tie-breaker is one 2-player game in which each team is one
 * player, so a penalty that costs a team a game costs it the tie-breaker and with it the match; a failed machine
 * restarts the game or is taken out for HOME, who chose it, to pick the next one.
 */

/** A started Split Flipper tie-breaker on M2: HOME H3+H5, AWAY A2+A4. */
function started(): Match {
  const m = reachTie();
  m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
  m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
  m.ok(HOME, { type: 'startTiebreaker', payload: {} });
  return m;
}

/** Records a tie-breaker incident by one captain and returns its entry id. */
function record(m: Match, by: 'HOME' | 'AWAY', incident: Incident): string {
  m.ok(by, { type: 'recordTiebreakerIncident', payload: { incident } });
  return m.lastEntryId();
}
const confirm = (m: Match, by: 'HOME' | 'AWAY', entryId: string) => m.ok(by, { type: 'confirmEntry', payload: { entryId } });
const tbScore = (m: Match, side: 'HOME' | 'AWAY', points: number) => {
  m.ok(side, { type: 'enterTiebreakerScore', payload: { side, points } });
  confirm(m, side === HOME ? AWAY : HOME, m.lastEntryId());
};

describe('penalties in the tie-breaker', () => {
  it('R-VII.Q.1: a confirmed slam tilt loses the tie-breaker, and so the match, for the offending team; the points stay 8-8 (R-III.G.2)', () => {
    const m = started();
    tbScore(m, AWAY, 40_000_000);
    const id = record(m, HOME, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A4' });
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'PENDING' }); // MR-4: binds once the other team confirms
    confirm(m, AWAY, id);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: HOME });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: HOME, points: { HOME: 8, AWAY: 8 } });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
  });

  it('R-VII.B.6 / R-III.C.5.2 / R-VII.E.2.1: tilting the opponent, playing out of turn and a death save cost the tie-breaker too', () => {
    const cases: [Incident, 'HOME' | 'AWAY'][] = [
      [{ kind: 'TILTED_OPPONENT', side: HOME, playerId: 'H3' }, AWAY],
      [{ kind: 'OUT_OF_TURN', side: AWAY }, HOME],
      // Each team's score is one score of the game: the player's disqualified score is the team's (R-III.G.3.1.5).
      [{ kind: 'DEATH_SAVE', side: HOME, playerId: 'H5' }, AWAY],
    ];
    for (const [incident, winner] of cases) {
      const m = started();
      tbScore(m, HOME, 3);
      tbScore(m, AWAY, 2);
      confirm(m, incident.side, record(m, incident.side === HOME ? AWAY : HOME, incident));
      expect(tiebreakerOutcome(m.state), incident.kind).toEqual({ kind: 'WIN', side: winner });
    }
  });

  it('R-VII.Q.1: both teams penalised leaves no winner: the tie-breaker is replayed (OQ-32 by analogy)', () => {
    const m = started();
    confirm(m, HOME, record(m, AWAY, { kind: 'SLAM_TILT', side: HOME, playerId: 'H3' }));
    confirm(m, AWAY, record(m, HOME, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' }));
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'REPLAY' });
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');
    m.ok(HOME, { type: 'replayTiebreaker', payload: {} });
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'PENDING' });
    tbScore(m, HOME, 10);
    tbScore(m, AWAY, 20);
    expect(matchResult(m.state)).toMatchObject({ winner: AWAY });
  });

  it('MR-4: a disputed slam tilt decides nothing', () => {
    const m = started();
    const id = record(m, HOME, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' });
    m.ok(AWAY, { type: 'disputeEntry', payload: { entryId: id, reason: 'it was a plumb-bob tilt, not a slam' } });
    tbScore(m, HOME, 1);
    tbScore(m, AWAY, 2);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: AWAY });
  });

  it('R-VII.Q.1: the named player must be playing the tie-breaker; the tie-breaker must have started', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' } } })).toMatchObject({ rule: 'R-III.G.3', code: 'LINEUPS_MISSING' });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' } } })).toMatchObject({ rule: 'R-VII.Q.1', code: 'NOT_STARTED' });
    m.ok(HOME, { type: 'startTiebreaker', payload: {} });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'A1' } } })).toMatchObject({ rule: 'R-VII.Q.1', code: 'NOT_IN_GAME' });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'H3' } } })).toMatchObject({ code: 'NOT_ON_ROSTER' });
  });

  it('R-III.G.3.1.5: incidents of the regular rounds only are refused with the reason, not dropped', () => {
    const m = started();
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'LOGGED_IN', side: AWAY, playerId: 'A2', phase: 'AFTER_BALLS' } } })).toMatchObject({ rule: 'R-III.G.3.1.5', code: 'NOT_IN_TIEBREAKER' });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'SIDE_BY_SIDE', side: AWAY, playerId: 'A2' } } })).toMatchObject({ rule: 'R-VII.O.5.2', code: 'NOT_IN_TIEBREAKER' });
  });

  it('R-VII.J.2.1: practising on the tie-breaker machine can be recorded before it starts; a first occurrence costs nothing', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
    confirm(m, AWAY, record(m, HOME, { kind: 'PRACTICE', side: AWAY, playerId: 'A2' }));
    tbScore(m, HOME, 1);
    tbScore(m, AWAY, 2);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: AWAY });
  });
});

describe('machine failure in the tie-breaker (R-VII.L)', () => {
  it('R-VII.L.2.4.1: restarting the game discards the scores entered so far', () => {
    const m = started();
    tbScore(m, AWAY, 7_000_000);
    confirm(m, HOME, record(m, AWAY, { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESTART_GAME' }));
    expect(m.state.tiebreaker).toMatchObject({ generation: 1, machineId: 'M2' });
    tbScore(m, HOME, 2);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'PENDING' }); // AWAY's 7,000,000 no longer counts
    tbScore(m, AWAY, 1);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: HOME });
  });

  it('R-VII.L.2.7: an eliminated tie-breaker machine waits for HOME to pick the next; the game is played again in full there', () => {
    const m = started();
    tbScore(m, HOME, 9_000_000);
    const id = record(m, AWAY, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE', note: 'left flipper dead' });
    confirm(m, HOME, id);
    expect(m.state.machineStatus.M2).toBe('ELIMINATED');
    expect(m.state.tiebreaker).toMatchObject({ awaitingMachine: true, startedAt: null, generation: 1 });
    expect(nextActions(m.state, HOME).map((a) => a.code)).toContain('MACHINE');
    expect(m.no(HOME, { type: 'enterTiebreakerScore', payload: { side: HOME, points: 5 } })).toMatchObject({ rule: 'R-VII.L.2.7', code: 'AWAITING_MACHINE' });
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');
    expect(m.no(AWAY, { type: 'replaceTiebreakerMachine', payload: { machineId: 'M3' } })).toMatchObject({ rule: 'R-VII.L.2.7', code: 'NOT_CHOOSER' });
    expect(m.no(HOME, { type: 'replaceTiebreakerMachine', payload: { machineId: 'M2' } }).code).not.toBe('NOT_CHOOSER'); // eliminated
    m.ok(HOME, { type: 'replaceTiebreakerMachine', payload: { machineId: 'M3' } });
    expect(m.state.tiebreaker).toMatchObject({ machineId: 'M3', awaitingMachine: false, players: { HOME: ['H3', 'H5'], AWAY: ['A2', 'A4'] } });
    expect(m.no(HOME, { type: 'replaceTiebreakerMachine', payload: { machineId: 'M4' } })).toMatchObject({ code: 'NOT_AWAITING' });
    tbScore(m, HOME, 1);
    tbScore(m, AWAY, 2);
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
  });

  it('R-VII.L.2.3: only eliminate, keep or restart apply to the tie-breaker; a second elimination entry changes nothing', () => {
    const m = started();
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'MAJOR_FAILURE', side: HOME, action: 'RESET_SEGMENTS' } } })).toMatchObject({ rule: 'R-VII.L.2.3', code: 'BAD_ACTION' });
    expect(m.no(HOME, { type: 'recordTiebreakerIncident', payload: { incident: { kind: 'MAJOR_FAILURE', side: HOME } } })).toMatchObject({ code: 'BAD_ACTION' });
    const a = record(m, HOME, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
    const b = record(m, AWAY, { kind: 'MAJOR_FAILURE', side: AWAY, action: 'ELIMINATE' });
    confirm(m, AWAY, a);
    const before = m.state.tiebreaker;
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: b } })).toMatchObject({ code: 'DISCARDED' }); // its game was replaced
    expect(m.state.tiebreaker).toBe(before);
  });

  it('fold: the tie-breaker failure events replay to the same state from the log', () => {
    const m = started();
    confirm(m, HOME, record(m, AWAY, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' }));
    m.ok(HOME, { type: 'replaceTiebreakerMachine', payload: { machineId: 'M1' } });
    expect(fold(initialState(m.state.setup), m.log)).toEqual(m.state);
  });
});
