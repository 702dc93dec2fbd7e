import type { Player, Side } from '../league';
import { type MatchState, teamOf } from '../state';
import { gameOutcome } from './outcome';
import { fdPutRestricted } from './presence';

/**
 * Minimum play (R-III.F, OQ-09): every STARTER who attends plays at least once. "Played" means written into a game
 * of rounds 1-4 that was played, or whose opponent forfeited it (the player was there and ready); the tie-breaker
 * does not count.
 */
export function hasPlayed(state: MatchState, side: Side, playerId: string): boolean {
  // Loops, not nested some() callbacks: every lineup runs this for each starter, and the closures were a sixth of
  // what a lineup's decide allocated (bench/HISTORY.md, "A fifty-first host").
  for (const r of state.rounds) {
    for (const g of r.games) {
      if (g.seated?.[side].includes(playerId)) return true;
      if (!g.players[side].includes(playerId)) continue;
      const o = gameOutcome(state, g);
      if (o.kind === 'FORFEIT_WIN' && o.side === side) return true;
    }
  }
  return false;
}

export function writtenIn(state: MatchState, side: Side, playerId: string): boolean {
  for (const r of state.rounds) for (const g of r.games) if (g.players[side].includes(playerId)) return true;
  return false;
}

/**
 * R-VI.C.3.2: whether the team declared (or still has to declare) a round after the player's arrival in which the
 * player could lawfully be written. A top-150 player counts only rounds their team declares first, or answers against
 * a top-150 opponent (R-II.B.2.3, R-II.B.2.3.1); a round not yet declared by the FD offers them nothing known yet.
 */
function couldBeWrittenAfter(state: MatchState, side: Side, player: Player, arrivedAt: number): boolean {
  for (const r of state.rounds) {
    const d = r.declarations[side];
    if (d !== null && d.at < arrivedAt) continue;
    if (!player.restricted || r.fd === side || fdPutRestricted(state, r)) return true;
  }
  return false;
}

export interface Owed {
  player: Player;
  arrivedAt: number;
}

/**
 * STARTERS who still owe a game: arrived, not exempt, not played; the duty lasts only while present (R-III.F.4). Exempt: reserves (R-III.F.3), players the league
 * bars from this match, players who left (R-VI.C.3.1; written in and then gone, OQ-11), and late arrivals after the
 * team's last declaration that could have included them (R-VI.C.3.2).
 */
export function owedGames(state: MatchState, side: Side): Owed[] {
  const owed: Owed[] = [];
  for (const player of teamOf(state, side).players) {
    if (player.status !== 'STARTER' || player.ineligible) continue;
    const a = state.attendance[side][player.id];
    if (!a || a.arrivedAt === null || a.departedAt !== null) continue;
    if (!couldBeWrittenAfter(state, side, player, a.arrivedAt)) continue;
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

