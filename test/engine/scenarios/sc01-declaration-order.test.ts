import { describe, expect, it } from 'vitest';
import { turnOrder } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, gameOf, ids, playRound, present, refusedDeclaration, slot } from './script';

describe('SC-01 declaration order, machines, seating (R-III.B.2, R-III.B.3, R-III.B.4, R-III.B.5, R-III.C.2, R-III.C.3, R-III.C.4)', () => {
  it('SC-01: AWAY declares round 1 first, HOME answers on its machines, play order is per team and locks at the start', () => {
    const m = new Match();
    present(m, ids('H', 1, 8), ids('A', 1, 8));
    m.clock = at('20:01');

    // 1. HOME cannot open round 1 (R-III.B.3)
    const r1 = refusedDeclaration(m, HOME, 1, [slot('M1', 'H1', 'H2'), slot('M2', 'H3', 'H4')]);
    expect(r1.rule).toBe('R-III.B.3');

    // 2. AWAY declares: accepted and in the room's state at once
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
    expect(m.state.rounds[0]!.declarations.AWAY).not.toBeNull();
    expect(gameOf(m.state, 1, 1)).toMatchObject({ machineId: 'M1', players: { AWAY: ['A1', 'A2'], HOME: [] } });
    expect(gameOf(m.state, 1, 2)).toMatchObject({ machineId: 'M2', players: { AWAY: ['A3', 'A4'], HOME: [] } });

    // 3. a declared lineup cannot change (R-III.B.5)
    const r3 = refusedDeclaration(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A5')]);
    expect(r3.rule).toBe('R-III.B.5');

    // 4. the SD cannot choose machines (R-III.B.2); it answers into the FD's slots (R-III.B.4)
    const r4 = refusedDeclaration(m, HOME, 1, [answer('H1', 'H2'), slot('M3', 'H3', 'H4')]);
    expect(r4.rule).toBe('R-III.B.2');
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
    expect(gameOf(m.state, 1, 1)).toMatchObject({ machineId: 'M1', players: { HOME: ['H1', 'H2'], AWAY: ['A1', 'A2'] } });
    expect(gameOf(m.state, 1, 2)).toMatchObject({ machineId: 'M2', players: { HOME: ['H3', 'H4'], AWAY: ['A3', 'A4'] } });

    // 5. HOME (SD) holds positions 1 and 3 (R-III.C.2); the order of entry has no bearing (R-III.C.3)
    const r5 = m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H1', position: 2 }, { playerId: 'H2', position: 1 }] } });
    expect(r5.rule).toBe('R-III.C.2');
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H2', position: 1 }, { playerId: 'H1', position: 3 }] } });
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'A1', position: 2 }, { playerId: 'A2', position: 4 }] } });
    expect(turnOrder(m.state, gameOf(m.state, 1, 1)).map((t) => t.playerId)).toEqual(['H2', 'A1', 'H1', 'A2']);

    // 6. once the game starts the order is locked (R-III.C.4)
    m.ok(HOME, { type: 'startGame', payload: { round: 1, game: 1 } });
    const r6 = m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H1', position: 1 }, { playerId: 'H2', position: 3 }] } });
    expect(r6.rule).toBe('R-III.C.4');
    expect(turnOrder(m.state, gameOf(m.state, 1, 1)).map((t) => t.playerId)).toEqual(['H2', 'A1', 'H1', 'A2']);

    // 7. round 2: HOME declares first, AWAY is refused, before and after round 1 is finished (R-III.B.3)
    const r7 = refusedDeclaration(m, AWAY, 2, [slot('M1', 'A1', 'A3'), slot('M2', 'A2', 'A4')]);
    expect(r7.rule).toBe('R-III.B.3');
    playRound(m, 1, [HOME, AWAY]);
    const r7b = refusedDeclaration(m, AWAY, 2, [slot('M1', 'A1', 'A3'), slot('M2', 'A2', 'A4')]);
    expect(r7b.rule).toBe('R-III.B.3');
    declare(m, HOME, 2, [slot('M3', 'H1', 'H3'), slot('M4', 'H2', 'H4')]);
    declare(m, AWAY, 2, [answer('A1', 'A3'), answer('A2', 'A4')]);
    expect(m.state.rounds[1]!.fd).toBe(HOME);
  });
});
