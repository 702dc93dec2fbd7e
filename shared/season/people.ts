import { z } from 'zod';
import { IdSchema } from '../league';

/**
 * A person the league knows, across seasons: the same id on every team they join, so two-team checks (R-VII.P)
 * and grandfathering (OQ-26) can follow them. The IFPA rank is the one the league last recorded; roster changes
 * copy it at the moment they are submitted (R-II.B.1), so later updates never rewrite history.
 */
export const LeaguePlayerSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  ifpaNumber: z.number().int().positive().nullable().default(null),
  /** IFPA World Pinball Player Ranking; null when unranked. */
  ifpaRank: z.number().int().positive().nullable().default(null),
});
export type LeaguePlayer = z.infer<typeof LeaguePlayerSchema>;

/** R-II.B.1.1 / R-II.B.1.2 / R-II.B.2: the ranking thresholds the rules name. */
export const TOP_500 = 500;
export const TOP_150 = 150;

export const inTop = (rank: number | null | undefined, limit: number): boolean => rank != null && rank <= limit;
