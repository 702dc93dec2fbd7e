import { describe, expect, it } from 'vitest';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, gameOf, ids, playRound, present, refusedDeclaration, slot } from './script';

const proposalId = (m: Match) => m.state.proposals[m.state.proposals.length - 1]!.id;

describe('SC-02 machine use, players and pairs (R-VII.O.2, R-VII.O.3, R-VII.O.4, R-VII.L.1.2, R-VII.L.1.2.1, R-VII.L.1.2.2, R-VII.L.1.2.3, R-VII.L.3, R-III.B.6, R-III.D.5)', () => {
  it('SC-02: at a 3-machine venue, machine limits per round, one player per round, no repeated pair, removal by agreement', () => {
    const m = new Match({ machines: 3 });
    present(m, ids('H', 1, 8), ids('A', 1, 8));
    m.clock = at('20:01');

    // 1. both games on one machine while 3 work (R-VII.O.2)
    expect(refusedDeclaration(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M1', 'A3', 'A4')]).rule).toBe('R-VII.O.2');
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);

    // 2. H1 twice in one round (R-III.B.6)
    expect(refusedDeclaration(m, HOME, 1, [answer('H1', 'H2'), answer('H1', 'H3')]).rule).toBe('R-III.B.6');
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
    playRound(m, 1, [HOME, HOME]);

    // 3. {H2, H1} is the pair {H1, H2} again, whatever the order (R-III.D.5)
    expect(refusedDeclaration(m, HOME, 2, [slot('M1', 'H2', 'H1'), slot('M2', 'H3', 'H5')]).rule).toBe('R-III.D.5');
    declare(m, HOME, 2, [slot('M1', 'H1', 'H3'), slot('M2', 'H2', 'H5')]);
    declare(m, AWAY, 2, [answer('A5', 'A6'), answer('A7', 'A8')]);
    playRound(m, 2, [AWAY, AWAY]);

    // 4. three games of a round on one machine (R-VII.O.3); M1 and M2 again, 2 + 2, is fine (R-VII.O.4)
    expect(refusedDeclaration(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M1', 'A3'), slot('M2', 'A4')]).rule).toBe('R-VII.O.3');
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
    expect(m.state.rounds[2]!.games.map((g) => g.machineId)).toEqual(['M1', 'M1', 'M2', 'M2']);
    declare(m, HOME, 3, [answer('H6'), answer('H7'), answer('H8'), answer('H4')]);
    playRound(m, 3, [HOME, AWAY, HOME, AWAY]);

    // 5. removing M3 needs both captains (R-VII.L.1.2.1) and leaves M1, M2 (R-VII.L.1.2.2 holds)
    m.ok(HOME, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M3' } });
    expect(m.state.machineStatus.M3).toBe('WORKING');
    expect(m.no(HOME, { type: 'accept', payload: { proposalId: proposalId(m) } }).rule).toBe('R-VII.L.1.2.1');
    m.ok(AWAY, { type: 'accept', payload: { proposalId: proposalId(m) } });
    expect(m.state.machineStatus).toEqual({ M1: 'WORKING', M2: 'WORKING', M3: 'REMOVED' });
    // R4: M3 cannot come back (R-VII.L.1.2.3, R-VII.L.3)
    expect(refusedDeclaration(m, HOME, 4, [slot('M3', 'H1'), slot('M1', 'H2'), slot('M2', 'H3'), slot('M2', 'H5')]).rule).toBe('R-VII.L.1.2.3');
    // removing M2 as well would leave fewer than 2 other machines (R-VII.L.1.2.2)
    expect(m.no(AWAY, { type: 'propose', payload: { kind: 'REMOVE_MACHINE', machineId: 'M2' } }).rule).toBe('R-VII.L.1.2.2');
    declare(m, HOME, 4, [slot('M1', 'H1'), slot('M1', 'H2'), slot('M2', 'H3'), slot('M2', 'H5')]);
  });

  it('SC-02 variant (R-VII.O.3): with a single working machine, round 3 puts all four games on it', () => {
    const m = new Match({ machines: 1 });
    present(m, ids('H', 1, 8), ids('A', 1, 8));
    m.clock = at('20:01');
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M1', 'A3', 'A4')]);
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
    playRound(m, 1, [HOME, AWAY]);
    declare(m, HOME, 2, [slot('M1', 'H5', 'H6'), slot('M1', 'H7', 'H8')]);
    declare(m, AWAY, 2, [answer('A5', 'A6'), answer('A7', 'A8')]);
    playRound(m, 2, [HOME, AWAY]);
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M1', 'A3'), slot('M1', 'A4')]);
    expect(m.state.rounds[2]!.games.map((g) => g.machineId)).toEqual(['M1', 'M1', 'M1', 'M1']);
    expect(gameOf(m.state, 3, 4).machineId).toBe('M1');
  });
});
