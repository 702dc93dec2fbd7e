import type { PayloadOf } from '../commands';
import { other } from '../league';
import { findPlayer } from '../state';
import { allGames, gameOutcome, hasOutcome } from '../views/outcome';
import { type Ctx, gameRef, isCheck, matchOpen, newId, roundStarted } from './context';
import { accept, type Decision, refuse } from './refusal';

/** R-VII.D: challenges, a team leaving a disputed match, and the official's ruling. */

/**
 * R-VII.D.2.1: an issue about a game of round r is raised before round r+1 starts; for round 4, before the
 * tie-breaker starts or anyone signs (OQ-18). Applies to challenges and to disputing an entry alike.
 */
export function tooLateToRaise(state: Ctx['state'], round: number): Decision | null {
  if (round > state.rounds.length) return null; // the tie-breaker itself: settled at the sign-off
  const next = state.rounds[round];
  if (next && roundStarted(next)) {
    return refuse('R-VII.D.2.1', `Round ${round + 1} has started: an issue about a round ${round} game had to be raised before.`, 'TOO_LATE');
  }
  if (!next && ((state.tiebreaker?.startedAt ?? null) !== null || state.signoffs.HOME || state.signoffs.AWAY)) {
    return refuse('R-VII.D.2.1', 'An issue about a round 4 game must be raised before the tie-breaker starts and before anyone signs (OQ-18).', 'TOO_LATE');
  }
  return null;
}

export function challengeGame(ctx: Ctx, p: PayloadOf<'challengeGame'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  // A game is challenged about something that happened in it: its round must at least be declared.
  if (!ref.r.declarations[ref.r.fd]) return refuse('R-VII.D.2', `Round ${p.round} has not been declared: there is no game to challenge yet.`, 'NOTHING_TO_CHALLENGE');
  const late = tooLateToRaise(state, p.round);
  if (late) return late;
  if (state.challenges.some((c) => c.status === 'OPEN' && c.by === side && c.round === p.round && c.game === p.game)) {
    return refuse('R-VII.D.3.2', 'You have already challenged this game.', 'ALREADY_DONE');
  }
  const reportDue = at + state.setup.settings.challengeReportHours * 3_600_000;
  return accept({
    type: 'GameChallenged', at, by: side, challengeId: newId(state, 'C'), round: p.round, game: p.game, reason: p.reason, reportDue,
    ...(p.alternative ? { alternative: p.alternative } : {}),
  });
}

export function withdrawChallenge(ctx: Ctx, p: PayloadOf<'withdrawChallenge'>): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
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
  if (state.abandoned) return refuse('R-VII.D.4.2', 'Both teams already refused to play on: the unplayed games are void.', 'ALREADY_DONE');
  const forfeited = allGames(state).filter((g) => !hasOutcome(gameOutcome(state, g))).map((g) => ({ round: g.round, game: g.game }));
  return accept({ type: 'OpponentLeft', at, by: side, left: other(side), forfeited });
}

/**
 * R-VII.D.2.4: a league official rules on a challenge. R-VII.S.1: an official who plays in this match (is on either
 * roster) cannot rule on it; a third party must. The ruling may warn a team (R-VII.D.3.5).
 */
export function ruleOnChallenge(state: Ctx['state'], at: number, p: PayloadOf<'ruleOnChallenge'>): Decision {
  const c = state.challenges.find((x) => x.id === p.challengeId);
  if (!c || c.status !== 'OPEN') return refuse('R-VII.D.2.4', 'There is no open challenge with that id.', 'NO_SUCH_CHALLENGE');
  const id = p.officialPlayerId;
  if (id && (findPlayer(state, 'HOME', id) || findPlayer(state, 'AWAY', id))) {
    return refuse('R-VII.S.1', 'You play in this match, so you cannot rule on it: the ruling goes to a third party who knows the rules.', 'CONFLICT_OF_INTEREST');
  }
  return accept({ type: 'ChallengeRuled', at, by: 'LEAGUE', challengeId: p.challengeId, ruling: p.ruling, ...(p.warn ? { warned: p.warn } : {}) });
}
