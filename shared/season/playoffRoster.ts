import type { Side } from '../league';
import type { MatchState } from '../state';
import { hasPlayed } from '../views/minimumPlay';
import { rosterOn, type RosterMember, type TeamRoster } from './roster';
import type { ScheduledMatch } from './schedule';
import type { Season } from './season';

/**
 * R-V.B: playoff rosters. A team's playoff roster is the roster in force in the final week of the regular season
 * (R-V.B.1); since no change is accepted after the regular season (R-V.B.1.1), that is the roster on its last day.
 */
export const playoffRoster = (season: Season, roster: TeamRoster | undefined): RosterMember[] => rosterOn(roster, season.regularSeason.end);

/**
 * R-V.B.1.2 with OQ-25: players active for the playoffs are those who played for this team in at least one
 * regular-season match, in a game slot that was played or that the opponent forfeited (the engine's own
 * minimum-play reading, OQ-09 (a)). `matches` pairs the team's regular-season schedule entries with their rooms.
 */
export function playoffActivePlayers(teamId: string, matches: readonly { match: ScheduledMatch; state: MatchState }[]): Set<string> {
  const active = new Set<string>();
  for (const { match, state } of matches) {
    if (match.kind !== 'REGULAR') continue;
    const side: Side | null = match.homeTeamId === teamId ? 'HOME' : match.awayTeamId === teamId ? 'AWAY' : null;
    if (!side) continue;
    for (const p of (side === 'HOME' ? state.setup.home : state.setup.away).players) {
      if (hasPlayed(state, side, p.id)) active.add(p.id);
    }
  }
  return active;
}
