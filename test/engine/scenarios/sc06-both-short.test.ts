import { describe, expect, it } from 'vitest';
import { matchResult, tiebreakerRequired, turnOrder } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, gameOf, ids, outcome, play, playRound, points, present, refusedDeclaration, slot, tiebreakerScore } from './script';

describe('SC-06 both teams with 3 players (R-VI.B.1, R-VI.B.2, R-VI.B.3, OQ-05, OQ-03, R-III.G.1, R-III.G.3.1.2.1)', () => {
  it('SC-06: both doubles games are 2 v 1, one singles slot a round is VOID, 7-7 of 14 needs a tie-breaker', () => {
    const m = new Match();
    present(m, ids('H', 1, 3), ids('A', 1, 3), at('20:15'));
    m.clock = at('20:15');

    // 1. R1 (AWAY FD): {A1, A2} on M1, {A3} on M2; HOME's lone player must face AWAY's pair (R-VI.B.1, OQ-05)
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3')]);
    expect(refusedDeclaration(m, HOME, 1, [answer('H1', 'H2'), answer('H3')]).rule).toBe('R-VI.B.1');
    declare(m, HOME, 1, [answer('H1'), answer('H2', 'H3')]);
    // G1 seated H1, A, A; G2 seated H, A3, H (OQ-03: SD's first, FD's first, then the team with two)
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'A2', position: 2 }, { playerId: 'A1', position: 3 }] } });
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'H3', position: 1 }, { playerId: 'H2', position: 3 }] } });
    expect(turnOrder(m.state, gameOf(m.state, 1, 1)).map((t) => [t.side, t.playerId])).toEqual([[HOME, 'H1'], [AWAY, 'A2'], [AWAY, 'A1']]);
    expect(turnOrder(m.state, gameOf(m.state, 1, 2)).map((t) => [t.side, t.playerId])).toEqual([[HOME, 'H3'], [AWAY, 'A3'], [HOME, 'H2']]);
    playRound(m, 1, [HOME, AWAY]);

    // R2 (HOME FD): new lone players on both sides, each facing the other's pair
    declare(m, HOME, 2, [slot('M1', 'H1', 'H3'), slot('M2', 'H2')]);
    declare(m, AWAY, 2, [answer('A1'), answer('A2', 'A3')]);
    playRound(m, 2, [HOME, AWAY]);
    expect(points(m)).toEqual({ HOME: 4, AWAY: 4 });

    // 2. R3 (AWAY FD): 3 games and a forfeited slot; HOME answers the 3; the fourth slot is VOID (R-VI.B.2)
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot(null)]);
    declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer()]);
    expect(outcome(m, 3, 4)).toEqual({ kind: 'VOID' });
    playRound(m, 3, [HOME, HOME, AWAY, null]);
    // R4 (HOME FD) alike
    declare(m, HOME, 4, [slot('M1', 'H1'), slot('M2', 'H2'), slot('M2', 'H3'), slot(null)]);
    declare(m, AWAY, 4, [answer('A1'), answer('A2'), answer('A3'), answer()]);
    expect(outcome(m, 4, 4)).toEqual({ kind: 'VOID' });
    playRound(m, 4, [AWAY, HOME, AWAY, null]);

    // 3. doubles 4-4, singles 3-3: 7-7 of 14 (R-VI.B.3): tie-breaker required
    expect(points(m)).toEqual({ HOME: 7, AWAY: 7 });
    expect(matchResult(m.state).status).toBe('IN_PROGRESS');
    expect(tiebreakerRequired(m.state)).toBe(true);
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');
    // HOME chooses Shared Game: each team uses all three of its players
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H2', 'H1', 'H3'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2'] } }).rule).toBe('R-III.G.3.1.2.1');
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A3', 'A1', 'A2'] } });
    tiebreakerScore(m, HOME, 20_000_000);
    tiebreakerScore(m, AWAY, 21_000_000);
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 7, AWAY: 7 } });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
  });

  it('SC-06 (R-VI.B.2, R-VI.B.3): whatever the scores, two short teams share exactly 14 points', () => {
    for (const w of [HOME, AWAY]) {
      const m = new Match();
      present(m, ids('H', 1, 3), ids('A', 1, 3), at('20:15'));
      m.clock = at('20:15');
      declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3')]);
      declare(m, HOME, 1, [answer('H1'), answer('H2', 'H3')]);
      playRound(m, 1, [w, w]);
      declare(m, HOME, 2, [slot('M1', 'H1', 'H3'), slot('M2', 'H2')]);
      declare(m, AWAY, 2, [answer('A1'), answer('A2', 'A3')]);
      playRound(m, 2, [w, w]);
      declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot(null)]);
      declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer()]);
      playRound(m, 3, [w, w, w, null]);
      declare(m, HOME, 4, [slot('M1', 'H1'), slot('M2', 'H2'), slot('M2', 'H3'), slot(null)]);
      declare(m, AWAY, 4, [answer('A1'), answer('A2'), answer('A3'), answer()]);
      play(m, 4, 1, w);
      play(m, 4, 2, w);
      play(m, 4, 3, w);
      expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: w, points: w === HOME ? { HOME: 14, AWAY: 0 } : { HOME: 0, AWAY: 14 } });
    }
  });
});
