import { describe, expect, it } from 'vitest';
import { matchResult, sheetStatus, standingsEntry } from '../../../shared';
import { at, AWAY, HOME } from '../harness';
import { declareRound, enter, incident, playGame, reachEnd, reachRound } from '../play';

/** Sign-off (MR-5, CALC-5) and what a signed match adds to the standings (CALC-4). */

const SC03 = { 1: [HOME, HOME], 2: [HOME, HOME], 3: [HOME, HOME, HOME, AWAY] } as const;

describe('sign-off preconditions (CALC-5)', () => {
  it('CALC-5: no signature while a game has no result, even when the winner is certain (SC-03: 11-1 after round 3)', () => {
    const m = reachRound(4, {}, { ...SC03 });
    expect(matchResult(m.state)).toEqual({ status: 'IN_PROGRESS', points: { HOME: 11, AWAY: 1 } });
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-IV.0.1', code: 'GAMES_OPEN' });
  });

  it('CALC-5: a game waiting for its replay blocks signing (SC-03: R4 G2 1,234,560 each); after the replay the match is 11-5', () => {
    const m = reachRound(4, {}, { ...SC03 });
    declareRound(m, 4);
    for (const g of [1, 3, 4]) playGame(m, 4, g, AWAY);
    m.score(HOME, 4, 2, 'H2', 1_234_560);
    m.score(AWAY, 4, 2, 'A6', 1_234_560);
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-IV.0.1', message: 'Every game must be played: round 4 game 2 has no result yet.' });
    m.ok(AWAY, { type: 'replayGame', payload: { round: 4, game: 2 } });
    playGame(m, 4, 2, AWAY);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 11, AWAY: 5 }, how: 'match points' });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 11 }, AWAY: { result: 'L', points: 5 } });
  });

  it('CALC-5: an entry not yet confirmed by the other team blocks signing (MR-4)', () => {
    const m = reachRound(4);
    declareRound(m, 4);
    for (const g of [1, 2, 3]) playGame(m, 4, g, HOME);
    m.score(HOME, 4, 4, 'H4', 5);
    enter(m, AWAY, 4, 4, 'A4', 4);
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'MR-4', code: 'UNCONFIRMED', message: '1 score or incident entry is not confirmed by the other team yet.' });
    m.ok(HOME, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    m.ok(HOME, { type: 'signOff', payload: {} });
  });

  it('CALC-5: an unconfirmed incident blocks signing as well', () => {
    const m = reachEnd();
    incident(m, HOME, 4, 1, { kind: 'MINOR_FAILURE', side: HOME, note: 'weak left flipper' }, false);
    expect(m.no(AWAY, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'MR-4', code: 'UNCONFIRMED' });
  });

  it('CALC-5: a choice still to be made blocks signing (the opponent\'s option after a logged-in player, R-III.C.6.1.1.2)', () => {
    const m = reachEnd();
    incident(m, AWAY, 4, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H2', phase: 'AFTER_BALLS' });
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'CALC-5', code: 'PENDING_CHOICE' });
    m.ok(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: m.state.entries[m.state.entries.length - 1]!.id, option: 'CONTINUE' } });
    m.ok(HOME, { type: 'signOff', payload: {} });
  });

  it('CALC-5: a starter who attended and never played blocks signing, unless the match is signed flagged "minimum play"', () => {
    const m = reachRound(4, { settings: { minimumPlayLineupCheck: 'WARN' } });
    m.arrive(HOME, ['H7'], at('21:00'));
    m.clock = at('21:01');
    declareRound(m, 4);
    for (const g of [1, 2, 3, 4]) playGame(m, 4, g, AWAY);
    expect(m.no(AWAY, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-III.F.2', code: 'MINIMUM_PLAY' });
    m.ok(AWAY, { type: 'signOff', payload: { flagMinimumPlay: true } });
    expect(m.state.signoffs.AWAY).toMatchObject({ flagMinimumPlay: true });
  });

  it('CALC-5: the signing team may not have an open challenge (R-VII.D.3.3)', () => {
    const m = reachRound(4);
    m.ok(AWAY, { type: 'challengeGame', payload: { round: 3, game: 1, reason: 'out of turn' } });
    declareRound(m, 4);
    for (const g of [1, 2, 3, 4]) playGame(m, 4, g, AWAY);
    expect(m.no(AWAY, { type: 'signOff', payload: {} }).rule).toBe('R-VII.D.3.3');
    m.ok(HOME, { type: 'signOff', payload: {} });
  });
});

describe('signatures (MR-5)', () => {
  it('MR-5: one signature per team; the sheet is final when both have signed, and nothing changes after', () => {
    const m = reachEnd();
    m.ok(HOME, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('AWAITING_SIGNATURE');
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'MR-5', code: 'ALREADY_SIGNED' });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('FINAL');
    expect(m.no(AWAY, { type: 'recordIncident', payload: { round: 4, game: 1, incident: { kind: 'SLAM_TILT', side: HOME, playerId: 'H1' } } })).toMatchObject({ rule: 'MR-5', code: 'MATCH_CLOSED' });
  });

  it('MR-5: a score or incident change after a signature clears every signature', () => {
    const m = reachEnd();
    m.ok(HOME, { type: 'signOff', payload: {} });
    const events = m.ok(AWAY, { type: 'recordIncident', payload: { round: 4, game: 1, incident: { kind: 'SLAM_TILT', side: HOME, playerId: 'H1' } } });
    expect(events.map((e) => e.type)).toEqual(['IncidentRecorded', 'SignaturesCleared']);
    expect(m.state.signoffs).toEqual({ HOME: null, AWAY: null });
    expect(sheetStatus(m.state)).toBe('IN_PROGRESS');
  });

  it('MR-5: a corrected score after a signature clears it too; an unrelated proposal does not', () => {
    const m = reachEnd();
    m.ok(AWAY, { type: 'signOff', payload: {} });
    m.ok(HOME, { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } });
    expect(m.state.signoffs.AWAY).not.toBeNull();
    m.ok(HOME, { type: 'enterScore', payload: { round: 3, game: 1, playerId: 'H5', points: 2_500_000 } });
    expect(m.state.signoffs).toEqual({ HOME: null, AWAY: null });
  });
});

describe('what a match adds to the standings (CALC-4)', () => {
  it('CALC-4: nothing until the match is final; then a win and a loss with each team\'s match points', () => {
    const m = reachEnd();
    expect(standingsEntry(m.state)).toBeNull();
    m.ok(HOME, { type: 'signOff', payload: {} });
    expect(standingsEntry(m.state)).toBeNull();
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'W', points: 12 }, AWAY: { result: 'L', points: 4 } });
  });

  it('CALC-4: a match decided by an official counts without signatures (improper move: HOME L 0, AWAY W 12)', () => {
    const m = reachRound(2);
    m.ok({ role: 'commissioner' }, { type: 'recordImproperMove', payload: {} });
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'L', points: 0 }, AWAY: { result: 'W', points: 12 } });
  });
});
