import { z } from 'zod';

/**
 * League calendar arithmetic without a clock or a time-zone database: civil dates are 'YYYY-MM-DD' strings and
 * day numbers (days since 1970-01-01); the league's time zone comes in as a `LeagueZone` the caller supplies
 * (the server builds one from the IANA name, tests use a fixed offset), so the rules stay pure and repeatable.
 */

export const LocalDateSchema = z.iso.date();
/** A civil date in the league's time zone, 'YYYY-MM-DD'. */
export type LocalDate = string;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MON: 'Monday', TUE: 'Tuesday', WED: 'Wednesday', THU: 'Thursday', FRI: 'Friday', SAT: 'Saturday', SUN: 'Sunday',
};

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The inverse of daysFromCivil. */
export function civilFromDays(n: number): { y: number; m: number; d: number } {
  const z0 = n + 719_468;
  const era = Math.floor(z0 / 146_097);
  const doe = z0 - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function dayNumber(date: LocalDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return daysFromCivil(y, m, d);
}

export function dateOfDay(n: number): LocalDate {
  const { y, m, d } = civilFromDays(n);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

export const addDays = (date: LocalDate, days: number): LocalDate => dateOfDay(dayNumber(date) + days);

/** 1970-01-01 was a Thursday. */
export function weekdayOf(date: LocalDate): Weekday {
  const mondayBased = (((dayNumber(date) + 3) % 7) + 7) % 7;
  return WEEKDAYS[mondayBased]!;
}

/** The first date strictly after `date` that falls on `weekday`. */
export function nextWeekdayAfter(date: LocalDate, weekday: Weekday): LocalDate {
  const from = dayNumber(date);
  const target = WEEKDAYS.indexOf(weekday);
  const current = WEEKDAYS.indexOf(weekdayOf(date));
  const ahead = ((target - current + 7) % 7) || 7;
  return dateOfDay(from + ahead);
}

/** ISO dates compare correctly as strings; this names the intent. */
export const compareDates = (a: LocalDate, b: LocalDate): number => (a < b ? -1 : a > b ? 1 : 0);
export const laterDate = (a: LocalDate, b: LocalDate): LocalDate => (a >= b ? a : b);

/**
 * The league's time zone as the rules need it: the offset of local time from UTC at an instant. Offsets change
 * with daylight saving time, so it is a function of the instant, never a constant.
 */
export interface LeagueZone {
  name: string;
  offsetMinutesAt(epochMs: number): number;
}

/** A zone that never changes its offset (tests, or leagues that think in UTC). */
export function fixedOffsetZone(offsetMinutes: number, name = `UTC${offsetMinutes >= 0 ? '+' : '-'}${pad(Math.abs(offsetMinutes) / 60, 2)}`): LeagueZone {
  return { name, offsetMinutesAt: () => offsetMinutes };
}

export interface LocalTime {
  date: LocalDate;
  /** Milliseconds since local midnight. */
  msOfDay: number;
}

/** The league-local civil date and time of an instant (unambiguous: one instant has one local reading). */
export function localTimeOf(epochMs: number, zone: LeagueZone): LocalTime {
  const local = epochMs + zone.offsetMinutesAt(epochMs) * MS_PER_MINUTE;
  const day = Math.floor(local / MS_PER_DAY);
  return { date: dateOfDay(day), msOfDay: local - day * MS_PER_DAY };
}

/**
 * The instant at which league-local time reads `date` at `minutes` after midnight. Two passes settle the offset
 * around a daylight-saving change; league times (16:00, 20:00) are never inside a skipped hour in practice.
 */
export function instantOfLocal(date: LocalDate, minutes: number, zone: LeagueZone): number {
  const asUtc = dayNumber(date) * MS_PER_DAY + minutes * MS_PER_MINUTE;
  const first = asUtc - zone.offsetMinutesAt(asUtc) * MS_PER_MINUTE;
  return asUtc - zone.offsetMinutesAt(first) * MS_PER_MINUTE;
}

/** 'HH:MM' of minutes after midnight, for messages. */
export const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
