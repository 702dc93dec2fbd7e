import { describe, expect, it } from 'vitest';
import { type Incident, matchResult, other } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { answer, branch, declare, eveningMatch, lastEntryOf, outcome, play, points, seatInDeclaredOrder, slot } from './script';

interface Penalty {
  round: number;
  game: number;
  incident: Incident;
}

/** Records an incident as the other team's captain and has the offending team's captain confirm it (MR-4). */
function penalise(m: Match, p: Penalty) {
  const reporter = other(p.incident.side);
  m.ok(reporter, { type: 'recordIncident', payload: { round: p.round, game: p.game, incident: p.incident } });
  m.ok(p.incident.side, { type: 'confirmEntry', payload: { entryId: lastEntryOf(m, reporter) } });
}

/** INV-19: a penalty against `side` never raises its points and never lowers the opponent's. */
function penaliseMonotone(m: Match, p: Penalty) {
  const side = p.incident.side;
  const before = points(m);
  penalise(m, p);
  const after = points(m);
  expect(after[side]).toBeLessThanOrEqual(before[side]);
  expect(after[other(side)]).toBeGreaterThanOrEqual(before[other(side)]);
}

const outOfTurnA2: Penalty = { round: 2, game: 1, incident: { kind: 'OUT_OF_TURN', side: AWAY, playerId: 'A2' } };
const h5LoggedIn: Penalty = { round: 4, game: 1, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H5', phase: 'AFTER_BALLS' } };
const a3SlamTilt: Penalty = { round: 4, game: 3, incident: { kind: 'SLAM_TILT', side: AWAY, playerId: 'A3' } };
const h7EndedA7sBall: Penalty = { round: 4, game: 4, incident: { kind: 'TILTED_OPPONENT', side: HOME, playerId: 'H7' } };
const a7OutOfTurn: Penalty = { round: 4, game: 4, incident: { kind: 'OUT_OF_TURN', side: AWAY, playerId: 'A7' } };
const LATER_PENALTIES = [outOfTurnA2, h5LoggedIn, a3SlamTilt, h7EndedA7sBall, a7OutOfTurn];

/** Scores of one game, each entered by its own team and confirmed by the other. */
function scores(m: Match, round: number, game: number, byPlayer: Record<string, number>) {
  seatInDeclaredOrder(m, round, game);
  for (const [player, pts] of Object.entries(byPlayer)) m.score(player.startsWith('H') ? HOME : AWAY, round, game, player, pts);
}

/**
 * The SC-09 evening up to the end of round 3 (HOME's first logged-in occurrence handled in R3 G2). With `inline`,
 * the out-of-turn penalty of R2 G1 is recorded as it happens; otherwise it is left for later.
 */
function throughRound3(inline: boolean, r3g2: (m: Match, entryId: string) => void = (m, id) => {
  m.ok(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } });
  m.score(HOME, 3, 2, 'H3', 7_000_000); // the new separate game's score replaces H3's
}) {
  const m = eveningMatch();
  declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
  declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
  play(m, 1, 1, HOME);
  play(m, 1, 2, AWAY);
  // 1. R2 G1: HOME 50,000,000 against AWAY 55,000,000
  declare(m, HOME, 2, [slot('M1', 'H2', 'H6'), slot('M2', 'H1', 'H8')]);
  declare(m, AWAY, 2, [answer('A2', 'A5'), answer('A6', 'A8')]);
  scores(m, 2, 1, { H2: 20_000_000, H6: 30_000_000, A2: 25_000_000, A5: 30_000_000 });
  expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 50_000_000, AWAY: 55_000_000 } });
  if (inline) {
    penaliseMonotone(m, outOfTurnA2); // R-III.C.5.2: AWAY's whole score is disqualified, HOME +2
    expect(outcome(m, 2, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 50_000_000, AWAY: null } });
  }
  play(m, 2, 2, AWAY);
  // 2. R3 G2: H3 found logged in after ball 1, HOME's first occurrence: a warning, AWAY's choice
  declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A3'), slot('M2', 'A7'), slot('M2', 'A4')]);
  declare(m, HOME, 3, [answer('H4'), answer('H3'), answer('H6'), answer('H7')]);
  play(m, 3, 1, AWAY);
  scores(m, 3, 2, { H3: 3_000_000, A3: 5_000_000 });
  penalise(m, { round: 3, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H3', phase: 'AFTER_BALLS' } });
  const loginId = lastEntryOf(m, AWAY);
  expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 3_000_000, AWAY: 5_000_000 } }); // a warning only
  r3g2(m, loginId);
  play(m, 3, 3, HOME);
  play(m, 3, 4, AWAY);
  declare(m, HOME, 4, [slot('M3', 'H5'), slot('M3', 'H1'), slot('M4', 'H2'), slot('M4', 'H7')]);
  declare(m, AWAY, 4, [answer('A6'), answer('A2'), answer('A3'), answer('A7')]);
  return m;
}

