import { describe, expect, it } from 'vitest';
import { type CommandInput, gameOutcome, type MatchState, matchResult, turnOrder } from '../../../shared';
import { answerLineup, at, AWAY, firstLineup, HOME, Match } from '../harness';

/** Teams of 3 (R-VI.A, R-VI.B, OQ-03, OQ-04, OQ-05, OQ-10, OQ-42; SC-05, SC-06). */

const seating = (state: MatchState, round: number, game: number) =>
  turnOrder(state, state.rounds[round - 1]!.games[game - 1]!).map((t) => t.playerId);
const outcome = (m: Match, round: number, game: number) => gameOutcome(m.state, m.game(round, game));

/** SC-05 setup: HOME has only H1-H3, AWAY A1-A5; the window closes at 20:15. */
function sc05() {
  const m = new Match();
  m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5'], at('19:55'));
  m.clock = at('20:15');
  return m;
}

/** SC-05 round 1: AWAY two pairs; HOME a pair and H3 alone in G2. */
function sc05Round1() {
  const m = sc05();
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
  return m;
}

/** SC-05 through round 2 (HOME first: {H1, H3} and H2 alone). */
function sc05Round2(r1: ('HOME' | 'AWAY')[] = [HOME, HOME], r2: ('HOME' | 'AWAY')[] = [HOME, HOME]) {
  const m = sc05Round1();
  m.playRound(1, r1);
  m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
  m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A5']));
  m.playRound(2, r2);
  return m;
}

/** SC-06 setup: both teams have 3 present at 20:15. */
function sc06() {
  const m = new Match();
  m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
  m.arrive(AWAY, ['A1', 'A2', 'A3'], at('19:55'));
  m.clock = at('20:15');
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3']));
  return m;
}

