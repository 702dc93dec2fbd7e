import { describe, expect, it } from 'vitest';
import { matchResult, nextActions, turnOrder } from '../../shared';
import { at, AWAY, HOME, Match } from './harness';

/** Plays a whole lawful match through the engine, the path every other test departs from. */
export function playFullMatch(homeWinsEverything = true) {
  const m = new Match();
  m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('19:50'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], at('19:55'));
  m.clock = at('20:01');
  const hi = homeWinsEverything ? 2 : 1;
  const lo = homeWinsEverything ? 1 : 2;
  // R1 doubles, AWAY declares first
  m.ok(AWAY, { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } });
  m.ok(HOME, { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } });
  m.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
  m.order(1, 2, ['H3', 'A3', 'H4', 'A4']);
  for (const [g, hs, as] of [[1, ['H1', 'H2'], ['A1', 'A2']], [2, ['H3', 'H4'], ['A3', 'A4']]] as const) {
    for (const p of hs) m.score(HOME, 1, g, p, hi * 1_000_000);
    for (const p of as) m.score(AWAY, 1, g, p, lo * 1_000_000);
  }
  // R2 doubles, HOME first
  m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
  m.ok(AWAY, { type: 'declareLineup', payload: { round: 2, games: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }] } });
  m.order(2, 1, ['A5', 'H5', 'A6', 'H6']);
  m.order(2, 2, ['A1', 'H1', 'A3', 'H3']);
  for (const [g, hs, as] of [[1, ['H5', 'H6'], ['A5', 'A6']], [2, ['H1', 'H3'], ['A1', 'A3']]] as const) {
    for (const p of hs) m.score(HOME, 2, g, p, hi * 1_000_000);
    for (const p of as) m.score(AWAY, 2, g, p, lo * 1_000_000);
  }
  // R3 singles, AWAY first; R4 singles, HOME first
  for (const round of [3, 4]) {
    const fd = round === 3 ? AWAY : HOME;
    const sd = fd === AWAY ? HOME : AWAY;
    const fdIds = fd === AWAY ? ['A1', 'A2', 'A3', 'A4'] : ['H1', 'H2', 'H3', 'H4'];
    const sdIds = sd === AWAY ? ['A5', 'A6', 'A2', 'A4'] : ['H5', 'H6', 'H2', 'H4'];
    m.ok(fd, { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [p] })) } });
    m.ok(sd, { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [p] })) } });
    for (let g = 1; g <= 4; g++) {
      m.score(HOME, round, g, (fd === HOME ? fdIds : sdIds)[g - 1]!, hi * 1_000_000);
      m.score(AWAY, round, g, (fd === AWAY ? fdIds : sdIds)[g - 1]!, lo * 1_000_000);
    }
  }
  return m;
}

describe('a full lawful match (R-III.0.1, R-III.0.2, CALC-2, CALC-3, MR-5)', () => {
  it('R-III.0.2: HOME winning every game scores 16-0 and wins; both sign and the sheet is final', () => {
    const m = playFullMatch();
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: 'HOME', points: { HOME: 16, AWAY: 0 } });
    expect(nextActions(m.state, HOME).map((a) => a.code)).toEqual(['SIGN']);
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    const r = m.no(HOME, { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H1', points: 5 } });
    expect(r.rule).toBe('MR-5');
  });

  it('R-III.C.2: the turn order of a 4-player doubles game alternates SD, FD, SD, FD', () => {
    const m = playFullMatch();
    const g = m.state.rounds[0]!.games[0]!;
    expect(turnOrder(m.state, g).map((t) => t.playerId)).toEqual(['H1', 'A1', 'H2', 'A2']);
  });
});
