import type { PayloadOf } from '../commands';
import type { Side } from '../league';
import { findPlayer, type MatchState, sideOfPlayer, teamOf } from '../state';
import { isPresent } from '../views/presence';
import { matchOpen } from './context';
import { accept, type Decision, refuse } from './refusal';

/**
 * OQ-30 (R-II.0.2): a team acts through its captains; when no rostered captain of a team is at the match, a present
 * rostered player is designated acting captain for this match only, by the team (whoever holds its captain link)
 * or by a league official. The phone holding the link acts either way: the designation puts on the scoresheet who
 * answers for the team tonight, which is what the league asks of a captain's signature.
 */
export function designateActingCaptain(state: MatchState, at: number, by: Side | 'LEAGUE', p: PayloadOf<'designateActingCaptain'>): Decision {
  const closed = matchOpen(state);
  if (closed) return closed;
  const side = by === 'LEAGUE' ? sideOfPlayer(state, p.playerId) : by;
  const player = side ? findPlayer(state, side, p.playerId) : undefined;
  if (!side || !player) {
    return refuse('OQ-30', by === 'LEAGUE' ? 'No player of either team has that id.' : 'Only a player on your own roster can act as your captain.', 'NOT_ON_ROSTER');
  }
  if (player.captain) return refuse('OQ-30', `${player.name} is a rostered captain: no acting captain is needed for them.`, 'IS_CAPTAIN');
  if (!isPresent(state, side, p.playerId, at)) {
    return refuse('OQ-30', `${player.name} is not marked present: an acting captain must be at the match.`, 'NOT_PRESENT');
  }
  const captainHere = teamOf(state, side).players.find((q) => q.captain && isPresent(state, side, q.id, at));
  if (captainHere) return refuse('OQ-30', `${captainHere.name}, a rostered captain, is present and acts for the team.`, 'CAPTAIN_PRESENT');
  if (state.actingCaptains?.[side] === p.playerId) return refuse('OQ-30', `${player.name} is already the acting captain.`, 'ALREADY_ACTING');
  return accept({ type: 'ActingCaptainDesignated', at, by, side, playerId: p.playerId });
}
