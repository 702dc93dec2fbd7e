import type { PayloadOf } from '../commands';
import type { MatchEvent } from '../events';
import { type GameState, type IncidentEntry, playerName, type MatchState } from '../state';
import { currentEntries, gameOutcome } from '../views/outcome';
import { type Ctx, gameRef, isCheck, matchOpen, newId } from './context';
import { seatedAt, startable } from './playOrder';
import { accept, type Decision, refuse } from './refusal';

/** Score entry (R-III.D.3, R-III.E.3). Either captain enters; the entry binds once the other team confirms (MR-4). */

/** Incidents after which a player's score continues in a second segment (R-VII.L.2.5, R-VII.L.2.4.2, R-VII.L.1.4.1.1.p5, R-VII.O.5.2.2). */
const SEGMENT_INCIDENTS = new Set(['STUCK_BALL', 'SIDE_BY_SIDE']);

/**
 * A machine reset continues every player's score in a second game (R-VII.L.2.5.2); a compensation ball or stuck-ball
 * game belongs only to the player it was granted to (R-VII.L.2.4.2, R-VII.L.1.4.1.1.p5, R-VII.O.5.2.2).
 * The confirmation of a reset is both captains judging the machine still playable (R-VII.L.2.5.1); the ball that was
 * in play at the failure is replayed inside the second segment, so nothing else needs counting (R-VII.L.2.5.2.1).
 * A one-player failure after ball 1 (R-VII.L.2.4) leaves the game running for everyone else (R-VII.L.2.4.2.1); a
 * player who replays enters the solo game's score as an edit of their own, which replaces the old one (R-VII.L.2.4.2.2).
 */
function allowsSecondSegment(state: MatchState, g: GameState, playerId: string): boolean {
  return currentEntries(state, g.round, g.game, g.generation).some((e) => {
    if (e.kind !== 'INCIDENT' || e.status !== 'CONFIRMED') return false;
    const inc = e.incident;
    if (inc.kind === 'MAJOR_FAILURE' && inc.action === 'RESET_SEGMENTS') return true;
    const granted = SEGMENT_INCIDENTS.has(inc.kind) || (inc.kind === 'MAJOR_FAILURE' && inc.action === 'PLAYER_OPTION');
    return granted && (!inc.action || inc.action === 'PLAYER_OPTION') && inc.playerId === playerId;
  });
}

export function enterScore(ctx: Ctx, p: PayloadOf<'enterScore'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  const { g } = ref;
  const events: MatchEvent[] = [];
  if (g.startedAt === null) {
    // Catalogue 0.3: the first score entered for a game marks it started.
    const bad = startable(ctx, g);
    if (bad) return bad;
    events.push({ type: 'GameStarted', at, by: side, round: g.round, game: g.game, seated: seatedAt(state, g, at) });
  }
  const seated = g.seated ?? seatedAt(state, g, at);
  const playerSide = seated.HOME.includes(p.playerId) ? 'HOME' : seated.AWAY.includes(p.playerId) ? 'AWAY' : null;
  if (!playerSide) return refuse('R-III.B.1', `${playerName(state, p.playerId)} is not playing in this game.`, 'NOT_IN_GAME');
  if (p.points > state.setup.settings.maxScore) {
    return refuse('MR-4', `${p.points.toLocaleString('en-US')} is beyond any real score on a machine; check the digits.`, 'ABSURD_SCORE');
  }
  if (p.segment === 2 && !allowsSecondSegment(state, g, p.playerId)) {
    return refuse('R-VII.L.2.5.2', `A second score segment is only for a game continued after a confirmed machine reset, or for the player granted a compensation ball; ${playerName(state, p.playerId)} has none.`, 'NO_SEGMENT');
  }
  events.push({ type: 'ScoreEntered', at, by: side, entryId: newId(state, 'E'), round: g.round, game: g.game, playerId: p.playerId, side: playerSide, points: p.points, segment: p.segment });
  return accept(...events);
}

/** OQ-02: equal totals are replayed on the same machine with the same players and order; the replay's result stands. */
export function replayGame(ctx: Ctx, p: PayloadOf<'replayGame'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  if (gameOutcome(state, ref.g).kind !== 'REPLAY') return refuse('OQ-02', 'Only a game that ended in equal totals is replayed.', 'NOT_A_TIE');
  return accept({ type: 'GameRestarted', at, by: side, round: p.round, game: p.game, reason: 'equal totals (OQ-02)', oneAtATime: false });
}

export function findEntry(state: MatchState, entryId: string) {
  return state.entries.find((e) => e.id === entryId);
}

/** The generation an entry's game is at now; entries of older generations were discarded by a replay. */
export function liveGeneration(state: MatchState, round: number, game: number): number {
  if (round === 5) return state.tiebreaker?.generation ?? 0;
  return state.rounds[round - 1]?.games[game - 1]?.generation ?? 0;
}

export function entryToAnswer(ctx: Ctx, entryId: string): Decision | { entry: NonNullable<ReturnType<typeof findEntry>> } {
  const { state, side } = ctx;
  const entry = findEntry(state, entryId);
  if (!entry) return refuse('MR-4', 'There is no entry with that id.', 'NO_SUCH_ENTRY');
  if (entry.by === side) return refuse('MR-4', 'An entry is confirmed (or disputed) by the other team’s captain.', 'OWN_ENTRY');
  if (entry.status !== 'PENDING') return refuse('MR-4', `This entry is already ${entry.status.toLowerCase()}.`, 'NOT_PENDING');
  if (entry.generation !== liveGeneration(state, entry.round, entry.game)) {
    return refuse('R-VII.L.2.7.2', 'This entry belongs to a game that was replayed; it no longer counts.', 'DISCARDED');
  }
  return { entry };
}

export const isIncident = (e: { kind: string }): e is IncidentEntry => e.kind === 'INCIDENT';
