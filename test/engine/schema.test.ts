import { describe, expect, it } from 'vitest';
import { CommandSchema, DEFAULT_SETTINGS, MatchSetupSchema, stamp } from '../../shared';

const refused = (message: unknown) => CommandSchema.safeParse(message).success === false;

const team = (prefix: string, n: number) => ({
  id: prefix.toLowerCase(),
  name: prefix,
  players: Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, name: `${prefix}${i + 1}`, status: 'STARTER' })),
});
const setup = (over: Record<string, unknown> = {}) => ({
  matchId: 'm1',
  home: team('H', 6),
  away: team('A', 6),
  venue: { id: 'v1', name: 'The Bar', machines: [{ id: 'M1', name: 'Medieval Madness' }] },
  scheduledStart: Date.UTC(2026, 9, 1, 20, 0),
  ...over,
});

describe('CommandSchema refuses unknown and malformed input (MR-1)', () => {
  it('accepts a well-formed command and fills its defaults', () => {
    const r = CommandSchema.safeParse({ type: 'enterScore', payload: { round: 1, game: 2, playerId: 'H1', points: 12_345_670 } });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ type: 'enterScore', payload: { round: 1, game: 2, playerId: 'H1', points: 12_345_670, segment: 1 } });
    expect(CommandSchema.parse({ type: 'signOff', payload: {} })).toEqual({ type: 'signOff', payload: { flagMinimumPlay: false } });
    expect(CommandSchema.parse({ type: 'disputeEntry', payload: { entryId: 'E1' } })).toEqual({ type: 'disputeEntry', payload: { entryId: 'E1', reason: '' } });
  });

  it('refuses what is not a command at all', () => {
    for (const message of [null, undefined, 42, 'signOff', [], {}, { payload: {} }, { type: 'signOff' }, { type: 'signOff', payload: null }]) {
      expect(refused(message), JSON.stringify(message)).toBe(true);
    }
  });

  it('refuses unknown command types, including prototype names', () => {
    for (const type of ['deleteMatch', 'SIGNOFF', 'signoff', '', '__proto__', 'constructor', 'toString']) {
      expect(refused({ type, payload: {} }), type).toBe(true);
    }
  });

  it('refuses fields it does not know, so a misspelt option is never silently dropped', () => {
    expect(refused({ type: 'signOff', payload: { flagMinimumplay: true } })).toBe(true);
    expect(refused({ type: 'claimForfeit', payload: { side: 'HOME' } })).toBe(true);
    expect(refused({ type: 'startGame', payload: { round: 1, game: 1 }, actor: { role: 'commissioner' } })).toBe(true);
    expect(refused({ type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'SLAM_TILT', side: 'HOME', playerId: 'H1', points: 0 } } })).toBe(true);
    expect(refused({ type: 'declareLineup', payload: { round: 1, games: [{ players: ['A1', 'A2'], position: 1 }, { players: ['A3', 'A4'] }] } })).toBe(true);
    expect(refused(JSON.parse('{"type":"startGame","payload":{"round":1,"game":1,"__proto__":{"admin":true}}}'))).toBe(true);
  });

  it('refuses out-of-range rounds, games, positions, segments and scores (R-III.0.1)', () => {
    expect(refused({ type: 'startGame', payload: { round: 0, game: 1 } })).toBe(true);
    expect(refused({ type: 'startGame', payload: { round: 5, game: 1 } })).toBe(true);
    expect(refused({ type: 'startGame', payload: { round: 1, game: 5 } })).toBe(true);
    expect(refused({ type: 'startGame', payload: { round: 1.5, game: 1 } })).toBe(true);
    expect(refused({ type: 'startGame', payload: { round: '1', game: 1 } })).toBe(true);
    expect(refused({ type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H1', position: 5 }] } })).toBe(true);
    expect(refused({ type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [] } })).toBe(true);
    for (const points of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100', null]) {
      expect(refused({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H1', points } }), String(points)).toBe(true);
    }
    expect(refused({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H1', points: 1, segment: 3 } })).toBe(true);
    expect(refused({ type: 'markArrived', payload: { playerId: 'H1', time: -1 } })).toBe(true);
  });

  it('refuses malformed ids, sides, enums and sizes', () => {
    expect(refused({ type: 'confirmEntry', payload: { entryId: '' } })).toBe(true);
    expect(refused({ type: 'confirmEntry', payload: { entryId: 'E 1' } })).toBe(true);
    expect(refused({ type: 'confirmEntry', payload: { entryId: 'x'.repeat(65) } })).toBe(true);
    expect(refused({ type: 'markArrived', payload: { playerId: '<script>', time: 0 } })).toBe(true);
    expect(refused({ type: 'enterTiebreakerScore', payload: { side: 'BOTH', points: 1 } })).toBe(true);
    expect(refused({ type: 'setExtraBall', payload: { extraBall: 'TWO' } })).toBe(true);
    expect(refused({ type: 'chooseTiebreaker', payload: { format: 'THREE_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } })).toBe(true);
    expect(refused({ type: 'chooseTiebreaker', payload: { format: 'SHARED_GAME', machineId: 'M1', players: ['H1', 'H2', 'H3', 'H4'] } })).toBe(true);
    expect(refused({ type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'ALIENS', side: 'HOME' } } })).toBe(true);
    expect(refused({ type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'LOGGED_IN', side: 'HOME', playerId: 'H1', phase: 'LATER' } } })).toBe(true);
    expect(refused({ type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'MAJOR_FAILURE', side: 'HOME', action: 'PANIC' } } })).toBe(true);
    expect(refused({ type: 'propose', payload: { kind: 'FREE_BEER' } })).toBe(true);
    expect(refused({ type: 'propose', payload: { kind: 'REMOVE_MACHINE' } })).toBe(true);
    expect(refused({ type: 'propose', payload: { kind: 'RESOLUTION', text: '' } })).toBe(true);
    expect(refused({ type: 'challengeGame', payload: { round: 1, game: 1, reason: '' } })).toBe(true);
    expect(refused({ type: 'challengeGame', payload: { round: 1, game: 1, reason: 'x'.repeat(1001) } })).toBe(true);
    expect(refused({ type: 'relocate', payload: { cause: 'RAIN', venueName: 'X', leagueVenue: true, machines: [{ id: 'N1', name: 'New' }] } })).toBe(true);
    expect(refused({ type: 'relocate', payload: { cause: 'VENUE_CLOSED', venueName: 'X', leagueVenue: true, machines: [] } })).toBe(true);
  });

  it('refuses lineups of the wrong size before the engine sees them (R-III.D.2, R-III.E.2)', () => {
    expect(refused({ type: 'declareLineup', payload: { round: 1, games: [{ players: ['A1', 'A2'] }] } })).toBe(true);
    expect(refused({ type: 'declareLineup', payload: { round: 3, games: Array.from({ length: 5 }, () => ({ players: ['A1'] })) } })).toBe(true);
    expect(refused({ type: 'declareLineup', payload: { round: 1, games: [{ players: ['A1', 'A2', 'A3'] }, { players: ['A4'] }] } })).toBe(true);
    expect(refused({ type: 'redeclareGames', payload: { round: 3, games: [] } })).toBe(true);
  });
});

describe('stamp: the server clock on a parsed command', () => {
  it('keeps every field a parsed command has and adds only the time (the desk decides on what it returns)', () => {
    for (const input of [
      { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'], writeIn: 'H9' }, { machineId: 'M2', players: ['H3', 'H4'] }] } },
      { type: 'markArrived', payload: { playerId: 'H1', time: 5 } },
      { type: 'signOff', payload: {} },
    ]) {
      const parsed = CommandSchema.parse(input);
      expect(stamp(parsed, 1234)).toStrictEqual({ ...parsed, at: 1234 });
    }
  });
});

describe('MatchSetupSchema defaults and limits', () => {
  it('fills every league setting with the catalogue defaults (OQ-01, OQ-02, OQ-09, OQ-19, OQ-28, R-III.A.1, R-VI.C.2.1, R-VI.C.2.2, R-VII.D.3.4, R-VII.R.1)', () => {
    const s = MatchSetupSchema.parse(setup());
    expect(s.playoff).toBe(false);
    expect(s.settings).toEqual(DEFAULT_SETTINGS);
    expect(s.settings).toMatchObject({
      roundOrder: 'DDSS',
      equalScores: 'REPLAY',
      startMinutes: 20 * 60,
      waitMinutes: 15,
      extraWaitMinutes: 15,
      minimumPlayLineupCheck: 'REFUSE',
      declareAfterPreviousRoundEnds: true,
      earlyStartNeedsAgreement: true,
      challengeReportHours: 24,
      selectionLimitMinutes: 5,
    });
  });

  it('keeps the defaults a league did not change, and the ones it did', () => {
    const s = MatchSetupSchema.parse(setup({ playoff: true, settings: { roundOrder: 'DSDS', waitMinutes: 10 } }));
    expect(s.playoff).toBe(true);
    expect(s.settings).toEqual({ ...DEFAULT_SETTINGS, roundOrder: 'DSDS', waitMinutes: 10 });
  });

  it('fills player and machine defaults: not captain, unranked, unrestricted, eligible, a 4-player machine', () => {
    const s = MatchSetupSchema.parse(setup());
    expect(s.home.players[0]).toEqual({ id: 'H1', name: 'H1', status: 'STARTER', captain: false, ifpaRank: null, restricted: false, ineligible: null });
    expect(s.venue.machines[0]).toEqual({ id: 'M1', name: 'Medieval Madness', kind: 'FOUR_PLAYER' });
  });

  it('refuses a malformed setup', () => {
    expect(MatchSetupSchema.safeParse(setup({ home: team('H', 11) })).success).toBe(false);
    expect(MatchSetupSchema.safeParse(setup({ scheduledStart: -1 })).success).toBe(false);
    expect(MatchSetupSchema.safeParse(setup({ settings: { roundOrder: 'SSDD' } })).success).toBe(false);
    expect(MatchSetupSchema.safeParse(setup({ settings: { waitMinutes: -5 } })).success).toBe(false);
    expect(MatchSetupSchema.safeParse(setup({ venue: { id: 'v1', name: 'Bar', machines: [{ id: 'M1', name: 'X', kind: 'SIX_PLAYER' }] } })).success).toBe(false);
    expect(MatchSetupSchema.safeParse(setup({ matchId: '' })).success).toBe(false);
  });
});
