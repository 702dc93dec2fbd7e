import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameOutcome, gamePoints, gamePointsTotal, hasPlayed, type IncidentEntry, type MatchState, nextActions, type Side } from '../../../shared';
import { AWAY, HOME, Match } from '../harness';
import { declareRound, enter, incident, reachRound } from '../play';

/** Incidents and penalties (R-III.C.5, R-III.C.6, R-VII.B.6, R-VII.E.2.1, R-VII.J.2.1, R-VII.L.1.4.1.2.p3, R-VII.Q, CALC-1, MR-4). */

const game = (s: MatchState, round: number, g: number) => s.rounds[round - 1]!.games[g - 1]!;
const outcome = (m: Match, round: number, g: number) => gameOutcome(m.state, game(m.state, round, g));
const entry = (m: Match, id: string) => m.state.entries.find((e) => e.id === id) as IncidentEntry;

/** Round 2 declared and game 1 (H5, H6 v A5, A6 on M3) scored HOME 50,000,000 to AWAY 55,000,000, all confirmed. */
function r2g1AwayAhead() {
  const m = reachRound(2);
  declareRound(m, 2);
  m.score(HOME, 2, 1, 'H5', 30_000_000);
  m.score(HOME, 2, 1, 'H6', 20_000_000);
  m.score(AWAY, 2, 1, 'A5', 30_000_000);
  m.score(AWAY, 2, 1, 'A6', 25_000_000);
  return m;
}

/** Round 3 declared (singles: G2 is H6 v A2 on M2) with G2 started by a first score. */
function r3() {
  const m = reachRound(3);
  declareRound(m, 3);
  return m;
}

describe('playing out of turn (R-III.C.5)', () => {
  it('R-III.C.5.2: a confirmed out-of-turn play disqualifies the offending team\'s whole score; the other team wins the game', () => {
    const m = r2g1AwayAhead();
    expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 50_000_000, AWAY: 55_000_000 } });
    incident(m, HOME, 2, 1, { kind: 'OUT_OF_TURN', side: AWAY, playerId: 'A6', note: 'A6 played H6\'s ball' });
    expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 50_000_000, AWAY: null } });
    expect(gamePoints(m.state, game(m.state, 2, 1))).toEqual({ HOME: 2, AWAY: 0 });
  });

  it('R-III.C.5.1: playing out of turn is recorded with the game and the offending team, and confirmed by the other team', () => {
    const m = r2g1AwayAhead();
    const id = incident(m, HOME, 2, 1, { kind: 'OUT_OF_TURN', side: AWAY, note: 'A6 played H6\'s ball' });
    expect(entry(m, id)).toMatchObject({ kind: 'INCIDENT', by: HOME, status: 'CONFIRMED', round: 2, game: 1, incident: { kind: 'OUT_OF_TURN', side: AWAY, note: 'A6 played H6\'s ball' } });
    // nothing else changed: the game's scores stand, only the result follows the penalty
    expect(m.state.entries.filter((e) => e.kind === 'SCORE' && e.round === 2 && e.game === 1).map((e) => e.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
    expect(game(m.state, 2, 1).generation).toBe(0);
  });

  it('R-III.C.5.1.1: the wrong team starting the game as Player 1, ball 1, is playing out of turn: that team loses the game', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    // HOME is FD in round 2 and plays second; H5 started the game as Player 1
    m.score(HOME, 2, 1, 'H5', 40_000_000);
    m.score(HOME, 2, 1, 'H6', 40_000_000);
    m.score(AWAY, 2, 1, 'A5', 1_000_000);
    m.score(AWAY, 2, 1, 'A6', 1_000_000);
    incident(m, AWAY, 2, 1, { kind: 'OUT_OF_TURN', side: HOME, playerId: 'H5', note: 'H5 started the game as Player 1' });
    expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: null, AWAY: 2_000_000 } });
  });
});

