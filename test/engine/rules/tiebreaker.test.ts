import { describe, expect, it } from 'vitest';
import { gamePointsTotal, matchResult, nextActions, standingsEntry, tiebreakerEligible, tiebreakerOutcome, tiebreakerSeats } from '../../../shared';
import { at, AWAY, HOME, type Match, roster } from '../harness';
import { declareRound, playGame, reachEnd, reachRound, reachTie } from '../play';

/** The tie-breaker (R-III.G, SC-04): HOME chooses format, machine and its players; AWAY answers and plays first. */

const split = (m: Match, machineId = 'M2') => {
  m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId, players: ['H3', 'H5'] } });
  m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
};
const shared = (m: Match, machineId = 'M1') => {
  m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId, players: ['H1', 'H2', 'H3'] } });
  m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A3'] } });
};
/** Enters a tie-breaker score and has the other team confirm it. */
const tbScore = (m: Match, side: 'HOME' | 'AWAY', points: number) => {
  m.ok(side, { type: 'enterTiebreakerScore', payload: { side, points } });
  m.ok(side === HOME ? AWAY : HOME, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
};

describe('when a tie-breaker is played (R-III.G.1, R-III.G.2)', () => {
  it('R-III.G.1: at 8-8 after round 4 sign-off is refused until the tie-breaker has a result (SC-04)', () => {
    const m = reachTie();
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 8, AWAY: 8 });
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-III.G.1', code: 'TIEBREAKER_OPEN' });
    expect(nextActions(m.state, HOME).map((a) => a.code)).toEqual(['TIEBREAKER']);
    split(m);
    tbScore(m, HOME, 31_000_000);
    expect(m.no(AWAY, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-III.G.1' });
    tbScore(m, AWAY, 27_500_000);
    m.ok(AWAY, { type: 'signOff', payload: {} });
  });

  it('R-III.G.1: no tie-breaker when the points differ, nor before round 4 is over; and only one', () => {
    expect(reachEnd().no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } })).toMatchObject({ rule: 'R-III.G.1', code: 'NO_TIEBREAKER' });
    const m = reachRound(4, {}, { 1: [HOME, HOME], 2: [AWAY, AWAY], 3: [HOME, AWAY, HOME, AWAY] });
    declareRound(m, 4);
    for (const [g, w] of [[1, HOME], [2, AWAY], [3, HOME]] as const) playGame(m, 4, g, w);
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } }).rule).toBe('R-III.G.1');
    playGame(m, 4, 4, AWAY);
    split(m);
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } })).toMatchObject({ rule: 'R-III.G.1', code: 'ALREADY_DONE' });
  });

  it('R-III.G.2: the tie-breaker decides the match win and adds no points (SC-04: HOME W +8, AWAY L +8)', () => {
    const m = reachTie();
    split(m);
    tbScore(m, HOME, 31_000_000);
    tbScore(m, AWAY, 27_500_000);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 8, AWAY: 8 }, how: 'tie-breaker (R-III.G)' });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 8 }, AWAY: { result: 'L', points: 8 } });
  });
});

