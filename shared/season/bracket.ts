import type { Venue } from '../league';
import { addDays, type LocalDate, WEEKDAY_NAMES, weekdayOf } from './calendar';
import { type RankedVenue, rankNeutralVenues } from './neutralVenues';
import { type LeagueMatchResult, winnerTeam } from './results';
import { progressText, type RegularSeasonProgress } from './regularSeasonEnd';
import type { ScheduledMatch } from './schedule';
import type { Season } from './season';
import type { ConferenceStandings, UnresolvedTie } from './standings';
import type { SeasonTeam } from './teams';
import { refusal, type RuleCheck } from './verdict';

/**
 * R-V.A: a conference's playoffs. Seeds come from the final regular-season standings (R-V.A.3.2); the bracket is
 * single elimination (R-V.A.3.1) with standard seeding, 1 v lowest, 2 v second-lowest, and byes to the top seeds
 * when the field is not a power of two (OQ-24). The higher seed is HOME in every round (R-V.A.3.3.2, R-V.A.3.4.2).
 */

export interface Seed {
  seed: number;
  teamId: string;
}

export interface BracketMatch {
  round: number;
  slot: number;
  isFinal: boolean;
  /** The higher seed once both teams are known; with a bye, the seed that goes through. */
  home: Seed | null;
  away: Seed | null;
  /** Only one team in this slot by design: it advances without playing (OQ-24). */
  bye: boolean;
  matchId: string | null;
  date: LocalDate | null;
  winner: Seed | null;
}

export interface Bracket {
  conferenceId: string;
  /** Field size rounded up to a power of two. */
  size: number;
  seeds: Seed[];
  rounds: BracketMatch[][];
  champion: Seed | null;
}

/** Standard bracket positions: 1 and 2 can only meet in the final, 1-4 only in the semi-finals, and so on. */
export function seedPositions(size: number): number[] {
  let order = [1];
  for (let n = 2; n <= size; n *= 2) order = order.flatMap((s) => [s, n + 1 - s]);
  return order;
}

export function bracketSize(teams: number): number {
  let size = 1;
  while (size < teams) size *= 2;
  return size;
}

const higherFirst = (a: Seed | null, b: Seed | null): [Seed | null, Seed | null] =>
  a && b ? (a.seed < b.seed ? [a, b] : [b, a]) : [a ?? b, null];

export function buildBracket(
  conferenceId: string,
  seeds: readonly Seed[],
  playoffMatches: readonly ScheduledMatch[],
  results: ReadonlyMap<string, LeagueMatchResult>,
): Bracket {
  const size = bracketSize(seeds.length);
  const bySeed = new Map(seeds.map((s) => [s.seed, s]));
  const totalRounds = Math.log2(size);
  const scheduled = (round: number, slot: number) =>
    playoffMatches.find((m) => m.kind === 'PLAYOFF' && m.bracket?.conferenceId === conferenceId && m.bracket.round === round && m.bracket.slot === slot);

  const rounds: BracketMatch[][] = [];
  const positions = seedPositions(size);
  for (let round = 1; round <= totalRounds; round++) {
    const count = size / 2 ** round;
    const matches: BracketMatch[] = [];
    for (let slot = 0; slot < count; slot++) {
      let a: Seed | null;
      let b: Seed | null;
      let bye: boolean;
      if (round === 1) {
        a = bySeed.get(positions[2 * slot]!) ?? null;
        b = bySeed.get(positions[2 * slot + 1]!) ?? null;
        bye = (a === null) !== (b === null);
      } else {
        a = rounds[round - 2]![2 * slot]!.winner;
        b = rounds[round - 2]![2 * slot + 1]!.winner;
        bye = false;
      }
      const [home, away] = higherFirst(a, b);
      const match = scheduled(round, slot) ?? null;
      let winner: Seed | null = null;
      if (bye) winner = home;
      else if (match && home && away) {
        const result = results.get(match.id);
        const team = result ? winnerTeam(result) : null;
        winner = team === home.teamId ? home : team === away.teamId ? away : null;
      }
      matches.push({ round, slot, isFinal: round === totalRounds, home, away: bye ? null : away, bye, matchId: match?.id ?? null, date: match?.date ?? null, winner });
    }
    rounds.push(matches);
  }
  const final = rounds[rounds.length - 1]?.[0];
  return { conferenceId, size, seeds: [...seeds], rounds, champion: final?.winner ?? null };
}

export type SeedingStatus =
  /** Final seeds: the regular season is over and no tie at or above the cut-off is left. */
  | { kind: 'SEEDED'; seeds: Seed[] }
  /**
   * The regular season is not over (still running, or results missing after its end date): the seeds as the
   * standings stand now, ties included, and why they are not final yet.
   */
  | { kind: 'PROVISIONAL'; seeds: Seed[]; ties: UnresolvedTie[]; why: Exclude<RegularSeasonProgress, { kind: 'OVER' }> }
  /** Over, but a tie at or above the cut-off waits for a tie-breaker match (R-IV.A.5) or an official's order (OQ-24b). */
  | { kind: 'BLOCKED'; ties: UnresolvedTie[] };

/** R-V.A.1 / R-V.A.3.2: the top `qualifiers` teams of the final regular-season standings, seeded in order. */
export function seedsFrom(standings: ConferenceStandings, regularSeason: RegularSeasonProgress): SeedingStatus {
  const q = Math.min(standings.qualifiers, standings.rows.length);
  const seeds = standings.rows.slice(0, q).map((r, i) => ({ seed: i + 1, teamId: r.teamId }));
  const blocking = standings.ties.filter((t) => t.from <= q);
  if (regularSeason.kind !== 'OVER') return { kind: 'PROVISIONAL', seeds, ties: blocking, why: regularSeason };
  if (blocking.length > 0) return { kind: 'BLOCKED', ties: blocking };
  return { kind: 'SEEDED', seeds };
}

