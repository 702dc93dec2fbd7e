import type { Player, Side } from '../league';
import { type MatchState, teamOf } from '../state';
import { gameOutcome } from './outcome';

/**
 * Minimum play (R-III.F, OQ-09): every STARTER who attends plays at least once. "Played" means written into a game
 * of rounds 1-4 that was played, or whose opponent forfeited it (the player was there and ready); the tie-breaker
 * does not count.
 */
export function hasPlayed(state: MatchState, side: Side, playerId: string): boolean {
  return state.rounds.some((r) =>
    r.games.some((g) => {
      if (g.seated?.[side].includes(playerId)) return true;
      if (!g.players[side].includes(playerId)) return false;
      const o = gameOutcome(state, g);
      return o.kind === 'FORFEIT_WIN' && o.side === side;
    }),
  );
}

export function writtenIn(state: MatchState, side: Side, playerId: string): boolean {
  return state.rounds.some((r) => r.games.some((g) => g.players[side].includes(playerId)));
}

/** Time of the team's last declaration of the match (round 4), if made. */
function lastDeclarationAt(state: MatchState, side: Side): number | null {
  return state.rounds[state.rounds.length - 1]!.declarations[side]?.at ?? null;
}

export interface Owed {
  player: Player;
  arrivedAt: number;
}

/**
 * STARTERS who still owe a game: arrived, not exempt, not played. Exempt: reserves (R-III.F.3), players the league
 * bars from this match, players who left (R-VI.C.3.1; written in and then gone, OQ-11), and late arrivals after the
 * team's last declaration (R-VI.C.3.2).
 */
export function owedGames(state: MatchState, side: Side): Owed[] {
  const last = lastDeclarationAt(state, side);
  const owed: Owed[] = [];
  for (const player of teamOf(state, side).players) {
    if (player.status !== 'STARTER' || player.ineligible) continue;
    const a = state.attendance[side][player.id];
    if (!a || a.arrivedAt === null || a.departedAt !== null) continue;
    if (last !== null && a.arrivedAt > last) continue;
    if (hasPlayed(state, side, player.id)) continue;
    owed.push({ player, arrivedAt: a.arrivedAt });
  }
  return owed;
}

/**
 * Whether the given STARTERS can still all be fitted into the given rounds: each round seats at most `seats`
 * distinct players of the team, and top-150 players only in rounds the team declares first (R-II.B.2.3).
 */
export function canStillFit(state: MatchState, side: Side, waiting: Player[], rounds: number[], seats: number): boolean {
  const capacity = rounds.length * seats;
  const fdCapacity = rounds.filter((r) => state.rounds[r - 1]!.fd === side).length * seats;
  const restricted = waiting.filter((p) => p.restricted).length;
  return waiting.length <= capacity && restricted <= fdCapacity;
}

