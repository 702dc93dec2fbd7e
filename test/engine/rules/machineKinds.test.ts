import { describe, expect, it } from 'vitest';
import { gameOutcome, type MatchState, playGroups } from '../../../shared';
import { AWAY, HOME, type Match } from '../harness';
import { declareRound, enter, newMatch, playGame, reachRound } from '../play';

/**
 * Machines that cannot host a 4-player game (R-III.D.6, R-III.D.7, R-III.E.4): the engine shows how the game is
 * split on the machine (play groups, in turn order) and compares the team totals as usual.
 */

const KINDS = { machines: [
  { id: 'M1', kind: 'TWO_PLAYER' as const },
  { id: 'M2', kind: 'ONE_PLAYER' as const },
  { id: 'M3', kind: 'SCORE_STEALING' as const },
  { id: 'M4', kind: 'FOUR_PLAYER' as const },
] };

const game = (s: MatchState, round: number, g: number) => s.rounds[round - 1]!.games[g - 1]!;
const outcome = (m: Match, round: number, g: number) => gameOutcome(m.state, game(m.state, round, g));
const groups = (m: Match, round: number, g: number) => playGroups(m.state, game(m.state, round, g)).map((grp) => grp.map((t) => `${t.position}:${t.side}:${t.playerId}`));

/** Round 1 declared on M1 (two-player) and M2 (one-player), orders H1 A1 H2 A2 and H3 A3 H4 A4. */
function round1() {
  const m = newMatch(KINDS);
  declareRound(m, 1);
  return m;
}

describe('doubles on a one- or two-player machine (R-III.D.6)', () => {
  it('R-III.D.6: a doubles game on a two-player machine is played as 1-on-1 games, not as one 4-player game', () => {
    const m = round1();
    expect(groups(m, 1, 1)).toHaveLength(2);
    const four = newMatch();
    declareRound(four, 1);
    expect(groups(four, 1, 1)).toEqual([['1:HOME:H1', '2:AWAY:A1', '3:HOME:H2', '4:AWAY:A2']]);
  });

  it('R-III.D.6.1: exactly two 1-on-1 games: positions 1 v 2 and 3 v 4 (OQ-34)', () => {
    const m = round1();
    expect(groups(m, 1, 1)).toEqual([['1:HOME:H1', '2:AWAY:A1'], ['3:HOME:H2', '4:AWAY:A2']]);
  });

  it('R-III.D.6.2: each 1-on-1 game has one HOME and one AWAY player, the second declarer\'s first', () => {
    const m = round1();
    for (const grp of playGroups(m.state, game(m.state, 1, 1))) {
      expect(grp.map((t) => t.side)).toEqual([HOME, AWAY]);
    }
    // round 2 (HOME declares first): AWAY opens each 1-on-1 game
    playGame(m, 1, 1, HOME);
    playGame(m, 1, 2, HOME);
    m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M1', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
    m.ok(AWAY, { type: 'declareLineup', payload: { round: 2, games: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }] } });
    m.order(2, 1, ['A5', 'H5', 'A6', 'H6']);
    expect(groups(m, 2, 1)).toEqual([['1:AWAY:A5', '2:HOME:H5'], ['3:AWAY:A6', '4:HOME:H6']]);
  });

  it('R-III.D.6.3: each team\'s scores over the two games are summed; the higher total wins the doubles game', () => {
    const m = round1();
    // H1 loses game A heavily, H2 wins game B by more: HOME 10 + 40 = 50 against AWAY 30 + 15 = 45
    m.score(HOME, 1, 1, 'H1', 10_000_000);
    m.score(AWAY, 1, 1, 'A1', 30_000_000);
    m.score(HOME, 1, 1, 'H2', 40_000_000);
    m.score(AWAY, 1, 1, 'A2', 15_000_000);
    expect(outcome(m, 1, 1)).toEqual({ kind: 'WIN', side: HOME, totals: { HOME: 50_000_000, AWAY: 45_000_000 } });
  });
});

