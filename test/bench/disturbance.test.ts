import { describe, expect, it } from 'vitest';
import { disturbance, STALL_REDO_MS, STEAL_REDO_PEAK_MS } from '../../bench/disturbance';

/** Which windows `npm run bench -- --wait-quiet` measures again (bench/disturbance.ts), on a 2-core machine. */

const quiet = { othersCores: 0.1, stealPeakMs: 40, stallMs: 12, busyCores: 0.9 };

describe('a measured window under --wait-quiet', () => {
  it('counts when the machine was quiet', () => {
    expect(disturbance(quiet, 0.5, 2)).toBeNull();
  });

  it('is measured again when other work used more than the quiet threshold', () => {
    expect(disturbance({ ...quiet, othersCores: 0.6 }, 0.5, 2)).toBe('other work used 0.6 cores');
    expect(disturbance({ ...quiet, othersCores: 0.6 }, 0.7, 2)).toBeNull();
  });

  it('is measured again when the hypervisor took a burst of one second, however short on average', () => {
    expect(disturbance({ ...quiet, stealPeakMs: STEAL_REDO_PEAK_MS }, 0.5, 2)).toBe(`the hypervisor took ${STEAL_REDO_PEAK_MS} ms of one second`);
    expect(disturbance({ ...quiet, stealPeakMs: STEAL_REDO_PEAK_MS - 1 }, 0.5, 2)).toBeNull();
    // Even at the sweep's saturated points: steal is never the target's own doing.
    expect(disturbance({ ...quiet, stealPeakMs: 650, busyCores: 1.9 }, 0.5, 2)).toMatch(/hypervisor/);
  });

  it('is measured again after a stall of the machine, unless the load itself filled every core', () => {
    expect(disturbance({ ...quiet, stallMs: STALL_REDO_MS }, 0.5, 2)).toBe(`the machine stalled for ${STALL_REDO_MS} ms`);
    expect(disturbance({ ...quiet, stallMs: STALL_REDO_MS - 1 }, 0.5, 2)).toBeNull();
    expect(disturbance({ ...quiet, stallMs: 48, busyCores: 1.7 }, 0.5, 2)).toBeNull();
  });
});
