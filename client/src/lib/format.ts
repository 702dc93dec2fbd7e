import type { MatchState } from '$shared/index';

/** Numbers and times the way a scoresheet shows them. */

const grouped = new Intl.NumberFormat('en-US');

/** 12345670 -> "12,345,670". */
export const score = (n: number): string => grouped.format(n);

/** "mm:ss" (or "h:mm:ss") of a positive duration. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/**
 * A league clock reading ("19:45", the engine's `clock`) back to epoch ms on the match night: the nearest such time
 * to the scheduled start (within 12 hours either side).
 */
export function fromClock(state: MatchState, hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  let diff = minutes - state.setup.settings.startMinutes;
  if (diff > 720) diff -= 1440;
  if (diff < -720) diff += 1440;
  return state.setup.scheduledStart + diff * 60_000;
}

/**
 * Arrival and departure times are kept to the minute of the league clock (the minutes counted from the scheduled
 * start), so a phone a few seconds ahead of the server never records the future, and the time shown is the one kept.
 */
export function toMinute(state: MatchState, ms: number): number {
  const start = state.setup.scheduledStart;
  return start + Math.floor((ms - start) / 60_000) * 60_000;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
