import type { MatchState } from '../state';
import { type LocalDate, WEEKDAY_NAMES } from './calendar';
import { rosterOn, type SeasonRosters, type TeamRoster } from './roster';
import type { SeasonTeam } from './teams';
import { refusal, type RuleCheck } from './verdict';

/** R-VII.P: a player on more than one team. */

export const MAX_TEAMS_PER_SEASON = 2;

/**
 * Teams whose roster in force on `date` holds the player. Only current rosters count: a team the player was
 * dropped from no longer does (OQ-31). `override` replaces one team's roster (the change being checked).
 */
export function teamsOfPlayerOn(
  playerId: string,
  date: LocalDate,
  rosters: SeasonRosters,
  override?: TeamRoster,
): string[] {
  const histories = { ...rosters.teams, ...(override ? { [override.teamId]: override } : {}) };
  return Object.keys(histories)
    .sort()
    .filter((teamId) => rosterOn(histories[teamId], date).some((m) => m.playerId === playerId));
}

/**
 * R-VII.P.1: after adding `playerId` to `changed` from `from` on, the player is on at most two teams at every date,
 * and those teams play on different weekdays. Memberships only change on batch dates, so checking `from` and every
 * later batch date of the season covers every day.
 */
export function checkTwoTeamLimit(
  playerId: string,
  from: LocalDate,
  changed: TeamRoster,
  rosters: SeasonRosters,
  teams: readonly SeasonTeam[],
  nameOf: (playerId: string) => string,
): RuleCheck {
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const dates = new Set<LocalDate>([from]);
  for (const history of [...Object.values(rosters.teams), changed]) {
    for (const b of history.batches) if (b.effective > from) dates.add(b.effective);
  }
  for (const date of [...dates].sort()) {
    const on = teamsOfPlayerOn(playerId, date, rosters, changed);
    if (!on.includes(changed.teamId)) continue;
    const others = on.filter((id) => id !== changed.teamId).map((id) => teamById.get(id)?.name ?? id);
    if (on.length > MAX_TEAMS_PER_SEASON) {
      return refusal('R-VII.P.1', `${nameOf(playerId)} is already on two teams this season (${others.join(', ')}) on ${date}: a player may be on at most two.`, 'TWO_TEAMS');
    }
    const weekdays = on.map((id) => teamById.get(id)?.weekday);
    const clash = on.find((id, i) => id !== changed.teamId && weekdays[i] === teamById.get(changed.teamId)?.weekday);
    if (clash) {
      const day = teamById.get(clash)!.weekday;
      return refusal('R-VII.P.1', `${nameOf(playerId)} is on ${teamById.get(clash)!.name}, which also plays on ${WEEKDAY_NAMES[day]}: a player's two teams must play on different weekdays.`, 'TWO_TEAMS');
    }
  }
  return null;
}

/** R-VII.P.1 again when a team moves to another weekday: none of its players may then share it with their other team. */
export function checkWeekdayChange(team: SeasonTeam, rosters: SeasonRosters, teams: readonly SeasonTeam[], nameOf: (playerId: string) => string): RuleCheck {
  const others = teams.filter((t) => t.id !== team.id);
  const histories = Object.values(rosters.teams);
  const dates = [...new Set(histories.flatMap((h) => h.batches.map((b) => b.effective)))].sort();
  for (const date of dates) {
    for (const m of rosterOn(rosters.teams[team.id], date)) {
      const clash = others.find((o) => o.weekday === team.weekday && rosterOn(rosters.teams[o.id], date).some((x) => x.playerId === m.playerId));
      if (clash) {
        return refusal('R-VII.P.1', `${nameOf(m.playerId)} also plays for ${clash.name} on ${WEEKDAY_NAMES[team.weekday]}: a player's two teams must play on different weekdays.`, 'TWO_TEAMS');
      }
    }
  }
  return null;
}

/**
 * R-VII.P.2 / R-VII.P.3: whether a two-team player may be written into playoff lineups of `team`. Both teams in
 * the playoffs of the same conference (the same trophy): not for either. Different conferences: for both, one
 * match per evening (R-VII.P.3.1, enforced by eveningConflict at declaration time).
 */
export function playoffTwoTeamBar(
  team: SeasonTeam,
  playersOtherTeams: readonly SeasonTeam[],
  qualified: ReadonlySet<string>,
): { rule: string; reason: string } | null {
  for (const other of playersOtherTeams) {
    if (other.id === team.id || !qualified.has(other.id) || !qualified.has(team.id)) continue;
    if (other.conferenceId === team.conferenceId) {
      return { rule: 'R-VII.P.2', reason: `also on ${other.name}, which is in the same conference's playoffs` };
    }
  }
  return null;
}

/** The players written into any lineup of a match so far (declared games, re-declarations, the tie-breaker). */
export function playersInLineups(state: MatchState): Set<string> {
  const ids = new Set<string>();
  for (const r of state.rounds) {
    for (const g of r.games) for (const side of ['HOME', 'AWAY'] as const) for (const p of g.players[side]) ids.add(p);
  }
  for (const side of ['HOME', 'AWAY'] as const) for (const p of state.tiebreaker?.players[side] ?? []) ids.add(p);
  return ids;
}

/**
 * R-VII.P.3.1 (and INV-23: one lineup per player per calendar day): a player already written into a lineup of
 * another match the same evening cannot be written into this one. `others` are that evening's other matches.
 */
export function eveningConflict(
  playerIds: readonly string[],
  others: readonly { matchId: string; label: string; state: MatchState }[],
  nameOf: (playerId: string) => string,
): RuleCheck {
  for (const other of others) {
    const taken = playersInLineups(other.state);
    const clash = playerIds.find((p) => taken.has(p));
    if (clash) {
      return refusal('R-VII.P.3.1', `${nameOf(clash)} is already in a lineup of ${other.label} tonight: a player on two teams plays in only one of their matches on an evening.`, 'TWO_TEAMS');
    }
  }
  return null;
}
