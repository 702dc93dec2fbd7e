import { describe, expect, it } from 'vitest';
import { matchResult, sheetStatus, standingsEntry } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, ids, outcome, play, playRound, points, present, seatInDeclaredOrder, slot } from './script';

describe('SC-03 full match, no early end, equal scores (R-III.D.3, R-III.D.4, R-III.E.3, R-IV.0.1, OQ-02, R-III.0.2, R-III.G.1)', () => {
  it('SC-03: 8-0 after the doubles, 11-1 after round 3, a level game is replayed, final 11-5 for HOME', () => {
    const m = new Match();
    present(m, ids('H', 1, 8), ids('A', 1, 8));
    m.clock = at('20:01');

    // 1. R1: HOME wins both; G1 is 85,000,000 + 12,000,000 against 40,000,000 + 41,000,000 (R-III.D.3)
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
    seatInDeclaredOrder(m, 1, 1);
    m.score(HOME, 1, 1, 'H1', 85_000_000);
    m.score(HOME, 1, 1, 'H2', 12_000_000);
    m.score(AWAY, 1, 1, 'A1', 40_000_000);
    expect(outcome(m, 1, 1)).toEqual({ kind: 'PENDING' });
    m.score(AWAY, 1, 1, 'A2', 41_000_000);
    expect(outcome(m, 1, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 97_000_000, AWAY: 81_000_000 } });
    expect(points(m)).toEqual({ HOME: 2, AWAY: 0 }); // R-III.D.4
    play(m, 1, 2, HOME);
    // R2: HOME wins both
    declare(m, HOME, 2, [slot('M3', 'H5', 'H6'), slot('M4', 'H7', 'H8')]);
    declare(m, AWAY, 2, [answer('A5', 'A6'), answer('A7', 'A8')]);
    playRound(m, 2, [HOME, HOME]);
    expect(points(m)).toEqual({ HOME: 8, AWAY: 0 });

    // 2. R3: HOME 3, AWAY 1 (R-III.E.3: one point a singles game): 11-1, HOME cannot be caught
    declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A4')]);
    declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
    playRound(m, 3, [HOME, HOME, HOME, AWAY]);
    expect(points(m)).toEqual({ HOME: 11, AWAY: 1 });
    expect(matchResult(m.state).status).toBe('IN_PROGRESS');

    // 3. every game must still be played (R-IV.0.1)
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-IV.0.1');

    // 4. R4 G2 ends level: REPLAY (OQ-02); the replay goes to AWAY; AWAY wins all of round 4
    declare(m, HOME, 4, [slot('M3', 'H5'), slot('M3', 'H6'), slot('M4', 'H7'), slot('M4', 'H8')]);
    declare(m, AWAY, 4, [answer('A5'), answer('A6'), answer('A7'), answer('A8')]);
    play(m, 4, 1, AWAY);
    m.score(HOME, 4, 2, 'H6', 1_234_560);
    m.score(AWAY, 4, 2, 'A6', 1_234_560);
    expect(outcome(m, 4, 2)).toEqual({ kind: 'REPLAY', totals: { HOME: 1_234_560, AWAY: 1_234_560 } });
    play(m, 4, 3, AWAY);
    play(m, 4, 4, AWAY);
    expect(points(m)).toEqual({ HOME: 11, AWAY: 4 });
    expect(m.no(AWAY, { type: 'signOff', payload: {} }).rule).toBe('R-IV.0.1');
    const before = m.state.rounds[3]!.games[1]!;
    m.ok(AWAY, { type: 'replayGame', payload: { round: 4, game: 2 } });
    const replay = m.state.rounds[3]!.games[1]!;
    // same machine, players and order; the level scores no longer count
    expect({ machineId: replay.machineId, players: replay.players, seats: replay.seats }).toEqual({ machineId: before.machineId, players: before.players, seats: before.seats });
    expect(outcome(m, 4, 2)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 4, 2, 'H6', 900_000);
    m.score(AWAY, 4, 2, 'A6', 2_000_000);
    expect(outcome(m, 4, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 900_000, AWAY: 2_000_000 } });

    // final 11-5, 16 in all, HOME wins (R-III.0.2); no tie-breaker at unequal points (R-III.G.1)
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: HOME, points: { HOME: 11, AWAY: 5 } });
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } }).rule).toBe('R-III.G.1');
    m.ok(HOME, { type: 'signOff', payload: {} });
    expect(standingsEntry(m.state)).toBeNull();
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('FINAL');
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 11 }, AWAY: { result: 'L', points: 5 } });
  });
});
