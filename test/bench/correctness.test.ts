import { describe, expect, it } from 'vitest';
import { correctness, describeProblems, type Correctness } from '../../bench/correctness';

/** What `npm run bench` reports as gone wrong (bench/correctness.ts): every window counts, the disturbed ones too. */

const clean: Correctness = {
  lostEvents: 0,
  clientsBehind: 0,
  duplicateEvents: 0,
  outOfOrder: 0,
  outOfOrderCaptains: 0,
  malformed: 0,
  eventsBeforeSnapshot: 0,
  disconnects: 0,
  ackTimeouts: 0,
};

describe('the correctness totals of a target', () => {
  it('are all 0 when no generator saw anything wrong', () => {
    expect(correctness([clean, clean, clean])).toEqual(clean);
    expect(describeProblems(correctness([clean]))).toBe('');
  });

  it('add up every field over the windows given, measured or measured again', () => {
    const measured = [clean, { ...clean, outOfOrder: 1 }];
    const disturbed = [{ ...clean, duplicateEvents: 2, lostEvents: 3, clientsBehind: 1 }, { ...clean, disconnects: 1, ackTimeouts: 4 }];
    const total = correctness([...measured, ...disturbed]);
    expect(total).toEqual({ ...clean, outOfOrder: 1, duplicateEvents: 2, lostEvents: 3, clientsBehind: 1, disconnects: 1, ackTimeouts: 4 });
    expect(describeProblems(total)).toBe('lostEvents 3, clientsBehind 1, duplicateEvents 2, outOfOrder 1, disconnects 1, ackTimeouts 4');
  });

  it('names every field of a generator report, so none is left out of the sum', () => {
    for (const field of Object.keys(clean) as (keyof Correctness)[]) {
      expect(correctness([{ ...clean, [field]: 1 }])[field]).toBe(1);
    }
  });
});
