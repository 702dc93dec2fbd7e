import type { PayloadOf } from '../commands';
import { other } from '../league';
import { allGames, gameOutcome, hasOutcome } from '../views/outcome';
import { type Ctx, gameRef, isCheck, matchOpen, newId, roundStarted } from './context';
import { accept, type Decision, refuse } from './refusal';

/** R-VII.D: challenges, a team leaving a disputed match, and the official's ruling. */

export function challengeGame(ctx: Ctx, p: PayloadOf<'challengeGame'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  const next = state.rounds[p.round];
  if (next && roundStarted(next)) {
    return refuse('R-VII.D.2.1', `Round ${p.round + 1} has started: a challenge to a round ${p.round} game had to be raised before.`, 'TOO_LATE');
  }
  if (!next && ((state.tiebreaker?.startedAt ?? null) !== null || state.signoffs.HOME || state.signoffs.AWAY)) {
    return refuse('OQ-18', 'A round 4 game must be challenged before the tie-breaker starts and before anyone signs.', 'TOO_LATE');
  }
  if (state.challenges.some((c) => c.status === 'OPEN' && c.by === side && c.round === p.round && c.game === p.game)) {
    return refuse('R-VII.D.3.2', 'You have already challenged this game.', 'ALREADY_DONE');
  }
  const reportDue = at + state.setup.settings.challengeReportHours * 3_600_000;
  return accept({ type: 'GameChallenged', at, by: side, challengeId: newId(state, 'C'), round: p.round, game: p.game, reason: p.reason, reportDue });
}

export function withdrawChallenge(ctx: Ctx, p: PayloadOf<'withdrawChallenge'>): Decision {
  const c = ctx.state.challenges.find((x) => x.id === p.challengeId);
  if (!c || c.status !== 'OPEN') return refuse('R-VII.D.3', 'There is no open challenge with that id.', 'NO_SUCH_CHALLENGE');
  if (c.by !== ctx.side) return refuse('R-VII.D.3', 'Only the team that challenged can withdraw it.', 'NOT_YOURS');
  return accept({ type: 'ChallengeWithdrawn', at: ctx.at, by: ctx.side, challengeId: p.challengeId });
}

/** R-VII.D.4.1: the team that stays records that the other left a disputed match; it wins every unplayed game. */
export function recordOpponentLeft(ctx: Ctx): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  if (!state.challenges.some((c) => c.status === 'OPEN')) {
    return refuse('R-VII.D.4.1', 'This applies to a disputed match (a challenge is open); otherwise unfilled games are forfeited one by one (OQ-12).', 'NOT_DISPUTED');
  }
  if (state.left) return refuse('R-VII.D.4.1', 'Already recorded.', 'ALREADY_DONE');
  const forfeited = allGames(state).filter((g) => !hasOutcome(gameOutcome(state, g))).map((g) => ({ round: g.round, game: g.game }));
  return accept({ type: 'OpponentLeft', at, by: side, left: other(side), forfeited });
}

export function ruleOnChallenge(state: Ctx['state'], at: number, p: PayloadOf<'ruleOnChallenge'>): Decision {
  const c = state.challenges.find((x) => x.id === p.challengeId);
  if (!c || c.status !== 'OPEN') return refuse('R-VII.D.2.4', 'There is no open challenge with that id.', 'NO_SUCH_CHALLENGE');
  return accept({ type: 'ChallengeRuled', at, by: 'LEAGUE', challengeId: p.challengeId, ruling: p.ruling });
}
