import type { Side } from '../league';
import { other } from '../league';
import type { MatchState, RoundState } from '../state';
import { TIEBREAKER_ROUND } from '../state';
import { currentEntries, gameOutcome, hasOutcome, matchResult, occurrence, tiebreakerOutcome, tiebreakerRequired } from './outcome';
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
  // R-VII.D.3.1: the challenged team is told at once.
  for (const c of state.challenges) {
    if (c.status === 'OPEN' && c.by === them) todo.push({ code: 'CHALLENGED', text: `${them} challenges round ${c.round} game ${c.game}: the match will be reported to the league`, round: c.round, game: c.game });
  }
  // R-III.C.6.1.1.2: the opposing team's choice after a first login found after balls were completed.
  for (const e of state.entries) {
    if (e.kind === 'INCIDENT' && e.status === 'CONFIRMED' && e.incident.kind === 'LOGGED_IN' && e.incident.side === them &&
      e.incident.phase === 'AFTER_BALLS' && !e.loggedInOption && !e.ball2Started && occurrence(state, e) === 1 &&
      e.generation === state.rounds[e.round - 1]?.games[e.game - 1]?.generation) {
      todo.push({ code: 'LOGGED_IN_CHOICE', text: `Choose before ball 2: ${them}'s logged-in player continues, or plays a new separate game`, round: e.round, game: e.game });
    }
  }
  const toConfirm = state.entries.filter((e) => e.by === them && e.status === 'PENDING');
  if (toConfirm.length > 0) todo.push({ code: 'CONFIRM_ENTRIES', text: `Confirm or dispute ${toConfirm.length} ${toConfirm.length === 1 ? 'entry' : 'entries'} by ${them}` });
  if (state.outcome || result.status === 'DECIDED') {
    // R-VII.D.3.3: a team with an open challenge does not sign; it waits for the ruling.
    const challenging = state.challenges.some((c) => c.status === 'OPEN' && c.by === side);
    if (challenging) todo.push({ code: 'WAIT', text: 'Your challenge is open: the league rules on it; send the report within 24 hours' });
    else if (!state.signoffs[side]) todo.push({ code: 'SIGN', text: 'Check the scoresheet and sign it (or challenge)' });
    return todo;
  }
  // R-VII.L.2.8: no machine of the venue works any more: the match moves (HOME decides where) or is rescheduled.
  if (state.machines.length > 0 && !state.machines.some((m) => state.machineStatus[m.id] === 'WORKING')) {
    todo.push(side === 'HOME'
      ? { code: 'RELOCATE', text: 'No machine works: choose where the match moves (a league venue if possible), or propose a new date' }
      : { code: 'WAIT', text: 'No machine works: HOME chooses where the match moves, or both agree on a new date' });
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
    else if (tb.awaitingMachine) todo.push(side === 'HOME' ? { code: 'MACHINE', text: 'The tie-breaker machine is out: pick the next one (R-VII.L.2.7)', round: TIEBREAKER_ROUND } : { code: 'WAIT', text: 'Wait for HOME to pick the next tie-breaker machine' });
    else if (tiebreakerOutcome(state).kind === 'REPLAY') todo.push({ code: 'REPLAY', text: 'The tie-breaker ended level: replay it', round: TIEBREAKER_ROUND });
    else todo.push({ code: 'SCORES', text: 'Enter the tie-breaker scores', round: TIEBREAKER_ROUND });
  }
  return todo;
}

/**
 * R-VII.R.1: with the time limit on, when the current machine selection must be made (the first declarer's
 * declaration of the round being played), or null when no selection is pending or the limit is off.
 */
export function selectionDeadline(state: MatchState): { round: number; side: Side; by: number } | null {
  if (state.timeLimitSince === null) return null;
  const r = currentRound(state);
  if (!r || r.declarations[r.fd]) return null;
  const prev = state.rounds[r.round - 2];
  const from = Math.max(state.timeLimitSince, prev?.lastActivityAt ?? state.setup.scheduledStart);
  return { round: r.round, side: r.fd, by: from + state.setup.settings.selectionLimitMinutes * 60_000 };
}

/**
 * What the league officials must hear about or settle (R-VII.A.2, R-VII.L.2.8.5, R-VII.D.2.4): a relocation, a
 * rescheduling, and every open challenge.
 */
export function officialNotices(state: MatchState): NextAction[] {
  const out: NextAction[] = [];
  if (state.relocatedTo) out.push({ code: 'RELOCATED', text: `The match moved to ${state.relocatedTo.venueName}${state.relocatedTo.leagueVenue ? '' : ` (not a league venue: ${state.relocatedTo.reason})`}` });
  if (state.rescheduled) out.push({ code: 'RESCHEDULED', text: `The match was rescheduled to ${state.rescheduled.date} at ${state.rescheduled.venue}` });
  for (const c of state.challenges) {
    if (c.status === 'OPEN') out.push({ code: 'RULING', text: `${c.by} challenged round ${c.round} game ${c.game}: ${c.reason}`, round: c.round, game: c.game });
  }
  return out;
}
