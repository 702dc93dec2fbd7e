/**
 * The phone's memory of a match, in localStorage: the captain token of each match link opened here, the device id,
 * the last state seen (so a page reopened in a dead spot still shows the scoresheet) and the outbox of commands not
 * yet answered. Every access is guarded: private browsing or a full quota must never break the scoresheet.
 */

const PREFIX = 'ln:';

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to do: the value was never readable either
  }
}

export const tokenKey = (matchId: string) => `token:${matchId}`;
export const stateKey = (matchId: string) => `state:${matchId}`;
export const outboxKey = (matchId: string) => `outbox:${matchId}`;
/** How far the server's clock is from this phone's (ms), from the last welcome: countdowns offline use it too. */
export const clockKey = 'clock-offset';
