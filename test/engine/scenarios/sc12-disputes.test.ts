import { describe, expect, it } from 'vitest';
import { challengedGames, matchResult, sheetStatus, standingsEntry } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { answer, declare, eveningMatch, outcome, playEvening, playRound, points, slot } from './script';

const HOURS = 3_600_000;
const challenge = (round: number, game: number) => ({ type: 'challengeGame' as const, payload: { round, game, reason: 'AWAY ignored the stuck-ball procedure' } });

/** Rounds 1-3 played, HOME's challenge on R3 G4 accepted while round 4 is declared but not started. */
function challengedEvening(): Match {
  const m = eveningMatch();
  playEvening(m, [[HOME, AWAY]]);
  // R2 starts: a round 1 game can no longer be questioned (R-VII.D.2.1)
  declare(m, HOME, 2, [slot('M3', 'H5', 'H6'), slot('M4', 'H7', 'H8')]);
  declare(m, AWAY, 2, [answer('A5', 'A6'), answer('A7', 'A8')]);
  m.ok(HOME, challenge(1, 2)); // before round 2 starts it still can
  m.ok(HOME, { type: 'withdrawChallenge', payload: { challengeId: m.state.challenges[0]!.id } });
  m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: [{ playerId: 'A5', position: 1 }, { playerId: 'A6', position: 3 }] } });
  m.ok(HOME, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: [{ playerId: 'H5', position: 2 }, { playerId: 'H6', position: 4 }] } });
  m.ok(HOME, { type: 'startGame', payload: { round: 2, game: 1 } });
  expect(m.no(HOME, challenge(1, 2)).rule).toBe('R-VII.D.2.1');
  playRound(m, 2, [HOME, AWAY]);
  declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
  declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
  playRound(m, 3, [HOME, HOME, AWAY, AWAY]);
  return m;
}

describe('SC-12 disputes in the match (R-VII.D.2.1, R-VII.D.3, R-VII.D.3.1, R-VII.D.3.2, R-VII.D.3.3, R-VII.D.3.4, R-VII.D.4, R-VII.D.4.1, OQ-35)', () => {
  it('SC-12: a late question is refused; HOME\'s challenge of R3 G4 is open while play goes on; HOME cannot sign; AWAY\'s signature leaves it pending a ruling', () => {
    const m = challengedEvening();
    declare(m, HOME, 4, [slot('M3', 'H5'), slot('M3', 'H6'), slot('M4', 'H7'), slot('M4', 'H8')]);
    declare(m, AWAY, 4, [answer('A5'), answer('A6'), answer('A7'), answer('A8')]);
    m.ok(HOME, challenge(3, 4));
    // 1. G4 is marked "Challenged", visible to the room, report due 24 h later (R-VII.D.3.1, R-VII.D.3.2, R-VII.D.3.4)
    expect(challengedGames(m.state)).toEqual([{ round: 3, game: 4, by: HOME, reportDue: m.clock + 24 * HOURS }]);
    // play continues to the end (R-VII.D.4)
    playRound(m, 4, [HOME, HOME, HOME, AWAY]);
    expect(outcome(m, 3, 4)).toMatchObject({ kind: 'WIN', side: AWAY });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: HOME, points: { HOME: 9, AWAY: 7 } });
    // once round 4 has started, R3 G4 could not have been challenged any more
    expect(m.no(AWAY, challenge(3, 3)).rule).toBe('R-VII.D.2.1');

    // 2. the challenging team does not sign (R-VII.D.3.3); AWAY's signature: "Challenged, pending ruling"
    expect(sheetStatus(m.state)).toBe('CHALLENGED');
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-VII.D.3.3');
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('CHALLENGED_PENDING_RULING');
    expect(standingsEntry(m.state)).toBeNull();
    // the official rules; the result counts
    m.ok({ role: 'commissioner' }, { type: 'ruleOnChallenge', payload: { challengeId: m.state.challenges[1]!.id, ruling: 'The result stands.' } });
    expect(sheetStatus(m.state)).toBe('RULED');
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 9 }, AWAY: { result: 'L', points: 7 } });
  });

  it('SC-12 variant (R-VII.D.4.1, OQ-35): AWAY leaves the disputed match before round 4: all four R4 slots are FORFEIT_WIN(HOME)', () => {
    const m = challengedEvening();
    m.ok(HOME, challenge(3, 4));
    expect(points(m)).toEqual({ HOME: 6, AWAY: 6 });
    m.ok(HOME, { type: 'recordOpponentLeft', payload: {} });
    for (const game of [1, 2, 3, 4]) expect(outcome(m, 4, game)).toEqual({ kind: 'FORFEIT_WIN', side: HOME });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: HOME, points: { HOME: 10, AWAY: 6 } });
  });
});