/**
 * Checks a playoff match against its bracket slot: the slot exists and is not a bye, both teams are known, the
 * higher seed is HOME (R-V.A.3.3.2 / R-V.A.3.4.2); before the final, on the conference's match night
 * (R-V.A.3.3.1) at the higher seed's home venue (R-V.A.3.3.2). The final's venue is the commissioner's pick
 * (R-V.A.3.4.1, R-V.C.2).
 */
export function checkPlayoffMatch(season: Season, match: ScheduledMatch, seeding: SeedingStatus, bracket: Bracket | null, teams: ReadonlyMap<string, SeasonTeam>, schedule: readonly ScheduledMatch[]): RuleCheck {
  const slot = match.bracket;
  if (!slot) return refusal('R-V.A.3.1', 'A playoff match names its bracket slot (conference, round, slot).', 'NO_SLOT');
  if (seeding.kind === 'BLOCKED') {
    return refusal('R-V.A.3.2', 'Seeds are not settled: a tie left after R-IV.A.1-4 must be decided first (R-IV.A.5, OQ-24b).', 'SEEDS_OPEN');
  }
  if (seeding.kind === 'PROVISIONAL') return refusal('R-V.A.3.2', `Seeds come from the final regular-season standings. ${progressText(seeding.why)}`, 'SEEDS_OPEN');
  if (!bracket) return refusal('R-V.A.3.2', 'Seeds come from the final regular-season standings, which are not settled yet.', 'SEEDS_OPEN');
  const bm = bracket.rounds[slot.round - 1]?.[slot.slot];
  if (!bm) return refusal('R-V.A.3.1', `The ${slot.conferenceId} bracket has no round ${slot.round} slot ${slot.slot}.`, 'NO_SLOT');
  if (bm.bye) return refusal('R-V.A.3.1', `${teamName(teams, bm.home?.teamId)} has a bye in this slot: there is no match to play.`, 'BYE');
  if (!bm.home || !bm.away) return refusal('R-V.A.3.1', 'The teams of this slot are not known yet: the earlier round is not decided.', 'NOT_READY');
  const homeRule = bm.isFinal ? 'R-V.A.3.4.2' : 'R-V.A.3.3.2';
  if (match.homeTeamId !== bm.home.teamId || match.awayTeamId !== bm.away.teamId) {
    return refusal(homeRule, `The higher seed is HOME: ${teamName(teams, bm.home.teamId)} (seed ${bm.home.seed}) hosts ${teamName(teams, bm.away.teamId)} (seed ${bm.away.seed}).`, 'HOME_SEED');
  }
  const other = schedule.find((m) => m.id !== match.id && m.kind === 'PLAYOFF' && m.bracket?.conferenceId === slot.conferenceId && m.bracket.round === slot.round && m.bracket.slot === slot.slot);
  if (other) return refusal('R-V.A.3.1', `This slot is already scheduled as match ${other.id}.`, 'SLOT_TAKEN');
  if (!bm.isFinal) {
    const weekday = season.conferences.find((c) => c.id === slot.conferenceId)?.matchWeekday;
    if (weekday && weekdayOf(match.date) !== weekday) {
      return refusal('R-V.A.3.3.1', `Playoff rounds before the final are played on the league's match night, ${WEEKDAY_NAMES[weekday]}; ${match.date} is a ${WEEKDAY_NAMES[weekdayOf(match.date)]}.`, 'WRONG_NIGHT');
    }
    const home = teams.get(match.homeTeamId);
    if (home && match.venueId !== home.homeVenueId) {
      return refusal('R-V.A.3.3.2', `Before the final the match is at the higher seed's home venue (${home.homeVenueId}).`, 'WRONG_VENUE');
    }
  }
  return null;
}

const teamName = (teams: ReadonlyMap<string, SeasonTeam>, id: string | undefined) => (id ? teams.get(id)?.name ?? id : 'a team');

export interface FinalVenues {
  /** The final's match, once both finalists are known. */
  teamIds: [string, string];
  venues: RankedVenue[];
  /** OQ-41: the venue is chosen within four days after the match that decided the finalists. */
  chooseBy: LocalDate | null;
}

/** R-V.C.1 for the final of a bracket, with the OQ-41 deadline; null until both finalists are known. */
export function finalVenues(bracket: Bracket, teams: ReadonlyMap<string, SeasonTeam>, venues: readonly Venue[], schedule: readonly ScheduledMatch[]): FinalVenues | null {
  const final = bracket.rounds[bracket.rounds.length - 1]?.[0];
  if (!final?.home || !final.away) return null;
  const ids: [string, string] = [final.home.teamId, final.away.teamId];
  const homes = ids.map((id) => teams.get(id)?.homeVenueId).filter((v): v is string => v !== undefined);
  const played = schedule
    .filter((m) => m.kind === 'PLAYOFF' && m.id !== final.matchId && (ids.includes(m.homeTeamId) || ids.includes(m.awayTeamId)))
    .map((m) => m.venueId);
  const feeders = bracket.rounds.length > 1 ? bracket.rounds[bracket.rounds.length - 2]! : [];
  const deciding = feeders.filter((f) => !f.bye && f.date !== null).map((f) => f.date!).sort();
  const last = deciding[deciding.length - 1];
  return { teamIds: ids, venues: rankNeutralVenues(venues, homes, played), chooseBy: last ? addDays(last, 4) : null };
}