describe('SC-09 penalties override scores (R-III.C.5.1, R-III.C.5.2, R-III.C.6.1, R-III.C.6.1.1, R-III.C.6.1.1.2, R-III.C.6.1.1.3, R-III.C.6.1.2, R-III.C.6.1.2.1, R-VII.B.6, R-VII.Q.1, CALC-1, OQ-14, INV-19)', () => {
  it('SC-09: out of turn, a logged-in warning with the new-game option, a second login, a slam tilt, and both teams penalised', () => {
    const m = throughRound3(true, (mm, id) => {
      // only the opposing team chooses (R-III.C.6.1.1.2); the new game's score replaces H3's
      expect(mm.no(HOME, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'CONTINUE' } }).rule).toBe('R-III.C.6.1.1.2');
      mm.ok(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } });
      mm.score(HOME, 3, 2, 'H3', 7_000_000);
      expect(outcome(mm, 3, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 7_000_000, AWAY: 5_000_000 } });
    });
    expect(points(m)).toEqual({ HOME: 6, AWAY: 6 });

    // 3. R4 G1: H5 logged in, HOME's second occurrence: H5's score is disqualified, AWAY wins with any score
    scores(m, 4, 1, { H5: 100_000_000, A6: 1 });
    penaliseMonotone(m, h5LoggedIn);
    expect(outcome(m, 4, 1)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: null, AWAY: 1 } });
    play(m, 4, 2, HOME);
    // 4. R4 G3: A3 slam tilts: HOME wins whatever the scores (R-VII.Q.1)
    scores(m, 4, 3, { H2: 1, A3: 100_000_000 });
    penaliseMonotone(m, a3SlamTilt);
    expect(outcome(m, 4, 3)).toMatchObject({ kind: 'WIN', side: HOME });
    // 5. R4 G4: H7 ended A7's ball (R-VII.B.6) and A7 played out of turn: NO_RESULT (OQ-14), the match total is 15
    scores(m, 4, 4, { H7: 5_000_000, A7: 6_000_000 });
    penaliseMonotone(m, h7EndedA7sBall);
    expect(outcome(m, 4, 4)).toMatchObject({ kind: 'WIN', side: AWAY });
    penaliseMonotone(m, a7OutOfTurn);
    expect(outcome(m, 4, 4)).toEqual({ kind: 'NO_RESULT' });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: HOME, points: { HOME: 8, AWAY: 7 } });
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
  });

  it('SC-09 variant (R-III.C.6.1.1.2): AWAY\'s choice entered after H3 started ball 2 is refused, and the game counts', () => {
    const m = throughRound3(true, (mm, id) => {
      mm.ok(HOME, { type: 'markBall2Started', payload: { entryId: id } });
      expect(mm.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } }).rule).toBe('R-III.C.6.1.1.2');
      expect(outcome(mm, 3, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 3_000_000, AWAY: 5_000_000 } });
    });
    expect(outcome(m, 3, 2)).toMatchObject({ kind: 'WIN', side: AWAY });
  });

  it('SC-09 variant (R-III.C.6.1.1.3): a login first found after H3 started ball 2 is a warning only; the game counts, nothing to choose', () => {
    const m = eveningMatch();
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
    scores(m, 1, 2, { H3: 4_000_000, H4: 4_000_000, A3: 1_000_000, A4: 1_000_000 });
    penalise(m, { round: 1, game: 2, incident: { kind: 'LOGGED_IN', side: HOME, playerId: 'H3', phase: 'AFTER_BALL_2' } });
    const id = lastEntryOf(m, AWAY);
    expect(outcome(m, 1, 2)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 8_000_000, AWAY: 2_000_000 } });
    expect(m.no(AWAY, { type: 'chooseLoggedInOption', payload: { entryId: id, option: 'NEW_GAME' } }).rule).toBe('R-III.C.6.1.1.2');
  });

  it('SC-09 step 6 (INV-19, CALC-1): the penalties, added in any of the 120 orders, never raise the penalised team\'s points and end at 8-7', () => {
    const base = throughRound3(false);
    scores(base, 4, 1, { H5: 100_000_000, A6: 1 });
    play(base, 4, 2, HOME);
    scores(base, 4, 3, { H2: 1, A3: 100_000_000 });
    scores(base, 4, 4, { H7: 5_000_000, A7: 6_000_000 });
    expect(points(base)).toEqual({ HOME: 6, AWAY: 10 });
    const orders = permutations(LATER_PENALTIES);
    expect(orders).toHaveLength(120);
    const finals = new Set<string>();
    for (const order of orders) {
      const m = branch(base);
      for (const p of order) penaliseMonotone(m, p);
      finals.add(JSON.stringify(points(m)));
    }
    expect([...finals]).toEqual([JSON.stringify({ HOME: 8, AWAY: 7 })]);
  });
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

