import type { Player, Team, Venue } from '../league';
import { type MatchSetup, MatchSetupSchema } from '../match';
import type { MatchState } from '../state';
import { instantOfLocal, type LeagueZone } from './calendar';
import { playoffTwoTeamBar, playersInLineups, teamsOfPlayerOn } from './multipleTeams';
import type { LeaguePlayer } from './people';
import { playoffRoster } from './playoffRoster';
import { rosterOn, type SeasonRosters } from './roster';
import type { ScheduledMatch } from './schedule';
import type { Season } from './season';
import type { SeasonTeam } from './teams';
import { granted, refused, type Verdict } from './verdict';

/**
 * Turns a scheduled match into the setup its match room starts from: each team's roster in force that day
 * (R-II.C.3, R-II.A.5) or, after the regular season, the frozen playoff roster (R-V.B.1); the top-150 flags of the
 * season list (R-II.B.2); the players the league bars from playoff lineups, with the rule (R-V.B.1.2, R-VII.P.2,
 * R-VII.P.3.1) so the engine refuses them by name; and 20:00 (the season's start time) in the league time zone.
 */

export interface TonightMatch {
  matchId: string;
  label: string;
  state: MatchState;
}

export interface SetupInput {
  season: Season;
  match: ScheduledMatch;
  teams: ReadonlyMap<string, SeasonTeam>;
  rosters: SeasonRosters;
  players: ReadonlyMap<string, LeaguePlayer>;
  venue: Venue;
  zone: LeagueZone;
  /** R-II.B.2: everyone restricted this season (restrictedPlayers()). */
  restricted: ReadonlySet<string>;
  /** Playoff matches only. */
  playoff?: {
    /** R-V.B.1.2: per team, the players active for the playoffs. */
    active: ReadonlyMap<string, ReadonlySet<string>>;
    /** Teams in this season's playoffs, all conferences (R-VII.P.2). */
    qualified: ReadonlySet<string>;
    /** Other matches the same evening (R-VII.P.3.1). */
    tonight: readonly TonightMatch[];
  };
}

export function buildMatchSetup(input: SetupInput): Verdict<MatchSetup> {
  const { season, match } = input;
  const home = input.teams.get(match.homeTeamId);
  const away = input.teams.get(match.awayTeamId);
  if (!home || !away) return refused('SCHEDULE', 'Both teams of the match must be teams of the season.', 'UNKNOWN_TEAM');
  const homeTeam = teamFor(input, home);
  if (!homeTeam.ok) return homeTeam;
  const awayTeam = teamFor(input, away);
  if (!awayTeam.ok) return awayTeam;
  const settings = season.settings.match;
  return granted(
    MatchSetupSchema.parse({
      matchId: match.id,
      home: homeTeam.value,
      away: awayTeam.value,
      venue: input.venue,
      scheduledStart: instantOfLocal(match.date, settings.startMinutes, input.zone),
      // OQ-22: a standings tie-breaker match is a normal match; only bracket matches are playoff matches (R-V.A.2).
      playoff: match.kind === 'PLAYOFF',
      settings,
    }),
  );
}

function teamFor(input: SetupInput, team: SeasonTeam): Verdict<Team> {
  const { season, match } = input;
  const members = match.kind === 'REGULAR' ? rosterOn(input.rosters.teams[team.id], match.date) : playoffRoster(season, input.rosters.teams[team.id]);
  if (members.length === 0) return refused('R-II.0.1', `${team.name} has no roster in force on ${match.date}: register the team first.`, 'NOT_REGISTERED');
  const players: Player[] = members.map((m) => {
    const person = input.players.get(m.playerId);
    return {
      id: m.playerId,
      name: person?.name ?? m.playerId,
      status: m.status,
      captain: m.captain,
      ifpaRank: person?.ifpaRank ?? null,
      restricted: input.restricted.has(m.playerId),
      ineligible: match.kind === 'PLAYOFF' ? playoffBar(input, team, m.playerId) : null,
    };
  });
  return granted({ id: team.id, name: team.name, players });
}

function playoffBar(input: SetupInput, team: SeasonTeam, playerId: string): { rule: string; reason: string } | null {
  const p = input.playoff;
  if (!p) return null;
  if (!p.active.get(team.id)?.has(playerId)) {
    return { rule: 'R-V.B.1.2', reason: `did not play in a regular-season match for ${team.name}` };
  }
  const otherTeams = teamsOfPlayerOn(playerId, input.season.regularSeason.end, input.rosters)
    .filter((id) => id !== team.id)
    .map((id) => input.teams.get(id))
    .filter((t): t is SeasonTeam => t !== undefined);
  const twoTeams = playoffTwoTeamBar(team, otherTeams, p.qualified);
  if (twoTeams) return twoTeams;
  const busy = p.tonight.find((m) => m.matchId !== input.match.id && playersInLineups(m.state).has(playerId));
  if (busy) return { rule: 'R-VII.P.3.1', reason: `already in a lineup of ${busy.label} tonight` };
  return null;
}
