import { z } from 'zod';

/**
 * League settings: every choice the league text leaves open (the catalogue's OQ-xx defaults) is a setting here,
 * not a constant in the rules code, so a league can change it. Defaults are the catalogue's.
 */
export const LeagueSettingsSchema = z.object({
  /** OQ-01: order of the four rounds. Round 1 is always doubles (R-III.0.1). */
  roundOrder: z.enum(['DDSS', 'DSDS']).default('DDSS'),
  /** OQ-02: equal game totals are replayed (the only supported choice so far). */
  equalScores: z.literal('REPLAY').default('REPLAY'),
  /** R-III.A.1: scheduled start, minutes after midnight league time (20:00). */
  startMinutes: z.number().int().min(0).max(24 * 60 - 1).default(20 * 60),
  /** R-VI.C.2.1 / R-VI.C.2.2: waiting window and its optional extension, minutes. */
  waitMinutes: z.number().int().min(0).max(120).default(15),
  extraWaitMinutes: z.number().int().min(0).max(120).default(15),
  /** OQ-09 (b): refuse a lineup that makes the minimum play requirement impossible, or only warn. */
  minimumPlayLineupCheck: z.enum(['REFUSE', 'WARN']).default('REFUSE'),
  /** OQ-19: the next round may be declared only when every game of the previous round has an outcome. */
  declareAfterPreviousRoundEnds: z.boolean().default(true),
  /** OQ-28: declaring round 1 before the scheduled start needs both captains' agreement. */
  earlyStartNeedsAgreement: z.boolean().default(true),
  /** R-VII.D.3.4: hours to send the challenge report. */
  challengeReportHours: z.number().int().min(1).max(24 * 14).default(24),
  /** R-VII.R.1: the table-selection limit, minutes. */
  selectionLimitMinutes: z.number().int().min(1).max(60).default(5),
  /** A score above this is refused as a keying error (a client also warns far below it). */
  maxScore: z.number().int().positive().default(999_999_999_999),
});
export type LeagueSettings = z.infer<typeof LeagueSettingsSchema>;

export const DEFAULT_SETTINGS: LeagueSettings = LeagueSettingsSchema.parse({});
