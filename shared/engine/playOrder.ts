import type { PayloadOf } from '../commands';
import { findPlayer, type GameState, type MatchState, playerName } from '../state';
import { other } from '../league';
import type { Side } from '../league';
import { isPresent } from '../views/presence';
import { orderSet, positionsFor } from '../views/seating';
import { type Ctx, gameRef, isCheck, matchOpen } from './context';
import { accept, type Check, type Decision, refuse } from './refusal';

/** R-III.C: play order. Each team seats its own players on its own positions; the order locks at the start. */

function lineupsDeclared(state: MatchState, round: number): Check {
  const r = state.rounds[round - 1]!;
  if (!r.declarations.HOME || !r.declarations.AWAY) {
    return refuse('R-III.B.1', 'Both teams must declare their lineups for this round before its games can start.', 'LINEUPS_MISSING');
  }
  return null;
}

/** Who sits in the game if it starts now: a write-in who has not arrived is left out (R-VI.A.2.4.3). */
export function seatedAt(state: MatchState, g: GameState, at: number): Record<Side, string[]> {
  const seated = { HOME: [...g.players.HOME], AWAY: [...g.players.AWAY] };
  if (g.writeIn && !isPresent(state, g.writeIn.side, g.writeIn.playerId, at)) {
    seated[g.writeIn.side] = seated[g.writeIn.side].filter((p) => p !== g.writeIn!.playerId);
  }
  for (const side of g.forfeitedBy) seated[side] = [];
  return seated;
}

/** R-II.B.2.3 with OQ-07 / OQ-08: a top-150 player of the FD takes the team's last position, unless the game has a top-150 opponent. */
function restrictedSeat(state: MatchState, g: GameState, side: Side, seats: { playerId: string; position: number }[], positions: number[]): Check {
  const fd = state.rounds[g.round - 1]!.fd;
  if (state.rounds[g.round - 1]!.format !== 'DOUBLES') return null;
  const opponentRestricted = g.players[other(side)].some((p) => findPlayer(state, other(side), p)?.restricted);
  if (opponentRestricted) return null;
  const last = Math.max(...positions);
  for (const s of seats) {
    if (findPlayer(state, side, s.playerId)?.restricted && side === fd && s.position !== last) {
      return refuse('R-II.B.2.3', `${playerName(state, s.playerId)} is on the top-150 list and must play position ${last} (last) in doubles.`, 'RESTRICTED_POSITION');
    }
  }
  return null;
}

export function setPlayOrder(ctx: Ctx, p: PayloadOf<'setPlayOrder'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  const { r, g } = ref;
  const missing = lineupsDeclared(state, p.round);
  if (missing) return missing;
  if (g.startedAt !== null) return refuse('R-III.C.4', 'The game has started: its play order is set and cannot change.', 'ORDER_LOCKED');
  const seated = seatedAt(state, g, at);
  const positions = positionsFor({ HOME: seated.HOME.length, AWAY: seated.AWAY.length }, r.fd, side);
  const ids = p.seats.map((s) => s.playerId);
  if (new Set(ids).size !== ids.length || ids.length !== seated[side].length || !ids.every((id) => seated[side].includes(id))) {
    return refuse('R-III.C.3', 'Give a position to each of your players in this game, once.', 'BAD_ORDER');
  }
  const wanted = p.seats.map((s) => s.position);
  if (new Set(wanted).size !== wanted.length || !wanted.every((pos) => positions.includes(pos))) {
    const who = side === r.fd ? 'the first declarer plays second' : 'the second declarer opens';
    return refuse('R-III.C.2', `Your positions in this game are ${positions.join(' and ')} (${who}; turns alternate between the teams).`, 'NOT_YOUR_POSITION');
  }
  const bad = restrictedSeat(state, g, side, p.seats, positions);
  if (bad) return bad;
  return accept({ type: 'PlayOrderSet', at, by: side, round: p.round, game: p.game, side, seats: p.seats });
}

/** Checks that a game can start now; shared by the start command and by a first score entry (which implies it). */
export function startable(ctx: Ctx, g: GameState): Check {
  const { state, at } = ctx;
  const missing = lineupsDeclared(state, g.round);
  if (missing) return missing;
  if (g.forfeitedBy.length > 0 || g.voided) return refuse('CALC-1', 'This game was forfeited: there is nothing to play.', 'FORFEITED');
  if (g.awaitingMachine || g.machineId === null) {
    return refuse('R-VII.L.2.7', 'This game is waiting for a replacement machine.', 'AWAITING_MACHINE');
  }
  const probe = { ...g, seated: seatedAt(state, g, at) };
  for (const side of ['HOME', 'AWAY'] as const) {
    if (!orderSet(state, probe, side)) {
      return refuse('OQ-20', `${side} has not set its play order for this game yet.`, 'ORDER_MISSING');
    }
  }
  return null;
}

export function startGame(ctx: Ctx, p: PayloadOf<'startGame'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  if (ref.g.startedAt !== null) return refuse('R-III.C.4', 'This game has already started.', 'ALREADY_STARTED');
  const bad = startable(ctx, ref.g);
  if (bad) return bad;
  return accept({ type: 'GameStarted', at, by: side, round: p.round, game: p.game, seated: seatedAt(state, ref.g, at) });
}
