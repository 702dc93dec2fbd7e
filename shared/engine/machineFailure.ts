import type { PayloadOf } from '../commands';
import { findPlayer, playerName } from '../state';
import { canStillFit, hasPlayed } from '../views/minimumPlay';
import { presentPlayers } from '../views/presence';
import { type Ctx, findRound, matchOpen } from './context';
import { validatePlayers } from './lineup';
import { accept, type Decision, refuse } from './refusal';

/**
 * R-VII.L.2.7.1: once the FD has chosen a replacement machine, both teams may change the lineups of the games that
 * were on the failed machine, and of no other game; the changes must respect every other rule.
 */
export function redeclareGames(ctx: Ctx, p: PayloadOf<'redeclareGames'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const r = findRound(state, p.round);
  if (!r) return refuse('R-III.0.1', `There is no round ${p.round}.`, 'NO_SUCH_ROUND');
  const numbers = p.games.map((g) => g.game);
  if (new Set(numbers).size !== numbers.length) return refuse('R-III.B.6', 'Each game may be re-declared once per command.', 'BAD_SHAPE');
  for (const x of p.games) {
    const g = r.games[x.game - 1];
    if (g?.awaitingMachine) {
      return refuse('R-VII.L.2.7', `Game ${x.game} is waiting for ${r.fd} to choose its replacement machine; lineups change to fit the new machine.`, 'AWAITING_MACHINE');
    }
    // R-VII.L.2.7.1.1: only the games of this round that were moved off the failed machine may change.
    if (!g || !g.redeclarable) {
      return refuse('R-VII.L.2.7.1.2', `Game ${x.game} was not on the failed machine: its lineup stays unchanged.`, 'NOT_AFFECTED');
    }
    if (x.players.length !== g.players[side].length) {
      return refuse('R-VII.L.2.7.1.3', `Game ${x.game} keeps its shape: ${g.players[side].length} of your players.`, 'BAD_SHAPE');
    }
  }
  const v = validatePlayers(ctx, r, p.games, numbers);
  // R-VII.L.2.7.1.3.p2 names the pairing rule for re-declarations: say so, so the captain sees why.
  if ('ok' in v && !v.ok && v.refusal.rule === 'R-III.D.5') {
    return refuse('R-VII.L.2.7.1.3.p2', `${v.refusal.message} A re-declaration may not repeat a pair (R-III.D.5).`, v.refusal.code);
  }
  if ('ok' in v) return v;
  // R-VII.L.2.7.1.3.p1: nobody who still owes a game may be moved out of their last chance to play.
  const leaving = p.games.flatMap((x) => r.games[x.game - 1]!.players[side]).filter((id) => !p.games.some((x) => x.players.includes(id)));
  const stranded = leaving
    .filter((id) => findPlayer(state, side, id)?.status === 'STARTER' && !hasPlayed(state, side, id))
    .map((id) => findPlayer(state, side, id)!);
  const later = state.rounds.filter((x) => x.round > r.round).map((x) => x.round);
  const seats = presentPlayers(state, side, at).length >= 4 ? 4 : 3;
  if (stranded.length > 0 && !canStillFit(state, side, stranded, later, seats)) {
    return refuse('R-VII.L.2.7.1.3.p1', `${stranded.map((pl) => playerName(state, pl.id)).join(', ')} would lose the last chance to play (R-III.F.2).`, 'MINIMUM_PLAY');
  }
  return accept({ type: 'GamesRedeclared', at, by: side, round: p.round, side, games: p.games });
}
