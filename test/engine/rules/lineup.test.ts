import { describe, expect, it } from 'vitest';
import { decide, gameOutcome, gamePoints, matchResult } from '../../../shared';
import { answerLineup, at, AWAY, firstLineup, HOME, Match, playDoubles, readyMatch } from '../harness';

/** Rounds and lineup declarations (R-III.0, R-III.B), doubles (R-III.D.1-5) and singles (R-III.E.1-3). */

const r1Away = firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']);
const r1Home = answerLineup(1, ['H1', 'H2'], ['H3', 'H4']);

describe('match structure (R-III.0)', () => {
  it('R-III.0.1: a match has 4 rounds, doubles, doubles, singles, singles, with 2, 2, 4 and 4 game slots', () => {
    const m = new Match();
    expect(m.state.rounds.map((r) => [r.round, r.format, r.games.length])).toEqual([
      [1, 'DOUBLES', 2], [2, 'DOUBLES', 2], [3, 'SINGLES', 4], [4, 'SINGLES', 4],
    ]);
  });

  it('R-III.0.1: the alternative order D, S, D, S keeps round 1 doubles', () => {
    const m = new Match({ settings: { roundOrder: 'DSDS' } });
    expect(m.state.rounds.map((r) => r.format)).toEqual(['DOUBLES', 'SINGLES', 'DOUBLES', 'SINGLES']);
  });

  it('R-III.0.1: there is no fifth round to declare', () => {
    const m = readyMatch();
    const d = decide(m.state, { type: 'declareLineup', payload: { round: 5, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] }, at: m.clock }, { role: 'captain', side: AWAY });
    expect(d.ok ? null : d.refusal.rule).toBe('R-III.0.1');
  });

  it('R-III.0.2: every game goes to one side, and the side ahead on points after round 4 (9-7) takes the match', () => {
    const m = readyMatch();
    playDoubles(m, [HOME, HOME], [AWAY, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    m.playRound(3, [HOME, HOME, HOME, AWAY]);
    expect(m.points()).toEqual({ HOME: 7, AWAY: 5 });
    expect(matchResult(m.state).status).toBe('IN_PROGRESS');
    m.ok(HOME, firstLineup(4, ['M3', 'H1'], ['M3', 'H2'], ['M4', 'H3'], ['M4', 'H4']));
    m.ok(AWAY, answerLineup(4, ['A5'], ['A6'], ['A1'], ['A2']));
    m.playRound(4, [HOME, HOME, AWAY, AWAY]);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: 'HOME', points: { HOME: 9, AWAY: 7 }, how: 'match points' });
  });
});

