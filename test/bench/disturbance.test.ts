import { describe, expect, it } from 'vitest';
import { disturbance, STALL_REDO_MS, STEAL_REDO_MEAN_MS_PER_S, STEAL_REDO_PEAK_MS } from '../../bench/disturbance';

/** Which windows `npm run bench -- --wait-quiet` measures again (bench/disturbance.ts), on a 2-core machine. */

const quiet = { othersCores: 0.1, stealPeakMs: 40, stealMs: 150, windowMs: 15_000, stallMs: 12, busyCores: 0.9 };

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

  it('is measured again when the hypervisor took time all through a light window, with no burst', () => {
    // The thirty-third host's main session: 1,570 ms of steal in 15 s, no second past 180 ms.
    expect(disturbance({ ...quiet, stealMs: 1570, stealPeakMs: 180 }, 0.5, 2)).toBe('the hypervisor took 1570 ms over the window (105 ms a second)');
    const atThreshold = (STEAL_REDO_MEAN_MS_PER_S * quiet.windowMs) / 1000;
    expect(disturbance({ ...quiet, stealMs: atThreshold }, 0.5, 2)).toMatch(/over the window/);
    expect(disturbance({ ...quiet, stealMs: atThreshold - 15 }, 0.5, 2)).toBeNull();
    // A 12 s window of the sweep: the rate counts, not the sum.
    expect(disturbance({ ...quiet, stealMs: 420, windowMs: 12_000 }, 0.5, 2)).toMatch(/35 ms a second/);
  });

  it('counts a window of steal spread out while the load kept more than half the machine busy', () => {
    // The thirty-third host's window at 15,000 sockets with 1,620 ms of steal was no slower than its others.
    expect(disturbance({ ...quiet, stealMs: 1620, stealPeakMs: 249, windowMs: 12_000, busyCores: 1.1 }, 0.5, 2)).toBeNull();
    expect(disturbance({ ...quiet, stealMs: 1620, stealPeakMs: 249, windowMs: 12_000, busyCores: 1 }, 0.5, 2)).toMatch(/over the window/);
  });

  it('is measured again after a stall of the machine, unless the load itself filled every core', () => {
    expect(disturbance({ ...quiet, stallMs: STALL_REDO_MS }, 0.5, 2)).toBe(`the machine stalled for ${STALL_REDO_MS} ms`);
    expect(disturbance({ ...quiet, stallMs: STALL_REDO_MS - 1 }, 0.5, 2)).toBeNull();
    expect(disturbance({ ...quiet, stallMs: 48, busyCores: 1.7 }, 0.5, 2)).toBeNull();
  });
});
