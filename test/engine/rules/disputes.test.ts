import { describe, expect, it } from 'vitest';
import {
  challengedGames, challengeReadings, gameOutcome, gamePointsTotal, matchResult, nextActions, officialNotices,
  overdueChallenges, sheetStatus, standingsEntry, warnings,
} from '../../../shared';
import { at, AWAY, HOME, type Match } from '../harness';
import { declareRound, enter, playGame, playRound, reachEnd, reachRound, reachTie } from '../play';

/** Conflict resolution (R-VII.D) and third-party decisions (R-VII.S): SC-12 steps 1-3. */

const OFFICIAL = { role: 'commissioner' } as const;
const HOUR = 3_600_000;

/** Round 3 played (HOME 12-0 after 3 rounds), round 4 not declared; HOME challenges R3 G4 at 21:40. */
function challengedR3G4() {
  const m = reachRound(4);
  m.clock = at('21:40');
  m.ok(HOME, { type: 'challengeGame', payload: { round: 3, game: 4, reason: 'A4 nudged the machine so hard it moved' } });
  return m;
}
const cid = (m: Match) => m.state.challenges[m.state.challenges.length - 1]!.id;

describe('raising an issue (R-VII.D.2)', () => {
  it('R-VII.D.2: an issue is recorded against a game with its reason and the team raising it', () => {
    const m = challengedR3G4();
    expect(m.state.challenges).toEqual([{ id: 'C' + String(m.state.nextId - 1), by: HOME, at: at('21:40'), round: 3, game: 4, reason: 'A4 nudged the machine so hard it moved', reportDue: at('21:40') + 24 * HOUR, status: 'OPEN', ruling: null }]);
    // a round nobody has declared has no game to challenge yet
    expect(m.no(HOME, { type: 'challengeGame', payload: { round: 4, game: 1, reason: 'x' } })).toMatchObject({ rule: 'R-VII.D.2', code: 'NOTHING_TO_CHALLENGE' });
  });

  it('R-VII.D.2.1: a game can no longer be challenged once the next round has started (SC-12: R1 G2 after R2 began)', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.ok(HOME, { type: 'challengeGame', payload: { round: 1, game: 2, reason: 'declared but not started: still in time' } });
    m.ok(HOME, { type: 'startGame', payload: { round: 2, game: 1 } });
    const r = m.no(AWAY, { type: 'challengeGame', payload: { round: 1, game: 2, reason: 'A3 played H3\'s ball' } });
    expect(r).toMatchObject({ rule: 'R-VII.D.2.1', code: 'TOO_LATE' });
  });

  it('R-VII.D.2.1: disputing a score of a round is refused once the next round has started', () => {
    const m = reachRound(2);
    const late = enter(m, HOME, 1, 1, 'H1', 2_000_001); // a correction entered late, still pending
    declareRound(m, 2);
    m.ok(HOME, { type: 'startGame', payload: { round: 2, game: 1 } });
    expect(m.no(AWAY, { type: 'disputeEntry', payload: { entryId: late, reason: 'it was 2,000,000' } })).toMatchObject({ rule: 'R-VII.D.2.1', code: 'TOO_LATE' });
    m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: late } });
  });

  it('R-VII.D.2.1: a round 4 game can be challenged until the tie-breaker starts (OQ-18)', () => {
    const m = reachTie();
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'A2'] } });
    m.ok(AWAY, { type: 'challengeGame', payload: { round: 4, game: 1, reason: 'before the tie-breaker: in time' } });
    m.ok(HOME, { type: 'startTiebreaker', payload: {} });
    expect(m.no(HOME, { type: 'challengeGame', payload: { round: 4, game: 2, reason: 'too late' } })).toMatchObject({ rule: 'R-VII.D.2.1', code: 'TOO_LATE' });
  });

  it('R-VII.D.2.1: a round 4 game can be challenged until the first signature (OQ-18)', () => {
    const m = reachEnd();
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(m.no(HOME, { type: 'challengeGame', payload: { round: 4, game: 1, reason: 'too late' } })).toMatchObject({ rule: 'R-VII.D.2.1', code: 'TOO_LATE' });
  });

  it('R-VII.D.2.2: an agreed resolution needs both captains and is kept with the match', () => {
    const m = challengedR3G4();
    m.ok(AWAY, { type: 'propose', payload: { kind: 'RESOLUTION', text: 'G4 stands as played; AWAY warned about nudging', round: 3, game: 4 } });
    const id = m.state.proposals[0]!.id;
    expect(m.no(AWAY, { type: 'accept', payload: { proposalId: id } })).toMatchObject({ rule: 'R-VII.D.2.2', code: 'OWN_PROPOSAL' });
    expect(m.state.resolutions).toEqual([]);
    m.ok(HOME, { type: 'accept', payload: { proposalId: id } });
    expect(m.state.resolutions).toEqual(['G4 stands as played; AWAY warned about nudging']);
    expect(m.state.proposals[0]!.status).toBe('ACCEPTED');
  });

  it('R-VII.D.2.3: a game played under two readings: both results are kept, the match total shown under each, the outcome left to the ruling', () => {
    const m = reachRound(4);
    m.ok(AWAY, { type: 'challengeGame', payload: { round: 3, game: 4, reason: 'replayed under our reading of R-VII.L.1.3', alternative: 'AWAY' } });
    expect(challengeReadings(m.state)).toEqual([{ challengeId: cid(m), round: 3, game: 4, asPlayed: { HOME: 12, AWAY: 0 }, alternative: { HOME: 11, AWAY: 1 } }]);
    expect(sheetStatus(m.state)).toBe('CHALLENGED');
    m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'the game stands as played' } });
    expect(challengeReadings(m.state)).toEqual([]);
  });

  it('R-VII.D.2.4: a league official rules; the match is flagged for the ruling until then; captains cannot rule', () => {
    const m = challengedR3G4();
    expect(officialNotices(m.state)).toEqual([{ code: 'RULING', text: 'HOME challenged round 3 game 4: A4 nudged the machine so hard it moved', round: 3, game: 4 }]);
    expect(m.no(HOME, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'we win' } })).toMatchObject({ rule: 'R-VII.D.2.4', code: 'FORBIDDEN' });
    m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'no nudge found; G4 stands' } });
    expect(m.state.challenges[0]).toMatchObject({ status: 'RULED', ruling: 'no nudge found; G4 stands' });
    expect(officialNotices(m.state)).toEqual([]);
    expect(m.no(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'again' } })).toMatchObject({ rule: 'R-VII.D.2.4', code: 'NO_SUCH_CHALLENGE' });
  });
});

