import { z } from 'zod';
import { IdSchema, type Side, SideSchema } from '../league';
import type { MatchState } from '../state';
import { matchResult, standingsEntry } from '../views/outcome';
import type { ScheduledMatch } from './schedule';
import { granted, refused, type Verdict } from './verdict';

/**
 * How a match ends up in the league tables (CALC-4): once its scoresheet is final (both teams signed) or ruled in the
 * room, or once a league official records a whole-match result or a ruling here. An official's record here takes
 * precedence over the sheet.
 */

export interface LeagueMatchResult {
  matchId: string;
  kind: ScheduledMatch['kind'];
  date: string;
  homeTeamId: string;
  awayTeamId: string;
  /** null: both teams take a loss (double forfeit, OQ-13; both refused to play on with equal points, R-VII.D.4.2). */
  winner: Side | null;
  points: Record<Side, number>;
  how: string;
  source: 'SCORESHEET' | 'COMMISSIONER';
}

const points = z.number().int().min(0).max(16);

/** Whole-match results only a league official records (CALC-3), and the ruling on a challenged match (R-VII.D.2.4). */
export const CommissionerResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('FORFEIT'),
    forfeiting: SideSchema,
    /** R-VII.H.1.3: the attending team stayed and played the evening with at least 4 players. */
    fullEvening: z.boolean().default(false),
    attendingPresent: z.number().int().min(0).max(30).nullable().default(null),
  }),
  z.object({ kind: z.literal('DOUBLE_FORFEIT') }),
  z.object({ kind: z.literal('REFUSED_TO_MOVE'), refusing: SideSchema }),
  z.object({ kind: z.literal('IMPROPER_MOVE') }),
  z.object({
    kind: z.literal('RULING'),
    ruling: z.string().min(1).max(2000),
    decision: z.discriminatedUnion('kind', [
      /** The scoresheet stands as played. */
      z.object({ kind: z.literal('AS_PLAYED') }),
      z.object({ kind: z.literal('SET'), winner: SideSchema, points: z.object({ HOME: points, AWAY: points }) }),
    ]),
  }),
]);
export type CommissionerResult = z.infer<typeof CommissionerResultSchema>;
export type CommissionerResultInput = z.input<typeof CommissionerResultSchema>;

export const RecordedResultSchema = z.object({
  matchId: IdSchema,
  seasonId: IdSchema,
  result: CommissionerResultSchema,
  note: z.string().max(1000).default(''),
  recordedAt: z.number().int().nonnegative(),
});
export type RecordedResult = z.infer<typeof RecordedResultSchema>;

export interface Decided {
  winner: Side | null;
  points: Record<Side, number>;
  how: string;
}

const win = (winner: Side, pts: number, how: string): Decided => ({
  winner,
  points: { HOME: winner === 'HOME' ? pts : 0, AWAY: winner === 'AWAY' ? pts : 0 },
  how,
});
const opponent = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

/**
 * What a commissioner's record means for the tables, or a refusal when the record contradicts the rules. `state`
 * is the match room's state, if the room was opened (a ruling needs it).
 */
export function decideCommissionerResult(result: CommissionerResult, state: MatchState | null): Verdict<Decided> {
  switch (result.kind) {
    case 'FORFEIT': {
      if (result.fullEvening && (result.attendingPresent ?? 0) < 4) {
        return refused('R-VII.H.1.3', 'The 3 extra points are for a team that stayed and played the evening with at least 4 players; record how many were present.', 'TOO_FEW_PLAYERS');
      }
      // R-VII.H.1.1 / R-VII.H.1.2: the forfeiting team loses with 0, the attending team wins with 9 (12 for a full evening).
      return granted(win(opponent(result.forfeiting), result.fullEvening ? 12 : 9, result.fullEvening ? 'forfeit, full evening played (R-VII.H.1.3)' : 'forfeit (R-VII.H.1)'));
    }
    case 'DOUBLE_FORFEIT':
      return granted({ winner: null, points: { HOME: 0, AWAY: 0 }, how: 'double forfeit: two losses (OQ-13)' });
    case 'REFUSED_TO_MOVE':
      return granted(win(opponent(result.refusing), 12, 'refusal to move (R-VII.A.1.5)'));
    case 'IMPROPER_MOVE':
      // R-VII.N.2.1.1 / R-VII.N.2.1.2: HOME forfeits with 0, AWAY wins with 12.
      return granted(win('AWAY', 12, 'improper move of the match (R-VII.N.2.1)'));
    case 'RULING':
      return decideRuling(result, state);
    default: {
      const never: never = result;
      return never;
    }
  }
}

