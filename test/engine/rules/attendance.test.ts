import { describe, expect, it } from 'vitest';
import { clock, gameOutcome, windowCloses } from '../../../shared';
import { answerLineup, at, AWAY, firstLineup, HOME, Match } from '../harness';

/** Start time, waiting window and attendance (R-III.0.3, R-III.A, R-VI.0.1, R-VI.C.1-2, OQ-12, OQ-28). */

const r1 = firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']);

/** HOME has `home` players present from 19:55, AWAY A1-A5. */
function present(home: number, away = 5) {
  const m = new Match();
  m.arrive(HOME, Array.from({ length: home }, (_, i) => `H${i + 1}`), at('19:55'));
  m.arrive(AWAY, Array.from({ length: away }, (_, i) => `A${i + 1}`), at('19:55'));
  return m;
}

const proposeDelay = (m: Match, time: string) => {
  m.ok(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at(time));
  return m.state.proposals[m.state.proposals.length - 1]!.id;
};

describe('how many players a team needs (R-III.0.3, R-VI.0.1)', () => {
  it('R-III.0.3: 4 present play normally, exactly 3 play the round short', () => {
    const four = present(4);
    four.ok(AWAY, r1, at('20:00'));
    four.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']), at('20:00'));
    expect(four.state.rounds[0]!.declarations.HOME!.short).toBe(false);
    const three = present(3);
    three.ok(AWAY, r1, at('20:15'));
    three.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']), at('20:15'));
    expect(three.state.rounds[0]!.declarations.HOME!.short).toBe(true);
  });

  it('R-III.0.3: fewer than 3 at the close is a forfeit, not a match', () => {
    const m = present(2);
    expect(m.no(AWAY, r1, at('20:15')).rule).toBe('R-VI.C.2.3.1');
    m.ok(AWAY, { type: 'claimForfeit', payload: {} }, at('20:15'));
    expect(m.state.outcome).toEqual({ kind: 'FORFEIT', forfeiting: HOME, fullEvening: false });
  });

  it('R-VI.0.1: 4 normal, 3 at a penalty, under 3 at the close a forfeit, counted per team', () => {
    const start = (n: number) => {
      const m = present(n);
      const d = m.send(AWAY, r1, at('20:15'));
      if (!d.ok) return d.refusal.rule;
      m.ok(HOME, answerLineup(1, ['H1', 'H2'], n === 3 ? ['H3'] : ['H3', 'H4']), at('20:15'));
      return m.state.rounds[0]!.declarations.HOME!.short ? 'penalty' : 'normal';
    };
    const counts = [2, 3, 4].map(start);
    expect(counts).toEqual(['R-VI.C.2.3.1', 'penalty', 'normal']);
  });
});

