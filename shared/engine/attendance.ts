import type { PayloadOf } from '../commands';
import { findPlayer } from '../state';
import { clock, isPresent, presentPlayers, windowCloses } from '../views/presence';
import { type Ctx, matchOpen, opponent } from './context';
import { accept, type Decision, refuse } from './refusal';
import type { GameKey } from '../events';
import type { Side } from '../league';

/** R-VI: who is present, the waiting window, and whole-match forfeits (R-VII.H). */

export function markArrived(ctx: Ctx, p: PayloadOf<'markArrived'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const player = findPlayer(state, side, p.playerId);
  if (!player) return refuse('R-VI.C.1.2', 'Only players on your own roster can be marked present.', 'NOT_ON_ROSTER');
  if (p.time > at) return refuse('R-VI.C.1.2', 'An arrival cannot be in the future.', 'FUTURE_TIME');
  const a = state.attendance[side][p.playerId]!;
  if (a.departedAt !== null && p.time >= a.departedAt) {
    return refuse('R-VI.C.3', `${player.name} was marked as having left at ${clock(state, a.departedAt)}.`, 'ALREADY_LEFT');
  }
  // A correction to an earlier time is allowed: the record should say when the player really came (SC-08 variant).
  return accept({ type: 'PlayerArrived', at, by: side, side, playerId: p.playerId, time: p.time });
}

export function markDeparted(ctx: Ctx, p: PayloadOf<'markDeparted'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const player = findPlayer(state, side, p.playerId);
  if (!player) return refuse('R-VI.C.3', 'Only players on your own roster can be marked as leaving.', 'NOT_ON_ROSTER');
  if (p.time > at) return refuse('R-VI.C.3', 'A departure cannot be in the future.', 'FUTURE_TIME');
  if (!isPresent(state, side, p.playerId, p.time)) {
    return refuse('R-VI.C.3', `${player.name} is not marked present at ${clock(state, p.time)}.`, 'NOT_PRESENT');
  }
  // OQ-11: a player written into a declared game that has not started yet forfeits that game for the team.
  const forfeits: GameKey[] = [];
  for (const r of state.rounds) {
    for (const g of r.games) {
      // A slot the opponent already gave up is won by this team without play: leaving does not undo that win.
      if (g.startedAt === null && g.forfeitedBy.length === 0 && !g.voided && g.players[side].includes(p.playerId)) {
        forfeits.push({ round: g.round, game: g.game });
      }
    }
  }
  return accept({ type: 'PlayerDeparted', at, by: side, side, playerId: p.playerId, time: p.time, forfeits });
}

/** R-VI.C.2.3.1 / R-VII.H.1: after the window closes, a team with fewer than 3 present players forfeits. */
export function claimForfeit(ctx: Ctx): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const close = windowCloses(state);
  if (at < close) {
    return refuse('R-VI.C.2.1', `Both teams must wait until ${clock(state, close)} before a forfeit can be claimed.`, 'TOO_EARLY');
  }
  if (state.rounds[0]!.declarations.AWAY) return refuse('R-VII.H.1', 'The match has started; forfeits are now game by game (OQ-12).', 'MATCH_STARTED');
  // R-VII.H.1 counts the players present when the window closed: a player who turns up after the close, before the
  // claim, does not undo the forfeit (the attending team may still choose to play instead of claiming). A team that
  // has since dropped below 3, before the match started, cannot start it either.
  const count = (s: Side) => Math.min(presentPlayers(state, s, close).length, presentPlayers(state, s, at).length);
  const them = count(opponent(ctx));
  const us = count(side);
  if (them >= 3) return refuse('R-VII.H.1', `The other team has ${them} players present: enough to play (3 at a penalty).`, 'NOT_FORFEIT');
  // OQ-13: when both teams are under 3 at the close, both forfeit.
  const forfeiting = us < 3 ? [side, opponent(ctx)] : [opponent(ctx)];
  return accept({ type: 'MatchForfeited', at, by: side, forfeiting });
}

/** R-VII.H.1.3: the attending team that stays and plays the evening with at least 4 players earns 12, not 9. */
export function claimFullEvening(ctx: Ctx): Decision {
  const { state, side, at } = ctx;
  const o = state.outcome;
  if (!o || o.kind !== 'FORFEIT' || o.forfeiting === side) {
    return refuse('R-VII.H.1.3', 'Only the team that won by forfeit can claim the full evening.', 'NOT_FORFEIT_WINNER');
  }
  if (o.fullEvening) return refuse('R-VII.H.1.3', 'The full evening is already recorded.', 'ALREADY_DONE');
  const n = presentPlayers(state, side, at).length;
  if (n < 4) return refuse('R-VII.H.1.3', `The extra 3 points need at least 4 players playing the evening; ${n} are present.`, 'TOO_FEW');
  return accept({ type: 'FullEveningClaimed', at, by: side, side });
}
