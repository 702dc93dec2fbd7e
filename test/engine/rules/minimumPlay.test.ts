import { describe, expect, it } from 'vitest';
import { gameOutcome, hasPlayed, owedGames } from '../../../shared';
import { answerLineup, at, AWAY, firstLineup, HOME, Match, playDoubles, readyMatch, roster, type SetupOptions } from '../harness';

/** Minimum play (R-III.F, OQ-09) and the attendance that bounds it (R-VI.C.3, OQ-11; SC-08). */

const sc08Teams: SetupOptions = { away: roster('A', 8, [{ id: 'A9', status: 'RESERVE' }]) };
/** Round 4 results of SC-08: with rounds 1-3 at 6-6, HOME wins 9-7. */
const R4 = [HOME, HOME, HOME, AWAY];
const owed = (m: Match, side: 'HOME' | 'AWAY') => owedGames(m.state, side).map((o) => o.player.id);

/**
 * SC-08 through round 3: HOME H1-H6; AWAY A1-A6 (A5 only if `a5`), A8 and the reserve A9 present from 20:00; A8
 * leaves at 20:40, not yet in any lineup. R1 {A1,A2}, {A3,A4}; R2 {A1,A3}, {A2,A4}; R3 A1, A2, A3, A6.
 */
function sc08(a5 = true) {
  const m = new Match(sc08Teams);
  m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('20:00'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', ...(a5 ? ['A5'] : []), 'A6', 'A8', 'A9'], at('20:00'));
  m.clock = at('20:01');
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
  m.playRound(1, [HOME, AWAY]);
  m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A8', time: at('20:40') } }, at('20:40'));
  m.clock = at('20:45');
  m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
  m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A4']));
  m.playRound(2, [HOME, AWAY]);
  m.clock = at('21:00');
  m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A6']));
  m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H5'], ['H6']));
  m.playRound(3, [HOME, HOME, AWAY, AWAY]);
  m.clock = at('21:30');
  m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
  return m;
}

const sign = (flagMinimumPlay = false) => ({ type: 'signOff' as const, payload: { flagMinimumPlay } });

describe('minimum play (R-III.F, SC-08)', () => {
  it('R-III.F.2 / OQ-09: a lineup that leaves a present STARTER no game left is refused, naming them (SC-08 step 2)', () => {
    const m = sc08();
    expect(owed(m, AWAY)).toEqual(['A5']);
    const r = m.no(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A4']));
    expect(r.rule).toBe('R-III.F.2');
    expect(r.message).toContain('A5, STARTER present since 20:00, has not played; round 4 is the last chance');
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
  });

  it('R-III.F.2 / OQ-09: refused as soon as the remaining rounds can no longer seat everyone', () => {
    const m = readyMatch({ away: roster('A', 9) }, 6, 9);
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A4']));
    m.playRound(2, [HOME, HOME]);
    const r = m.no(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    expect(r.rule).toBe('R-III.F.2');
    expect(r.message).toContain('the remaining rounds cannot seat them all');
    m.ok(AWAY, firstLineup(3, ['M1', 'A5'], ['M1', 'A6'], ['M2', 'A7'], ['M2', 'A8']));
  });

  it('R-III.F.2 / OQ-09: with the check set to warn, the lineup goes through and sign-off still catches it', () => {
    const m = new Match({ settings: { minimumPlayLineupCheck: 'WARN' } });
    m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'], at('19:55'));
    m.clock = at('20:01');
    playDoubles(m);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], ['H4']));
    m.playRound(3, [HOME, HOME, HOME, HOME]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A4']));
    m.playRound(4, [HOME, HOME, HOME, HOME]);
    expect(m.no(HOME, sign()).rule).toBe('R-III.F.2');
  });

  it('R-III.F.2: a STARTER left out blocks both teams\' sign-off, naming the player (SC-08 step 4)', () => {
    const m = sc08(false);
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A4']));
    m.playRound(4, R4);
    m.clock = at('22:00');
    m.ok(AWAY, { type: 'markArrived', payload: { playerId: 'A5', time: at('20:00') } });
    for (const side of [HOME, AWAY]) {
      const r = m.no(side, sign());
      expect(r.rule).toBe('R-III.F.2');
      expect(r.message).toContain('A5 (STARTER) was present from 20:00 and has not played in this match');
    }
    m.ok(HOME, sign(true));
    expect(m.state.signoffs.HOME).toEqual({ at: at('22:00'), flagMinimumPlay: true });
  });

  it('R-III.F.2 / OQ-09: a player written into a slot the opponent forfeited has played', () => {
    const m = new Match();
    m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5'], at('19:55'));
    m.clock = at('20:15');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A4']));
    m.playRound(2, [HOME, HOME]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A5']));
    expect(hasPlayed(m.state, AWAY, 'A5')).toBe(false);
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    expect(hasPlayed(m.state, AWAY, 'A5')).toBe(true);
    expect(owed(m, AWAY)).toEqual([]);
  });

  it('R-III.F.3: a RESERVE who never plays blocks nothing (SC-08 step 3)', () => {
    const m = sc08();
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    m.playRound(4, R4);
    expect(hasPlayed(m.state, AWAY, 'A9')).toBe(false);
    expect(owed(m, AWAY)).toEqual([]);
    m.ok(HOME, sign());
    m.ok(AWAY, sign());
  });

  it('R-III.F.4: the requirement holds only while present: A8 who left and A7 who came after the last lineup do not block (SC-08 step 3)', () => {
    const m = sc08();
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    m.arrive(AWAY, ['A7'], at('21:35'));
    m.playRound(4, R4);
    expect([hasPlayed(m.state, AWAY, 'A7'), hasPlayed(m.state, AWAY, 'A8')]).toEqual([false, false]);
    expect(owed(m, AWAY)).toEqual([]);
    m.ok(AWAY, sign());
    m.ok(HOME, sign());
  });
});

describe('late arrivals and early departures (R-VI.C.3, OQ-11)', () => {
  it('R-VI.C.3: a STARTER is required to play only while present', () => {
    const m = sc08();
    expect(m.state.attendance.AWAY.A8).toEqual({ arrivedAt: at('20:00'), departedAt: at('20:40') });
    expect(owed(m, AWAY)).toEqual(['A5']);
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    m.arrive(AWAY, ['A7'], at('21:35'));
    m.playRound(4, R4);
    expect(owed(m, AWAY)).toEqual([]);
  });

  it('R-VI.C.3.1: leaving before being written in is recorded with its time and breaks nothing', () => {
    const m = sc08();
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A5', time: at('21:29') } }, at('21:31'));
    expect(m.state.attendance.AWAY.A5!.departedAt).toBe(at('21:29'));
    m.ok(AWAY, answerLineup(4, ['A1'], ['A2'], ['A3'], ['A4']), at('21:31'));
    m.playRound(4, R4);
    m.ok(AWAY, sign());
  });

  it('R-VI.C.3.1 / OQ-11: written in and gone before the game: that game is forfeited and the player exempt (SC-08 step 5)', () => {
    const m = sc08();
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A5', time: at('21:32') } }, at('21:32'));
    expect(gameOutcome(m.state, m.game(4, 1))).toEqual({ kind: 'FORFEIT_WIN', side: HOME });
    m.playRound(4, R4);
    expect(owed(m, AWAY)).toEqual([]);
    expect(m.points()).toEqual({ HOME: 9, AWAY: 7 });
    m.ok(AWAY, sign());
    m.ok(HOME, sign());
  });

  it('R-VI.C.3.1 / OQ-11: leaving after winning a slot the opponent forfeited keeps that win', () => {
    const m = new Match();
    m.arrive(HOME, ['H1', 'H2', 'H3'], at('19:55'));
    m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5'], at('19:55'));
    m.clock = at('20:15');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']));
    m.playRound(1, [HOME, HOME]);
    m.ok(HOME, firstLineup(2, ['M1', 'H1', 'H3'], ['M3', 'H2']));
    m.ok(AWAY, answerLineup(2, ['A1', 'A3'], ['A2', 'A5']));
    m.playRound(2, [HOME, HOME]);
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], []));
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A4', time: at('21:00') } }, at('21:00'));
    expect(gameOutcome(m.state, m.game(3, 4))).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
  });

  it('R-VI.C.3.2: a late STARTER who arrives before a lineup they could be written into must play', () => {
    const m = sc08();
    m.arrive(AWAY, ['A7'], at('21:10'));
    m.clock = at('21:30');
    const r = m.no(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    expect(r.rule).toBe('R-III.F.2');
    expect(r.message).toContain('A7, STARTER present since 21:10, has not played');
    m.ok(AWAY, answerLineup(4, ['A5'], ['A7'], ['A1'], ['A2']));
  });

  it('R-VI.C.3.2: a top-150 STARTER arriving after the last round their team declares first is exempt', () => {
    const m = readyMatch({ away: roster('A', 6, [{ id: 'AT', restricted: true }]) });
    playDoubles(m);
    m.clock = at('21:00');
    m.ok(AWAY, firstLineup(3, ['M1', 'A1'], ['M1', 'A2'], ['M2', 'A3'], ['M2', 'A4']));
    m.arrive(AWAY, ['AT'], at('21:05'));
    m.clock = at('21:06');
    m.ok(HOME, answerLineup(3, ['H1'], ['H2'], ['H3'], ['H4']));
    m.playRound(3, [HOME, HOME, AWAY, AWAY]);
    m.ok(HOME, firstLineup(4, ['M1', 'H1'], ['M1', 'H2'], ['M2', 'H3'], ['M2', 'H4']));
    expect(m.no(AWAY, answerLineup(4, ['AT'], ['A6'], ['A1'], ['A2'])).rule).toBe('R-II.B.2.3');
    m.ok(AWAY, answerLineup(4, ['A5'], ['A6'], ['A1'], ['A2']));
    m.playRound(4, R4);
    expect(owed(m, AWAY)).toEqual([]);
    m.ok(AWAY, sign());
  });

  it('R-VI.C.3.3: a declared lineup is not changed for a late player', () => {
    const m = sc08();
    m.ok(AWAY, answerLineup(4, ['A5'], ['A1'], ['A2'], ['A3']));
    m.arrive(AWAY, ['A7'], at('21:35'));
    const r = m.no(AWAY, answerLineup(4, ['A5'], ['A7'], ['A2'], ['A3']));
    expect(r.rule).toBe('R-III.B.5');
    expect(m.game(4, 2).players.AWAY).toEqual(['A1']);
  });
});
