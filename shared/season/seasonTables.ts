import type { Venue } from '../league';
import { type Bracket, buildBracket, type FinalVenues, finalVenues, type SeedingStatus, seedsFrom } from './bracket';
import { type LeagueMatchResult, winnerTeam } from './results';
import type { ScheduledMatch } from './schedule';
import { type RegularSeasonProgress, regularSeasonProgress } from './regularSeasonEnd';
import type { LocalDate } from './calendar';
import type { Season, TieOrder } from './season';
import { computeStandings, type ConferenceStandings } from './standings';
import type { SeasonTeam } from './teams';
import { type TieBreakerProposal, tieBreakerProposals } from './tieBreakerMatch';
import { refusal, type RuleCheck } from './verdict';

/**
 * The season's tables as the pages show them: standings per conference (R-IV.A) and brackets (R-V.A). While the
 * regular season runs, the bracket is a preview drawn from the standings as they stand.
 */

export interface SeasonData {
  season: Season;
  teams: readonly SeasonTeam[];
  venues: readonly Venue[];
  schedule: readonly ScheduledMatch[];
  /** Counted results (CALC-4) by match id. */
  results: ReadonlyMap<string, LeagueMatchResult>;
  /** Today in the league's zone (the caller reads the clock): the regular season ends by date (regularSeasonEnd.ts). */
  today: LocalDate;
}

export interface ConferenceTable extends ConferenceStandings {
  name: string;
  /** Whether the standings are final (R-V.A.3.2): the end date has passed and every regular-season match counts. */
  regularSeason: RegularSeasonProgress;
  /** R-IV.A.5: "tie-breaker match required", with its proposed date and ranked neutral venues. */
  tieBreakers: TieBreakerProposal[];
}

export interface ConferenceBracket {
  conferenceId: string;
  seeding: SeedingStatus;
  bracket: Bracket | null;
  finalVenues: FinalVenues | null;
}

/** R-IV.A.5 / OQ-22: a decided standings tie-breaker match orders its two teams (winner first). */
export function tieOrdersFromMatches(data: SeasonData): TieOrder[] {
  const teams = new Map(data.teams.map((t) => [t.id, t]));
  const orders: TieOrder[] = [];
  for (const m of data.schedule) {
    if (m.kind !== 'TIEBREAKER') continue;
    const r = data.results.get(m.id);
    const winner = r ? winnerTeam(r) : null;
    const conferenceId = teams.get(m.homeTeamId)?.conferenceId;
    if (!winner || !conferenceId) continue;
    const loser = winner === m.homeTeamId ? m.awayTeamId : m.homeTeamId;
    orders.push({ conferenceId, teamIds: [winner, loser], source: 'TIEBREAKER_MATCH', note: `tie-breaker match ${m.id}` });
  }
  return orders;
}

export function seasonStandings(data: SeasonData): ConferenceTable[] {
  const results = [...data.results.values()];
  const tieOrders = [...data.season.tieOrders, ...tieOrdersFromMatches(data)];
  const teams = new Map(data.teams.map((t) => [t.id, t]));
  return data.season.conferences.map((c) => {
    const teamIds = data.teams.filter((t) => t.conferenceId === c.id).map((t) => t.id);
    const standings = computeStandings({
      conferenceId: c.id,
      teamIds,
      results,
      qualifiers: data.season.settings.playoffQualifiers,
      tieOrders,
      tieBreakerForSeeds: data.season.settings.tieBreakerForSeeds,
    });
    return {
      ...standings,
      name: c.name,
      regularSeason: regularSeasonProgress(data.season, data.schedule, data.results, new Set(teamIds), data.today),
      tieBreakers: tieBreakerProposals(data.season, c.id, standings.ties, teams, data.venues, data.schedule),
    };
  });
}

export function seasonBrackets(data: SeasonData, tables: readonly ConferenceTable[]): ConferenceBracket[] {
  const teams = new Map(data.teams.map((t) => [t.id, t]));
  return tables.map((t) => {
    const seeding = seedsFrom(t, t.regularSeason);
    if (seeding.kind === 'BLOCKED') return { conferenceId: t.conferenceId, seeding, bracket: null, finalVenues: null };
    const bracket = buildBracket(t.conferenceId, seeding.seeds, data.schedule, data.results);
    return { conferenceId: t.conferenceId, seeding, bracket, finalVenues: finalVenues(bracket, teams, data.venues, data.schedule) };
  });
}

/** Teams in the playoffs of any conference, once seeds are final (R-VII.P.2 needs them). */
export function qualifiedTeams(brackets: readonly ConferenceBracket[]): Set<string> {
  const ids = new Set<string>();
  for (const b of brackets) if (b.seeding.kind === 'SEEDED') for (const s of b.seeding.seeds) ids.add(s.teamId);
  return ids;
}

/**
 * A recorded order must settle a tie that exists now. An official's order may settle a tie that only decides
 * seeds (OQ-24b), never one that calls for a tie-breaker match (R-IV.A.5.4), whose result is what orders it.
 */
export function checkTieOrder(order: TieOrder, tables: readonly ConferenceTable[]): RuleCheck {
  const table = tables.find((t) => t.conferenceId === order.conferenceId);
  const tie = table?.ties.find((t) => t.teamIds.length === order.teamIds.length && t.teamIds.every((id) => order.teamIds.includes(id)));
  if (!tie) return refusal('R-IV.A.5', 'These teams are not tied after R-IV.A.1-4 in that conference.', 'NOT_TIED');
  if (order.source === 'OFFICIAL' && tie.tieBreakerMatchRequired) {
    return refusal('R-IV.A.5.4', 'This tie has playoff implications: a tie-breaker match decides it, not an official order.', 'MATCH_REQUIRED');
  }
  return null;
}

/** R-IV.A.5.4: a standings tie-breaker match is scheduled only between teams of a tie that requires one. */
export function checkTieBreakerMatch(match: ScheduledMatch, tables: readonly ConferenceTable[]): RuleCheck {
  const required = tables.flatMap((t) => t.ties.filter((x) => x.tieBreakerMatchRequired));
  const ok = required.some((t) => t.teamIds.includes(match.homeTeamId) && t.teamIds.includes(match.awayTeamId));
  if (!ok) return refusal('R-IV.A.5.4', 'A tie-breaker match is played only between teams tied after R-IV.A.1-4 when the tie has playoff implications.', 'NOT_REQUIRED');
  return null;
}
