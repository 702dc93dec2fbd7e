import { describe, expect, it } from 'vitest';
import { matchResult, sheetStatus, standingsEntry, tiebreakerRequired, tiebreakerSeats } from '../../../shared';
import { AWAY, HOME } from '../harness';
import { branch, eveningMatch, playEvening, points, tiebreakerScore } from './script';

/** 8-8 after round 4: HOME wins round 1, AWAY round 2, the singles rounds split 2-2. */
function eightAll() {
  const m = eveningMatch();
  playEvening(m, [[HOME, HOME], [AWAY, AWAY], [HOME, HOME, AWAY, AWAY], [HOME, HOME, AWAY, AWAY]]);
  return m;
}

describe('SC-04 8-8 tie and the tie-breaker (R-III.G.1, R-III.G.2, R-III.G.3, R-III.G.3.2.1, R-III.G.3.2.4, R-III.G.3.2.5, R-III.G.3.2.6, R-III.G.3.1.2.1, OQ-06)', () => {
  it('SC-04: at 8-8 nobody signs; HOME picks Split Flipper on M2, AWAY names two players and plays first; HOME wins, points stay 8-8', () => {
    const m = eightAll();
    expect(points(m)).toEqual({ HOME: 8, AWAY: 8 });
    expect(tiebreakerRequired(m.state)).toBe(true);

    // 1. sign-off refused until the tie-breaker has a result (R-III.G.1)
    expect(m.no(HOME, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');
    expect(m.no(AWAY, { type: 'signOff', payload: {} }).rule).toBe('R-III.G.1');

    // 2. only HOME chooses the format (R-III.G.3); AWAY answers with exactly 2 players (R-III.G.3.2.1)
    expect(m.no(AWAY, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['A2', 'A4'] } }).rule).toBe('R-III.G.3');
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4', 'A6'] } }).rule).toBe('R-III.G.3.2.1');
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
    expect(m.state.tiebreaker).toMatchObject({ format: 'SPLIT_FLIPPER', machineId: 'M2', players: { HOME: ['H3', 'H5'], AWAY: ['A2', 'A4'] } });
    // AWAY is Player 1 (R-III.G.3.2.5)
    expect(tiebreakerSeats(m.state)).toEqual([
      { position: 1, side: AWAY, players: ['A2', 'A4'] },
      { position: 2, side: HOME, players: ['H3', 'H5'] },
    ]);

    // 3. HOME 31,000,000 v AWAY 27,500,000: HOME wins the match (R-III.G.3.2.6); no points added (R-III.G.2)
    tiebreakerScore(m, HOME, 31_000_000);
    tiebreakerScore(m, AWAY, 27_500_000);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 8, AWAY: 8 }, how: 'tie-breaker (R-III.G)' });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('FINAL');
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 8 }, AWAY: { result: 'L', points: 8 } });
  });

  it('SC-04 variant (R-III.G.3.1.2.1): Shared Game needs 3 different AWAY players, one per ball', () => {
    const m = branch(eightAll());
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M2', players: ['H1', 'H2', 'H3'] } });
    expect(m.no(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A1'] } }).rule).toBe('R-III.G.3.1.2.1');
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2', 'A3'] } });
    expect(tiebreakerSeats(m.state)).toEqual([
      { position: 1, side: AWAY, players: ['A1', 'A2', 'A3'] },
      { position: 2, side: HOME, players: ['H1', 'H2', 'H3'] },
    ]);
  });
});
