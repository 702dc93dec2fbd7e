import type { RosterEdit } from '$shared/season/index';

/** A roster edit as a captain says it: "add Jo Nudge (reserve)", not "ADD P9 RESERVE". */
export function describeEdit(e: RosterEdit, nameOf: (id: string) => string): string {
  const who = nameOf(e.playerId);
  switch (e.op) {
    case 'ADD':
      return `add ${who} (${e.status === 'RESERVE' ? 'reserve' : 'starter'}${e.captain ? ', captain' : ''})`;
    case 'DROP':
      return `drop ${who}`;
    case 'SET_STATUS':
      return `${who} becomes a ${e.status === 'RESERVE' ? 'reserve' : 'starter'}`;
    case 'SET_CAPTAIN':
      return e.captain ? `${who} becomes a captain` : `${who} is no longer a captain`;
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** "Mon 30 Nov" for a league date (YYYY-MM-DD), read as a calendar day whatever the phone's zone. */
export function dayText(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
}
