import { describe, expect, it } from 'vitest';
import { matchResult, type Side, turnOrder } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, gameOf, ids, outcome, playRound, present, refusedDeclaration, slot } from './script';

/**
 * HOME has only H1-H3 present, AWAY A1-A5. `w` picks the winner of each played game, so the checks of step 6 run
 * over several ways the evening can go.
 */
function shortHomeEvening(w: (round: number, game: number) => Side) {
  const m = new Match();
  present(m, ids('H', 1, 3), ids('A', 1, 5));

  // 1. nobody declares before the window closes at 20:15 (R-VI.C.2.1)
  expect(refusedDeclaration(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')], at('20:05')).rule).toBe('R-VI.C.2.1');
  m.clock = at('20:15');
  declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);

  // 2. three present: one pair and one lone player (R-VI.A.2.1)
  expect(refusedDeclaration(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]).rule).toBe('R-VI.A.2.1');
  declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3')]);
  expect(m.state.rounds[0]!.declarations.HOME!.short).toBe(true);
  // G2 is a 3-player game: H3 (SD's lone player) first, then AWAY's pair in the order AWAY chooses (OQ-03)
  expect(m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'A4', position: 1 }, { playerId: 'A3', position: 3 }] } }).rule).toBe('R-III.C.2');
  m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'A4', position: 2 }, { playerId: 'A3', position: 3 }] } });
  expect(turnOrder(m.state, gameOf(m.state, 1, 2)).map((t) => t.playerId)).toEqual(['H3', 'A4', 'A3']);
  playRound(m, 1, [w(1, 1), w(1, 2)]);

  // 3. R2 (HOME FD): with 3 players, {H1, H2} again leaves H3 alone again: the one declaration breaks both the pair
  //    rule and the lone-player rule (R-III.D.5, R-VI.A.2.3); the engine names the pair rule, listed first
  expect(refusedDeclaration(m, HOME, 2, [slot('M1', 'H1', 'H2'), slot('M3', 'H3')]).rule).toBe('R-III.D.5');
  expect(refusedDeclaration(m, HOME, 2, [slot('M1', 'H2', 'H1'), slot('M3', 'H3')]).rule).toBe('R-III.D.5');
  declare(m, HOME, 2, [slot('M1', 'H1', 'H3'), slot('M3', 'H2')]);
  declare(m, AWAY, 2, [answer('A1', 'A3'), answer('A2', 'A5')]);
  // G2 seated A, H2, A: AWAY (SD, the pair) holds 1 and 3 around HOME's lone player (OQ-03)
  m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 2, game: 2, seats: [{ playerId: 'A5', position: 1 }, { playerId: 'A2', position: 3 }] } });
  expect(turnOrder(m.state, gameOf(m.state, 2, 2)).map((t) => t.playerId)).toEqual(['A5', 'H2', 'A2']);
  playRound(m, 2, [w(2, 1), w(2, 2)]);

  // 4. R3 (AWAY FD): HOME answers H1-H3 and leaves G4 empty: FORFEIT_WIN(AWAY) (R-VI.A.3.1, OQ-04)
  declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
  expect(refusedDeclaration(m, HOME, 3, [answer('H1'), answer('H2'), answer(), answer()]).rule).toBe('R-VI.A.3.1');
  declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer()]);
  expect(outcome(m, 3, 4)).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
  playRound(m, 3, [w(3, 1), w(3, 2), w(3, 3), null]);

  // 5. R4 (HOME FD): three games and one forfeited slot without a machine; AWAY answers the three, wins the fourth
  expect(refusedDeclaration(m, HOME, 4, [slot('M1', 'H1'), slot('M1', 'H2'), slot('M2', 'H3'), slot('M2')]).rule).toBe('OQ-04');
  declare(m, HOME, 4, [slot('M1', 'H1'), slot('M1', 'H2'), slot('M2', 'H3'), slot(null)]);
  expect(refusedDeclaration(m, AWAY, 4, [answer('A5'), answer('A1'), answer('A2'), answer('A3')]).rule).toBe('OQ-04');
  declare(m, AWAY, 4, [answer('A5'), answer('A1'), answer('A2'), answer()]);
  expect(gameOf(m.state, 4, 4).machineId).toBeNull();
  expect(outcome(m, 4, 4)).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
  playRound(m, 4, [w(4, 1), w(4, 2), w(4, 3), null]);
  return m;
}

describe('SC-05 one team with 3 players (R-VI.A.1, R-VI.A.2.1, R-VI.A.2.2, R-VI.A.3.1, R-III.D.5, R-VI.A.4, R-VI.C.2.1, R-VI.C.2.3.2, OQ-03, OQ-04)', () => {
  it('SC-05: HOME plays short all evening; whatever the scores the points add to 16 and AWAY has at least 2', () => {
    const patterns: [string, (round: number, game: number) => Side][] = [
      ['HOME wins every game it plays', () => HOME],
      ['AWAY wins everything', () => AWAY],
      ['even games to HOME', (_r, g) => (g % 2 === 0 ? HOME : AWAY)],
      ['rounds 1 and 3 to HOME', (r) => (r % 2 === 1 ? HOME : AWAY)],
    ];
    const totals = patterns.map(([name, w]) => {
      const m = shortHomeEvening(w);
      const r = matchResult(m.state);
      expect(r.status, name).toBe('DECIDED');
      expect(r.points.HOME + r.points.AWAY, name).toBe(16); // R-VI.A.4
      expect(r.points.AWAY, name).toBeGreaterThanOrEqual(2);
      expect(r.points.HOME, name).toBeLessThanOrEqual(14);
      // the lone player's score against the pair's combined score (R-VI.A.2.2): 2 points to the winner
      expect(outcome(m, 1, 2), name).toMatchObject({ kind: 'WIN', side: w(1, 2) });
      m.ok(HOME, { type: 'signOff', payload: {} });
      m.ok(AWAY, { type: 'signOff', payload: {} });
      return r.points;
    });
    expect(totals).toEqual([{ HOME: 14, AWAY: 2 }, { HOME: 0, AWAY: 16 }, { HOME: 6, AWAY: 10 }, { HOME: 7, AWAY: 9 }]);
  });
});