describe('logged in to a connected platform (R-III.C.6)', () => {
  it('R-III.C.6.1: a login is recorded with the player, game and phase; the phase is required', () => {
    const m = r3();
    const r = m.no(AWAY, { type: 'recordIncident', payload: { round: 3, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H6' } } });
    expect(r.rule).toBe('R-III.C.6.1');
    const s = m.no(AWAY, { type: 'recordIncident', payload: { round: 3, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H5', phase: 'AFTER_BALLS' } } });
    expect(s).toMatchObject({ rule: 'R-III.C.6.1', code: 'NOT_IN_GAME' });
    const id = incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALL_2' });
    expect(entry(m, id)).toMatchObject({ status: 'CONFIRMED', round: 3, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALL_2' } });
  });

  it('R-III.C.6.1.1.1: a first login found before any ball is played resets the game; nothing of the earlier start counts', () => {
    const m = r3();
    enter(m, AWAY, 3, 2, 'A2', 700_000);
    expect(game(m.state, 3, 2).startedAt).not.toBeNull();
    const events = (() => {
      m.ok(AWAY, { type: 'recordIncident', payload: { round: 3, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'BEFORE_PLAY' } } });
      return m.ok(HOME, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    })();
    expect(events.map((e) => e.type)).toEqual(['EntryConfirmed', 'GameRestarted']);
    expect(game(m.state, 3, 2).generation).toBe(1);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'PENDING' });
    // the new game is scored from nothing: H6 is not penalised (a warning)
    m.score(HOME, 3, 2, 'H6', 3_000_000);
    m.score(AWAY, 3, 2, 'A2', 2_000_000);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 3_000_000, AWAY: 2_000_000 } });
  });

  it('R-III.C.6.1.1: a team\'s first login is a warning: the score counts', () => {
    const m = r3();
    m.score(HOME, 3, 2, 'H6', 3_000_000);
    m.score(AWAY, 3, 2, 'A2', 2_000_000);
    incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALL_2' });
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 3_000_000, AWAY: 2_000_000 } });
  });

  it('R-III.C.6.1.1.2: after balls were completed the opposing team chooses before ball 2; "new game" replaces the score', () => {
    const m = r3();
    enter(m, HOME, 3, 2, 'H6', 9_000_000);
    m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    const id = incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALLS' });
    // only the opposing team chooses, and its to-do list says so
    expect(nextActions(m.state, AWAY)).toContainEqual({ code: 'LOGGED_IN_CHOICE', text: "Choose before ball 2: HOME's logged-in player continues, or plays a new separate game", round: 3, game: 2 });
    expect(nextActions(m.state, HOME).map((a) => a.code)).not.toContain('LOGGED_IN_CHOICE');
    expect(m.no(HOME, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'CONTINUE' } })).toMatchObject({ rule: 'R-III.C.6.1.1.2', code: 'NOT_CHOOSER' });
    m.ok(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } });
    expect(entry(m, id).loggedInOption).toBe('NEW_GAME');
    expect(nextActions(m.state, AWAY).map((a) => a.code)).not.toContain('LOGGED_IN_CHOICE');
    expect(m.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'CONTINUE' } })).toMatchObject({ rule: 'R-III.C.6.1.1.2', code: 'ALREADY_DONE' });
    // H6's separate game: its score replaces the earlier one
    m.score(HOME, 3, 2, 'H6', 1_500_000);
    m.score(AWAY, 3, 2, 'A2', 2_000_000);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 1_500_000, AWAY: 2_000_000 } });
  });

  it('R-III.C.6.1.1.2: the choice entered after the logged-in player started ball 2 is refused', () => {
    const m = r3();
    enter(m, AWAY, 3, 2, 'A2', 100);
    const id = incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALLS' });
    m.ok(HOME, { type: 'markBall2Started', payload: { entryId: id } });
    const r = m.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } });
    expect(r).toMatchObject({ rule: 'R-III.C.6.1.1.2', code: 'TOO_LATE' });
  });

  it('R-III.C.6.1.1.3: a first login found after the player started ball 2 is a warning only; the game counts and there is no choice', () => {
    const m = r3();
    m.score(HOME, 3, 2, 'H6', 3_000_000);
    m.score(AWAY, 3, 2, 'A2', 2_000_000);
    const id = incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALL_2' });
    expect(m.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } }).rule).toBe('R-III.C.6.1.1.2');
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 3_000_000, AWAY: 2_000_000 } });
    expect(game(m.state, 3, 2).generation).toBe(0);
  });

  it('R-III.C.6.1.2: a second login by the same team is no warning: no choice is offered, the score is disqualified', () => {
    const m = r3();
    m.score(HOME, 3, 2, 'H6', 3_000_000);
    m.score(AWAY, 3, 2, 'A2', 2_000_000);
    incident(m, AWAY, 3, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H6', phase: 'AFTER_BALL_2' });
    m.score(HOME, 3, 1, 'H5', 5_000_000);
    const second = incident(m, AWAY, 3, 1, { kind: 'LOGGED_IN', side: HOME, playerId: 'H5', phase: 'AFTER_BALLS' });
    expect(m.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: second, option: 'NEW_GAME' } }).rule).toBe('R-III.C.6.1.2.1');
    m.score(AWAY, 3, 1, 'A1', 1);
    expect(outcome(m, 3, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: null, AWAY: 1 } });
  });

  it('R-III.C.6.1.2.1: in doubles a second login disqualifies only that player\'s score; the partner\'s counts (OQ-15: per team per match)', () => {
    const m = reachRound(2);
    // HOME's first occurrence was in round 1 (a confirmed warning)
    incident(m, AWAY, 1, 1, { kind: 'LOGGED_IN', side: HOME, playerId: 'H1', phase: 'AFTER_BALL_2' });
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 30_000_000);
    m.score(HOME, 2, 2, 'H3', 10_000_000);
    m.score(AWAY, 2, 2, 'A1', 15_000_000);
    m.score(AWAY, 2, 2, 'A3', 15_000_000);
    expect(outcome(m, 2, 2)).toMatchObject({ kind: 'WIN', side: HOME });
    incident(m, AWAY, 2, 2, { kind: 'LOGGED_IN', side: HOME, playerId: 'H1', phase: 'AFTER_BALL_2' });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 10_000_000, AWAY: 30_000_000 } });
    // round 1 game 1 (the warning) still stands for HOME
    expect(outcome(m, 1, 1)).toMatchObject({ kind: 'WIN', side: HOME });
  });
});