describe('start time and waiting window (R-III.A, R-VI.C.2)', () => {
  it('R-III.A.1: the match is scheduled at 20:00; declaring earlier needs both captains (OQ-28)', () => {
    const m = present(4);
    expect(clock(m.state, m.state.setup.scheduledStart)).toBe('20:00');
    expect(m.no(AWAY, r1, at('19:58')).rule).toBe('OQ-28');
    m.ok(AWAY, { type: 'propose', payload: { kind: 'EARLY_START' } }, at('19:57'));
    m.ok(HOME, { type: 'accept', payload: { proposalId: m.state.proposals[0]!.id } }, at('19:57'));
    m.ok(AWAY, r1, at('19:58'));
  });

  it('R-III.A.1: the league sets its own start time; the window counts from it', () => {
    const m = new Match({ settings: { startMinutes: 19 * 60 + 30 } });
    expect(clock(m.state, m.state.setup.scheduledStart)).toBe('19:30');
    expect(clock(m.state, windowCloses(m.state))).toBe('19:45');
  });

  it('R-III.A.2: the window closes at 20:15, or 20:30 once the extension is agreed, never later', () => {
    const m = present(3);
    expect(windowCloses(m.state)).toBe(at('20:15'));
    const id = proposeDelay(m, '20:05');
    m.ok(AWAY, { type: 'accept', payload: { proposalId: id } }, at('20:06'));
    expect(windowCloses(m.state)).toBe(at('20:30'));
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at('20:07')).rule).toBe('R-VI.C.2.2');
  });

  it('R-VI.C.2: with 4 present on each side the match starts on time; with a team short, it waits', () => {
    const full = present(4);
    full.ok(AWAY, r1, at('20:00'));
    const short = present(3);
    expect(short.no(AWAY, r1, at('20:00')).rule).toBe('R-VI.C.2.1');
  });

  it('R-VI.C.2.1: until 20:15 neither round 1 nor a forfeit claim, unless both teams reach 4 (SC-07 step 1)', () => {
    const m = present(2);
    expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:10')).rule).toBe('R-VI.C.2.1');
    expect(m.no(AWAY, r1, at('20:14')).rule).toBe('R-VI.C.2.1');
    m.arrive(HOME, ['H3', 'H4'], at('20:07'));
    m.ok(AWAY, r1, at('20:08'));
  });

  it('R-VI.C.2.2: the agreed extension keeps both teams waiting until 20:30', () => {
    const m = present(3);
    const id = proposeDelay(m, '20:12');
    m.ok(AWAY, { type: 'accept', payload: { proposalId: id } }, at('20:12'));
    expect(m.no(AWAY, r1, at('20:20')).rule).toBe('R-VI.C.2.1');
    m.ok(AWAY, r1, at('20:30'));
  });

  it('R-VI.C.2.2.1: the extension needs both captains, before the first window closes', () => {
    const m = present(3);
    const id = proposeDelay(m, '20:12');
    expect(windowCloses(m.state)).toBe(at('20:15'));
    expect(m.no(AWAY, { type: 'accept', payload: { proposalId: id } }, at('20:16')).rule).toBe('R-VI.C.2.2.1');
    expect(m.no(HOME, { type: 'propose', payload: { kind: 'EXTRA_DELAY' } }, at('20:16')).rule).toBe('R-VI.C.2.2.1');
    expect(windowCloses(m.state)).toBe(at('20:15'));
    m.ok(AWAY, r1, at('20:16'));
  });

  it('R-VI.C.2.3: at 20:15 the match goes ahead with a team of 3, and a forfeit claim against it is refused', () => {
    const m = present(3);
    expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:15')).rule).toBe('R-VII.H.1');
    m.ok(AWAY, r1, at('20:15'));
  });

  it('R-VI.C.2.3.1: a team with fewer than 3 at the close forfeits on the opponent\'s claim', () => {
    const m = present(2);
    expect(m.no(AWAY, r1, at('20:15')).rule).toBe('R-VI.C.2.3.1');
    m.ok(AWAY, { type: 'claimForfeit', payload: {} }, at('20:16'));
    expect(m.state.outcome).toEqual({ kind: 'FORFEIT', forfeiting: HOME, fullEvening: false });
  });

  it('R-VI.C.2.3.2: a team of exactly 3 at the close plays at a penalty', () => {
    const m = present(3);
    m.ok(AWAY, r1, at('20:15'));
    expect(m.no(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']), at('20:15')).rule).toBe('R-VI.A.2.1');
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3']), at('20:15'));
    expect(m.state.rounds[0]!.declarations.HOME!.short).toBe(true);
  });

  it('R-VI.C.2.3 / OQ-12: once AWAY has started the match, HOME answers even after dropping to 2; the empty game is forfeited', () => {
    const m = present(3);
    m.ok(AWAY, r1, at('20:15'));
    m.ok(HOME, { type: 'markDeparted', payload: { playerId: 'H3', time: at('20:16') } }, at('20:16'));
    expect(m.no(HOME, answerLineup(1, ['H1'], []), at('20:17')).rule).toBe('OQ-12');
    m.ok(HOME, answerLineup(1, ['H1', 'H2'], []), at('20:17'));
    expect(gameOutcome(m.state, m.game(1, 2))).toEqual({ kind: 'FORFEIT_WIN', side: AWAY });
    expect(m.no(AWAY, { type: 'claimForfeit', payload: {} }, at('20:18')).rule).toBe('R-VII.H.1');
  });
});

describe('who can be written in (R-VI.C.1.2)', () => {
  it('R-VI.C.1.2: only present players are written in; a late player once marked present', () => {
    const m = present(4, 4);
    m.clock = at('20:01');
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A5'])).rule).toBe('R-VI.C.1.2');
    expect(m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'H5'])).rule).toBe('R-VI.C.1.2');
    m.arrive(AWAY, ['A5'], at('20:01'));
    m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A5']));
  });

  it('R-VI.C.1.2: a player marked as having left cannot be written in', () => {
    const m = present(4, 5);
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A5', time: at('20:00') } }, at('20:00'));
    const r = m.no(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A5']), at('20:01'));
    expect(r.rule).toBe('R-VI.C.1.2');
  });

  it('R-VI.C.3: arrivals and departures are recorded with their times; correcting an arrival keeps the departure', () => {
    const m = present(4, 5);
    m.ok(AWAY, { type: 'markDeparted', payload: { playerId: 'A5', time: at('20:40') } }, at('20:41'));
    m.ok(AWAY, { type: 'markArrived', payload: { playerId: 'A5', time: at('19:40') } }, at('20:42'));
    expect(m.state.attendance.AWAY.A5).toEqual({ arrivedAt: at('19:40'), departedAt: at('20:40') });
    expect(m.no(AWAY, { type: 'markArrived', payload: { playerId: 'A5', time: at('20:45') } }, at('20:45')).rule).toBe('R-VI.C.3');
    expect(m.no(HOME, { type: 'markArrived', payload: { playerId: 'A6', time: at('20:45') } }, at('20:45')).rule).toBe('R-VI.C.1.2');
  });
});