function decideRuling(result: Extract<CommissionerResult, { kind: 'RULING' }>, state: MatchState | null): Verdict<Decided> {
  if (!state || state.challenges.length === 0) {
    return refused('R-VII.D.2.4', 'There is no challenge in this match to rule on; record a whole-match result instead.', 'NOT_CHALLENGED');
  }
  if (result.decision.kind === 'AS_PLAYED') {
    const played = matchResult(state);
    if (played.status !== 'DECIDED') return refused('CALC-3', 'The scoresheet has no result as played: set the result of the ruling.', 'NO_RESULT');
    return granted({ winner: played.winner, points: played.points, how: `ruling: stands as played (R-VII.D.2.4): ${result.ruling}` });
  }
  const { winner, points: pts } = result.decision;
  if (pts.HOME + pts.AWAY > 16) return refused('INV-04', 'A match distributes at most 16 match points.', 'BAD_POINTS');
  if (pts[winner] < pts[opponent(winner)]) return refused('R-III.0.2', 'The winner of a match is the team with more match points (equal points go to the tie-breaker).', 'BAD_POINTS');
  return granted({ winner, points: pts, how: `ruling (R-VII.D.2.4): ${result.ruling}` });
}

/**
 * CALC-4 from the scoresheet, as the engine reads it (standingsEntry): final once both teams signed, or ruled by an
 * official in the room. A sheet with no winner and no double forfeit (both refused to play on with equal points,
 * R-VII.D.4.2) counts only once an official records the result here.
 */
export function sheetResult(state: MatchState): Decided | null {
  // States are never changed in place (the engine folds into new ones), so a state's result is computed once: the
  // league's season reads share the snapshots of settled rooms from one page view to the next (roomStates.ts).
  const known = sheetResults.get(state);
  if (known !== undefined) return known;
  const result = computeSheetResult(state);
  sheetResults.set(state, result);
  return result;
}

const sheetResults = new WeakMap<MatchState, Decided | null>();

function computeSheetResult(state: MatchState): Decided | null {
  // standingsEntry first: it is null for every room still under way, which then costs no matchResult (a season page
  // view on a league night asks this of every room that moved since the last view).
  const entry = standingsEntry(state);
  if (!entry) return null;
  const played = matchResult(state);
  if (played.status !== 'DECIDED') return null;
  if (entry.HOME.result === null && entry.AWAY.result === null) return null;
  const winner: Side | null = entry.HOME.result === 'W' ? 'HOME' : entry.AWAY.result === 'W' ? 'AWAY' : null;
  return { winner, points: { HOME: entry.HOME.points, AWAY: entry.AWAY.points }, how: played.how };
}

/** CALC-4: the result that counts for a scheduled match, or null while it does not count yet. */
export function countedResult(match: ScheduledMatch, recorded: RecordedResult | undefined, state: MatchState | null): LeagueMatchResult | null {
  const base = { matchId: match.id, kind: match.kind, date: match.date, homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId };
  if (recorded) {
    const d = decideCommissionerResult(recorded.result, state);
    if (d.ok) return { ...base, ...d.value, source: 'COMMISSIONER' };
  }
  const sheet = state ? sheetResult(state) : null;
  return sheet ? { ...base, ...sheet, source: 'SCORESHEET' } : null;
}

export const winnerTeam = (r: LeagueMatchResult): string | null =>
  r.winner === null ? null : r.winner === 'HOME' ? r.homeTeamId : r.awayTeamId;
