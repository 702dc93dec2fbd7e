import type { LeagueZone } from '../../shared/season/index';

/**
 * The league's time zone from its IANA name, for the pure rules (which take a LeagueZone so they never read a
 * clock or a zone database themselves). Intl gives the local wall-clock reading of an instant; the offset is the
 * difference to UTC.
 */
export function intlZone(timeZone: string): LeagueZone {
  // Built once per zone: every season read asks for its zone, and building the formatter took a fifth of a
  // millisecond of each standings view (bench/HISTORY.md, "A league night"). A zone is never changed once built.
  const known = zones.get(timeZone);
  if (known) return known;
  const zone = buildZone(timeZone);
  zones.set(timeZone, zone);
  return zone;
}

/** IANA names seen by this process: a handful (one per league), never more than the names that exist. */
const zones = new Map<string, LeagueZone>();

function buildZone(timeZone: string): LeagueZone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  return {
    name: timeZone,
    offsetMinutesAt(epochMs: number): number {
      const parts = Object.fromEntries(format.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
      const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
      const floored = epochMs - (((epochMs % 1000) + 1000) % 1000);
      return Math.round((wall - floored) / 60_000);
    },
  };
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