describe('challenges (R-VII.D.3)', () => {
  it('R-VII.D.3: the challenging team may withdraw its challenge; nobody else can', () => {
    const m = challengedR3G4();
    expect(m.no(AWAY, { type: 'withdrawChallenge', payload: { challengeId: cid(m) } })).toMatchObject({ rule: 'R-VII.D.3', code: 'NOT_YOURS' });
    m.ok(HOME, { type: 'withdrawChallenge', payload: { challengeId: cid(m) } });
    expect(m.state.challenges[0]!.status).toBe('WITHDRAWN');
    expect(challengedGames(m.state)).toEqual([]);
  });

  it('R-VII.D.3.1: the other team is told at once that the match will be challenged', () => {
    const m = challengedR3G4();
    expect(nextActions(m.state, AWAY)[0]).toEqual({ code: 'CHALLENGED', text: 'HOME challenges round 3 game 4: the match will be reported to the league', round: 3, game: 4 });
    expect(nextActions(m.state, HOME).map((a) => a.code)).not.toContain('CHALLENGED');
  });

  it('R-VII.D.3.2: the game is marked "Challenged"; the same team cannot challenge it twice', () => {
    const m = challengedR3G4();
    expect(challengedGames(m.state)).toEqual([{ round: 3, game: 4, by: HOME, reportDue: at('21:40') + 24 * HOUR }]);
    expect(m.no(HOME, { type: 'challengeGame', payload: { round: 3, game: 4, reason: 'again' } })).toMatchObject({ rule: 'R-VII.D.3.2', code: 'ALREADY_DONE' });
  });

  it('R-VII.D.3.3: the challenging team cannot sign; when the other team signs the match is "Challenged, pending ruling" (SC-12)', () => {
    const m = challengedR3G4();
    playRound(m, 4, [AWAY, AWAY, AWAY, AWAY]);
    expect(m.no(HOME, { type: 'signOff', payload: {} })).toMatchObject({ rule: 'R-VII.D.3.3', code: 'OPEN_CHALLENGE' });
    expect(nextActions(m.state, HOME).map((a) => a.code)).toEqual(['WAIT']);
    expect(nextActions(m.state, AWAY).map((a) => a.code)).toEqual(['CHALLENGED', 'SIGN']);
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('CHALLENGED_PENDING_RULING');
    expect(standingsEntry(m.state)).toBeNull();
    m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'G4 stands' } });
    expect(sheetStatus(m.state)).toBe('RULED');
    m.ok(HOME, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('FINAL');
  });

  it('R-VII.D.3.4: the report is due 24 hours after the challenge; past that the challenge is flagged overdue (OQ-36)', () => {
    const m = challengedR3G4();
    expect(m.state.challenges[0]!.reportDue).toBe(at('21:40') + 24 * HOUR);
    expect(overdueChallenges(m.state, at('21:40') + 24 * HOUR)).toEqual([]);
    expect(overdueChallenges(m.state, at('21:40') + 25 * HOUR)).toEqual([cid(m)]);
    expect(m.state.challenges[0]!.status).toBe('OPEN'); // nothing decided automatically
  });

  it('R-VII.D.3.5: an official\'s ruling may warn a team; the warnings are counted per team', () => {
    const m = challengedR3G4();
    m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'AWAY ignored R-VII.B.5', warn: AWAY } });
    expect(warnings(m.state)).toEqual({ HOME: 0, AWAY: 1 });
    expect(m.state.challenges[0]).toMatchObject({ status: 'RULED', warned: AWAY });
  });
});

