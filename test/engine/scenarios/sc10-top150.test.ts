import { describe, expect, it } from 'vitest';
import { turnOrder } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, branch, declare, gameOf, playRound, refusedDeclaration, roster, slot } from './script';

/** AWAY: A1-A5 and T (top-150); HOME: H1-H5 and U (top-150); everyone present from 20:00. */
function restrictedMatch() {
  const m = new Match({ home: roster('H', 5, [{ id: 'U', restricted: true }]), away: roster('A', 5, [{ id: 'T', restricted: true }]) });
  m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'U'], at('20:00'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'T'], at('20:00'));
  m.clock = at('20:01');
  return m;
}

const seat = (round: number, game: number, seats: [string, number][]) => ({
  type: 'setPlayOrder' as const,
  payload: { round, game, seats: seats.map(([playerId, position]) => ({ playerId, position })) },
});

describe('SC-10 top-150 restrictions in match lineups (R-II.B.2.3, R-II.B.2.3.1, R-II.B.2.3.2, OQ-07, OQ-08)', () => {
  it('SC-10: T plays 4th when AWAY is FD; T meets U in HOME\'s round with no position condition; T never faces a non-restricted player in HOME\'s singles round; both may play the tie-breaker', () => {
    const m = restrictedMatch();
    // 1. R1 (AWAY FD): {A2, T} accepted; T at position 2 refused, at 4 accepted (R-II.B.2.3, OQ-07)
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A3'), slot('M2', 'A2', 'T')]);
    declare(m, HOME, 1, [answer('H1', 'H5'), answer('H2', 'H3')]);
    expect(m.no(AWAY, seat(1, 2, [['T', 2], ['A2', 4]])).rule).toBe('R-II.B.2.3');
    m.ok(AWAY, seat(1, 2, [['T', 4], ['A2', 2]]));
    m.ok(HOME, seat(1, 2, [['H2', 1], ['H3', 3]]));
    expect(turnOrder(m.state, gameOf(m.state, 1, 2)).map((t) => t.playerId)).toEqual(['H2', 'A2', 'H3', 'T']);
    playRound(m, 1, [HOME, HOME]);

    // 2. R2 (HOME FD): HOME G1 {U, H2}, G2 {H3, H4}; T only where U plays (R-II.B.2.3, R-II.B.2.3.1)
    declare(m, HOME, 2, [slot('M1', 'U', 'H2'), slot('M2', 'H3', 'H4')]);
    expect(refusedDeclaration(m, AWAY, 2, [answer('A4', 'A5'), answer('T', 'A1')]).rule).toBe('R-II.B.2.3');
    declare(m, AWAY, 2, [answer('T', 'A4'), answer('A5', 'A1')]);
    // no position condition for T or U in G1 (OQ-08): U at 2 and T at 1 are both accepted
    m.ok(HOME, seat(2, 1, [['U', 2], ['H2', 4]]));
    m.ok(AWAY, seat(2, 1, [['T', 1], ['A4', 3]]));
    expect(turnOrder(m.state, gameOf(m.state, 2, 1)).map((t) => t.playerId)).toEqual(['T', 'U', 'A4', 'H2']);
    playRound(m, 2, [AWAY, AWAY]);

    // R3 (AWAY FD, singles): T may play in AWAY's round
    declare(m, AWAY, 3, [slot('M1', 'T'), slot('M1', 'A1'), slot('M2', 'A2'), slot('M2', 'A3')]);
    declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
    playRound(m, 3, [HOME, HOME, AWAY, AWAY]);

    // 3. R4 (HOME FD, singles): T against a non-restricted player is refused (R-II.B.2.3)
    declare(m, HOME, 4, [slot('M1', 'H1'), slot('M1', 'H2'), slot('M2', 'H3'), slot('M2', 'H5')]);
    expect(refusedDeclaration(m, AWAY, 4, [answer('T'), answer('A1'), answer('A2'), answer('A3')]).rule).toBe('R-II.B.2.3');
    declare(m, AWAY, 4, [answer('A4'), answer('A1'), answer('A2'), answer('A3')]);
    playRound(m, 4, [HOME, HOME, AWAY, AWAY]);

    // 4. 8-8: T and U may be named in either tie-breaker format (R-II.B.2.3.2)
    const split = branch(m);
    split.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['U', 'H1'] } });
    split.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'T'] } });
    const shared = branch(m);
    shared.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M2', players: ['H1', 'H2', 'U'] } });
    shared.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['T', 'A1', 'A2'] } });
    expect(shared.state.tiebreaker?.players).toEqual({ HOME: ['H1', 'H2', 'U'], AWAY: ['T', 'A1', 'A2'] });
  });

  it('SC-10 (R-II.B.2.3.1): in HOME\'s singles round T may face U', () => {
    const m = restrictedMatch();
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A3'), slot('M2', 'A2', 'T')]);
    declare(m, HOME, 1, [answer('H1', 'H5'), answer('H2', 'H3')]);
    playRound(m, 1, [HOME, HOME]);
    declare(m, HOME, 2, [slot('M1', 'H4', 'H2'), slot('M2', 'H3', 'H1')]);
    declare(m, AWAY, 2, [answer('A4', 'A1'), answer('A5', 'A3')]);
    playRound(m, 2, [AWAY, AWAY]);
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
    declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
    playRound(m, 3, [HOME, HOME, AWAY, AWAY]);
    declare(m, HOME, 4, [slot('M1', 'U'), slot('M1', 'H2'), slot('M2', 'H3'), slot('M2', 'H5')]);
    declare(m, AWAY, 4, [answer('T'), answer('A1'), answer('A2'), answer('A5')]);
    expect(gameOf(m.state, 4, 1).players).toEqual({ HOME: ['U'], AWAY: ['T'] });
  });
});
