import { describe, expect, it } from 'vitest';
import { matchResult, sheetStatus, standingsEntry, windowCloses } from '../../../shared';
import { at, AWAY, HOME, Match } from '../harness';
import { answer, declare, ids, present, slot } from './script';

const claim = { type: 'claimForfeit', payload: {} } as const;
const fullEvening = { type: 'claimFullEvening', payload: {} } as const;
const lastProposal = (m: Match) => m.state.proposals[m.state.proposals.length - 1]!.id;

/** HOME has 2 present at 20:00; AWAY has `away` players present. */
function lateEvening(away: number) {
  const m = new Match();
  present(m, ids('H', 1, 2), ids('A', 1, away));
  return m;
}

describe('SC-07 forfeit: windows and 9 or 12 points (R-VI.C.2, R-VI.C.2.1, R-VI.C.2.2, R-VI.C.2.2.1, R-VI.C.2.3, R-VI.C.2.3.1, R-VI.C.2.3.2, R-III.A.2, R-VII.H.1, R-VII.H.1.1, R-VII.H.1.2, R-VII.H.1.3, OQ-13)', () => {
  it('SC-07: no claim before the window closes; the agreed extension moves it to 20:30; HOME with 2 forfeits, AWAY 9 then 12', () => {
    const m = lateEvening(5);
    expect(windowCloses(m.state)).toBe(at('20:15'));

    // 1. 20:10: too early to claim (R-VI.C.2.1)
    expect(m.no(AWAY, claim, at('20:10')).rule).toBe('R-VI.C.2.1');

    // 2. 20:12: HOME asks for 15 more minutes, AWAY agrees (R-VI.C.2.2.1): the window closes at 20:30 (R-III.A.2)
    m.ok(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at('20:12'));
    expect(windowCloses(m.state)).toBe(at('20:15'));
    m.ok(AWAY, { type: 'accept', payload: { proposalId: lastProposal(m) } }, at('20:12'));
    expect(windowCloses(m.state)).toBe(at('20:30'));
    expect(m.no(AWAY, claim, at('20:20')).rule).toBe('R-VI.C.2.1');
    expect(m.no(AWAY, { type: 'declareLineup', payload: { round: 1, games: [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')] } }, at('20:20')).rule).toBe('R-VI.C.2.1');

    // 3. 20:30: HOME still has 2 (R-VI.C.2.3.1): the claim is accepted; HOME loss 0, AWAY win 9 (R-VII.H.1.1, R-VII.H.1.2)
    expect(m.no(HOME, claim, at('20:30')).rule).toBe('R-VII.H.1');
    m.ok(AWAY, claim, at('20:30'));
    expect(m.state.outcome).toEqual({ kind: 'FORFEIT', forfeiting: HOME, fullEvening: false });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 9 } });

    // 4. AWAY stayed and played the evening with 5: 12 (R-VII.H.1.3); only the winner claims it
    expect(m.no(HOME, fullEvening, at('21:30')).rule).toBe('R-VII.H.1.3');
    m.ok(AWAY, fullEvening, at('21:30'));
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 12 } });
    expect(m.no(AWAY, fullEvening, at('21:31')).rule).toBe('R-VII.H.1.3');
    m.ok(HOME, { type: 'signOff', payload: {} }, at('21:40'));
    m.ok(AWAY, { type: 'signOff', payload: {} }, at('21:40'));
    expect(sheetStatus(m.state)).toBe('FINAL');
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'L', points: 0 }, AWAY: { result: 'W', points: 12 } });
  });

  it('SC-07 variant (R-VII.H.1.3): with only 3 AWAY present the +3 claim is refused and AWAY keeps 9', () => {
    const m = lateEvening(3);
    m.ok(AWAY, claim, at('20:15'));
    expect(m.no(AWAY, fullEvening, at('21:30')).rule).toBe('R-VII.H.1.3');
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: AWAY, points: { HOME: 0, AWAY: 9 } });
  });

  it('SC-07 variant (OQ-13, R-VI.C.2.2.1): both teams with 2 at the close: two losses, 0 each; the extension is too late after 20:15', () => {
    const m = new Match();
    present(m, ids('H', 1, 2), ids('A', 1, 2));
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at('20:15')).rule).toBe('R-VI.C.2.2.1');
    m.ok(HOME, claim, at('20:15'));
    expect(m.state.outcome).toEqual({ kind: 'DOUBLE_FORFEIT' });
    expect(matchResult(m.state)).toMatchObject({ status: 'DECIDED', winner: null, points: { HOME: 0, AWAY: 0 } });
    m.ok(HOME, { type: 'signOff', payload: {} }, at('20:20'));
    m.ok(AWAY, { type: 'signOff', payload: {} }, at('20:20'));
    expect(standingsEntry(m.state)).toEqual({ HOME: { result: 'L', points: 0 }, AWAY: { result: 'L', points: 0 } });
  });

  it('SC-07 variant (R-VI.C.2.3.2): HOME reaches 3 at 20:14: no forfeit; the match starts at 20:15 under VI.A', () => {
    const m = lateEvening(5);
    m.arrive(HOME, ['H3'], at('20:14'));
    expect(m.no(AWAY, claim, at('20:15')).rule).toBe('R-VII.H.1');
    m.clock = at('20:15');
    declare(m, AWAY, 1, [slot('M1', 'A1', 'A2'), slot('M2', 'A3', 'A4')]);
    declare(m, HOME, 1, [answer('H1', 'H2'), answer('H3')]);
    expect(m.state.rounds[0]!.declarations.HOME!.short).toBe(true);
    expect(m.state.outcome).toBeNull();
  });
});