describe('disputed matches are played to the end (R-VII.D.4)', () => {
  it('R-VII.D.4: a challenge suspends nothing: scores are entered, confirmed and the next round declared as usual', () => {
    const m = reachRound(3);
    declareRound(m, 3);
    m.ok(AWAY, { type: 'challengeGame', payload: { round: 3, game: 1, reason: 'H5 was logged in' } });
    playGame(m, 3, 1, AWAY);
    expect(gameOutcome(m.state, m.state.rounds[2]!.games[0]!)).toMatchObject({ kind: 'WIN', side: AWAY });
    for (const g of [2, 3, 4]) playGame(m, 3, g, HOME);
    declareRound(m, 4);
    expect(m.state.rounds[3]!.declarations.AWAY).not.toBeNull();
  });

  it('R-VII.D.4: a team cannot just leave or abandon an undisputed match', () => {
    const m = reachRound(4);
    expect(m.no(HOME, { type: 'recordOpponentLeft', payload: {} })).toMatchObject({ rule: 'R-VII.D.4.1', code: 'NOT_DISPUTED' });
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'ABANDON' } })).toMatchObject({ rule: 'R-VII.D.4', code: 'NOT_DISPUTED' });
  });

  it('R-VII.D.4.1: a team that leaves a disputed match forfeits every game without a result (SC-12: AWAY leaves before round 4)', () => {
    const m = challengedR3G4();
    const events = m.ok(HOME, { type: 'recordOpponentLeft', payload: {} });
    expect(events[0]).toMatchObject({ type: 'OpponentLeft', left: AWAY, forfeited: [1, 2, 3, 4].map((game) => ({ round: 4, game })) });
    expect(m.state.rounds[3]!.games.map((g) => gameOutcome(m.state, g))).toEqual([1, 2, 3, 4].map(() => ({ kind: 'FORFEIT_WIN', side: HOME })));
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 16, AWAY: 0 }, how: 'match points' });
  });

  it('R-VII.D.4.1: with equal points after the forfeits the team that stayed wins; no tie-breaker (OQ-35)', () => {
    const m = reachRound(4, {}, { 1: [AWAY, AWAY], 2: [AWAY, AWAY], 3: [HOME, HOME, HOME, HOME] });
    expect(gamePointsTotal(m.state)).toEqual({ HOME: 4, AWAY: 8 });
    m.ok(AWAY, { type: 'challengeGame', payload: { round: 3, game: 1, reason: 'H5 played A1\'s ball' } });
    m.ok(HOME, { type: 'recordOpponentLeft', payload: {} });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 8, AWAY: 8 }, how: 'opponent left a disputed match (OQ-35)' });
    expect(m.no(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } }).rule).toBe('R-III.G.1');
  });

  it('R-VII.D.4.2: when both teams refuse to play on, every game without a result is void: nobody gets those points', () => {
    const m = challengedR3G4();
    m.ok(AWAY, { type: 'propose', payload: { kind: 'ABANDON' } });
    expect(m.state.abandoned).toBe(false);
    m.ok(HOME, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } });
    expect(m.state.rounds[3]!.games.map((g) => gameOutcome(m.state, g).kind)).toEqual(['VOID', 'VOID', 'VOID', 'VOID']);
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: HOME, points: { HOME: 12, AWAY: 0 }, how: 'match points' });
  });
});

describe('third-party decision (R-VII.S)', () => {
  it('R-VII.S.1: an official on either roster of the match cannot rule on it; a third party can', () => {
    const m = challengedR3G4();
    for (const id of ['H3', 'A7']) {
      expect(m.no(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'G4 stands', officialPlayerId: id } })).toMatchObject({ rule: 'R-VII.S.1', code: 'CONFLICT_OF_INTEREST' });
    }
    m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: cid(m), ruling: 'G4 stands', officialPlayerId: 'Z9' } });
    expect(m.state.challenges[0]!.status).toBe('RULED');
  });
});
