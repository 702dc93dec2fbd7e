import { describe, expect, it } from 'vitest';
import type { Notice } from '../../client/src/live/matchRoom.svelte';
import { decide, recheckNotices, type CheckedTap } from '../../client/src/live/rules';
import { CommandSchema, type Command, type Refusal } from '../../shared/index';
import { answerLineup, AWAY, firstLineup, HOME, readyMatch } from '../engine/harness';

/**
 * A tap refused by the phone's own copy of the rules is checked again as the phone catches up
 * (client/src/live/rules.ts). The phone here is HOME's captain; its state is the engine harness's match, moved on as
 * the server's events would move it.
 */
function phone() {
  const m = readyMatch();
  const answer = CommandSchema.parse(answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
  const check = (command: Command): Refusal | null => {
    const d = decide(m.state, { ...command, at: m.clock }, { role: 'captain', side: HOME });
    return d.ok ? null : d.refusal;
  };
  const sent: { command: Command; label: string; force: boolean | undefined }[] = [];
  const act = (command: Command, label: string, force?: boolean) => void sent.push({ command, label, force });
  const refusal = check(answer)!;
  const notices: Notice[] = [
    { id: 1, kind: 'refused', label: 'Score', rule: 'R-X', message: 'from the server' },
    { id: 2, kind: 'checked', label: 'Declare answer for round 1', rule: refusal.rule, message: refusal.message, send: () => undefined },
  ];
  const taps = new Map<number, CheckedTap>([[2, { command: answer, label: 'Declare answer for round 1' }]]);
  return { m, answer, check, act, sent, refusal, notices, taps };
}

describe('a tap refused on the phone, checked again', () => {
  it('R-III.B.3: the answer before the first declarer stays refused, with nothing changed, until AWAY declares', () => {
    const p = phone();
    expect(p.refusal.rule).toBe('R-III.B.3');
    expect(recheckNotices(p.notices, p.taps, p.check, p.act)).toBeNull();
  });

  it('turns "allowed" once AWAY declares, and sends the tap as it was made only when asked, checked again', () => {
    const p = phone();
    p.m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    const next = recheckNotices(p.notices, p.taps, p.check, p.act)!;
    expect(next[0]).toBe(p.notices[0]); // the server's refusal is not the phone's to change
    expect(next[1]).toMatchObject({ id: 2, kind: 'allowed', label: 'Declare answer for round 1' });
    expect(next[1]!.rule).toBeUndefined();
    expect(p.sent).toEqual([]);
    next[1]!.send!();
    expect(p.sent).toEqual([{ command: p.answer, label: 'Declare answer for round 1', force: undefined }]);
    // Allowed and still allowed: nothing to change.
    expect(recheckNotices(next, p.taps, p.check, p.act)).toBeNull();
  });

  it('shows the new reason when the tap is refused for another one by now (declared by another tap)', () => {
    const p = phone();
    p.m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    const allowed = recheckNotices(p.notices, p.taps, p.check, p.act)!;
    p.m.ok(HOME, answerLineup(1, ['H3', 'H4'], ['H1', 'H2']));
    const now = p.check(p.answer)!;
    expect(now.rule).not.toBe('R-III.B.3');
    const next = recheckNotices(allowed, p.taps, p.check, p.act)!;
    expect(next[1]).toMatchObject({ id: 2, kind: 'checked', rule: now.rule, message: now.message });
    next[1]!.send!();
    expect(p.sent).toEqual([{ command: p.answer, label: 'Declare answer for round 1', force: true }]);
  });

  it('forgets the taps of notices no longer shown (dismissed, or pushed out by newer ones)', () => {
    const p = phone();
    p.m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    expect(recheckNotices([p.notices[0]!], p.taps, p.check, p.act)).toBeNull();
    expect(p.taps.size).toBe(0);
  });

  it('leaves every notice as it is while the rules are not loaded', () => {
    const p = phone();
    p.m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
    expect(recheckNotices(p.notices, p.taps, () => undefined, p.act)).toBeNull();
  });
});
