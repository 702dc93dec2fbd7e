import { z } from 'zod';
import { IdSchema } from '../league';
import { LeagueSettingsSchema } from '../settings';
import { LocalDateSchema, WeekdaySchema } from './calendar';

/**
 * A season: its conferences, the regular-season dates, the league time zone and every league-level choice the
 * rules leave open (the catalogue's OQ defaults), kept as settings rather than constants.
 */

export const ConferenceSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  /**
   * The conference's regular match night: playoff rounds before the final are played on it (R-V.A.3.3.1) and a
   * standings tie-breaker match after a bye week is proposed on it (R-IV.A.5.1).
   */
  matchWeekday: WeekdaySchema,
});
export type Conference = z.infer<typeof ConferenceSchema>;

export const SeasonSettingsSchema = z.object({
  /** R-V.A.1: teams per conference that qualify for the playoffs (never fewer than 6). */
  playoffQualifiers: z.number().int().min(6).max(64).default(6),
  /** R-IV.A.5.1 / R-IV.A.5.2: whether a bye week separates the regular season from the playoffs. */
  byeWeekBeforePlayoffs: z.boolean().default(false),
  /** R-II.C.3: roster changes for day D are accepted until this local time on D (minutes after midnight). */
  rosterDeadlineMinutes: z.number().int().min(0).max(24 * 60 - 1).default(16 * 60),
  /** OQ-22b: also require a tie-breaker match when an unresolved tie only decides a playoff seed. */
  tieBreakerForSeeds: z.boolean().default(false),
  /** Rules of play carried into every match setup of the season (round order, start time, ...). */
  match: LeagueSettingsSchema.default(LeagueSettingsSchema.parse({})),
});
export type SeasonSettings = z.infer<typeof SeasonSettingsSchema>;

/** R-II.B.2: the season's top-150 list, built once from the rankings recorded on the reference date. */
export const RestrictedListSchema = z.object({
  referenceDate: LocalDateSchema,
  builtAt: z.number().int().nonnegative(),
  playerIds: z.array(IdSchema).max(2000),
});
export type RestrictedList = z.infer<typeof RestrictedListSchema>;

/**
 * The order of teams still tied after R-IV.A.1-4, as settled by a standings tie-breaker match (R-IV.A.5) or, for a
 * tie that only decides a seed, recorded by a league official (OQ-24b).
 */
export const TieOrderSchema = z.object({
  conferenceId: IdSchema,
  teamIds: z.array(IdSchema).min(2).max(64),
  source: z.enum(['TIEBREAKER_MATCH', 'OFFICIAL']),
  note: z.string().max(500).default(''),
});
export type TieOrder = z.infer<typeof TieOrderSchema>;

export const SeasonSchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(80),
    /** IANA name of the league's time zone (OQ-27b): deadlines and start times are read in it. */
    timeZone: z.string().min(1).max(64),
    conferences: z.array(ConferenceSchema).min(1).max(20),
    regularSeason: z.object({ start: LocalDateSchema, end: LocalDateSchema }),
    restrictedList: RestrictedListSchema.nullable().default(null),
    tieOrders: z.array(TieOrderSchema).max(200).default([]),
    settings: SeasonSettingsSchema.default(SeasonSettingsSchema.parse({})),
  })
  .refine((s) => s.regularSeason.start <= s.regularSeason.end, { message: 'the regular season must end on or after its start', path: ['regularSeason'] })
  .refine((s) => new Set(s.conferences.map((c) => c.id)).size === s.conferences.length, { message: 'conference ids must be unique', path: ['conferences'] });
export type Season = z.infer<typeof SeasonSchema>;
export type SeasonInput = z.input<typeof SeasonSchema>;

export function conferenceOf(season: Season, conferenceId: string): Conference | undefined {
  return season.conferences.find((c) => c.id === conferenceId);
}
