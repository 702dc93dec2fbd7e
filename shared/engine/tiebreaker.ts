import type { Incident, PayloadOf } from '../commands';
import type { MatchEvent } from '../events';
import type { Side } from '../league';
import { findPlayer, type MatchState, TIEBREAKER_ROUND } from '../state';
import { tiebreakerOutcome, tiebreakerRequired } from '../views/outcome';
import { isPresent, tiebreakerEligible } from '../views/presence';
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
  // counted among players who may play it, so a barred player never makes Shared Game look possible when it is not
  if (p.format === 'SHARED_GAME' && (tiebreakerEligible(state, 'HOME', at).length < 3 || tiebreakerEligible(state, 'AWAY', at).length < 3)) {
    return refuse('OQ-33', 'Shared Game needs 3 present players on each team who may play; choose Split Flipper.', 'TOO_FEW');
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
  if (tb.awaitingMachine) return refuse('R-VII.L.2.7', 'The tie-breaker machine was taken out: HOME picks the next machine first.', 'AWAITING_MACHINE');
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


/**
 * How each incident reads in the tie-breaker, which is one 2-player game where each team is one player
 * (R-III.G.3.1.1, R-III.G.3.1.5). Penalties that cost a game cost the tie-breaker, i.e. the match (the outcome view
 * applies them once confirmed); a machine failure restarts it or moves it; a few incidents belong to regular
 * rounds only and are refused with the reason, never dropped.
 */
const TIEBREAKER_INCIDENT: Record<Incident['kind'], { rule: string; refusal?: string }> = {
  SLAM_TILT: { rule: 'R-VII.Q.1' },
  MACHINE_DAMAGE: { rule: 'R-VII.Q.3' },
  TILTED_OPPONENT: { rule: 'R-VII.B.6' },
  OUT_OF_TURN: { rule: 'R-III.C.5.2' },
  DEATH_SAVE: { rule: 'R-VII.E.2.1' },
  STUCK_BALL_ADVANTAGE: { rule: 'R-VII.L.1.4.1.2.p3' },
  PRACTICE: { rule: 'R-VII.J.2.1' },
  MAJOR_FAILURE: { rule: 'R-VII.L.2.3' },
  MINOR_FAILURE: { rule: 'R-VII.L.1' },
  STUCK_BALL: { rule: 'R-VII.L.1.4.1.1.p5' },
  LOGGED_IN: { rule: 'R-III.G.3.1.5', refusal: 'In the tie-breaker AWAY is Player 1 and HOME Player 2: a team playing the other\'s turn is out of turn (R-III.C.5.1).' },
  SCORE_STEALING: { rule: 'R-III.G.3.1.4', refusal: 'HOME chose this machine for the tie-breaker; a machine that steals scores is a failure to record as such.' },
  SIDE_BY_SIDE: { rule: 'R-VII.O.5.2', refusal: 'Playing one game at a time concerns the games of a round; the tie-breaker is a single game.' },
};

/** Actions a major failure can take in the tie-breaker: one team score, so no segments or compensation balls. */
const TIEBREAKER_FAILURE_ACTIONS = new Set(['ELIMINATE', 'KEEP', 'RESTART_GAME']);

export function recordTiebreakerIncident(ctx: Ctx, p: PayloadOf<'recordTiebreakerIncident'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const tb = state.tiebreaker;
  if (!tb || !tb.players.HOME || !tb.players.AWAY) return refuse('R-III.G.3', 'Both teams must name their tie-breaker players first.', 'LINEUPS_MISSING');
  const inc = p.incident;
  const how = TIEBREAKER_INCIDENT[inc.kind];
  if (how.refusal) return refuse(how.rule, how.refusal, 'NOT_IN_TIEBREAKER');
  if (inc.playerId !== undefined) {
    const player = findPlayer(state, inc.side, inc.playerId);
    if (!player) return refuse(how.rule, `That player is not on ${inc.side}'s roster.`, 'NOT_ON_ROSTER');
    if (!tb.players[inc.side]!.includes(inc.playerId)) return refuse(how.rule, `${player.name} is not playing the tie-breaker.`, 'NOT_IN_GAME');
  }
  if (inc.kind === 'MAJOR_FAILURE') {
    if (!inc.action || !TIEBREAKER_FAILURE_ACTIONS.has(inc.action)) {
      return refuse('R-VII.L.2.3', 'In the tie-breaker a failed machine is kept (both captains agreeing), the game restarted, or the machine taken out for HOME to pick another.', 'BAD_ACTION');
    }
  } else if (inc.action) {
    return refuse(how.rule, 'Only a machine failure carries a decision.', 'BAD_ACTION');
  }
  if (tb.awaitingMachine) return refuse('R-VII.L.2.7', 'The tie-breaker machine was taken out: HOME picks the next machine first.', 'AWAITING_MACHINE');
  // Practising can happen before the game (R-VII.J.2.1); everything else happens while it is played.
  if (tb.startedAt === null && inc.kind !== 'PRACTICE' && inc.kind !== 'MINOR_FAILURE') {
    return refuse(how.rule, 'The tie-breaker has not started.', 'NOT_STARTED');
  }
  return accept({ type: 'IncidentRecorded', at, by: side, entryId: newId(state, 'E'), round: TIEBREAKER_ROUND, game: 1, incident: inc });
}

/** What a confirmed tie-breaker incident changes beyond the penalties the outcome view reads. */
export function tiebreakerConsequences(ctx: Ctx, inc: Incident): MatchEvent[] {
  const tb = ctx.state.tiebreaker;
  if (!tb || inc.kind !== 'MAJOR_FAILURE') return [];
  if (inc.action === 'RESTART_GAME') return [{ type: 'TiebreakerReplayed', at: ctx.at, by: ctx.side }];
  // Another entry may already have taken the machine out while this one waited for confirmation.
  if (inc.action === 'ELIMINATE' && !tb.awaitingMachine && ctx.state.machineStatus[tb.machineId] === 'WORKING') {
    return [{ type: 'TiebreakerMachineFailed', at: ctx.at, by: ctx.side, machineId: tb.machineId }];
  }
  return [];
}

/** R-VII.L.2.7 with R-III.G.3.1.4: HOME chose the tie-breaker machine, so HOME picks the next working one. */
export function replaceTiebreakerMachine(ctx: Ctx, p: PayloadOf<'replaceTiebreakerMachine'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const tb = state.tiebreaker;
  if (!tb?.awaitingMachine) return refuse('R-VII.L.2.7', 'The tie-breaker machine has not been taken out.', 'NOT_AWAITING');
  if (side !== 'HOME') return refuse('R-VII.L.2.7', 'HOME chose the tie-breaker machine, so HOME picks the next one.', 'NOT_CHOOSER');
  const m = machineUnavailable(state, p.machineId);
  if (m) return m;
  return accept({ type: 'TiebreakerMachineReplaced', at, by: side, machineId: p.machineId });
}
