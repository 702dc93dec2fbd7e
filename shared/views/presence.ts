import type { Side } from '../league';
import { findPlayer, type MatchState, type RoundState, teamOf } from '../state';

/** Present = marked arrived and not marked departed, at the given time (catalogue 0.3 "Present"). */
export function isPresent(state: MatchState, side: Side, playerId: string, at: number): boolean {
  const a = state.attendance[side][playerId];
  if (!a || a.arrivedAt === null || a.arrivedAt > at) return false;
  return a.departedAt === null || a.departedAt > at;
}

export function presentPlayers(state: MatchState, side: Side, at: number): string[] {
  return teamOf(state, side).players.filter((p) => isPresent(state, side, p.id, at)).map((p) => p.id);
}

/**
 * Players who may play the tie-breaker: present and not barred by the league. Top-150 players may play it without
 * restriction (R-II.B.2.3.2), so only a league bar (e.g. not playoff-active, R-V.B.1.2) keeps a present player out.
 */
export function tiebreakerEligible(state: MatchState, side: Side, at: number): string[] {
  return teamOf(state, side).players.filter((p) => isPresent(state, side, p.id, at) && !p.ineligible).map((p) => p.id);
}

/** Whether the FD of round `r` has written a top-150 player into any of its games (R-II.B.2.3.1). */
export function fdPutRestricted(state: MatchState, r: RoundState): boolean {
  for (const g of r.games) for (const id of g.players[r.fd]) if (findPlayer(state, r.fd, id)?.restricted) return true;
  return false;
}

/**
 * Players who may be written into this round: present, not barred by the league, and top-150 only when FD (OQ-40),
 * or, answering, when the FD has put a top-150 player in this round that they can face (R-II.B.2.3.1). This count
 * decides whether the team declares the round as a team of 3 (OQ-10).
 */
export function eligibleForRound(state: MatchState, side: Side, round: number, at: number): string[] {
  const r = state.rounds[round - 1];
  const fd = r?.fd;
  const facesRestricted = !!r && fd !== side && fdPutRestricted(state, r);
  return teamOf(state, side)
    .players.filter((p) => isPresent(state, side, p.id, at) && !p.ineligible && (!p.restricted || fd === side || facesRestricted))
    .map((p) => p.id);
}

/** Scheduled start as a league clock reading: the engine has no time zone, so it counts from the scheduled 20:00. */
export function clock(state: MatchState, time: number): string {
  const minutes = state.setup.settings.startMinutes + Math.floor((time - state.setup.scheduledStart) / 60_000);
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** R-III.A.2 / R-VI.C.2: the waiting window closes 15 minutes after the start, or 30 when both agreed to extend. */
export function windowCloses(state: MatchState): number {
  const s = state.setup.settings;
  return state.setup.scheduledStart + (s.waitMinutes + (state.extraDelay ? s.extraWaitMinutes : 0)) * 60_000;
}
