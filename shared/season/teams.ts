import { z } from 'zod';
import { IdSchema } from '../league';
import { WeekdaySchema } from './calendar';

/**
 * A team in one season. Rosters live beside it (roster.ts) because they change by dated batches; the team itself
 * holds what rarely changes: its conference, its home venue (a bar) and the weekday it plays.
 */
export const SeasonTeamSchema = z.object({
  id: IdSchema,
  seasonId: IdSchema,
  name: z.string().min(1).max(80),
  conferenceId: IdSchema,
  homeVenueId: IdSchema,
  /** The team's match night: two teams of one player must differ here (R-VII.P.1). */
  weekday: WeekdaySchema,
  /**
   * The same team in the previous season, if any: players on its final roster keep their grandfathered ranking
   * status when the team registers again (OQ-26, membership continuous across seasons).
   */
  continuesTeamId: IdSchema.nullable().default(null),
});
export type SeasonTeam = z.infer<typeof SeasonTeamSchema>;
export type SeasonTeamInput = z.input<typeof SeasonTeamSchema>;