describe('one team with 3 players (R-VI.A)', () => {
  it('R-VI.A.1 / OQ-10: a team with exactly 3 present declares the round short; with a 4th before declaring, normally', () => {
    const m = sc05Round1();
    expect(m.state.rounds[0]!.declarations.HOME!.short).toBe(true);
    expect(m.state.rounds[0]!.declarations.AWAY!.short).toBe(false);
    m.playRound(1, [HOME, AWAY]);
    m.arrive(HOME, ['H4'], at('20:40'));
    m.clock = at('20:41');
    expect(m.no(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2'])).rule).toBe('R-III.D.2');
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2', 'H4']));
    expect(m.state.rounds[1]!.declarations.HOME!.short).toBe(false);
  });

  it('R-VI.A.2.1: the short team declares one pair and one lone player, not two pairs (SC-05 step 2)', () => {
    const m = sc05();
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']), at('20:05')).rule).toBe('R-VI.C.2.1');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4'])).rule).toBe('R-VI.A.2.1');
    expect(m.no(HOME, answerLineup(1, ['H1'], ['H3'])).rule).toBe('R-VI.A.2.1');
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    expect(m.state.rounds[0]!.games.map((g) => g.players.HOME)).toEqual([['H1', 'H2'], ['H3']]);
  });

  it('R-VI.A.2.1: the full team still declares two pairs', () => {
    const m = sc05Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A3'], ['A5'])).rule).toBe('R-III.D.2');
  });

  it('R-VI.A.2.1 / OQ-03: the 3-player game is seated short, full, full when the short team answers (SC-05 step 2)', () => {
    const m = sc05Round1();
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'A4', position: 2 }, { playerId: 'A3', position: 3 }] } });
    expect(seating(m.state, 1, 2)).toEqual(['H3', 'A4', 'A3']);
    const r = m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'A3', position: 2 }, { playerId: 'A4', position: 4 }] } });
    expect(r.rule).toBe('R-III.C.2');
  });

  it('R-VI.A.2.1 / OQ-03: seated full, short, full when the short team declares first (SC-05 step 3)', () => {
    const m = sc05Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A5']));
    const r = m.no(AWAY, { type: 'setPlayOrder', payload: { round: 2, game: 2, seats: [{ playerId: 'A5', position: 1 }, { playerId: 'A2', position: 2 }] } });
    expect(r.rule).toBe('R-III.C.2');
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 2, game: 2, seats: [{ playerId: 'A5', position: 1 }, { playerId: 'A2', position: 3 }] } });
    expect(seating(m.state, 2, 2)).toEqual(['A5', 'H2', 'A2']);
  });

  it('R-VI.A.2.2: the lone player\'s score is set against the pair\'s sum: 50,000,000 beats 20,000,000 + 25,000,000 for 2 points', () => {
    const m = sc05Round1();
    m.play(1, 2, HOME, { H3: 50_000_000, A3: 20_000_000, A4: 25_000_000 });
    expect(outcome(m, 1, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 50_000_000, AWAY: 45_000_000 } });
    expect(m.points()).toEqual({ HOME: 2, AWAY: 0 });
  });

  it('R-VI.A.2.3: H3, alone in round 1, may not be alone again in round 2', () => {
    const m = new Match();
    m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], at('19:55'));
    m.clock = at('20:15');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    m.playRound(1, [AWAY, AWAY]);
    // H1 leaves (already played), H4 comes: still 3, and the pair {H2, H4} is new.
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H1', time: at('20:50') } }, at('20:50'));
    m.arrive(HOME, ['H4'], at('20:50'));
    m.clock = at('20:51');
    const r = m.no(HOME, firstLineup(2, ['M1', 'H2', 'H4'], ['M3', 'H3']));
    expect(r.rule).toBe('R-VI.A.2.3');
    m.ok(HOME, firstLineup(2, ['M1', 'H3', 'H4'], ['M3', 'H2']));
  });

  it('R-III.D.5 for a short team: the round-1 pair cannot be the round-2 pair (SC-05 step 3)', () => {
    const m = sc05Round1();
    m.playRound(1, [HOME, HOME]);
    expect(m.no(HOME, firstLineup(2, ['M1', 'H1', 'H2'], ['M3', 'H3'])).rule).toBe('R-III.D.5');
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A5']));
    expect(m.game(2, 2).players).toEqual({ HOME: ['H2'], AWAY: ['A2', 'A5'] });
  });

  it('R-VI.A.3.1: answering a singles round, the short team fills 3 slots; the empty one is FORFEIT_WIN for the full team (SC-05 step 4)', () => {
    const m = sc05Round2();
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    expect(m.no(HOME, answerLineup(3, ['H1'], ['H2'], [], [])).rule).toBe('R-VI.A.3.1');
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    expect(outcome(m, 3, 4)).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
    expect(m.points()).toEqual({ HOME: 8, AWAY: 1 });
  });

  it('R-VI.A.3.1 / OQ-04: declaring first, the short team gives 3 games and one slot without a machine (SC-05 step 5)', () => {
    const m = sc05Round2();
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    m.playRound(3, [HOME, HOME, HOME, HOME]);
    expect(m.no(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2'])).rule).toBe('OQ-04');
    expect(m.no(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], [null], [null])).rule).toBe('R-VI.A.3.1');
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], [null]));
    expect(m.no(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A5'])).rule).toBe('OQ-04');
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A5'], []));
    expect(outcome(m, 4, 4)).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
  });

  it('R-VI.A.4: one team short, the match still distributes 16 points; the short team at most 14 (SC-05 step 6)', () => {
    const m = sc05Round2();
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    m.playRound(3, [HOME, HOME, HOME, HOME]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], [null]));
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A5'], []));
    m.playRound(4, [HOME, HOME, HOME, HOME]);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 14, AWAY: 2 }, how: 'match points' });
  });

  it('R-VI.A.4: whatever the scores, the total stays 16 (short team losing everything: 0-16)', () => {
    const m = sc05Round2([AWAY, AWAY], [AWAY, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    m.playRound(3, [AWAY, AWAY, AWAY, AWAY]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], [null]));
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A5'], []));
    m.playRound(4, [AWAY, AWAY, AWAY, AWAY]);
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 16 } });
  });
});

