import { describe, expect, it } from 'vitest';
import { countedScore, gameOutcome, gamePoints, gamePointsTotal, matchResult, type MatchState, type ScoreEntry, TIEBREAKER_ROUND } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { declareRound, enter, incident, playGame, reachEnd, reachRound, reachTie } from '../play';

/** Score entry and confirmation (MR-4), game outcomes and points (CALC-1, CALC-2), the match result (CALC-3). */

const game = (s: MatchState, round: number, g: number) => s.rounds[round - 1]!.games[g - 1]!;
const outcome = (m: Match, round: number, g: number) => gameOutcome(m.state, game(m.state, round, g));

describe('the score that counts (R-VII.L.2.5.2)', () => {
  let n = 0;
  const e = (playerId: string, points: number, segment = 1, status: ScoreEntry['status'] = 'CONFIRMED'): ScoreEntry => ({
    kind: 'SCORE', id: `E${++n}`, by: AWAY, at: n, status, round: 1, game: 1, generation: 0, playerId, side: HOME, points, segment,
  });

  it('an edit replaces the earlier entry of its segment; segments add up; other players do not count', () => {
    expect(countedScore([e('H1', 100), e('H2', 999), e('H1', 200)], 'H1')).toBe(200);
    expect(countedScore([e('H1', 100), e('H1', 30, 2), e('H1', 150), e('H1', 40, 2)], 'H1')).toBe(190);
    expect(countedScore([e('H2', 100)], 'H1')).toBeNull();
  });

  it('a disputed latest entry leaves its segment without a score until a new one; without segment 1 there is none', () => {
    expect(countedScore([e('H1', 100), e('H1', 120, 1, 'DISPUTED')], 'H1')).toBeNull();
    expect(countedScore([e('H1', 100), e('H1', 120, 1, 'DISPUTED'), e('H1', 110)], 'H1')).toBe(110);
    expect(countedScore([e('H1', 100), e('H1', 50, 2, 'DISPUTED')], 'H1')).toBe(100);
    expect(countedScore([e('H1', 100, 1, 'DISPUTED'), e('H1', 50, 2)], 'H1')).toBeNull();
    expect(countedScore([e('H1', 100, 1, 'PENDING'), e('H1', 50, 2, 'PENDING')], 'H1')).toBe(150);
  });
});

describe('score entry (MR-4)', () => {
  it('MR-4: either captain enters a score; only the other team confirms it, once', () => {
    const m = reachRound(3);
    declareRound(m, 3);
    const id = enter(m, AWAY, 3, 1, 'H5', 12_345_670);
    expect(m.state.entries.find((e) => e.id === id)).toMatchObject({ kind: 'SCORE', by: AWAY, side: HOME, playerId: 'H5', points: 12_345_670, status: 'PENDING' });
    expect(m.no(AWAY, { type: 'confirmEntry', payload: { entryId: id } })).toMatchObject({ rule: 'MR-4', code: 'OWN_ENTRY' });
    m.ok(HOME, { type: 'confirmEntry', payload: { entryId: id } });
    expect(m.state.entries.find((e) => e.id === id)!.status).toBe('CONFIRMED');
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: id } })).toMatchObject({ rule: 'MR-4', code: 'NOT_PENDING' });
  });

  it('MR-4: a score for a player who is not in the game, or beyond any real score, is refused', () => {
    const m = reachRound(3);
    declareRound(m, 3);
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 3, game: 1, playerId: 'H6', points: 10 } })).toMatchObject({ rule: 'R-III.B.1', code: 'NOT_IN_GAME' });
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 3, game: 1, playerId: 'H5', points: 1_000_000_000_000 } })).toMatchObject({ rule: 'MR-4', code: 'ABSURD_SCORE' });
  });

  it('MR-4: a disputed score stops counting; the corrected entry, once confirmed, is the one that binds and sign-off is not blocked by the old one', () => {
    const m = reachRound(4);
    declareRound(m, 4);
    for (const g of [2, 3, 4]) playGame(m, 4, g, AWAY);
    m.score(AWAY, 4, 1, 'A5', 2_000_000);
    const wrong = enter(m, HOME, 4, 1, 'H1', 1_000_000);
    m.ok(AWAY, { type: 'disputeEntry', payload: { entryId: wrong, reason: 'it was 10,000,000' } });
    expect(outcome(m, 4, 1)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 4, 1, 'H1', 10_000_000);
    expect(outcome(m, 4, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 10_000_000, AWAY: 2_000_000 } });
    m.ok(HOME, { type: 'signOff', payload: {} });
    expect(m.state.signoffs.HOME).not.toBeNull();
  });

  it('MR-4: an edited score replaces the earlier one; the replaced entry no longer needs confirming', () => {
    const m = reachRound(4);
    declareRound(m, 4);
    for (const g of [2, 3, 4]) playGame(m, 4, g, AWAY);
    m.score(AWAY, 4, 1, 'A5', 2_000_000);
    enter(m, HOME, 4, 1, 'H1', 100); // typo, never confirmed
    m.score(HOME, 4, 1, 'H1', 3_000_000);
    expect(outcome(m, 4, 1)).toMatchObject({ kind: 'WIN', side: HOME, totals: { HOME: 3_000_000, AWAY: 2_000_000 } });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(m.state.signoffs.AWAY).not.toBeNull();
  });
});

