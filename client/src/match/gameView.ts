import {
  countedScore, currentEntries, gameOutcome, hasOutcome, penalties, playerName, playGroups, playStyle, TIEBREAKER_ROUND,
  type Entry, type GameState, type IncidentEntry, type MatchState, type PlayStyle, type ScoreEntry, type Side,
} from '$shared/index';

/** What a game card shows, computed from the match state with the engine's own views. */

export interface ScoreLine {
  entry: ScoreEntry;
  /** The value this entry replaced (an edit), if any. */
  previous: number | null;
}

export interface TurnRow {
  position: number;
  side: Side;
  playerId: string | null;
  name: string;
  /** The latest entry of each score segment (1, and 2 after a machine reset). */
  lines: ScoreLine[];
  /**
   * Part 1 + part 2, the score that counts (R-VII.L.2.5.2, R-VII.L.2.4.2), counted by the engine's own rule (a
   * disputed part waits for a new entry); null for a single-part score, whose one line is the whole of it.
   */
  total: number | null;
  disqualified: boolean;
}

export interface GameView {
  style: PlayStyle;
  groups: TurnRow[][];
  /** The next player in turn order without a score, while the game is being played. */
  up: TurnRow | null;
  incidents: IncidentEntry[];
  entries: Entry[];
}

/** Latest entry per segment for one player (or one team's tie-breaker score), with what it replaced. */
export function scoreLines(scores: ScoreEntry[]): ScoreLine[] {
  const bySegment = new Map<number, ScoreEntry[]>();
  for (const s of scores) bySegment.set(s.segment, [...(bySegment.get(s.segment) ?? []), s]);
  return [...bySegment.keys()].sort().map((segment) => {
    const list = bySegment.get(segment)!;
    const entry = list[list.length - 1]!;
    const earlier = list.slice(0, -1).filter((e) => e.status !== 'DISPUTED');
    return { entry, previous: earlier.length ? earlier[earlier.length - 1]!.points : null };
  });
}

export function gameView(state: MatchState, g: GameState): GameView {
  const machine = state.machines.find((m) => m.id === g.machineId);
  const style = playStyle(machine?.kind, g, g.machineId !== null && state.flaggedStealing.includes(g.machineId));
  const entries = currentEntries(state, g.round, g.game, g.generation);
  const scores = entries.filter((e): e is ScoreEntry => e.kind === 'SCORE');
  const dq = g.startedAt !== null ? penalties(state, g).playerDisqualified : new Set<string>();
  const groups = playGroups(state, g).map((group) =>
    group.map((t): TurnRow => ({
      position: t.position,
      side: t.side,
      playerId: t.playerId,
      name: t.playerId ? playerName(state, t.playerId) : `${(g.seated ?? g.players)[t.side].map((id) => playerName(state, id)).join(' or ')} (order not set)`,
      lines: t.playerId ? scoreLines(scores.filter((s) => s.playerId === t.playerId)) : [],
      total: t.playerId && scores.some((s) => s.playerId === t.playerId && s.segment > 1) ? countedScore(scores, t.playerId) : null,
      disqualified: t.playerId !== null && dq.has(t.playerId),
    })),
  );
  const finished = hasOutcome(gameOutcome(state, g));
  const up = finished || g.awaitingMachine ? null : (groups.flat().find((r) => !r.lines.some((l) => l.entry.status !== 'DISPUTED')) ?? null);
  return { style, groups, up, incidents: entries.filter((e): e is IncidentEntry => e.kind === 'INCIDENT'), entries };
}

/** Entries of the other team this captain still has to confirm or dispute (MR-4), in every live game. */
export function toAnswer(state: MatchState, side: Side): Entry[] {
  const live = (e: Entry) =>
    e.round === TIEBREAKER_ROUND
      ? e.generation === (state.tiebreaker?.generation ?? 0)
      : e.generation === state.rounds[e.round - 1]?.games[e.game - 1]?.generation;
  return state.entries.filter((e) => e.by !== side && e.status === 'PENDING' && live(e));
}