describe('writing in a missing player at a one-machine venue (R-VI.A.2.4, OQ-42)', () => {
  const writeIn = (games: { players: string[]; writeIn?: string }[]): CommandInput => ({ type: 'declareLineup', payload: { round: 1, games } });

  function oneMachine(machines = 1) {
    const m = new Match({ machines });
    m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], at('19:55'));
    m.clock = at('20:15');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], [machines === 1 ? 'M1' : 'M2', 'A3', 'A4']));
    return m;
  }

  it('R-VI.A.2.4: with one working machine the short team may write an absent player into round 1 game 2', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    expect(m.game(1, 2).writeIn).toEqual({ side: HOME, playerId: 'H4' });
    expect(m.game(1, 2).players.HOME).toEqual(['H3', 'H4']);
  });

  it('R-VI.A.2.4: not at a venue with two working machines', () => {
    const m = oneMachine(2);
    expect(m.no(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }])).rule).toBe('R-VI.A.2.4');
  });

  it('R-VI.A.2.4.1: only in the second game of round 1', () => {
    const m = oneMachine();
    expect(m.no(HOME, writeIn([{ players: ['H1', 'H4'], writeIn: 'H4' }, { players: ['H2', 'H3'] }])).rule).toBe('R-VI.A.2.4.1');
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    m.playRound(1, [AWAY, AWAY]);
    const r2: CommandInput = { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M1', players: ['H1', 'H3'] }, { machineId: 'M1', players: ['H2', 'H4'], writeIn: 'H4' }] } };
    expect(m.no(HOME, r2).rule).toBe('R-VI.A.2.4.1');
  });

  it('R-VI.A.2.4.2 / OQ-37: the written-in name stays, even through a keying correction', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    expect(m.no(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H5'], writeIn: 'H5' }])).rule).toBe('R-VI.A.2.4.2');
    const fix: CommandInput = { type: 'propose', payload: { kind: 'LINEUP_FIX', round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H5'], writeIn: 'H5' }] } };
    expect(m.no(HOME, fix).rule).toBe('R-VI.A.2.4.2');
    expect(m.game(1, 2).writeIn).toEqual({ side: HOME, playerId: 'H4' });
  });

  it('R-VI.A.2.4.3: a write-in who is present when game 2 starts plays it as a 4-player game', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    m.play(1, 1, AWAY);
    m.arrive(HOME, ['H4'], at('20:40'));
    m.clock = at('20:41');
    m.play(1, 2, HOME);
    expect(m.game(1, 2).seated).toEqual({ HOME: ['H3', 'H4'], AWAY: ['A3', 'A4'] });
    expect(outcome(m, 1, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 6_000_000, AWAY: 2_000_000 } });
  });

  it('R-VI.A.2.4.3: a write-in absent at the start is left out; the partner plays alone in a 3-player game', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    m.play(1, 1, AWAY);
    m.play(1, 2, HOME);
    expect(m.game(1, 2).seated).toEqual({ HOME: ['H3'], AWAY: ['A3', 'A4'] });
    expect(seating(m.state, 1, 2)).toEqual(['H3', 'A3', 'A4']);
    // A player arriving after the start does not join the game.
    m.arrive(HOME, ['H4'], at('20:50'));
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 1, game: 2, playerId: 'H4', points: 1 } }).rule).toBe('R-III.B.1');
  });

  it('R-VI.A.2.4.3 / OQ-42: the pair that never played does not count; H3, who played alone, cannot be alone again', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    m.playRound(1, [AWAY, AWAY]);
    // H1 leaves, H5 arrives: still a team of 3, H2 H3 H5.
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H1', time: at('20:50') } }, at('20:50'));
    m.arrive(HOME, ['H5'], at('20:50'));
    m.clock = at('20:51');
    expect(m.no(HOME, firstLineup(2, ['M1', 'H2', 'H5'], ['M1', 'H3'])).rule).toBe('R-VI.A.2.3');
    m.ok(HOME, firstLineup(2, ['M1', 'H3', 'H5'], ['M1', 'H2']));
  });

  it('OQ-42: when the write-in comes after game 2 started, H3 and H4 may still pair in round 2', () => {
    const m = oneMachine();
    m.ok(HOME, writeIn([{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'], writeIn: 'H4' }]));
    m.playRound(1, [AWAY, AWAY]);
    m.arrive(HOME, ['H4', 'H5'], at('20:50'));
    m.ok(HOME, firstLineup(2, ['M1', 'H3', 'H4'], ['M1', 'H1', 'H5']), at('20:50'));
    expect(m.state.rounds[1]!.declarations.HOME!.short).toBe(false);
  });
});

describe('both teams with 3 players (R-VI.B, OQ-05)', () => {
  it('R-VI.B.1: each lone player faces the other team\'s pair (SC-06 step 1)', () => {
    const m = sc06();
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H3'])).rule).toBe('R-VI.B.1');
    m.ok(HOME, answerLineup(1, ['H1'], ['H2', 'H3']));
    m.order(1, 1, ['H1', 'A1', 'A2']);
    m.order(1, 2, ['H2', 'A3', 'H3']);
    expect(seating(m.state, 1, 1)).toEqual(['H1', 'A1', 'A2']);
    expect(seating(m.state, 1, 2)).toEqual(['H2', 'A3', 'H3']);
  });

  it('R-VI.B.1: no lone player of either team repeats across the doubles rounds', () => {
    const m = sc06();
    m.ok(HOME, answerLineup(1, ['H1'], ['H2', 'H3']));
    m.playRound(1, [HOME, AWAY]);
    expect(m.no(HOME, firstLineup(2, ['M1', 'H2', 'H3'], ['M2', 'H1'])).rule).toBe('R-III.D.5');
    expect(m.no(HOME, firstLineup(2, ['M1', 'H3', 'H2'], ['M2', 'H1'])).rule).toBe('R-III.D.5');
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H2'], ['M2', 'H3']));
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A2'], ['A3'])).rule).toBe('R-III.D.5');
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A3'], ['A2'])).rule).toBe('R-VI.B.1');
    m.ok(AWAY, answerLineup(2, ['A1'], ['A2', 'A3']));
  });

  it('R-VI.B.2: two teams of 3 leave the same singles slot empty, and that slot ends VOID (SC-06 step 2)', () => {
    const m = sc06();
    m.ok(HOME, answerLineup(1, ['H1'], ['H2', 'H3']));
    m.playRound(1, [HOME, AWAY]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H2'], ['M2', 'H3']));
    m.ok(AWAY, answerLineup(2, ['A1'], ['A2', 'A3']));
    m.playRound(2, [HOME, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], [null]));
    expect(m.no(HOME, answerLineup(3, ['H1'], ['H2'], [], [])).rule).toBe('R-VI.A.3.1');
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    expect(outcome(m, 3, 4)).toEqual({ kind: 'VOID' });
    expect(m.game(3, 4).forfeitedBy.sort()).toEqual([AWAY, HOME]);
  });

  it('R-VI.B.3: both teams short throughout: 14 points in all; 7-7 calls for a tie-breaker played by all three (SC-06 step 3)', () => {
    const m = sc06();
    m.ok(HOME, answerLineup(1, ['H1'], ['H2', 'H3']));
    m.playRound(1, [HOME, AWAY]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H2'], ['M2', 'H3']));
    m.ok(AWAY, answerLineup(2, ['A1'], ['A2', 'A3']));
    m.playRound(2, [HOME, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], [null]));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    m.playRound(3, [HOME, HOME, AWAY]);
    m.ok(HOME, firstLineup(4, [null], ['M1', 'H1'], ['M2', 'H2'], ['M2', 'H3']));
    m.ok(AWAY, answerLineup(4, [], ['A1'], ['A2'], ['A3']));
    expect(outcome(m, 4, 1)).toEqual({ kind: 'VOID' });
    m.playRound(4, [HOME, HOME, AWAY, AWAY]);
    expect(m.points()).toEqual({ HOME: 7, AWAY: 7 });
    expect(matchResult(m.state)).toEqual({ status: 'IN_PROGRESS', points: { HOME: 7, AWAY: 7 } });
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2', 'H3'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A3', 'A1', 'A2'] } });
  });
});