describe('game outcomes and points (CALC-1, CALC-2)', () => {
  it('CALC-1: exactly equal totals give REPLAY; the replay is scored from nothing and its result stands (OQ-02)', () => {
    const m = reachRound(4);
    declareRound(m, 4);
    m.score(HOME, 4, 2, 'H2', 1_234_560);
    m.score(AWAY, 4, 2, 'A6', 1_234_560);
    expect(outcome(m, 4, 2)).toEqual({ kind: 'REPLAY', totals: { HOME: 1_234_560, AWAY: 1_234_560 } });
    expect(gamePoints(m.state, game(m.state, 4, 2))).toEqual({ HOME: 0, AWAY: 0 });
    m.ok(HOME, { type: 'replayGame', payload: { round: 4, game: 2 } });
    expect(game(m.state, 4, 2).generation).toBe(1);
    expect(outcome(m, 4, 2)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 4, 2, 'H2', 1_000);
    m.score(AWAY, 4, 2, 'A6', 2_000);
    expect(outcome(m, 4, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 1_000, AWAY: 2_000 } });
  });

  it('CALC-1: only a game with equal totals can be replayed', () => {
    const m = reachRound(4);
    declareRound(m, 4);
    playGame(m, 4, 1, HOME);
    expect(m.no(AWAY, { type: 'replayGame', payload: { round: 4, game: 1 } })).toMatchObject({ rule: 'OQ-02', code: 'NOT_A_TIE' });
  });

  it('CALC-1: the higher total wins whatever the order scores were entered in', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(AWAY, 2, 2, 'A3', 4);
    m.score(HOME, 2, 2, 'H3', 1);
    m.score(AWAY, 2, 2, 'A1', 1);
    expect(outcome(m, 2, 2)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 2, 2, 'H1', 5);
    expect(outcome(m, 2, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 6, AWAY: 5 } });
  });

  it('CALC-2: a doubles win is worth 2, a singles win 1, a NO_RESULT 0; the match distributes 16 in a normal match', () => {
    const m = reachEnd();
    expect(gamePoints(m.state, game(m.state, 1, 1))).toEqual({ HOME: 2, AWAY: 0 });
    expect(gamePoints(m.state, game(m.state, 3, 1))).toEqual({ HOME: 1, AWAY: 0 });
    expect(gamePoints(m.state, game(m.state, 4, 1))).toEqual({ HOME: 0, AWAY: 1 });
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 12, AWAY: 4 });
    incident(m, HOME, 4, 1, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A5' });
    incident(m, AWAY, 4, 1, { kind: 'SLAM_TILT', side: HOME, playerId: 'H1' });
    expect(gamePoints(m.state, game(m.state, 4, 1))).toEqual({ HOME: 0, AWAY: 0 });
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 12, AWAY: 3 });
  });

  it('CALC-2: the tie-breaker gives no points', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
    m.ok(HOME, { type: 'enterTiebreakerScore', payload: { side: HOME, points: 31_000_000 } });
    expect(m.state.entries[m.state.entries.length - 1]).toMatchObject({ round: TIEBREAKER_ROUND, side: HOME, points: 31_000_000 });
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 8, AWAY: 8 });
  });
});

describe('the match result (CALC-3)', () => {
  it('CALC-3: the team with more match points wins; with equal points the tie-breaker decides and the points stay', () => {
    expect(matchResult(reachEnd().state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 12, AWAY: 4 }, how: 'match points' });
    const m = reachTie();
    expect(matchResult(m.state)).toEqual({ status: 'IN_PROGRESS', points: { HOME: 8, AWAY: 8 } });
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M2', players: ['H3', 'H5'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A2', 'A4'] } });
    m.ok(HOME, { type: 'enterTiebreakerScore', payload: { side: HOME, points: 1 } });
    m.ok(AWAY, { type: 'enterTiebreakerScore', payload: { side: AWAY, points: 2 } });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: AWAY, points: { HOME: 8, AWAY: 8 }, how: 'tie-breaker (R-III.G)' });
  });

  it('CALC-3: a whole-match outcome takes precedence over the games already played (improper move: 0 v 12)', () => {
    const m = reachRound(3);
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 8, AWAY: 0 });
    m.ok({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 12 }, how: 'improper move (R-VII.N.2.1)' });
    expect(m.no(HOME, { type: 'enterScore', payload: { round: 3, game: 1, playerId: 'H5', points: 1 } })).toMatchObject({ rule: 'CALC-3', code: 'MATCH_CLOSED' });
  });

  it('CALC-3: while games remain the match is in progress, even when one team can no longer be caught (R-IV.0.1)', () => {
    const m = reachRound(4);
    expect(matchResult(m.state)).toEqual({ status: 'IN_PROGRESS', points: { HOME: 12, AWAY: 0 } });
  });
});
