import type { PayloadOf } from '../commands';
import { other } from '../league';
import { type Ctx, matchOpen, workingMachineIds } from './context';
import { allGames } from '../views/outcome';
import { accept, type Decision, refuse } from './refusal';

/** R-VII.A (closed venue), R-VII.L.2.8 (no working machine) and R-VII.N (moving matches). */

/** R-VII.A.1: the captains record the move and the new venue, whose machines replace the old ones for the match. */
export function relocate(ctx: Ctx, p: PayloadOf<'relocate'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  // The same choice has two rules: a closed venue (R-VII.A.1.3) and a venue whose machines all failed (R-VII.L.2.8.1.3).
  const closedVenue = p.cause === 'VENUE_CLOSED';
  if (side !== 'HOME') return refuse(closedVenue ? 'R-VII.A.1.3' : 'R-VII.L.2.8.1.3', 'HOME decides where the match moves.', 'NOT_CHOOSER');
  if (p.cause === 'NO_WORKING_MACHINE' && workingMachineIds(state).length > 0) {
    return refuse('R-VII.N.1', 'At least one machine still works here: the match must be played at this venue.', 'MACHINES_WORK');
  }
  if (!p.leagueVenue && p.reason.trim() === '') {
    return refuse(closedVenue ? 'R-VII.A.1.2' : 'R-VII.L.2.8.1.2', 'The match must move to a regular league venue; say why that is not possible.', 'REASON_MISSING');
  }
  // Declared games that have not started go to the new venue's machines, chosen again by their FD.
  const unseated = allGames(state).filter((g) => g.startedAt === null && g.machineId !== null).map((g) => ({ round: g.round, game: g.game }));
  return accept({ type: 'Relocated', at, by: side, cause: p.cause, venueName: p.venueName, leagueVenue: p.leagueVenue, reason: p.reason, machines: p.machines, unseated });
}

/** R-VII.A.1.5: a team that will not move (or leaves instead of settling it) forfeits; the other wins with 12. */
export function recordRefusalToMove(ctx: Ctx): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  // It hands the other team a 0 v 12 loss on one captain's word, so it needs a move on the table: HOME has recorded
  // the new venue, or no machine works here any more. A walk-out before that is for the league to rule on.
  if (!ctx.state.relocatedTo && workingMachineIds(ctx.state).length > 0) {
    return refuse('R-VII.A.1.5', 'Nothing is moving yet: HOME records the new venue first (or no machine works here any more).', 'NO_MOVE');
  }
  return accept({ type: 'RefusalToMoveRecorded', at: ctx.at, by: ctx.side, refusing: other(ctx.side) });
}

/** R-VII.N.2.1: teams that changed venue without cause: HOME forfeits, AWAY wins with 12. Recorded by an official. */
export function recordImproperMove(state: Ctx['state'], at: number, _p: PayloadOf<'recordImproperMove'>): Decision {
  if (state.outcome) return refuse('CALC-3', 'The match already has a whole-match outcome.', 'MATCH_CLOSED');
  return accept({ type: 'ImproperMoveRecorded', at, by: 'LEAGUE' });
}
