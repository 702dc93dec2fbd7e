import type { MatchSetup } from '../../shared/index';
import {
  buildMatchSetup, playoffActivePlayers, qualifiedTeams, restrictedPlayers, type ScheduledMatch, seasonBrackets,
  seasonStandings, type Verdict, refused,
} from '../../shared/season/index';
import { type SeasonBundle, teamMap } from './seasonData';

/**
 * Gathers what buildMatchSetup needs for one scheduled match from the season's data: the restricted list, and for
 * a playoff match who is playoff-active (from the regular-season scoresheets), who qualified, and that evening's
 * other matches.
 */
export function matchSetupFor(bundle: SeasonBundle, match: ScheduledMatch): Verdict<MatchSetup> {
  const venue = bundle.venues.find((v) => v.id === match.venueId);
  if (!venue) return refused('SCHEDULE', `No venue ${match.venueId}.`, 'UNKNOWN_VENUE');
  const teams = teamMap(bundle);
  const base = {
    season: bundle.season, match, teams, rosters: bundle.rosters, players: bundle.players, venue, zone: bundle.zone,
    restricted: restrictedPlayers(bundle.season, bundle.rosters),
  };
  if (match.kind !== 'PLAYOFF') return buildMatchSetup(base);

  const played = bundle.schedule
    .filter((m) => m.kind === 'REGULAR' && bundle.states.has(m.id))
    .map((m) => ({ match: m, state: bundle.states.get(m.id)! }));
  const active = new Map([match.homeTeamId, match.awayTeamId].map((id) => [id, playoffActivePlayers(id, played)]));
  const qualified = qualifiedTeams(seasonBrackets(bundle, seasonStandings(bundle)));
  const tonight = bundle.schedule
    .filter((m) => m.id !== match.id && m.date === match.date && bundle.states.has(m.id))
    .map((m) => ({ matchId: m.id, label: `${teams.get(m.homeTeamId)?.name ?? m.homeTeamId} v ${teams.get(m.awayTeamId)?.name ?? m.awayTeamId}`, state: bundle.states.get(m.id)! }));
  return buildMatchSetup({ ...base, playoff: { active, qualified, tonight } });
}
