import { describe, expect, it } from 'vitest';
import { at, AWAY, HOME, Match } from '../harness';

/** OQ-30 (R-II.0.2): no rostered captain present -> a present rostered player acts as captain for this match. */

const designate = (playerId: string) => ({ type: 'designateActingCaptain' as const, payload: { playerId } });
const official = { role: 'commissioner' as const };

/** H1 and A1 are the rostered captains (harness roster). */
function withoutHomeCaptain() {
  const m = new Match();
  m.arrive(HOME, ['H2', 'H3', 'H4', 'H5'], at('19:55'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4'], at('19:55'));
  m.clock = at('20:00');
  return m;
}

describe('acting captain (OQ-30, R-II.0.2)', () => {
  it('a team without a rostered captain present designates a present player; the scoresheet records who', () => {
    const m = withoutHomeCaptain();
    const [event] = m.ok(HOME, designate('H3'));
    expect(event).toMatchObject({ type: 'ActingCaptainDesignated', side: 'HOME', playerId: 'H3', by: 'HOME' });
    expect(m.state.actingCaptains).toEqual({ HOME: 'H3' });
    // Designated once; another present player may take over (the first one had to leave, say).
    expect(m.no(HOME, designate('H3'))).toMatchObject({ rule: 'OQ-30', code: 'ALREADY_ACTING' });
    m.ok(HOME, designate('H4'));
    expect(m.state.actingCaptains).toEqual({ HOME: 'H4' });
  });

  it('refused while a rostered captain of the team is present, and for a rostered captain', () => {
    const m = withoutHomeCaptain();
    expect(m.no(AWAY, designate('A2'))).toMatchObject({ rule: 'OQ-30', code: 'CAPTAIN_PRESENT' });
    expect(m.no(AWAY, designate('A1'))).toMatchObject({ rule: 'OQ-30', code: 'IS_CAPTAIN' });
  });

  it('only a present player of the own roster', () => {
    const m = withoutHomeCaptain();
    expect(m.no(HOME, designate('H6'))).toMatchObject({ rule: 'OQ-30', code: 'NOT_PRESENT' });
    expect(m.no(HOME, designate('A2'))).toMatchObject({ rule: 'OQ-30', code: 'NOT_ON_ROSTER' });
    expect(m.no(HOME, designate('nobody'))).toMatchObject({ rule: 'OQ-30', code: 'NOT_ON_ROSTER' });
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H3', time: at('20:00') } }, at('20:01'));
    expect(m.no(HOME, designate('H3'), at('20:02'))).toMatchObject({ rule: 'OQ-30', code: 'NOT_PRESENT' });
  });

  it('a league official may designate for either team; the event says the league did it', () => {
    const m = withoutHomeCaptain();
    expect(m.ok(official, designate('H5'))[0]).toMatchObject({ type: 'ActingCaptainDesignated', side: 'HOME', playerId: 'H5', by: 'LEAGUE' });
    expect(m.no(official, designate('A3'))).toMatchObject({ rule: 'OQ-30', code: 'CAPTAIN_PRESENT' });
    expect(m.no(official, designate('Z9'))).toMatchObject({ rule: 'OQ-30', code: 'NOT_ON_ROSTER' });
    expect(m.no({ role: 'spectator' }, designate('H5'))).toMatchObject({ rule: 'MR-1', code: 'FORBIDDEN' });
  });

  it('not once the match is decided as a whole (CALC-3)', () => {
    const m = withoutHomeCaptain();
    m.clock = at('20:16');
    // HOME is down to 2 present when the waiting window closes: AWAY claims the forfeit (R-VII.H.1).
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H2', time: at('20:05') } });
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H4', time: at('20:05') } });
    m.ok(AWAY, { type: 'claimForfeit', payload: {} });
    expect(m.state.outcome).toMatchObject({ kind: 'FORFEIT', forfeiting: 'HOME' });
    expect(m.no(HOME, designate('H3'))).toMatchObject({ rule: 'CALC-3', code: 'MATCH_CLOSED' });
  });
});
