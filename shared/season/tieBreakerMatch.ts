import type { Venue } from '../league';
import { addDays, type LocalDate, nextWeekdayAfter } from './calendar';
import { type RankedVenue, rankNeutralVenues } from './neutralVenues';
import { lastRegularMatchDates, type ScheduledMatch } from './schedule';
import type { Season } from './season';
import type { UnresolvedTie } from './standings';
import type { SeasonTeam } from './teams';

/**
 * R-IV.A.5: the standings tie-breaker match a tie with playoff implications calls for, with the date the rules
 * propose and the neutral venues ranked as for a final (R-IV.A.5.3 -> R-V.C.1).
 */
export interface TieBreakerProposal {
  teamIds: string[];
  proposedDate: LocalDate;
  /** Which rule gave the date. */
  dateRule: 'R-IV.A.5.1' | 'R-IV.A.5.2';
  venues: RankedVenue[];
}

/**
 * R-IV.A.5.1: with a bye week, the conference's match night in the week after the regular season.
 * R-IV.A.5.2: otherwise two nights after the tied teams' last regular-season match (the later one when they
 * differ); with nothing scheduled, two nights after the end of the regular season. `lastDateOf` gives a team's last
 * regular-season match date (lastRegularMatchDates).
 */
export function proposedTieBreakerDate(
  season: Season,
  conferenceId: string,
  teamIds: readonly string[],
  lastDateOf: (teamId: string) => LocalDate | null,
): { date: LocalDate; rule: 'R-IV.A.5.1' | 'R-IV.A.5.2' } {
  const conference = season.conferences.find((c) => c.id === conferenceId);
  if (season.settings.byeWeekBeforePlayoffs && conference) {
    return { date: nextWeekdayAfter(season.regularSeason.end, conference.matchWeekday), rule: 'R-IV.A.5.1' };
  }
  let last: LocalDate | null = null;
  for (const id of teamIds) {
    const d = lastDateOf(id);
    if (d !== null && (last === null || d > last)) last = d;
  }
  return { date: addDays(last ?? season.regularSeason.end, 2), rule: 'R-IV.A.5.2' };
}

export function tieBreakerProposals(
  season: Season,
  conferenceId: string,
  ties: readonly UnresolvedTie[],
  teams: ReadonlyMap<string, SeasonTeam>,
  venues: readonly Venue[],
  schedule: readonly ScheduledMatch[],
): TieBreakerProposal[] {
  const required = ties.filter((t) => t.tieBreakerMatchRequired);
  // Once per conference, not once per tied team: in a season's first week every team of a conference is tied.
  const lastDateOf = required.length > 0 ? lastRegularMatchDates(schedule) : () => null;
  return required
    .map((t) => {
      const { date, rule } = proposedTieBreakerDate(season, conferenceId, t.teamIds, lastDateOf);
      const homes = t.teamIds.map((id) => teams.get(id)?.homeVenueId).filter((v): v is string => v !== undefined);
      return { teamIds: t.teamIds, proposedDate: date, dateRule: rule, venues: rankNeutralVenues(venues, homes, []) };
    });
}
