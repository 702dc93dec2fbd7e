import { describe, expect, it } from 'vitest';
import { owedGames, sheetStatus } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, ids, outcome, playRound, refusedDeclaration, roster, slot } from './script';

/**
 * AWAY: A1-A6 present from 20:00, A9 a RESERVE present, A7 (STARTER) arriving at 21:35 after AWAY's round-4
 * declaration, A8 (STARTER) present at 20:00 and gone at 20:40 before being written in. HOME: H1-H8 present.
 * With `a5Marked` false, AWAY's captain forgot to mark A5 present. Plays rounds 1-3 and has HOME declare round 4.
 */
function evening(a5Marked: boolean) {
  const m = new Match({ away: roster('A', 8, [{ id: 'A9', status: 'RESERVE' }]) });
  m.arrive(HOME, ids('H', 1, 8), at('20:00'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', ...(a5Marked ? ['A5'] : []), 'A6', 'A8', 'A9'], at('20:00'));
  m.clock = at('20:01');
  // 1. R1 {A1, A2}, {A3, A4}; R2 {A1, A3}, {A2, A4}; R3 A1, A2, A3, A6
  declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
  declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3', 'H4')]);
  playRound(m, 1, [HOME, AWAY]);
  m.clock = at('20:30');
  declare(m, HOME, 2, [slot('M3', 'H5', 'H6'), slot('M4', 'H7', 'H8')]);
  declare(m, AWAY, 2, [answer('A1', 'A3'), answer('A2', 'A4')]);
  playRound(m, 2, [HOME, AWAY]);
  m.clock = at('20:40');
  m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A8', time: at('20:40') } });
  m.clock = at('20:45');
  declare(m, AWAY, 3, [slot('M1', 'A1'), slot('M1', 'A2'), slot('M2', 'A3'), slot('M2', 'A6')]);
  declare(m, HOME, 3, [answer('H1'), answer('H2'), answer('H3'), answer('H4')]);
  playRound(m, 3, [HOME, AWAY, HOME, AWAY]);
  m.clock = at('21:30');
  declare(m, HOME, 4, [slot('M3', 'H5'), slot('M3', 'H6'), slot('M4', 'H7'), slot('M4', 'H8')]);
  return m;
}

describe('SC-08 minimum play and attendance (R-III.F.2, R-III.F.3, R-III.F.4, R-VI.C.3, R-VI.C.3.1, R-VI.C.3.2, OQ-09, OQ-11)', () => {
  it('SC-08: round 4 is A5\'s last chance; after it nobody blocks sign-off (reserve, late arrival, early departure)', () => {
    const m = evening(true);
    // 2. R4 (AWAY is SD): leaving A5 out is refused, naming A5 and the rule (R-III.F.2 with OQ-09 (b))
    const r = refusedDeclaration(m, AWAY, 4, [answer('A1'), answer('A2'), answer('A3'), answer('A4')]);
    expect(r.rule).toBe('R-III.F.2');
    expect(r.message).toContain('A5, STARTER present since 20:00, has not played; round 4 is the last chance');
    declare(m, AWAY, 4, [answer('A5'), answer('A1'), answer('A2'), answer('A3')]);
    m.clock = at('21:35');
    m.arrive(AWAY, ['A7'], at('21:35'));
    playRound(m, 4, [HOME, HOME, HOME, AWAY]);
    // 3. A9 (RESERVE, R-III.F.3), A7 (arrived after the last declaration, R-VI.C.3.2) and A8 (left before being
    //    written in, R-VI.C.3.1) block nothing
    expect(owedGames(m.state, AWAY)).toEqual([]);
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(sheetStatus(m.state)).toBe('FINAL');
  });

  it('SC-08 variant (R-III.F.2, OQ-09 (c)): A5 marked present from 20:00 only after round 4 blocks both signatures until the match is flagged', () => {
    const m = evening(false);
    declare(m, AWAY, 4, [answer('A1'), answer('A2'), answer('A3'), answer('A4')]);
    playRound(m, 4, [HOME, HOME, HOME, AWAY]);
    m.clock = at('22:10');
    m.ok(AWAY, { type: 'markArrived', payload: { playerId: 'A5', time: at('20:00') } });
    for (const side of [HOME, AWAY]) {
      const r = m.no(side, { type: 'signOff', payload: {} });
      expect(r.rule).toBe('R-III.F.2');
      expect(r.message).toContain('A5 (STARTER) was present from 20:00 and has not played in this match');
    }
    // submitted flagged "minimum play" for a league ruling
    m.ok(HOME, { type: 'signOff', payload: { flagMinimumPlay: true } });
    m.ok(AWAY, { type: 'signOff', payload: { flagMinimumPlay: true } });
    expect(m.state.signoffs.HOME?.flagMinimumPlay).toBe(true);
    expect(m.state.signoffs.AWAY?.flagMinimumPlay).toBe(true);
    expect(sheetStatus(m.state)).toBe('FINAL');
  });

  it('SC-08 variant (OQ-11, R-VI.C.3): A5, written into R4 G1, leaves before it starts: FORFEIT_WIN(HOME), and A5 is exempt', () => {
    const m = evening(true);
    declare(m, AWAY, 4, [answer('A5'), answer('A1'), answer('A2'), answer('A3')]);
    m.clock = at('21:40');
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A5', time: at('21:40') } });
    expect(outcome(m, 4, 1)).toEqual({ kind: 'FORFEIT_WIN', side: HOME });
    playRound(m, 4, [null, HOME, HOME, AWAY]);
    expect(owedGames(m.state, AWAY)).toEqual([]);
    m.ok(HOME, { type: 'signOff', payload: {} });
    m.ok(AWAY, { type: 'signOff', payload: {} });
    expect(m.state.signoffs.AWAY?.flagMinimumPlay).toBe(false);
  });
});