describe('doubles on a one-player or score-stealing machine (R-III.D.7)', () => {
  it('R-III.D.7: on a one-player machine, and on one that steals, swaps or matches scores, every player plays alone', () => {
    const m = round1();
    expect(groups(m, 1, 2)).toHaveLength(4);
    playGame(m, 1, 1, HOME);
    playGame(m, 1, 2, HOME);
    declareRound(m, 2); // round 2 game 1 is on M3, a score-stealing machine
    expect(groups(m, 2, 1)).toEqual([['1:AWAY:A5'], ['2:HOME:H5'], ['3:AWAY:A6'], ['4:HOME:H6']]);
  });

  it('R-III.D.7.1: one-player games, one at a time, alternating HOME and AWAY in position order 1, 2, 3, 4', () => {
    const m = round1();
    expect(groups(m, 1, 2)).toEqual([['1:HOME:H3'], ['2:AWAY:A3'], ['3:HOME:H4'], ['4:AWAY:A4']]);
  });

  it('R-III.D.7.2: the game has no result until all four have played; then the team totals decide', () => {
    const m = round1();
    m.score(HOME, 1, 2, 'H3', 5_000_000);
    m.score(AWAY, 1, 2, 'A3', 1_000_000);
    m.score(HOME, 1, 2, 'H4', 1_000_000);
    expect(outcome(m, 1, 2)).toEqual({ kind: 'PENDING' });
    m.score(AWAY, 1, 2, 'A4', 5_000_001);
    expect(outcome(m, 1, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 6_000_000, AWAY: 6_000_001 } });
  });

  it('R-III.D.7.3: score stealing found after the start voids the game: its scores are discarded and it is replayed one player at a time', () => {
    const m = reachRound(2);
    declareRound(m, 2); // game 2 on M4, a 4-player machine
    m.score(HOME, 2, 2, 'H1', 9_000_000);
    m.score(AWAY, 2, 2, 'A1', 1_000_000);
    expect(groups(m, 2, 2)).toEqual([['1:AWAY:A1', '2:HOME:H1', '3:AWAY:A3', '4:HOME:H3']]);
    const events = (() => {
      m.ok(AWAY, { type: 'recordIncident', payload: { round: 2, game: 2, incident: { kind: 'SCORE_STEALING', side: HOME, note: 'match feature swapped the scores' } } });
      return m.ok(HOME, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    })();
    expect(events[1]).toMatchObject({ type: 'GameRestarted', round: 2, game: 2, oneAtATime: true });
    const g = game(m.state, 2, 2);
    expect({ generation: g.generation, oneAtATime: g.oneAtATime, flagged: m.state.flaggedStealing }).toEqual({ generation: 1, oneAtATime: true, flagged: ['M4'] });
    expect(outcome(m, 2, 2)).toEqual({ kind: 'PENDING' });
    expect(groups(m, 2, 2)).toEqual([['1:AWAY:A1'], ['2:HOME:H1'], ['3:AWAY:A3'], ['4:HOME:H3']]);
    // the machine stays flagged for the rest of the match: a later game on it is played one at a time too
    playGame4(m);
    m.ok(AWAY, { type: 'declareLineup', payload: { round: 3, games: [{ machineId: 'M4', players: ['A1'] }, { machineId: 'M2', players: ['A2'] }, { machineId: 'M4', players: ['A3'] }, { machineId: 'M2', players: ['A4'] }] } });
    m.ok(HOME, { type: 'declareLineup', payload: { round: 3, games: [{ players: ['H5'] }, { players: ['H6'] }, { players: ['H2'] }, { players: ['H4'] }] } });
    expect(groups(m, 3, 1)).toEqual([['1:HOME:H5'], ['2:AWAY:A1']]);
  });

  it('R-III.D.7.3: a score-stealing report needs a started game, and is refused on a game already played one at a time', () => {
    const m = round1();
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'SCORE_STEALING', side: AWAY } } })).toMatchObject({ rule: 'R-III.D.7.3', code: 'NOT_STARTED' });
    enter(m, HOME, 1, 2, 'H3', 10);
    expect(m.no(HOME, { type: 'recordIncident', payload: { round: 1, game: 2, incident: { kind: 'SCORE_STEALING', side: AWAY } } })).toMatchObject({ rule: 'R-III.D.7.3', code: 'ALREADY_ONE_AT_A_TIME' });
  });
});