describe('format and machine (R-III.G.3)', () => {
  it('R-III.G.3: only HOME chooses the format (SC-04: AWAY\'s choice refused)', () => {
    const m = reachTie();
    const r = m.no(AWAY, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['A2', 'A4'] } });
    expect(r).toMatchObject({ rule: 'R-III.G.3', code: 'NOT_CHOOSER' });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } }).rule).toBe('OQ-06');
    split(m);
    expect(m.state.tiebreaker).toMatchObject({ format: 'SPLIT_FLIPPER', machineId: 'M2', players: { HOME: ['H3', 'H5'], AWAY: ['A2', 'A4'] } });
  });

  it('R-III.G.3.1.4: HOME chooses the Shared Game machine: any working machine, whatever the rounds used; not an eliminated one', () => {
    const m = reachTie();
    m.ok(AWAY, { type: 'accept', payload: { proposalId: (() => { m.ok(HOME, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M4' } }); return m.state.proposals[0]!.id; })() } });
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M4', players: ['H1', 'H2', 'H3'] } }).rule).toBe('R-VII.L.1.2.3');
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M9', players: ['H1', 'H2', 'H3'] } }).rule).toBe('R-III.B.2');
    shared(m, 'M1'); // M1 hosted two games of round 4: no matter
    expect(m.state.tiebreaker?.machineId).toBe('M1');
  });

  it('R-III.G.3.2.4: HOME chooses the Split Flipper machine; AWAY only names its players', () => {
    const m = reachTie();
    expect(m.no(AWAY, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M3', players: ['A2', 'A4'] } }).rule).toBe('R-III.G.3');
    split(m, 'M3');
    expect(m.state.tiebreaker?.machineId).toBe('M3');
  });
});

describe('Shared Game (R-III.G.3.1)', () => {
  it('R-III.G.3.1.1: one standard 2-player game on one machine: one score per team', () => {
    const m = reachTie();
    shared(m);
    expect(tiebreakerSeats(m.state)!.map((s) => s.position)).toEqual([1, 2]);
    tbScore(m, AWAY, 10);
    tbScore(m, AWAY, 12); // a correction replaces the team's score
    tbScore(m, HOME, 11);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: AWAY });
  });

  it('R-III.G.3.1.2: each of the three balls is played by a different player, in the declared ball order', () => {
    const m = reachTie();
    shared(m);
    expect(tiebreakerSeats(m.state)).toEqual([
      { position: 1, side: AWAY, players: ['A1', 'A2', 'A3'] },
      { position: 2, side: HOME, players: ['H1', 'H2', 'H3'] },
    ]);
  });

  it('R-III.G.3.1.2.1: each team names 3 distinct present players (SC-04 variant: A1, A2, A1 refused)', () => {
    const m = reachTie();
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2'] } })).toMatchObject({ rule: 'R-III.G.3.1.2.1', code: 'BAD_SHAPE' });
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2', 'H3'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A1'] } })).toMatchObject({ rule: 'R-III.G.3.1.2.1', code: 'BAD_SHAPE' });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A7'] } })).toMatchObject({ rule: 'R-VI.C.1.2', code: 'NOT_PRESENT' });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A3'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A4', 'A5', 'A6'] } }).rule).toBe('R-III.B.5');
  });

  it('R-III.G.3.1.2.1: Shared Game cannot be chosen when a team has fewer than 3 present players (OQ-33)', () => {
    const m = reachTie();
    for (const id of ['A1', 'A2', 'A3', 'A4']) m.ok(AWAY, { type: 'markDeparted', payload: { playerId: id, time: at('23:00') } }, at('23:00'));
    m.clock = at('23:01');
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2', 'H3'] } })).toMatchObject({ rule: 'OQ-33', code: 'TOO_FEW' });
  });

  it('R-V.B.1.2, OQ-33: a present player the league bars is not counted for Shared Game and cannot play; Split Flipper with the others can', () => {
    const barred = { rule: 'R-V.B.1.2', reason: 'not active for the playoffs' };
    const m = reachTie({ home: roster('H', 8, [{ id: 'H9', ineligible: barred }]) });
    m.arrive(HOME, ['H9'], at('23:00'));
    for (const id of ['H3', 'H4', 'H5', 'H6']) m.ok(HOME, { type: 'markDeparted', payload: { playerId: id, time: at('23:00') } }, at('23:00'));
    m.clock = at('23:01');
    // three present, two who may play: the offer (and the refusal) say Split Flipper, not "H9 cannot play"
    expect(tiebreakerEligible(m.state, HOME, m.clock)).toEqual(['H1', 'H2']);
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2', 'H9'] } })).toMatchObject({ rule: 'OQ-33', code: 'TOO_FEW' });
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H9'] } })).toMatchObject({ rule: 'R-V.B.1.2', code: 'INELIGIBLE' });
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } });
  });

  it('R-III.G.3.1.5: AWAY starts the game as Player 1', () => {
    const m = reachTie();
    shared(m);
    expect(tiebreakerSeats(m.state)![0]).toEqual({ position: 1, side: AWAY, players: ['A1', 'A2', 'A3'] });
  });

  it('R-III.G.3.1.6: the higher score wins the match', () => {
    const m = reachTie();
    shared(m);
    tbScore(m, AWAY, 5_000_001);
    tbScore(m, HOME, 5_000_000);
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 8, AWAY: 8 } });
  });
});

describe('Split Flipper (R-III.G.3.2)', () => {
  it('R-III.G.3.2.1: exactly 2 present players of each team (SC-04: AWAY names three, refused)', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4', 'A6'] } })).toMatchObject({ rule: 'R-III.G.3.2.1', code: 'BAD_SHAPE' });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A2'] } })).toMatchObject({ rule: 'R-III.G.3.2.1', code: 'BAD_SHAPE' });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
  });

  it('R-III.G.3.2.5: AWAY starts the game as Player 1', () => {
    const m = reachTie();
    split(m);
    expect(tiebreakerSeats(m.state)).toEqual([
      { position: 1, side: AWAY, players: ['A2', 'A4'] },
      { position: 2, side: HOME, players: ['H3', 'H5'] },
    ]);
  });

  it('R-III.G.3.2.6: the higher score wins the match (SC-04: HOME 31,000,000 v AWAY 27,500,000)', () => {
    const m = reachTie();
    split(m);
    tbScore(m, HOME, 31_000_000);
    tbScore(m, AWAY, 27_500_000);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'WIN', side: HOME });
    expect(matchResult(m.state)).toMatchObject({ winner: HOME });
  });

  it('R-III.G.3: equal tie-breaker scores are replayed with the same format, machine and players (OQ-32)', () => {
    const m = reachTie();
    split(m);
    expect(m.no(HOME, { type: 'replayTiebreaker', payload: {} })).toMatchObject({ rule: 'OQ-32', code: 'NOT_A_TIE' });
    tbScore(m, HOME, 9_000_000);
    tbScore(m, AWAY, 9_000_000);
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'REPLAY' });
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');
    m.ok(AWAY, { type: 'replayTiebreaker', payload: {} });
    expect(m.state.tiebreaker).toMatchObject({ generation: 1, format: 'SPLIT_FLIPPER', machineId: 'M2', players: { HOME: ['H3', 'H5'], AWAY: ['A2', 'A4'] } });
    expect(tiebreakerOutcome(m.state)).toEqual({ kind: 'PENDING' });
    tbScore(m, HOME, 1);
    tbScore(m, AWAY, 2);
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY });
  });

  it('R-III.G.3: no tie-breaker score before both teams have named their players', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    expect(m.no(HOME, { type: 'enterTiebreakerScore', payload: { side: HOME, points: 5 } })).toMatchObject({ rule: 'R-III.G.3', code: 'LINEUPS_MISSING' });
  });
});
