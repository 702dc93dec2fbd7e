import type { LocalDate } from './calendar';
import type { LeagueMatchResult } from './results';
import type { ScheduledMatch } from './schedule';
import type { Season } from './season';

/**
 * Whether a conference's regular season is over, so that its standings are final and seed the playoffs
 * (R-V.A.3.2: seeds come from the *final* regular-season standings).
 *
 * Counting the matches on the schedule is not enough: a season is usually scheduled a few weeks at a time, so at
 * some point every match scheduled so far has a result while half the season is still to come. The season's own
 * end date is what says how long it runs (schedule.ts keeps regular-season matches inside it, and R-V.B.1.1 closes
 * roster changes after it), so the regular season is over when both hold:
 * - the end date has passed in the league's zone (a match may still be played on the end date's evening, so that
 *   day still belongs to the season), and
 * - every regular-season match of the conference's teams on the schedule counts (CALC-4): a match postponed,
 *   challenged or waiting for a forfeit ruling keeps the table open until a result is recorded or the match is
 *   taken off the schedule.
 * `today` is the caller's (the server reads its clock in the league's zone), so this stays pure.
 */
export type RegularSeasonProgress =
  | { kind: 'OVER' }
  /** The end date is not reached: more matches may be scheduled and played. */
  | { kind: 'RUNNING'; endsOn: LocalDate; uncounted: number }
  /** The end date has passed, but these scheduled matches have no result that counts yet. */
  | { kind: 'RESULTS_MISSING'; endsOn: LocalDate; uncounted: number };

export function regularSeasonProgress(
  season: Season,
  schedule: readonly ScheduledMatch[],
  results: ReadonlyMap<string, LeagueMatchResult>,
  teamIds: ReadonlySet<string>,
  today: LocalDate,
): RegularSeasonProgress {
  const uncounted = schedule.filter(
    (m) => m.kind === 'REGULAR' && (teamIds.has(m.homeTeamId) || teamIds.has(m.awayTeamId)) && !results.has(m.id),
  ).length;
  const endsOn = season.regularSeason.end;
  if (today <= endsOn) return { kind: 'RUNNING', endsOn, uncounted };
  if (uncounted > 0) return { kind: 'RESULTS_MISSING', endsOn, uncounted };
  return { kind: 'OVER' };
}

/** The progress in words, for a refusal or a page ("seeds are provisional because ..."). */
export function progressText(progress: RegularSeasonProgress): string {
  switch (progress.kind) {
    case 'OVER':
      return 'The regular season is over.';
    case 'RUNNING':
      return `The regular season runs until ${progress.endsOn}.`;
    case 'RESULTS_MISSING':
      return `The regular season ended on ${progress.endsOn}, but ${progress.uncounted} of its matches ${progress.uncounted === 1 ? 'has' : 'have'} no result that counts yet.`;
    default:
      return assertNever(progress);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
