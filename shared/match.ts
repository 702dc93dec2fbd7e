import { z } from 'zod';
import { IdSchema, TeamSchema, VenueSchema } from './league';
import { LeagueSettingsSchema } from './settings';

/** Everything the engine needs to know about a match before its first command. */
export const MatchSetupSchema = z.object({
  matchId: IdSchema,
  home: TeamSchema,
  away: TeamSchema,
  venue: VenueSchema,
  /** Epoch ms of the scheduled start (R-III.A.1), computed by the league layer in the league's time zone. */
  scheduledStart: z.number().int().nonnegative(),
  playoff: z.boolean().default(false),
  settings: LeagueSettingsSchema.default(LeagueSettingsSchema.parse({})),
});
export type MatchSetup = z.infer<typeof MatchSetupSchema>;
export type MatchSetupInput = z.input<typeof MatchSetupSchema>;