describe('lineup declaration (R-III.B)', () => {
  it('R-III.B.1: no game starts, is ordered or scored before both lineups of its round are declared', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    expect(m.no(AWAY, { type: 'startGame', payload: { round: 1, game: 1 } }).rule).toBe('R-III.B.1');
    expect(m.no(AWAY, { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'A1', points: 1000 } }).rule).toBe('R-III.B.1');
    expect(m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'A1', position: 2 }, { playerId: 'A2', position: 4 }] } }).rule).toBe('R-III.B.1');
    m.ok(HOME, r1Home);
    m.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
    m.ok(AWAY, { type: 'startGame', payload: { round: 1, game: 1 } });
    expect(m.game(1, 1).startedAt).toBe(at('20:01'));
  });

  it('R-III.B.1 / OQ-19: round 2 is declared only once every game of round 1 has a result', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.play(1, 1, HOME);
    expect(m.no(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3'])).rule).toBe('OQ-19');
    m.play(1, 2, AWAY);
    m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
  });

  it('R-III.B.2: the second declarer cannot choose or change a machine (SC-01 step 4)', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    const r = m.no(HOME, { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { machineId: 'M3', players: ['H3', 'H4'] }] } });
    expect(r.rule).toBe('R-III.B.2');
    m.ok(HOME, { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } });
    expect(m.state.rounds[0]!.games.map((g) => g.machineId)).toEqual(['M1', 'M2']);
  });

  it('R-III.B.2: the first declarer assigns an existing machine to every game slot', () => {
    const m = readyMatch();
    const none = m.no(AWAY, { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { players: ['A3', 'A4'] }] } });
    expect(none.rule).toBe('R-III.B.2');
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M9', 'A3', 'A4'])).rule).toBe('R-III.B.2');
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], [null, 'A3', 'A4'])).rule).toBe('R-III.B.2');
  });

  it('R-III.B.3: HOME cannot declare round 1 before AWAY, nor AWAY round 2 before HOME (SC-01 steps 1 and 7)', () => {
    const m = readyMatch();
    expect(m.state.rounds.map((r) => r.fd)).toEqual([AWAY, HOME, AWAY, HOME]);
    expect(m.no(HOME, firstLineup(1, ['M1', 'H1', 'H2'], ['M2', 'H3', 'H4'])).rule).toBe('R-III.B.3');
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.playRound(1, [HOME, AWAY]);
    expect(m.no(AWAY, firstLineup(2, ['M1', 'A5', 'A6'], ['M2', 'A1', 'A3'])).rule).toBe('R-III.B.3');
    expect(m.no(AWAY, answerLineup(2, ['A5', 'A6'], ['A1', 'A3'])).rule).toBe('R-III.B.3');
  });

  it('R-III.B.4: the second declarer places its players into the first declarer\'s slots, on its machines', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    m.ok(HOME, answerLineup(1, ['H3', 'H4'], ['H1', 'H2']));
    expect(m.state.rounds[0]!.games.map((g) => ({ machine: g.machineId, ...g.players }))).toEqual([
      { machine: 'M1', HOME: ['H3', 'H4'], AWAY: ['A1', 'A2'] },
      { machine: 'M2', HOME: ['H1', 'H2'], AWAY: ['A3', 'A4'] },
    ]);
  });

  it('R-III.B.4: the answer covers exactly the first declarer\'s slots, all at once', () => {
    const m = readyMatch();
    playDoubles(m);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    expect(m.no(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'])).rule).toBe('R-III.E.2');
  });

  it('R-III.B.5: a declared lineup cannot change (SC-01 step 3)', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A5'])).rule).toBe('R-III.B.5');
    m.ok(HOME, r1Home);
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H5'])).rule).toBe('R-III.B.5');
    expect(m.game(1, 2).players).toEqual({ HOME: ['H3', 'H4'], AWAY: ['A3', 'A4'] });
  });

  it('R-III.B.6: no player appears in two games of the same round (SC-02 step 2)', () => {
    const m = readyMatch({ machines: 3 });
    m.ok(AWAY, r1Away);
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H1', 'H3'])).rule).toBe('R-III.B.6');
    m.ok(HOME, r1Home);
  });

  it('R-III.B.6: nor in two singles games of a round', () => {
    const m = readyMatch();
    playDoubles(m);
    expect(m.no(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A1'], ['M2', 'A4'])).rule).toBe('R-III.B.6');
  });
});

describe('doubles (R-III.D.1-5)', () => {
  it('R-III.D.1: exactly two rounds of a match are doubles rounds', () => {
    for (const roundOrder of ['DDSS', 'DSDS'] as const) {
      const m = new Match({ settings: { roundOrder } });
      expect(m.state.rounds.filter((r) => r.format === 'DOUBLES').length).toBe(2);
    }
  });

  it('R-III.D.2: a doubles round has 2 games of 2 players each for a team of 4 or more', () => {
    const m = readyMatch();
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3'])).rule).toBe('R-III.D.2');
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4'], ['M3', 'A5', 'A6'])).rule).toBe('R-III.D.2');
    m.ok(AWAY, r1Away);
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H3'])).rule).toBe('R-III.D.2');
  });

  it('R-III.D.3: the higher combined score wins the doubles game (97,000,000 against 81,000,000)', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.play(1, 1, HOME, { H1: 85_000_000, H2: 12_000_000, A1: 40_000_000, A2: 41_000_000 });
    expect(gameOutcome(m.state, m.game(1, 1))).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 97_000_000, AWAY: 81_000_000 } });
  });

  it('R-III.D.3: one high score does not win against a higher sum', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.play(1, 2, AWAY, { H3: 90_000_000, H4: 1_000_000, A3: 50_000_000, A4: 41_000_001 });
    expect(gameOutcome(m.state, m.game(1, 2))).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 91_000_000, AWAY: 91_000_001 } });
  });

  it('R-III.D.4: a doubles game won brings its team 2 points', () => {
    const m = readyMatch();
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.playRound(1, [HOME, AWAY]);
    expect(gamePoints(m.state, m.game(1, 1))).toEqual({ HOME: 2, AWAY: 0 });
    expect(gamePoints(m.state, m.game(1, 2))).toEqual({ HOME: 0, AWAY: 2 });
    expect(m.points()).toEqual({ HOME: 2, AWAY: 2 });
  });

  it('R-III.D.5: two teammates are paired at most once per match, whatever the order (SC-02 step 3)', () => {
    const m = readyMatch({ machines: 3 });
    m.ok(AWAY, r1Away);
    m.ok(HOME, r1Home);
    m.playRound(1, [HOME, HOME]);
    expect(m.no(HOME, firstLineup(2, ['M1', 'H2', 'H1'], ['M2', 'H3', 'H5'])).rule).toBe('R-III.D.5');
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M2', 'H2', 'H5']));
    expect(m.no(AWAY, answerLineup(2, ['A4', 'A3'], ['A1', 'A5'])).rule).toBe('R-III.D.5');
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A4']));
  });
});

describe('singles (R-III.E.1-3)', () => {
  it('R-III.E.1: exactly two rounds of a match are singles rounds', () => {
    for (const roundOrder of ['DDSS', 'DSDS'] as const) {
      const m = new Match({ settings: { roundOrder } });
      expect(m.state.rounds.filter((r) => r.format === 'SINGLES').map((r) => r.games.length)).toEqual([4, 4]);
    }
  });

  it('R-III.E.2: a singles round has 4 games of one player against one', () => {
    const m = readyMatch();
    playDoubles(m);
    const two = m.no(AWAY, { type: 'declareLineup', payload: { round: 3, games: [{ machineId: 'M1', players: ['A1', 'A5'] }, { machineId: 'M1', players: ['A2'] }, { machineId: 'M2', players: ['A3'] }, { machineId: 'M2', players: ['A4'] }] } });
    expect(two.rule).toBe('R-III.E.2');
    expect(m.no(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'])).rule).toBe('R-III.E.2');
    expect(m.no(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2'])).rule).toBe('R-III.E.2');
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    expect(m.no(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], [])).rule).toBe('R-III.E.2');
  });

  it('R-III.E.3: the higher score wins the singles game and 1 match point', () => {
    const m = readyMatch();
    playDoubles(m);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    m.play(3, 1, AWAY, { H1: 4_999_999, A1: 5_000_000 });
    expect(gameOutcome(m.state, m.game(3, 1))).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 4_999_999, AWAY: 5_000_000 } });
    expect(gamePoints(m.state, m.game(3, 1))).toEqual({ HOME: 0, AWAY: 1 });
    expect(m.points()).toEqual({ HOME: 8, AWAY: 1 });
  });
});
