import { availableParallelism } from 'node:os';

/**
 * When a measured window says more about the machine than about the target: under `--wait-quiet` such a window is
 * measured again (at most MAX_REDO times, then left out: a disturbed window never counts). The same rules hold for
 * every target of a session, so a ratio compares windows measured under the same conditions.
 */

/** A window is measured again at most this often, then left out. */
export const MAX_REDO = 3;

/**
 * A window in which the stall watch (bench/stallWatch.ts, a thread of the runner) overslept this long: the machine
 * itself was held, whatever the target did. The stalls seen on some hosts were 40-130 ms. Under the bench's own load
 * the watch oversleeps too, as it waits for a core like everyone else: up to ~15 ms on most hosts, 8-24 ms on one,
 * and 25-39 ms there at 15,000 sockets and at 400-680 matches, where the load's bursts fill both cores though half a
 * core is spare on average (at 25 ms, that host's full run measured such windows again 21 times and left two out).
 * Only while the machine has a core to spare on average (STALL_SPARE_CORES): when the target and its generators
 * saturate every core (the sweep's largest points), the watch waits 20-50 ms for a core because of that very load,
 * which is the target's result, not a disturbance.
 */
export const STALL_REDO_MS = 40;
export const STALL_SPARE_CORES = 0.5;

/**
 * A window in one second of which the hypervisor ran other guests for this long while this machine had work to do
 * (/proc/stat's steal, both cores together: 300 of 2,000 ms). On the hosts that have it, steal comes in bursts that
 * the window's average of other work hides (3.5 s of steal in a 15 s window is 0.23 cores), and a burst holds the
 * target, its load generators and Redis alike. In the nineteenth host's first full run 18 of 58 windows had such a
 * second, and 12 of the 15 whose target also had quieter windows measured a fan-out p99 1.3-6.6x the median of those
 * (bench/HISTORY.md, "A nineteenth host"); on the tenth host every window with 330 ms of steal or more had stalled.
 */
export const STEAL_REDO_PEAK_MS = 300;

/**
 * A window through which the hypervisor took this much on average (ms of steal per second of window, both cores
 * together: 500 ms in a 15 s window), while the machine was at most half busy (STEAL_MEAN_MAX_BUSY_SHARE). Steal
 * spread out, with no second at STEAL_REDO_PEAK_MS, holds a light session's tail too: on the thirty-third host five
 * such windows (550-1,570 ms of steal, no second past 210 ms, at 200 and 50 matches, the server at 5-21 % of a core)
 * measured a fan-out p99 1.24-1.89x the median of their target's quiet windows, four of them past 1.3x, where 19 of
 * 88 quiet windows were. Under heavy load the guest asks for more time and steal grows with it: that host's windows
 * at 15,000 sockets and 680 matches (the server at 47-58 % of a core) took 550-1,620 ms of steal, and the two that
 * had quiet windows of their target to compare with measured 0.62 and 0.78x (bench/HISTORY.md, "A thirty-third
 * host"). How busy the machine was in those windows was not logged then (the window's log line says it since):
 * by their CPU (the server and its generators about half a core each) about one core of two, the boundary. A redo
 * costs a window's time; a window left in that should not be costs the ratio.
 */
export const STEAL_REDO_MEAN_MS_PER_S = 33;
export const STEAL_MEAN_MAX_BUSY_SHARE = 0.5;

/** What the runner measured of the machine during one window. */
export interface WindowConditions {
  /** Cores the rest of the machine used, on average (all busy CPU minus the target, its generators and Redis). */
  othersCores: number;
  /** The most steal in one second of the window (ms, both cores together). */
  stealPeakMs: number;
  /** All the steal of the window (ms, both cores together), and the window's length (ms). */
  stealMs: number;
  windowMs: number;
  /** The stall watch's longest oversleep (ms). */
  stallMs: number;
  /** Cores the whole machine kept busy, on average. */
  busyCores: number;
}

/** Why a window must be measured again under --wait-quiet (other work, the hypervisor, a stall), or null. */
export function disturbance(w: WindowConditions, quietCores: number, cores = availableParallelism()): string | null {
  if (w.othersCores > quietCores) return `other work used ${w.othersCores} cores`;
  if (w.stealPeakMs >= STEAL_REDO_PEAK_MS) return `the hypervisor took ${w.stealPeakMs} ms of one second`;
  const spare = cores - w.busyCores >= STALL_SPARE_CORES;
  if (w.stallMs >= STALL_REDO_MS && spare) return `the machine stalled for ${w.stallMs} ms`;
  const stealPerS = w.windowMs > 0 ? (w.stealMs * 1000) / w.windowMs : 0;
  const light = w.busyCores <= cores * STEAL_MEAN_MAX_BUSY_SHARE;
  return stealPerS >= STEAL_REDO_MEAN_MS_PER_S && light ? `the hypervisor took ${w.stealMs} ms over the window (${Math.round(stealPerS)} ms a second)` : null;
}
