import { describe, expect, it } from 'vitest';
import { matchResult } from '../../../shared';
import { at, AWAY, firstLineup, HOME, Match } from '../harness';

/** Whole-match forfeits (R-VII.H, R-VI.C.2.3.1, OQ-13; SC-07). */

/** SC-07 setup: HOME has 2 present at 20:00, AWAY `away` (5 in the scenario). */
function sc07(away = 5) {
  const m = new Match();
  m.arrive(HOME, ['H1', 'H2'], at('19:55'));
  m.arrive(AWAY, Array.from({ length: away }, (_, i) => `A${i + 1}`), at('19:55'));
  return m;
}

/** SC-07 steps 1-3: the extension agreed at 20:12, AWAY's claim accepted at 20:30. */
function forfeited(away = 5) {
  const m = sc07(away);
  expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:10')).rule).toBe('R-VI.C.2.1');
  m.ok(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at('20:12'));
  m.ok(AWAY, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } }, at('20:12'));
  expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:29')).rule).toBe('R-VI.C.2.1');
  m.ok(AWAY, { type: 'claimForfeit', payload: {} }, at('20:30'));
  return m;
}

describe('forfeits (R-VII.H)', () => {
  it('R-VII.H.1: a team without 3 present when the window closes forfeits the match (SC-07 steps 1-3)', () => {
    const m = forfeited();
    expect(m.state.outcome).toEqual({ kind: 'FORFEIT', forfeiting: HOME, fullEvening: false });
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']), at('20:31')).rule).toBe('CALC-3');
  });

  it('R-VII.H.1: counted at the close: a third player arriving after 20:15 does not undo the forfeit', () => {
    const m = sc07();
    m.arrive(HOME, ['H3'], at('20:20'));
    m.ok(AWAY, { type: 'claimForfeit', payload: {} }, at('20:21'));
    expect(m.state.outcome).toEqual({ kind: 'FORFEIT', forfeiting: HOME, fullEvening: false });
  });

  it('R-VII.H.1: a team reaching 3 before the close plays at a penalty, no forfeit (SC-07 step 5)', () => {
    const m = sc07();
    m.arrive(HOME, ['H3'], at('20:14'));
    const r = m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:15'));
    expect(r.rule).toBe('R-VII.H.1');
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']), at('20:15'));
  });

  it('R-VII.H.1: once the match has started there is no whole-match forfeit', () => {
    const m = sc07();
    m.arrive(HOME, ['H3'], at('20:00'));
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']), at('20:15'));
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H3', time: at('20:16') } }, at('20:16'));
    expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:17')).rule).toBe('R-VII.H.1');
  });

  it('R-VII.H.1.1: HOME, forfeiting, loses and scores 0', () => {
    const m = forfeited();
    const result = matchResult(m.state);
    expect(result).toMatchObject({ status: 'DECIDED', winner: AWAY });
    expect(result.points.HOME).toBe(0);
  });

  it('R-VII.H.1.2: AWAY, there and ready, wins with 9 points; both captains can then sign', () => {
    const m = forfeited();
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 9 }, how: 'forfeit (R-VII.H.1)' });
    m.ok(HOME, { type: 'signOff', payload: {} }, at('20:31'));
    m.ok(AWAY, { type: 'signOff', payload: {} }, at('20:31'));
  });

  it('R-VII.H.1.3: AWAY stays and plays the night with 5 players: 3 more points, 12 in all (SC-07 step 4)', () => {
    const m = forfeited();
    expect(m.no(HOME, { type: 'claimFullEvening', payload: {} }, at('22:00')).rule).toBe('R-VII.H.1.3');
    m.ok(AWAY, { type: 'claimFullEvening', payload: {} }, at('22:00'));
    expect(matchResult(m.state)).toMatchObject({ winner: AWAY, points: { HOME: 0, AWAY: 12 } });
    expect(m.no(AWAY, { type: 'claimFullEvening', payload: {} }, at('22:01')).rule).toBe('R-VII.H.1.3');
  });

  it('R-VII.H.1.3: with only 3 present the claim is refused and the attending team keeps 9', () => {
    const m = forfeited(3);
    const r = m.no(AWAY, { type: 'claimFullEvening', payload: {} }, at('22:00'));
    expect(r.rule).toBe('R-VII.H.1.3');
    expect(r.message).toContain('3 are present');
    expect(matchResult(m.state).points).toEqual({ HOME: 0, AWAY: 9 });
  });

  it('R-VII.H.1 / OQ-13: neither team has 3 by 20:15: both lose, 0-0 (SC-07 step 5)', () => {
    const m = sc07(2);
    m.ok(AWAY, { type: 'claimForfeit', payload: {} }, at('20:15'));
    expect(m.state.outcome).toEqual({ kind: 'DOUBLE_FORFEIT' });
    expect(matchResult(m.state)).toEqual({ status: 'DECIDED', winner: null, points: { HOME: 0, AWAY: 0 }, how: 'double forfeit (OQ-13)' });
    expect(m.no(AWAY, { type: 'claimFullEvening', payload: {} }, at('22:00')).rule).toBe('R-VII.H.1.3');
  });
});
