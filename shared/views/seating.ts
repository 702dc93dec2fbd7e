import type { MachineKind, Side } from '../league';
import { other } from '../league';
import type { GameState, MatchState } from '../state';

/**
 * Positions a team holds in a game (R-III.C.1, R-III.C.2, OQ-03). The SD always opens: singles SD 1, FD 2;
 * 4-player doubles SD 1 and 3, FD 2 and 4; a 3-player game seats the SD's first player, the FD's first player,
 * then the second player of whichever team has two.
 */
export function positionsFor(counts: Record<Side, number>, fd: Side, side: Side): number[] {
  const sd = other(fd);
  const mine = counts[side];
  const theirs = counts[other(side)];
  if (mine === 0) return [];
  if (theirs === 0) return Array.from({ length: mine }, (_, i) => i + 1);
  const isSd = side === sd;
  if (mine === 1 && theirs === 1) return isSd ? [1] : [2];
  if (mine === 2 && theirs === 2) return isSd ? [1, 3] : [2, 4];
  if (mine === 1) return isSd ? [1] : [2]; // lone player against a pair
  if (theirs === 1) return isSd ? [1, 3] : [2, 3]; // the pair against a lone player
  return [];
}

export function gameCounts(game: GameState): Record<Side, number> {
  const seated = game.seated ?? game.players;
  return { HOME: seated.HOME.length, AWAY: seated.AWAY.length };
}

export interface Turn {
  position: number;
  side: Side;
  playerId: string | null;
}

/**
 * Turn order of a game: who plays ball 1 first. A team's position for a player comes from its play order; a team with
 * a single player needs no order. Unset positions show as null players, so the card can say "HOME to set order".
 */
export function turnOrder(state: MatchState, game: GameState): Turn[] {
  const fd = state.rounds[game.round - 1]!.fd;
  const counts = gameCounts(game);
  const turns: Turn[] = [];
  for (const side of ['HOME', 'AWAY'] as const) {
    const positions = positionsFor(counts, fd, side);
    const seated = (game.seated ?? game.players)[side];
    for (const position of positions) {
      const explicit = Object.entries(game.seats[side]).find(([, p]) => p === position)?.[0];
      const playerId = explicit ?? (seated.length === 1 ? seated[0]! : null);
      turns.push({ position, side, playerId });
    }
  }
  return turns.sort((a, b) => a.position - b.position);
}

/** Whether a team has given every one of its players a position (OQ-20: required before the game can start). */
export function orderSet(state: MatchState, game: GameState, side: Side): boolean {
  return turnOrder(state, game).filter((t) => t.side === side).every((t) => t.playerId !== null);
}

/**
 * How the game is physically played on its machine: a 4-player game; on a 1-2 player machine, exactly two 1-on-1
 * games (R-III.D.6.1) of positions 1 v 2 and 3 v 4 (OQ-34), and since positions alternate between the teams each has
 * one HOME and one AWAY player (R-III.D.6.2); on a 1-player or score-stealing machine, one player at a time in
 * position order (R-III.D.7.1), which in singles puts the SD's player first (R-III.E.4, R-III.E.4.1).
 */
export type PlayStyle = 'TOGETHER' | 'HEAD_TO_HEAD' | 'ONE_AT_A_TIME';

export function playStyle(kind: MachineKind | undefined, game: GameState, flaggedStealing: boolean): PlayStyle {
  if (game.oneAtATime || flaggedStealing || kind === 'ONE_PLAYER' || kind === 'SCORE_STEALING') return 'ONE_AT_A_TIME';
  const seated = game.seated ?? game.players;
  if (kind === 'TWO_PLAYER' && seated.HOME.length + seated.AWAY.length > 2) return 'HEAD_TO_HEAD';
  return 'TOGETHER';
}

/** Play groups: each inner list is one physical game on the machine, in turn order. */
export function playGroups(state: MatchState, game: GameState): Turn[][] {
  const turns = turnOrder(state, game);
  const machine = state.machines.find((m) => m.id === game.machineId);
  const style = playStyle(machine?.kind, game, game.machineId !== null && state.flaggedStealing.includes(game.machineId));
  if (style === 'ONE_AT_A_TIME') return turns.map((t) => [t]);
  if (style === 'HEAD_TO_HEAD') return [turns.slice(0, 2), turns.slice(2)].filter((g) => g.length > 0);
  return [turns];
}
