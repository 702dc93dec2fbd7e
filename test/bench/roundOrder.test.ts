import { describe, expect, it } from 'vitest';
import { MAIN_TARGETS, roundOrder } from '../../bench/roundOrder';

/**
 * The order in which a session's targets take their windows (bench/roundOrder.ts). The goal's ratio compares two
 * targets of one session, so the places that measured slower on some hosts (the session's first window after
 * connecting, a second window right after a target's own) must not fall on one of them only.
 */

/** Every round's order, one after the other: the sequence of windows a session measures. */
const windows = <T>(targets: readonly T[], rounds: number): T[] => Array.from({ length: rounds }, (_, r) => roundOrder(targets, r)).flat();

describe("a session's window order", () => {
  const main = MAIN_TARGETS;

  it('has the three targets of the main session', () => {
    expect([...main].sort()).toEqual(['bare', 'bare-durable', 'ours']);
  });

  it('gives every target one window per round', () => {
    for (let r = 0; r < 6; r++) expect([...roundOrder(main, r)].sort()).toEqual([...main].sort());
  });

  it('never gives a target of three two windows in a row', () => {
    const seq = windows(main, 4);
    for (let i = 1; i < seq.length; i++) expect(seq[i], `windows ${i} and ${i + 1}`).not.toBe(seq[i - 1]);
  });

  it('gives ours and the bare relay the same first places in the main session, and the first window to neither', () => {
    const firsts = Array.from({ length: 4 }, (_, r) => roundOrder(main, r)[0]);
    expect(firsts[0]).toBe('bare-durable');
    expect(firsts.filter((t) => t === 'ours')).toHaveLength(1);
    expect(firsts.filter((t) => t === 'bare')).toHaveLength(1);
  });

  it('alternates two targets and leaves one alone as it is', () => {
    expect(windows(['ours', 'bare'], 4)).toEqual(['ours', 'bare', 'bare', 'ours', 'ours', 'bare', 'bare', 'ours']);
    expect(windows(['ours'], 3)).toEqual(['ours', 'ours', 'ours']);
    expect(roundOrder([], 2)).toEqual([]);
  });
});
