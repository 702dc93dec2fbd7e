import { describe, expect, it } from 'vitest';
import {
  CommissionerResultSchema, type CommissionerResultInput, countedResult, decideCommissionerResult, RecordedResultSchema,
  ScheduledMatchSchema,
} from '../../shared/season/index';
import { at, Match } from '../engine/harness';

/** Whole-match results a league official records (CALC-3) and when a match counts for the tables (CALC-4). */

const decide = (input: CommissionerResultInput, state: Match['state'] | null = null) => decideCommissionerResult(CommissionerResultSchema.parse(input), state);
const scheduled = ScheduledMatchSchema.parse({ id: 'm1', seasonId: 's24', kind: 'REGULAR', date: '2026-10-01', homeTeamId: 'hawks', awayTeamId: 'aces', venueId: 'v1' });

/** HOME has two players at 20:15: AWAY claims the forfeit in the room (R-VII.H.1). */
function forfeitedInRoom(): Match {
  const m = new Match();
  m.arrive('HOME', ['H1', 'H2'], at('19:55'));
  m.arrive('AWAY', ['A1', 'A2', 'A3', 'A4', 'A5'], at('19:55'));
  m.ok('AWAY', { type: 'claimForfeit', payload: {} }, at('20:16'));
  return m;
}

/** Both teams played round 1; HOME challenges a game of it. */
function challenged(): Match {
  const m = new Match();
  m.arrive('HOME', ['H1', 'H2', 'H3', 'H4'], at('19:55'));
  m.arrive('AWAY', ['A1', 'A2', 'A3', 'A4'], at('19:55'));
  m.clock = at('20:01');
  m.ok('AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } });
  m.ok('HOME', { type: 'challengeGame', payload: { round: 1, game: 1, reason: 'A2 played out of turn' } });
  return m;
}

describe('whole-match results (CALC-3)', () => {
  it('R-VII.H.1.1 / R-VII.H.1.2: the forfeiting team records a loss with 0, the attending team a win with 9', () => {
    expect(decide({ kind: 'FORFEIT', forfeiting: 'HOME' })).toEqual({ ok: true, value: { winner: 'AWAY', points: { HOME: 0, AWAY: 9 }, how: 'forfeit (R-VII.H.1)' } });
  });

  it('R-VII.H.1.3: 12 points for an attending team that played the evening with at least 4; refused with fewer', () => {
    expect(decide({ kind: 'FORFEIT', forfeiting: 'AWAY', fullEvening: true, attendingPresent: 5 })).toMatchObject({ ok: true, value: { winner: 'HOME', points: { HOME: 12, AWAY: 0 } } });
    expect(decide({ kind: 'FORFEIT', forfeiting: 'AWAY', fullEvening: true, attendingPresent: 3 })).toMatchObject({ ok: false, refusal: { rule: 'R-VII.H.1.3', code: 'TOO_FEW_PLAYERS' } });
  });

  it('OQ-13: a double forfeit is two losses and no points', () => {
    expect(decide({ kind: 'DOUBLE_FORFEIT' })).toMatchObject({ ok: true, value: { winner: null, points: { HOME: 0, AWAY: 0 } } });
  });

  it('R-VII.A.1.5: a team that refuses to move loses with 0; the other wins with 12', () => {
    expect(decide({ kind: 'REFUSED_TO_MOVE', refusing: 'AWAY' })).toMatchObject({ ok: true, value: { winner: 'HOME', points: { HOME: 12, AWAY: 0 } } });
  });

  it('R-VII.N.2.1.1 / R-VII.N.2.1.2: an improper move is HOME 0 (loss), AWAY 12 (win)', () => {
    expect(decide({ kind: 'IMPROPER_MOVE' })).toMatchObject({ ok: true, value: { winner: 'AWAY', points: { HOME: 0, AWAY: 12 } } });
  });
});

describe('R-VII.D.2.4 the ruling on a challenged match', () => {
  it('R-VII.D.2.4: a ruling needs a challenge in the match', () => {
    expect(decide({ kind: 'RULING', ruling: 'x', decision: { kind: 'AS_PLAYED' } }, new Match().state)).toMatchObject({ ok: false, refusal: { rule: 'R-VII.D.2.4', code: 'NOT_CHALLENGED' } });
    expect(decide({ kind: 'RULING', ruling: 'x', decision: { kind: 'AS_PLAYED' } }, null)).toMatchObject({ ok: false, refusal: { rule: 'R-VII.D.2.4' } });
  });

  it('R-VII.D.2.4: "as played" needs a result on the sheet; a set result must give the winner the higher total', () => {
    const m = challenged();
    expect(decide({ kind: 'RULING', ruling: 'stands', decision: { kind: 'AS_PLAYED' } }, m.state)).toMatchObject({ ok: false, refusal: { rule: 'CALC-3', code: 'NO_RESULT' } });
    expect(decide({ kind: 'RULING', ruling: 'x', decision: { kind: 'SET', winner: 'HOME', points: { HOME: 7, AWAY: 9 } } }, m.state)).toMatchObject({ ok: false, refusal: { rule: 'R-III.0.2', code: 'BAD_POINTS' } });
    expect(decide({ kind: 'RULING', ruling: 'x', decision: { kind: 'SET', winner: 'HOME', points: { HOME: 10, AWAY: 9 } } }, m.state)).toMatchObject({ ok: false, refusal: { rule: 'INV-04', code: 'BAD_POINTS' } });
    expect(decide({ kind: 'RULING', ruling: 'HOME replays nothing; the game goes to HOME', decision: { kind: 'SET', winner: 'HOME', points: { HOME: 9, AWAY: 7 } } }, m.state)).toMatchObject({ ok: true, value: { winner: 'HOME', points: { HOME: 9, AWAY: 7 } } });
  });
});

describe('CALC-4 when a match counts', () => {
  it('CALC-4 / R-IV.0.1: a sheet counts only when both teams have signed', () => {
    const m = forfeitedInRoom();
    expect(countedResult(scheduled, undefined, m.state)).toBeNull();
    m.ok('AWAY', { type: 'signOff', payload: {} }, at('20:20'));
    expect(countedResult(scheduled, undefined, m.state)).toBeNull();
    m.ok('HOME', { type: 'signOff', payload: {} }, at('20:21'));
    expect(countedResult(scheduled, undefined, m.state)).toMatchObject({ winner: 'AWAY', points: { HOME: 0, AWAY: 9 }, source: 'SCORESHEET', homeTeamId: 'hawks', awayTeamId: 'aces' });
  });

  it('CALC-4: an official’s recorded result counts at once and takes precedence over the sheet', () => {
    const m = forfeitedInRoom();
    const recorded = RecordedResultSchema.parse({ matchId: 'm1', seasonId: 's24', result: { kind: 'IMPROPER_MOVE' }, recordedAt: 1 });
    expect(countedResult(scheduled, recorded, m.state)).toMatchObject({ winner: 'AWAY', points: { HOME: 0, AWAY: 12 }, source: 'COMMISSIONER' });
    expect(countedResult(scheduled, recorded, null)).toMatchObject({ source: 'COMMISSIONER' });
  });

  it('CALC-4: a challenged match the other team signed counts once the official rules in the room', () => {
    const m = challenged();
    // Play stops here for the test: the official records the whole result instead.
    expect(countedResult(scheduled, undefined, m.state)).toBeNull();
    const ruling = RecordedResultSchema.parse({ matchId: 'm1', seasonId: 's24', result: { kind: 'RULING', ruling: 'HOME wins', decision: { kind: 'SET', winner: 'HOME', points: { HOME: 10, AWAY: 6 } } }, recordedAt: 2 });
    expect(countedResult(scheduled, ruling, m.state)).toMatchObject({ winner: 'HOME', points: { HOME: 10, AWAY: 6 }, source: 'COMMISSIONER' });
  });
});
