import { describe, expect, it } from 'vitest';
import { answerLineup, at, AWAY, firstLineup, HOME, Match, readyMatch, roster, type SetupOptions } from '../harness';

/**
 * Top-150 players in lineups (R-II.B.2.3 with OQ-07, OQ-08, OQ-40; SC-10). AWAY's AT and HOME's HU are on the
 * season's restricted list.
 */

const withRestricted: SetupOptions = {
  home: roster('H', 6, [{ id: 'HU', restricted: true }]),
  away: roster('A', 6, [{ id: 'AT', restricted: true }]),
};
const seats = (...pairs: [string, number][]) => pairs.map(([playerId, position]) => ({ playerId, position }));

function sc10() {
  const m = readyMatch(withRestricted);
  m.arrive(HOME, ['HU'], at('19:55'));
  m.arrive(AWAY, ['AT'], at('19:55'));
  return m;
}

/** SC-10 round 1 (AWAY first): AT plays with A3 in G2, and takes position 4. */
function sc10Round1() {
  const m = sc10();
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'AT']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H5', 'H6']));
  return m;
}

describe('top-150 players in lineups (R-II.B.2.3)', () => {
  it('R-II.B.2.3: a top-150 player of the first declarer plays position 4 in doubles (SC-10 step 1)', () => {
    const m = sc10Round1();
    const r = m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['AT', 2], ['A3', 4]) } });
    expect(r.rule).toBe('R-II.B.2.3');
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['A3', 2], ['AT', 4]) } });
    expect(m.game(1, 2).seats.AWAY).toEqual({ A3: 2, AT: 4 });
  });

  it('R-II.B.2.3: a top-150 player cannot play in a round their team answers', () => {
    const m = sc10();
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    const r = m.no(HOME, answerLineup(1, ['HU', 'H2'], ['H3', 'H4']));
    expect(r.rule).toBe('R-II.B.2.3');
    expect(r.message).toContain('HU is on the top-150 list');
  });

  it('R-II.B.2.3: answering, the top-150 player may go only into the game of the opposing top-150 player (SC-10 step 2)', () => {
    const m = sc10Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'HU', 'H2'], ['M2', 'H3', 'H4']));
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A3'], ['AT', 'A2'])).rule).toBe('R-II.B.2.3');
    m.ok(AWAY, answerLineup(2, ['AT', 'A1'], ['A2', 'A4']));
  });

  it('R-II.B.2.3.1 / OQ-08: facing each other, neither top-150 player has a position condition', () => {
    const m = sc10Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'HU', 'H2'], ['M2', 'H3', 'H4']));
    m.ok(AWAY, answerLineup(2, ['AT', 'A1'], ['A2', 'A4']));
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: seats(['HU', 2], ['H2', 4]) } });
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: seats(['AT', 1], ['A1', 3]) } });
    expect(m.game(2, 1).seats).toEqual({ HOME: { HU: 2, H2: 4 }, AWAY: { AT: 1, A1: 3 } });
  });

  it('R-II.B.2.3.1: in round 1 HOME may answer with HU only against AT, and AT then needs no position 4', () => {
    const m = sc10();
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'AT']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['HU', 'H4']));
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['AT', 2], ['A3', 4]) } });
    expect(m.game(1, 2).seats.AWAY).toEqual({ AT: 2, A3: 4 });
  });

  it('R-II.B.2.3.1 / OQ-37: a keying fix cannot take away the top-150 opponent the other team\'s top-150 player relies on', () => {
    const m = sc10();
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'AT'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['HU', 'H2'], ['H3', 'H4']));
    const fix = (games: string[][]) => ({ type: 'propose' as const, payload: { kind: 'LINEUP_FIX' as const, round: 1, games: games.map(([machineId, ...players]) => ({ machineId, players })) } });
    const r = m.no(AWAY, fix([['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']]));
    expect(r.rule).toBe('R-II.B.2.3.1');
    expect(r.message).toContain('HU (top-150)');
    m.ok(AWAY, fix([['M1', 'AT', 'A2'], ['M2', 'A3', 'A4']]));
  });

  it('R-II.B.2.3.1 / OQ-08: nor the one that lets a first declarer\'s top-150 player keep a position other than 4', () => {
    const m = sc10();
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'AT'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['HU', 'H2'], ['H3', 'H4']));
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['AT', 2], ['A1', 4]) } });
    const fix = { type: 'propose' as const, payload: { kind: 'LINEUP_FIX' as const, round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } };
    expect(m.no(HOME, fix).rule).toBe('R-II.B.2.3.1');
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['A1', 2], ['AT', 4]) } });
    m.ok(HOME, fix);
  });

  it('R-II.B.2.3: without an opposing top-150 player, the first declarer\'s HU still takes position 4', () => {
    const m = sc10Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'HU', 'H2'], ['M2', 'H3', 'H4']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A4']));
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: seats(['HU', 2], ['H2', 4]) } }).rule).toBe('R-II.B.2.3');
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 2, game: 1, seats: seats(['H2', 2], ['HU', 4]) } });
  });

  it('R-II.B.2.3 / OQ-07: in a 3-player game the top-150 player takes the last position of their team (3)', () => {
    const m = new Match({ home: roster('H', 6), away: roster('A', 6, [{ id: 'AT', restricted: true }]) });
    m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'AT'], at('19:55'));
    m.clock = at('20:15');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'AT']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    expect(m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['AT', 2], ['A3', 3]) } }).rule).toBe('R-II.B.2.3');
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['A3', 2], ['AT', 3]) } });
  });

  it('R-II.B.2.3: in singles a top-150 player of the answering team must face the other top-150 player (SC-10 step 3)', () => {
    const m = sc10Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H5', 'HU'], ['M2', 'H3', 'H4']));
    m.ok(AWAY, answerLineup(2, ['A4', 'A5'], ['A6', 'A1']));
    m.playRound(2, [AWAY, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'AT']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], ['HU']));
    m.playRound(3, [HOME, HOME, AWAY, AWAY]);
    m.ok(HOME, firstLineup(4, ['M1', 'HU'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
    expect(m.no(AWAY, answerLineup(4, ['A1'], ['AT'], ['A3'], ['A4'])).rule).toBe('R-II.B.2.3');
    m.ok(AWAY, answerLineup(4, ['AT'], ['A1'], ['A3'], ['A4']));
  });

  it('R-II.B.2.3.2: top-150 players may play the tie-breaker whatever round they played (SC-10 step 4)', () => {
    const m = sc10Round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H5', 'HU'], ['M2', 'H3', 'H4']));
    m.ok(AWAY, answerLineup(2, ['A4', 'A5'], ['A6', 'A1']));
    m.playRound(2, [AWAY, AWAY]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'AT']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], ['H4']));
    m.playRound(3, [HOME, HOME, AWAY, AWAY]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A4']));
    m.playRound(4, [HOME, HOME, AWAY, AWAY]);
    expect(m.points()).toEqual({ HOME: 8, AWAY: 8 });
    m.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M3', players: ['HU', 'H1'] } });
    m.ok(AWAY, { type: 'declareTiebreakerPlayers', payload: { players: ['A1', 'AT'] } });
    expect(m.state.tiebreaker?.players).toEqual({ HOME: ['HU', 'H1'], AWAY: ['A1', 'AT'] });
  });

  it('R-II.B.2.3 / OQ-40: with 4 present, one of them top-150, a team answers a round as a team of 3', () => {
    const m = new Match(withRestricted);
    m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'AT'], at('19:55'));
    m.clock = at('20:01');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'AT']));
    expect(m.state.rounds[0]!.declarations.AWAY!.short).toBe(false);
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
    m.playRound(1, [HOME, AWAY]);
    m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'AT'])).rule).toBe('R-VI.A.2.1');
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2']));
    expect(m.state.rounds[1]!.declarations.AWAY!.short).toBe(true);
  });

  it('R-II.B.2.3.1 / OQ-40: the same team is not short when HOME puts its own top-150 player in the round', () => {
    const m = new Match(withRestricted);
    m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'HU'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'AT'], at('19:55'));
    m.clock = at('20:01');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'AT']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
    m.playRound(1, [HOME, AWAY]);
    m.ok(HOME, firstLineup(2, ['M3', 'H5', 'HU'], ['M4', 'H1', 'H3']));
    expect(m.no(AWAY, answerLineup(2, ['A1', 'A3'], ['A2'])).rule).toBe('R-III.D.2');
    m.ok(AWAY, answerLineup(2, ['AT', 'A1'], ['A2', 'A3']));
    expect(m.state.rounds[1]!.declarations.AWAY!.short).toBe(false);
  });
});