describe('game losses and disqualified scores (R-VII.B.6, R-VII.E.2.1, R-VII.L.1.4.1.2.p3, R-VII.Q)', () => {
  function r4() {
    const m = reachRound(4);
    declareRound(m, 4);
    return m;
  }

  it('R-VII.Q.1: a confirmed slam tilt loses the game for the offender\'s team whatever the scores', () => {
    const m = r4();
    m.score(HOME, 4, 3, 'H3', 1);
    m.score(AWAY, 4, 3, 'A2', 80_000_000);
    incident(m, HOME, 4, 3, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' });
    expect(outcome(m, 4, 3)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 1, AWAY: 80_000_000 } });
    expect(gamePoints(m.state, game(m.state, 4, 3))).toEqual({ HOME: 1, AWAY: 0 });
  });

  it('R-VII.Q.1: the slam tilt decides the game as soon as it is confirmed, before the other scores are in', () => {
    const m = r4();
    m.score(AWAY, 4, 3, 'A2', 80_000_000);
    incident(m, HOME, 4, 3, { kind: 'SLAM_TILT', side: AWAY, playerId: 'A2' });
    expect(outcome(m, 4, 3)).toMatchObject({ kind: 'WIN', side: HOME });
  });

  it('R-VII.Q.3: damaging a machine or moving it by violent play loses that game (OQ-17), not the match', () => {
    const m = r4();
    m.score(HOME, 4, 1, 'H1', 5);
    m.score(AWAY, 4, 1, 'A5', 9_000_000);
    incident(m, AWAY, 4, 1, { kind: 'MACHINE_DAMAGE', side: HOME, playerId: 'H1', note: 'shoved the machine off its level' });
    expect(outcome(m, 4, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 5, AWAY: 9_000_000 } });
    // the other games of the round are untouched
    m.score(HOME, 4, 2, 'H2', 9);
    m.score(AWAY, 4, 2, 'A6', 8);
    expect(outcome(m, 4, 2)).toMatchObject({ kind: 'WIN', side: HOME });
  });

  it('R-VII.B.6: a player who ends an opponent\'s ball or causes a tilt warning loses the game for the team', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 50_000_000);
    m.score(HOME, 2, 2, 'H3', 50_000_000);
    m.score(AWAY, 2, 2, 'A1', 1);
    m.score(AWAY, 2, 2, 'A3', 1);
    incident(m, AWAY, 2, 2, { kind: 'TILTED_OPPONENT', side: HOME, playerId: 'H3', note: 'bumped the machine during A3\'s ball' });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 100_000_000, AWAY: 2 } });
    expect(gamePoints(m.state, game(m.state, 2, 2))).toEqual({ HOME: 0, AWAY: 2 });
  });

  it('R-VII.E.2.1: a player caught attempting a death save forfeits their score for that game (partner still counts)', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 30_000_000);
    m.score(HOME, 2, 2, 'H3', 10_000_000);
    m.score(AWAY, 2, 2, 'A1', 12_000_000);
    m.score(AWAY, 2, 2, 'A3', 12_000_000);
    incident(m, AWAY, 2, 2, { kind: 'DEATH_SAVE', side: HOME, playerId: 'H1' });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 10_000_000, AWAY: 24_000_000 } });
  });

  it('R-VII.L.1.4.1.2.p3: intentionally taking advantage of a stuck ball disqualifies the player\'s score (OQ-16)', () => {
    const m = r4();
    m.score(HOME, 4, 2, 'H2', 70_000_000);
    m.score(AWAY, 4, 2, 'A6', 2_000_000);
    incident(m, AWAY, 4, 2, { kind: 'STUCK_BALL_ADVANTAGE', side: HOME, playerId: 'H2' });
    // H2 was HOME's only player: the team's score is disqualified
    expect(outcome(m, 4, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: null, AWAY: 2_000_000 } });
  });

  it('CALC-1: both teams penalised in one game: NO_RESULT, no points; the match total drops to 15 (OQ-14)', () => {
    const m = r4();
    m.score(HOME, 4, 4, 'H4', 10);
    m.score(AWAY, 4, 4, 'A4', 20);
    incident(m, AWAY, 4, 4, { kind: 'TILTED_OPPONENT', side: HOME, playerId: 'H4' });
    incident(m, HOME, 4, 4, { kind: 'OUT_OF_TURN', side: AWAY, playerId: 'A4' });
    expect(outcome(m, 4, 4)).toEqual({ kind: 'NO_RESULT' });
    for (const g of [1, 2, 3]) {
      m.score(HOME, 4, g, ['H1', 'H2', 'H3'][g - 1]!, 5);
      m.score(AWAY, 4, g, ['A5', 'A6', 'A2'][g - 1]!, 6);
    }
    const p = gamePointsTotal(m.state);
    expect(p).toEqual({ HOME: 12, AWAY: 3 });
    expect(p.HOME + p.AWAY).toBe(15);
  });

  it('CALC-1: a team whose every player is disqualified is disqualified: the other team wins even with 0', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    m.score(HOME, 2, 2, 'H1', 30);
    m.score(HOME, 2, 2, 'H3', 10);
    m.score(AWAY, 2, 2, 'A1', 0);
    m.score(AWAY, 2, 2, 'A3', 0);
    incident(m, AWAY, 2, 2, { kind: 'DEATH_SAVE', side: HOME, playerId: 'H1' });
    incident(m, AWAY, 2, 2, { kind: 'STUCK_BALL_ADVANTAGE', side: HOME, playerId: 'H3' });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: null, AWAY: 0 } });
  });
});

