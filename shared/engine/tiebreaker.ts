import type { PayloadOf } from '../commands';
import type { MatchEvent } from '../events';
import type { Side } from '../league';
import { findPlayer, type MatchState } from '../state';
import { tiebreakerOutcome, tiebreakerRequired } from '../views/outcome';
import { isPresent, presentPlayers } from '../views/presence';
import { type Ctx, matchOpen, newId } from './context';
import { machineUnavailable } from './machines';
import { accept, type Check, type Decision, refuse } from './refusal';

/** R-III.G: one tie-breaking game at equal points; HOME chooses the format and the machine, AWAY plays first. */

/**
 * Shared Game is one standard 2-player game (R-III.G.3.1.1) whose three balls are each played by a different player
 * of the team (R-III.G.3.1.2); Split Flipper puts two players of each team on one game.
 */
const needed = (format: 'SHARED_GAME' | 'SPLIT_FLIPPER') => (format === 'SHARED_GAME' ? 3 : 2);
const FORMAT_RULE = { SHARED_GAME: 'R-III.G.3.1.2.1', SPLIT_FLIPPER: 'R-III.G.3.2.1' } as const;

function checkPlayers(state: MatchState, side: Side, ids: string[], format: 'SHARED_GAME' | 'SPLIT_FLIPPER', at: number): Check {
  const n = needed(format);
  const rule = FORMAT_RULE[format];
  if (ids.length !== n || new Set(ids).size !== n) {
    return refuse(rule, format === 'SHARED_GAME' ? 'Shared Game: name 3 different players, one for each ball, in ball order.' : 'Split Flipper: name exactly 2 players.', 'BAD_SHAPE');
  }
  for (const id of ids) {
    const p = findPlayer(state, side, id);
    if (!p) return refuse(rule, `"${id}" is not on your roster.`, 'NOT_ON_ROSTER');
    if (!isPresent(state, side, id, at)) return refuse('R-VI.C.1.2', `${p.name} is not present.`, 'NOT_PRESENT');
    // R-II.B.2.3.2: top-150 players may play tie-breakers without restriction; a league bar still applies.
    if (p.ineligible) return refuse(p.ineligible.rule, `${p.name} cannot play in this match: ${p.ineligible.reason}`, 'INELIGIBLE');
  }
  return null;
}

export function chooseTiebreaker(ctx: Ctx, p: PayloadOf<'chooseTiebreaker'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  if (!tiebreakerRequired(state)) {
    return refuse('R-III.G.1', 'A tie-breaker is played only when the points are equal after all four rounds.', 'NO_TIEBREAKER');
  }
  if (side !== 'HOME') return refuse('R-III.G.3', 'HOME chooses the tie-breaker format and machine.', 'NOT_CHOOSER');
  if (state.tiebreaker) return refuse('R-III.G.1', 'The tie-breaker has been chosen: exactly one tie-breaking game decides the match.', 'ALREADY_DONE');
  // R-III.G.3.1.4 / R-III.G.3.2.4: HOME picks any working machine; the per-round limits of R-VII.O do not apply.
  const m = machineUnavailable(state, p.machineId);
  if (m) return m;
  if (p.format === 'SHARED_GAME' && (presentPlayers(state, 'HOME', at).length < 3 || presentPlayers(state, 'AWAY', at).length < 3)) {
    return refuse('OQ-33', 'Shared Game needs 3 present players on each team; choose Split Flipper.', 'TOO_FEW');
  }
  const bad = checkPlayers(state, 'HOME', p.players, p.format, at);
  if (bad) return bad;
  return accept({ type: 'TiebreakerChosen', at, by: side, format: p.format, machineId: p.machineId, players: p.players });
}

export function declareTiebreakerPlayers(ctx: Ctx, p: PayloadOf<'declareTiebreakerPlayers'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const tb = state.tiebreaker;
  if (!tb) return refuse('OQ-06', 'HOME chooses the tie-breaker first; AWAY answers.', 'NOT_YOUR_TURN');
  if (side !== 'AWAY') return refuse('OQ-06', 'HOME named its players with the format; now AWAY names its own.', 'NOT_YOUR_TURN');
  if (tb.players.AWAY) return refuse('R-III.B.5', 'Your tie-breaker players are declared.', 'ALREADY_DONE');
  const bad = checkPlayers(state, 'AWAY', p.players, tb.format, at);
  if (bad) return bad;
  return accept({ type: 'TiebreakerPlayersDeclared', at, by: side, players: p.players });
}

function ready(state: MatchState): Check {
  const tb = state.tiebreaker;
  if (!tb || !tb.players.HOME || !tb.players.AWAY) return refuse('R-III.G.3', 'Both teams must name their tie-breaker players first.', 'LINEUPS_MISSING');
  return null;
}

export function startTiebreaker(ctx: Ctx): Decision {
  const closed = matchOpen(ctx.state) ?? ready(ctx.state);
  if (closed) return closed;
  if (ctx.state.tiebreaker!.startedAt !== null) return refuse('R-III.C.4', 'The tie-breaker has started.', 'ALREADY_STARTED');
  return accept({ type: 'TiebreakerStarted', at: ctx.at, by: ctx.side });
}

export function enterTiebreakerScore(ctx: Ctx, p: PayloadOf<'enterTiebreakerScore'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state) ?? ready(state);
  if (closed) return closed;
  if (p.points > state.setup.settings.maxScore) return refuse('MR-4', 'That is beyond any real score; check the digits.', 'ABSURD_SCORE');
  const events: MatchEvent[] = [];
  if (state.tiebreaker!.startedAt === null) events.push({ type: 'TiebreakerStarted', at, by: side });
  events.push({ type: 'TiebreakerScoreEntered', at, by: side, entryId: newId(state, 'E'), side: p.side, points: p.points });
  return accept(...events);
}

export function replayTiebreaker(ctx: Ctx): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  if (tiebreakerOutcome(ctx.state).kind !== 'REPLAY') return refuse('OQ-32', 'Only a tie-breaker that ended in equal scores is replayed.', 'NOT_A_TIE');
  return accept({ type: 'TiebreakerReplayed', at: ctx.at, by: ctx.side });
}

