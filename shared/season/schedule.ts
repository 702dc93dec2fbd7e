import { z } from 'zod';
import { IdSchema } from '../league';
import type { Venue } from '../league';
import type { LocalDate } from './calendar';
import { LocalDateSchema } from './calendar';
import type { Season } from './season';
import type { SeasonTeam } from './teams';
import { refusal, type RuleCheck } from './verdict';

/**
 * The schedule: one entry per match of the season. Its id is the match room's id, so a result, a standings row
 * and a scoresheet all point to the same match. Three kinds: a regular-season match, a standings tie-breaker
 * match (R-IV.A.5) and a playoff match placed in its bracket slot (R-V.A).
 */

export const BracketSlotSchema = z.object({
  conferenceId: IdSchema,
  /** 1 = first round; the last round is the final. */
  round: z.number().int().min(1).max(8),
  /** 0-based position of the match within its round. */
  slot: z.number().int().min(0).max(127),
});
export type BracketSlot = z.infer<typeof BracketSlotSchema>;

export const ScheduledMatchSchema = z.object({
  id: IdSchema,
  seasonId: IdSchema,
  kind: z.enum(['REGULAR', 'TIEBREAKER', 'PLAYOFF']),
  date: LocalDateSchema,
  homeTeamId: IdSchema,
  awayTeamId: IdSchema,
  venueId: IdSchema,
  week: z.number().int().min(1).max(60).nullable().default(null),
  bracket: BracketSlotSchema.nullable().default(null),
  /** Set once the match room exists; the setup is then fixed and the entry can no longer be edited. */
  roomOpenedAt: z.number().int().nonnegative().nullable().default(null),
  /**
   * Set (server time) when the room let its first command through. The room writes it before that command can be
   * stored and the delete route refuses once it is set, both with compare-and-set on this entry: so a first tap and
   * the commissioner's delete racing each other cannot both win (eveningGuard.ts).
   */
  roomInUseSince: z.number().int().nonnegative().nullable().default(null),
});
export type ScheduledMatch = z.infer<typeof ScheduledMatchSchema>;
export type ScheduledMatchInput = z.input<typeof ScheduledMatchSchema>;

/** Checks every kind of match shares: the teams and venue exist, and nobody plays twice on one evening (INV-23). */
export function checkScheduledMatch(
  season: Season,
  match: ScheduledMatch,
  teams: ReadonlyMap<string, SeasonTeam>,
  venues: ReadonlyMap<string, Venue>,
  schedule: readonly ScheduledMatch[],
): RuleCheck {
  if (match.seasonId !== season.id) return refusal('SCHEDULE', `This match belongs to season ${match.seasonId}, not ${season.id}.`, 'BAD_REQUEST');
  if (match.homeTeamId === match.awayTeamId) return refusal('SCHEDULE', 'A match has two different teams, HOME and AWAY.', 'SAME_TEAM');
  for (const id of [match.homeTeamId, match.awayTeamId]) {
    if (!teams.has(id)) return refusal('SCHEDULE', `No team ${id} in ${season.name}.`, 'UNKNOWN_TEAM');
  }
  if (!venues.has(match.venueId)) return refusal('SCHEDULE', `No venue ${match.venueId}.`, 'UNKNOWN_VENUE');
  if (match.kind === 'REGULAR' && (match.date < season.regularSeason.start || match.date > season.regularSeason.end)) {
    return refusal('R-V.B.1.1', `A regular-season match is played between ${season.regularSeason.start} and ${season.regularSeason.end}.`, 'OUTSIDE_SEASON');
  }
  if (match.kind !== 'REGULAR' && match.date <= season.regularSeason.end) {
    return refusal('R-IV.A.5', 'Tie-breaker and playoff matches come after the regular season.', 'INSIDE_SEASON');
  }
  const busy = schedule.find(
    (m) => m.id !== match.id && m.date === match.date &&
      [m.homeTeamId, m.awayTeamId].some((t) => t === match.homeTeamId || t === match.awayTeamId),
  );
  if (busy) return refusal('INV-23', `${teamName(teams, busy.homeTeamId)} v ${teamName(teams, busy.awayTeamId)} is already scheduled on ${match.date}: a team plays one match an evening.`, 'TEAM_BUSY');
  return null;
}

const teamName = (teams: ReadonlyMap<string, SeasonTeam>, id: string) => teams.get(id)?.name ?? id;

/**
 * The date of each team's last regular-season match (R-IV.A.5.2), null for a team with none scheduled. One pass over
 * the schedule answers for every team: in a season's first week a standings view asks it of every team of every
 * conference (each conference is one tie).
 */
export function lastRegularMatchDates(schedule: readonly ScheduledMatch[]): (teamId: string) => LocalDate | null {
  const last = new Map<string, LocalDate>();
  for (const m of schedule) {
    if (m.kind !== 'REGULAR') continue;
    for (const id of [m.homeTeamId, m.awayTeamId]) {
      const d = last.get(id);
      if (d === undefined || m.date > d) last.set(id, m.date);
    }
  }
  return (teamId) => last.get(teamId) ?? null;
}