describe('practising on a declared machine (R-VII.J.2.1)', () => {
  it('R-VII.J.2.1: practice on a machine once it is declared is recorded, even before the other team answers', () => {
    const m = reachRound(2);
    m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
    const id = incident(m, AWAY, 2, 1, { kind: 'PRACTICE', side: HOME, playerId: 'H5' });
    expect(entry(m, id)).toMatchObject({ status: 'CONFIRMED', round: 2, game: 1, incident: { kind: 'PRACTICE', side: HOME, playerId: 'H5' } });
    // AWAY has not declared yet: AWAY's own practice cannot be tied to a game of this round
    const r = m.no(HOME, { type: 'recordIncident', payload: { round: 2, game: 1, incident: { kind: 'PRACTICE', side: AWAY, playerId: 'A5' } } });
    expect(r.rule).toBe('R-III.B.1');
  });

  it('R-VII.J.2.1.1: a team\'s first occurrence costs it nothing on the scoresheet (the opponents may practise one game)', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    incident(m, AWAY, 2, 1, { kind: 'PRACTICE', side: HOME, playerId: 'H5' });
    expect(outcome(m, 2, 1)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 2, 1, 'H5', 3);
    m.score(HOME, 2, 1, 'H6', 3);
    m.score(AWAY, 2, 1, 'A5', 1);
    m.score(AWAY, 2, 1, 'A6', 1);
    expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 6, AWAY: 2 } });
  });

  it('R-VII.J.2.1.2: a team\'s second occurrence forfeits the game the offender is assigned to on that machine, with no play needed', () => {
    const m = reachRound(2);
    declareRound(m, 2);
    incident(m, AWAY, 2, 1, { kind: 'PRACTICE', side: HOME, playerId: 'H5' });
    incident(m, AWAY, 2, 2, { kind: 'PRACTICE', side: HOME, playerId: 'H1' });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
    expect(gamePoints(m.state, game(m.state, 2, 2))).toEqual({ HOME: 0, AWAY: 2 });
    // AWAY's players of that game were ready: they count as having played (OQ-09 (a))
    expect(hasPlayed(m.state, AWAY, 'A1')).toBe(true);
    expect(outcome(m, 2, 1)).toEqual({ kind: 'PENDING' });
  });
});

