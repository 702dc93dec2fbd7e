import type { Side } from '../league';
import { other } from '../league';
import type { GameState, MatchState, RoundState } from '../state';
import { type Check, type Decision, refuse } from './refusal';

/** What every captain command handler gets: the state it decides on, the acting team, and the server's clock. */
export interface Ctx {
  state: MatchState;
  side: Side;
  at: number;
}

export const opponent = (ctx: Ctx) => other(ctx.side);

export function findRound(state: MatchState, round: number): RoundState | undefined {
  return state.rounds[round - 1];
}

export function findGame(state: MatchState, round: number, game: number): GameState | undefined {
  return state.rounds[round - 1]?.games[game - 1];
}

export const roundStarted = (r: RoundState) => r.games.some((g) => g.startedAt !== null);

export function gameRef(state: MatchState, round: number, game: number): { r: RoundState; g: GameState } | Decision {
  const r = findRound(state, round);
  const g = r?.games[game - 1];
  if (!r || !g) return refuse('R-III.0.1', `Round ${round} has no game ${game}.`, 'NO_SUCH_GAME');
  return { r, g };
}

export const isCheck = (x: unknown): x is Decision =>
  typeof x === 'object' && x !== null && 'ok' in x;

/** A match that is decided as a whole, moved to another night, or signed by both teams takes no more play. */
export function matchOpen(state: MatchState): Check {
  if (state.outcome) return refuse('CALC-3', 'The match was already decided as a whole (forfeit or ruling).', 'MATCH_CLOSED');
  if (state.rescheduled) return refuse('R-VII.L.2.8.2', `The match was rescheduled to ${state.rescheduled.date}.`, 'MATCH_CLOSED');
  if (state.signoffs.HOME && state.signoffs.AWAY) return refuse('MR-5', 'Both teams have signed: the scoresheet is final.', 'MATCH_CLOSED');
  return null;
}

export function workingMachineIds(state: MatchState): string[] {
  return state.machines.filter((m) => state.machineStatus[m.id] === 'WORKING').map((m) => m.id);
}

/** Deterministic ids (`E12`, `P3`, `C1`): every replica that folds the same log names things alike. */
export const newId = (state: MatchState, prefix: string, offset = 0) => `${prefix}${state.nextId + offset}`;