/** Finishes round 2 game 2 (replayed one at a time) and game 1, HOME winning both. */
function playGame4(m: Match) {
  for (const [id, pts] of [['A1', 1], ['H1', 2], ['A3', 1], ['H3', 2]] as const) m.score(id.startsWith('H') ? HOME : AWAY, 2, 2, id, pts);
  for (const [id, pts] of [['A5', 1], ['H5', 2], ['A6', 1], ['H6', 2]] as const) m.score(id.startsWith('H') ? HOME : AWAY, 2, 1, id, pts);
}

describe('singles on a one-player or score-stealing machine (R-III.E.4)', () => {
  function round3() {
    const m = reachRound(3, KINDS);
    declareRound(m, 3); // games 1 and 3 on M1 (two-player), 2 and 4 on M2 (one-player)
    return m;
  }

  it('R-III.E.4: a singles game on a one-player machine is played as two one-player games; on a two-player machine together', () => {
    const m = round3();
    expect(groups(m, 3, 2)).toHaveLength(2);
    expect(groups(m, 3, 1)).toEqual([['1:HOME:H5', '2:AWAY:A1']]);
  });

  it('R-III.E.4.1: the two players play one at a time, the second declarer\'s player first', () => {
    const m = round3();
    expect(groups(m, 3, 2)).toEqual([['1:HOME:H6'], ['2:AWAY:A2']]); // round 3: AWAY declares first, HOME opens
    for (let g = 1; g <= 4; g++) {
      m.score(HOME, 3, g, ['H5', 'H6', 'H2', 'H4'][g - 1]!, 2);
      m.score(AWAY, 3, g, ['A1', 'A2', 'A3', 'A4'][g - 1]!, 1);
    }
    declareRound(m, 4); // round 4: HOME declares first, AWAY opens
    expect(groups(m, 4, 2)).toEqual([['1:AWAY:A6'], ['2:HOME:H2']]);
  });

  it('R-III.E.4.2: after both have played, the higher score earns the match point', () => {
    const m = round3();
    m.score(AWAY, 3, 2, 'A2', 7_000_000);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'PENDING' });
    m.score(HOME, 3, 2, 'H6', 6_999_990);
    expect(outcome(m, 3, 2)).toEqual({ kind: 'WIN', side: AWAY, totals: { HOME: 6_999_990, AWAY: 7_000_000 } });
  });

  it('R-III.E.4.3: score stealing found after a singles game started voids it: replayed in one-player format', () => {
    const m = round3();
    m.score(HOME, 3, 1, 'H5', 3);
    m.score(AWAY, 3, 1, 'A1', 4);
    m.ok(HOME, { type: 'recordIncident', payload: { round: 3, game: 1, incident: { kind: 'SCORE_STEALING', side: AWAY } } });
    const events = m.ok(AWAY, { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
    expect(events[1]).toMatchObject({ type: 'GameRestarted', reason: 'score-stealing machine (R-III.E.4.3)', oneAtATime: true });
    expect(outcome(m, 3, 1)).toEqual({ kind: 'PENDING' });
    expect(groups(m, 3, 1)).toEqual([['1:HOME:H5'], ['2:AWAY:A1']]);
    const r = m.no(HOME, { type: 'recordIncident', payload: { round: 3, game: 1, incident: { kind: 'SCORE_STEALING', side: AWAY } } });
    expect(r).toMatchObject({ rule: 'R-III.E.4.3', code: 'ALREADY_ONE_AT_A_TIME' });
  });
});