describe('entries bind when the other team confirms (MR-4)', () => {
  it('MR-4: a penalty changes nothing until the other team confirms it; a disputed one never applies', () => {
    const m = r2g1AwayAhead();
    m.ok(HOME, { type: 'recordIncident', payload: { round: 2, game: 1, incident: { kind: 'OUT_OF_TURN', side: AWAY } } });
    const id = m.lastEntryId();
    expect(outcome(m, 2, 1)).toMatchObject({ kind: 'WIN', side: AWAY });
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: id } })).toMatchObject({ rule: 'MR-4', code: 'OWN_ENTRY' });
    m.ok(AWAY, { type: 'disputeEntry', payload: { entryId: id, reason: 'A6 played her own ball' } });
    expect(entry(m, id)).toMatchObject({ status: 'DISPUTED', disputeReason: 'A6 played her own ball' });
    expect(outcome(m, 2, 1)).toMatchObject({ kind: 'WIN', side: AWAY });
    expect(m.no(AWAY, { type: 'confirmEntry', payload: { entryId: id } })).toMatchObject({ rule: 'MR-4', code: 'NOT_PENDING' });
  });

  it('MR-4: either captain may enter an incident about either team; an unknown entry cannot be confirmed', () => {
    const m = r2g1AwayAhead();
    incident(m, AWAY, 2, 1, { kind: 'OUT_OF_TURN', side: AWAY, note: 'we admit it' });
    expect(outcome(m, 2, 1)).toMatchObject({ kind: 'WIN', side: HOME });
    expect(m.no(HOME, { type: 'confirmEntry', payload: { entryId: 'E999' } })).toMatchObject({ rule: 'MR-4', code: 'NO_SUCH_ENTRY' });
  });

  it('MR-4: a player incident must name a player of that team who is in the game', () => {
    const m = r2g1AwayAhead();
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 2, game: 1, incident: { kind: 'SLAM_TILT', side: AWAY } } })).toMatchObject({ rule: 'R-VII.Q.1', code: 'PLAYER_MISSING' });
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 2, game: 1, incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'H5' } } })).toMatchObject({ rule: 'R-VII.Q.1', code: 'NOT_ON_ROSTER' });
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 2, game: 1, incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'A1' } } })).toMatchObject({ rule: 'R-VII.Q.1', code: 'NOT_IN_GAME' });
  });
});

describe('INV-19: penalties never help the penalised team', () => {
  const KINDS = [
    { kind: 'OUT_OF_TURN' }, { kind: 'SLAM_TILT' }, { kind: 'MACHINE_DAMAGE' }, { kind: 'TILTED_OPPONENT' },
    { kind: 'DEATH_SAVE' }, { kind: 'STUCK_BALL_ADVANTAGE' }, { kind: 'LOGGED_IN', phase: 'AFTER_BALL_2' },
  ] as const;

  it('CALC-1 / INV-19: for any scores and any penalties in any order, each penalty never raises the offender\'s points nor lowers the opponent\'s', () => {
    const base = reachRound(2);
    declareRound(base, 2);
    const players: Record<Side, string[]> = { HOME: ['H1', 'H3'], AWAY: ['A1', 'A3'] };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.record({ k: fc.integer({ min: 0, max: KINDS.length - 1 }), side: fc.constantFrom(HOME, AWAY), p: fc.integer({ min: 0, max: 1 }) }), { minLength: 1, maxLength: 4 }),
        (scores, penalties) => {
          const m = new Match();
          m.state = base.state;
          [...players.HOME, ...players.AWAY].forEach((id, i) => m.score(id.startsWith('H') ? HOME : AWAY, 2, 2, id, scores[i]!));
          let before = gamePoints(m.state, game(m.state, 2, 2));
          for (const pen of penalties) {
            const victim = pen.side === HOME ? AWAY : HOME;
            incident(m, victim, 2, 2, { ...KINDS[pen.k]!, side: pen.side, playerId: players[pen.side][pen.p] });
            const after = gamePoints(m.state, game(m.state, 2, 2));
            expect(after[pen.side]).toBeLessThanOrEqual(before[pen.side]);
            expect(after[victim]).toBeGreaterThanOrEqual(before[victim]);
            before = after;
          }
        },
      ),
      { numRuns: 60, seed: 19 },
    );
  });
});
