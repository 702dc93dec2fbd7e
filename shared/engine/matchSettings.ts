import type { PayloadOf } from '../commands';
import { allGames } from '../views/outcome';
import { type Ctx, matchOpen } from './context';
import { accept, type Check, type Decision, refuse } from './refusal';

/** R-VII.F: extra-ball and ball-count options HOME may set at small venues; R-VII.R: the selection time limit. */

function homeMaySet(ctx: Ctx, rule: string): Check {
  const { state, side } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  if (side !== 'HOME') return refuse(rule, 'Only HOME sets this.', 'NOT_CHOOSER');
  if (state.setup.playoff && rule === 'R-VII.F.1') return refuse('R-V.A.2', 'Playoff matches are played with one extra ball (OQ-23).', 'PLAYOFF');
  // OQ-39: the machines available for league play at the start of the match.
  const machines = state.setup.venue.machines.length;
  if (machines > 3) return refuse(rule, `This venue has ${machines} machines: the option is only for venues with 1 to 3.`, 'TOO_MANY_MACHINES');
  // A game moved off a failed machine loses its start time but was started all the same (generation > 0).
  if (allGames(state).some((g) => g.startedAt !== null || g.generation > 0)) return refuse(rule, 'The first game has started: this had to be set before.', 'TOO_LATE');
  return null;
}

export function setExtraBall(ctx: Ctx, p: PayloadOf<'setExtraBall'>): Decision {
  const bad = homeMaySet(ctx, 'R-VII.F.1');
  if (bad) return bad;
  return accept({ type: 'ExtraBallSet', at: ctx.at, by: ctx.side, extraBall: p.extraBall });
}

export function setBallLimit(ctx: Ctx, p: PayloadOf<'setBallLimit'>): Decision {
  const bad = homeMaySet(ctx, 'R-VII.F.2');
  if (bad) return bad;
  return accept({ type: 'BallLimitSet', at: ctx.at, by: ctx.side, maxThreeBalls: p.maxThreeBalls });
}

export function enableTimeLimit(ctx: Ctx): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  if (ctx.state.timeLimitSince !== null) return refuse('R-VII.R.1', 'The time limit is already on.', 'ALREADY_DONE');
  return accept({ type: 'TimeLimitEnabled', at: ctx.at, by: ctx.side });
}
