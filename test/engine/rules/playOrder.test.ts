import { describe, expect, it } from 'vitest';
import { type MatchState, turnOrder } from '../../../shared';
import { answerLineup, AWAY, firstLineup, HOME, playDoubles, readyMatch } from '../harness';

/** Play order (R-III.C.1-4, OQ-20): the second declarer opens, turns alternate, each team seats its own players. */

const seats = (...pairs: [string, number][]) => pairs.map(([playerId, position]) => ({ playerId, position }));
const order = (state: MatchState, round: number, game: number) =>
  turnOrder(state, state.rounds[round - 1]!.games[game - 1]!).map((t) => `${t.position}:${t.side}:${t.playerId}`);

function round1() {
  const m = readyMatch();
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
  return m;
}

describe('play order (R-III.C)', () => {
  it('R-III.C.1: in singles the second declarer\'s player is position 1, the first declarer\'s position 2', () => {
    const m = readyMatch();
    playDoubles(m);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    expect(order(m.state, 3, 1)).toEqual(['1:HOME:H1', '2:AWAY:A1']);
    m.playRound(3, [HOME, HOME, AWAY, AWAY]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
    m.ok(AWAY, answerLineup(4, ['A5'], ['A6'], ['A1'], ['A2']));
    expect(order(m.state, 4, 2)).toEqual(['1:AWAY:A6', '2:HOME:H2']);
  });

  it('R-III.C.1: the first declarer cannot take position 1 in singles', () => {
    const m = readyMatch();
    playDoubles(m);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
    const r = m.no(AWAY, { type: 'setPlayOrder', payload: { round: 3, game: 1, seats: seats(['A1', 1]) } });
    expect(r.rule).toBe('R-III.C.2');
  });

  it('R-III.C.2: turns alternate SD, FD, SD, FD; HOME (SD in round 1) cannot take position 2 (SC-01 step 5)', () => {
    const m = round1();
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 2], ['H2', 4]) } }).rule).toBe('R-III.C.2');
    expect(m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['A1', 1], ['A2', 3]) } }).rule).toBe('R-III.C.2');
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 1], ['H2', 1]) } }).rule).toBe('R-III.C.2');
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H2', 1], ['H1', 3]) } });
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['A1', 2], ['A2', 4]) } });
    expect(order(m.state, 1, 1)).toEqual(['1:HOME:H2', '2:AWAY:A1', '3:HOME:H1', '4:AWAY:A2']);
  });

  it('R-III.C.2: in round 2 HOME declares first, so AWAY opens', () => {
    const m = round1();
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
    m.ok(AWAY, answerLineup(2, ['A5', 'A6'], ['A1', 'A3']));
    m.order(2, 1, ['A6', 'H5', 'A5', 'H6']);
    expect(order(m.state, 2, 1)).toEqual(['1:AWAY:A6', '2:HOME:H5', '3:AWAY:A5', '4:HOME:H6']);
  });

  it('R-III.C.3: the order names were entered in has no bearing; each team seats exactly its own players', () => {
    const m = round1();
    expect(order(m.state, 1, 1)).toEqual(['1:HOME:null', '2:AWAY:null', '3:HOME:null', '4:AWAY:null']);
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 1]) } }).rule).toBe('R-III.C.3');
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 1], ['H3', 3]) } }).rule).toBe('R-III.C.3');
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 1], ['A1', 3]) } }).rule).toBe('R-III.C.3');
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H2', 1], ['H1', 3]) } });
    expect(order(m.state, 1, 1).filter((t) => t.includes('HOME'))).toEqual(['1:HOME:H2', '3:HOME:H1']);
  });

  it('R-III.C.3 (INV-20): entering a pair in the other order, with the same positions, gives the same turn order', () => {
    const a = readyMatch();
    a.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    a.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
    const b = readyMatch();
    b.ok(AWAY, firstLineup(1, ['M1', 'A2', 'A1'], ['M2', 'A4', 'A3']));
    b.ok(HOME, answerLineup(1, ['H2', 'H1'], ['H4', 'H3']));
    for (const m of [a, b]) m.order(1, 1, ['H1', 'A2', 'H2', 'A1']);
    expect(order(b.state, 1, 1)).toEqual(order(a.state, 1, 1));
    expect(order(a.state, 1, 1)).toEqual(['1:HOME:H1', '2:AWAY:A2', '3:HOME:H2', '4:AWAY:A1']);
  });

  it('R-III.C.4 / OQ-20: a game starts only once both orders are set, and then its order is locked (SC-01 step 6)', () => {
    const m = round1();
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H2', 1], ['H1', 3]) } });
    expect(m.no(HOME, { type: 'startGame', payload: { round: 1, game: 1 } }).rule).toBe('OQ-20');
    m.ok(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['A1', 2], ['A2', 4]) } });
    // Before the start a team may still change its mind.
    m.ok(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H1', 1], ['H2', 3]) } });
    m.ok(HOME, { type: 'startGame', payload: { round: 1, game: 1 } });
    expect(m.no(HOME, { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: seats(['H2', 1], ['H1', 3]) } }).rule).toBe('R-III.C.4');
    expect(order(m.state, 1, 1)).toEqual(['1:HOME:H1', '2:AWAY:A1', '3:HOME:H2', '4:AWAY:A2']);
  });

  it('R-III.C.4: a first score entry starts the game and so locks the order too', () => {
    const m = round1();
    m.order(1, 2, ['H3', 'A3', 'H4', 'A4']);
    m.ok(AWAY, { type: 'enterScore', payload: { round: 1, game: 2, playerId: 'A3', points: 1_000 } });
    expect(m.no(AWAY, { type: 'setPlayOrder', payload: { round: 1, game: 2, seats: seats(['A4', 2], ['A3', 4]) } }).rule).toBe('R-III.C.4');
  });
});
