import type { Side } from '../league';
import { other } from '../league';
import type { MatchState, RoundState } from '../state';
import { TIEBREAKER_ROUND } from '../state';
import { currentEntries, gameOutcome, hasOutcome, matchResult, tiebreakerOutcome, tiebreakerRequired } from './outcome';
import { orderSet } from './seating';

/** What a captain should do next: the scoresheet's to-do list, so nobody has to know the rules by heart. */
export interface NextAction {
  code: string;
  text: string;
  round?: number;
  game?: number;
}

/** The round being played: the first one that is not finished. Null when all four are. */
export function currentRound(state: MatchState): RoundState | null {
  return state.rounds.find((r) => !r.declarations.HOME || !r.declarations.AWAY || !r.games.every((g) => hasOutcome(gameOutcome(state, g)))) ?? null;
}

export function nextActions(state: MatchState, side: Side): NextAction[] {
  const todo: NextAction[] = [];
  const them = other(side);
  const result = matchResult(state);
  if (state.rescheduled) return [];
  for (const p of state.proposals) {
    if (p.status === 'OPEN' && p.by === them) todo.push({ code: 'ANSWER_PROPOSAL', text: `Answer ${them}'s proposal (${p.agreement.kind.toLowerCase().replace(/_/g, ' ')})` });
  }
  const toConfirm = state.entries.filter((e) => e.by === them && e.status === 'PENDING');
  if (toConfirm.length > 0) todo.push({ code: 'CONFIRM_ENTRIES', text: `Confirm or dispute ${toConfirm.length} ${toConfirm.length === 1 ? 'entry' : 'entries'} by ${them}` });
  if (state.outcome || result.status === 'DECIDED') {
    if (!state.signoffs[side]) todo.push({ code: 'SIGN', text: 'Check the scoresheet and sign it (or challenge)' });
    return todo;
  }
  const r = currentRound(state);
  if (r) {
    const fd = r.fd;
    if (r.round === 1 && !r.declarations.AWAY) todo.push({ code: 'ATTENDANCE', text: 'Mark who is present' });
    if (!r.declarations[fd]) {
      todo.push(side === fd
        ? { code: 'DECLARE', text: `Declare round ${r.round}: machines and players (you declare first)`, round: r.round }
        : { code: 'WAIT', text: `Wait for ${fd} to declare round ${r.round}`, round: r.round });
      return todo;
    }
    if (!r.declarations[other(fd)]) {
      todo.push(side === fd
        ? { code: 'WAIT', text: `Wait for ${other(fd)} to answer round ${r.round}`, round: r.round }
        : { code: 'DECLARE', text: `Answer round ${r.round}: your players on ${fd}'s machines`, round: r.round });
      return todo;
    }
    for (const g of r.games) {
      const o = gameOutcome(state, g);
      if (hasOutcome(o)) continue;
      const at = { round: r.round, game: g.game };
      if (g.awaitingMachine) {
        if (side === fd) todo.push({ code: 'REPLACE_MACHINE', text: `Pick a replacement machine for game ${g.game}`, ...at });
      } else if (o.kind === 'REPLAY') todo.push({ code: 'REPLAY', text: `Game ${g.game} ended level: replay it`, ...at });
      else if (g.startedAt === null && !orderSet(state, g, side)) todo.push({ code: 'PLAY_ORDER', text: `Set your play order for game ${g.game}`, ...at });
      else if (g.startedAt === null) todo.push({ code: 'START', text: `Start game ${g.game} when the players are ready`, ...at });
      else {
        const entered = currentEntries(state, g.round, g.game, g.generation).filter((e) => e.kind === 'SCORE').length;
        todo.push({ code: 'SCORES', text: `Enter the scores of game ${g.game} (${entered} in)`, ...at });
      }
    }
    return todo;
  }
  if (tiebreakerRequired(state)) {
    const tb = state.tiebreaker;
    if (!tb) todo.push(side === 'HOME' ? { code: 'TIEBREAKER', text: 'Tie at equal points: choose the tie-breaker format, machine and players' } : { code: 'WAIT', text: 'Tie: wait for HOME to choose the tie-breaker' });
    else if (!tb.players.AWAY) todo.push(side === 'AWAY' ? { code: 'TIEBREAKER', text: 'Name your tie-breaker players' } : { code: 'WAIT', text: 'Wait for AWAY to name its tie-breaker players' });
    else if (tiebreakerOutcome(state).kind === 'REPLAY') todo.push({ code: 'REPLAY', text: 'The tie-breaker ended level: replay it', round: TIEBREAKER_ROUND });
    else todo.push({ code: 'SCORES', text: 'Enter the tie-breaker scores', round: TIEBREAKER_ROUND });
  }
  return todo;
}
