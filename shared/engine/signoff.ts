import type { PayloadOf } from '../commands';
import type { Side } from '../league';
import { type MatchState, playerName } from '../state';
import { owedGames } from '../views/minimumPlay';
import { allGames, currentEntries, gameOutcome, matchResult, tiebreakerOutcome, tiebreakerRequired } from '../views/outcome';
import { clock } from '../views/presence';
import { type Ctx, matchOpen } from './context';
import { pendingChoices } from './incidents';
import { accept, type Check, type Decision, refuse } from './refusal';
import { TIEBREAKER_ROUND } from '../state';

/** CALC-5 and MR-5: when a team may sign the scoresheet. */

/**
 * MR-4: entries still waiting for the other team's confirmation. A score entry that a later entry for the same
 * player and segment (or, in the tie-breaker, the same team) replaced no longer binds anyone, so it does not block;
 * neither does a disputed entry: a disputed score leaves its game without a result until it is entered again, and a
 * disputed incident is not applied (the team that recorded it may challenge the game, R-VII.D).
 */
function unconfirmed(state: MatchState): number {
  const live = allGames(state).flatMap((g) => currentEntries(state, g.round, g.game, g.generation));
  const tb = state.tiebreaker ? currentEntries(state, TIEBREAKER_ROUND, 1, state.tiebreaker.generation) : [];
  const entries = [...live, ...tb];
  const key = (e: (typeof entries)[number]) =>
    e.kind === 'SCORE' ? `${e.round}/${e.game}/${e.playerId ?? e.side}/${e.segment}` : e.id;
  const latest = new Map<string, string>();
  for (const e of entries) latest.set(key(e), e.id);
  return entries.filter((e) => e.status === 'PENDING' && latest.get(key(e)) === e.id).length;
}

/** Why this team cannot sign now, or null. */
export function signOffBlocker(state: MatchState, side: Side, flagMinimumPlay: boolean): Check {
  if (state.signoffs[side]) return refuse('MR-5', 'Your team has already signed.', 'ALREADY_SIGNED');
  if (state.challenges.some((c) => c.status === 'OPEN' && c.by === side)) {
    return refuse('R-VII.D.3.3', 'Your team has an open challenge: the challenging team does not sign.', 'OPEN_CHALLENGE');
  }
  if (state.outcome) return null; // a whole-match outcome needs no games (CALC-3)
  const open = allGames(state).filter((g) => {
    const o = gameOutcome(state, g).kind;
    return o === 'PENDING' || o === 'REPLAY';
  });
  if (open.length > 0) {
    const g = open[0]!;
    return refuse('R-IV.0.1', `Every game must be played: round ${g.round} game ${g.game} has no result yet.`, 'GAMES_OPEN');
  }
  if (tiebreakerRequired(state) && tiebreakerOutcome(state).kind !== 'WIN') {
    return refuse('R-III.G.1', 'The points are equal: the tie-breaker decides the match before anyone signs.', 'TIEBREAKER_OPEN');
  }
  const n = unconfirmed(state);
  if (n > 0) return refuse('MR-4', `${n} score or incident ${n === 1 ? 'entry is' : 'entries are'} not confirmed by the other team yet.`, 'UNCONFIRMED');
  const choices = pendingChoices(state);
  if (choices.length > 0) return refuse('CALC-5', `Still to decide: ${choices[0]}.`, 'PENDING_CHOICE');
  if (!flagMinimumPlay) {
    for (const s of ['HOME', 'AWAY'] as const) {
      const owed = owedGames(state, s);
      if (owed.length > 0) {
        const o = owed[0]!;
        return refuse('R-III.F.2', `${playerName(state, o.player.id)} (STARTER) was present from ${clock(state, o.arrivedAt)} and has not played in this match. Correct the attendance or sign flagged "minimum play".`, 'MINIMUM_PLAY');
      }
    }
  }
  return null;
}

export function signOff(ctx: Ctx, p: PayloadOf<'signOff'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed && !state.outcome) return closed;
  const blocked = signOffBlocker(state, side, p.flagMinimumPlay);
  if (blocked) return blocked;
  if (!state.outcome && matchResult(state).status !== 'DECIDED') return refuse('CALC-3', 'The match has no result yet.', 'NO_RESULT');
  return accept({ type: 'SignedOff', at, by: side, side, flagMinimumPlay: p.flagMinimumPlay });
}
