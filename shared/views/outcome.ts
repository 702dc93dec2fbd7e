import type { Side } from '../league';
import { other, SIDES } from '../league';
import type { Challenge, GameState, IncidentEntry, MatchState, ScoreEntry } from '../state';
import { TIEBREAKER_ROUND } from '../state';

/** Game outcomes of the catalogue (0.3): WIN and FORFEIT_WIN carry points, VOID and NO_RESULT none. */
export type GameOutcome =
  | { kind: 'PENDING' }
  | { kind: 'WIN'; side: Side; totals: Record<Side, number | null> }
  | { kind: 'FORFEIT_WIN'; side: Side }
  | { kind: 'VOID' }
  | { kind: 'NO_RESULT' }
  | { kind: 'REPLAY'; totals: Record<Side, number> };

export const hasOutcome = (o: GameOutcome) => o.kind !== 'PENDING' && o.kind !== 'REPLAY';

/** Entries of the game's current generation: a replay or restart discards what came before (R-VII.L.2.7.2). */
export function currentEntries(state: MatchState, round: number, game: number, generation: number) {
  return state.entries.filter((e) => e.round === round && e.game === game && e.generation === generation);
}

/**
 * The score that counts for a player: per segment the latest entry that is not disputed (an edit replaces the
 * earlier entry; a disputed entry waits for a new one), summed over segments (R-VII.L.2.5.2).
 */
export function countedScore(scores: ScoreEntry[], playerId: string): number | null {
  // A segment's latest entry decides it, so an entry counts when it is not disputed and no later entry of the player
  // has its segment. Scanned in place rather than through a Map per player: a game's outcome reads this for every
  // seated player, and lineups read many outcomes (bench/HISTORY.md, "A fifty-first host").
  let total = 0;
  let firstSegment = false;
  for (let i = 0; i < scores.length; i++) {
    const e = scores[i]!;
    if (e.playerId !== playerId || e.status === 'DISPUTED' || supersededAt(scores, i)) continue;
    total += e.points;
    if (e.segment === 1) firstSegment = true;
  }
  return firstSegment ? total : null;
}

/** Whether a later entry of the same player is for the same segment as entry i. */
function supersededAt(scores: ScoreEntry[], i: number): boolean {
  const e = scores[i]!;
  for (let j = i + 1; j < scores.length; j++) if (scores[j]!.playerId === e.playerId && scores[j]!.segment === e.segment) return true;
  return false;
}

/** Incidents that cost the whole team the game (R-VII.B.6, R-VII.Q.1, R-VII.Q.3, R-VII.J.2.1.2). */
const GAME_LOSS = new Set(['SLAM_TILT', 'MACHINE_DAMAGE', 'TILTED_OPPONENT']);
/** Incidents that disqualify one player's score (R-VII.E.2.1, R-VII.L.1.4.1.2.p3 with OQ-16). */
const PLAYER_DQ = new Set(['DEATH_SAVE', 'STUCK_BALL_ADVANTAGE']);

/** How many times a team has done this kind of thing in the match so far, this entry included (OQ-15). */
export function occurrence(state: MatchState, entry: IncidentEntry): number {
  return state.entries.filter(
    (e) =>
      e.kind === 'INCIDENT' && e.status === 'CONFIRMED' && e.incident.kind === entry.incident.kind &&
      e.incident.side === entry.incident.side && state.entries.indexOf(e) <= state.entries.indexOf(entry),
  ).length;
}

export interface Penalties {
  teamDisqualified: Record<Side, boolean>;
  gameLoss: Record<Side, boolean>;
  playerDisqualified: ReadonlySet<string>;
}

/** Shared by every game without a disqualified player, so the common case allocates no Set. */
const NO_ONE: ReadonlySet<string> = new Set();

/** The penalties confirmed against each team in a game (CALC-1 steps 2-3). */
export function penalties(state: MatchState, g: GameState): Penalties {
  return penaltiesOf(state, currentEntries(state, g.round, g.game, g.generation));
}

/** The penalties among a game's current entries: a regular game slot or the tie-breaker. */
function penaltiesOf(state: MatchState, entries: ReturnType<typeof currentEntries>): Penalties {
  const teamDisqualified = { HOME: false, AWAY: false };
  const gameLoss = { HOME: false, AWAY: false };
  let disqualified: Set<string> | null = null;
  // Confirmed incidents of the current generation, in the order they were entered.
  for (const e of entries) {
    if (e.kind !== 'INCIDENT' || e.status !== 'CONFIRMED') continue;
    const { kind, side, playerId } = e.incident;
    if (kind === 'OUT_OF_TURN') teamDisqualified[side] = true; // R-III.C.5.2
    else if (GAME_LOSS.has(kind)) gameLoss[side] = true;
    else if (PLAYER_DQ.has(kind) && playerId) (disqualified ??= new Set()).add(playerId);
    else if (kind === 'LOGGED_IN' && playerId && occurrence(state, e) >= 2) (disqualified ??= new Set()).add(playerId); // R-III.C.6.1.2.1
    // R-VII.J.2.1.1: a first occurrence only lets the opponents practise one game; it is recorded, not penalised.
    else if (kind === 'PRACTICE' && occurrence(state, e) >= 2) gameLoss[side] = true; // R-VII.J.2.1.2
  }
  return { teamDisqualified, gameLoss, playerDisqualified: disqualified ?? NO_ONE };
}

/**
 * CALC-1: the outcome of a regular game slot. Team totals are sums of their players' counted scores however the game
 * was physically played, so two 1-on-1 games on a two-player machine (R-III.D.6.3) and solo games on a one-player or
 * score-stealing machine (R-III.D.7.2, R-III.E.4.2) are compared exactly like a 4-player game.
 */
export function gameOutcome(state: MatchState, g: GameState): GameOutcome {
  if (g.voided) return { kind: 'VOID' };
  // Read without building a Set or the entry lists twice: a lineup asks for the previous round's outcomes and the
  // minimum-play check for more, and what this allocates is what the server's scavenges copy (bench/HISTORY.md, "A
  // fifty-first host").
  const homeForfeited = g.forfeitedBy.includes('HOME');
  const awayForfeited = g.forfeitedBy.includes('AWAY');
  if (homeForfeited && awayForfeited) return { kind: 'VOID' };
  if (homeForfeited || awayForfeited) return { kind: 'FORFEIT_WIN', side: homeForfeited ? 'AWAY' : 'HOME' };
  const entries = currentEntries(state, g.round, g.game, g.generation);
  const pen = penaltiesOf(state, entries);
  if (g.startedAt === null || g.seated === null || g.awaitingMachine) {
    // R-VII.J.2.1.2: a second practice occurrence can cost a team a game before it starts. The team forfeits it:
    // the game is not played, and the other team's players, ready to play, count as having played (OQ-09 (a)).
    // Any other penalty needs the game under way.
    if (pen.gameLoss.HOME && pen.gameLoss.AWAY) return { kind: 'NO_RESULT' };
    if (pen.gameLoss.HOME || pen.gameLoss.AWAY) return { kind: 'FORFEIT_WIN', side: pen.gameLoss.HOME ? 'AWAY' : 'HOME' };
    return { kind: 'PENDING' };
  }

  const scores = entries.filter((e): e is ScoreEntry => e.kind === 'SCORE');
  const totals: Record<Side, number | null> = { HOME: null, AWAY: null };
  const out: Record<Side, boolean> = { HOME: false, AWAY: false };
  let complete = true;
  for (const side of SIDES) {
    const seated = g.seated[side];
    let counted = 0;
    let total = 0;
    for (const p of seated) {
      if (pen.playerDisqualified.has(p)) continue;
      counted += 1;
      const s = countedScore(scores, p);
      if (s === null) complete = false;
      else total += s;
    }
    const allDisqualified = seated.length > 0 && counted === 0;
    out[side] = pen.teamDisqualified[side] || allDisqualified || pen.gameLoss[side];
    totals[side] = pen.teamDisqualified[side] || allDisqualified ? null : total;
  }
  if (out.HOME && out.AWAY) return { kind: 'NO_RESULT' }; // OQ-14
  if (out.HOME || out.AWAY) return { kind: 'WIN', side: out.HOME ? 'AWAY' : 'HOME', totals };
  if (!complete) return { kind: 'PENDING' };
  const h = totals.HOME ?? 0;
  const a = totals.AWAY ?? 0;
  if (h === a) return { kind: 'REPLAY', totals: { HOME: h, AWAY: a } }; // OQ-02
  return { kind: 'WIN', side: h > a ? 'HOME' : 'AWAY', totals };
}

/** CALC-2: points a game slot gives each team. */
export function gamePoints(state: MatchState, g: GameState): Record<Side, number> {
  const o = gameOutcome(state, g);
  const worth = state.rounds[g.round - 1]!.format === 'DOUBLES' ? 2 : 1; // R-III.D.4, R-III.E.3
  const pts = { HOME: 0, AWAY: 0 };
  if (o.kind === 'WIN' || o.kind === 'FORFEIT_WIN') pts[o.side] = worth;
  return pts;
}

export const allGames = (state: MatchState): GameState[] => state.rounds.flatMap((r) => r.games);

/** Running match points from the games (tie-breaker excluded, R-III.G.2). */
export function gamePointsTotal(state: MatchState): Record<Side, number> {
  const total = { HOME: 0, AWAY: 0 };
  for (const g of allGames(state)) {
    const p = gamePoints(state, g);
    total.HOME += p.HOME;
    total.AWAY += p.AWAY;
  }
  return total;
}

export const roundsComplete = (state: MatchState) => allGames(state).every((g) => hasOutcome(gameOutcome(state, g)));

/** R-III.G.1: equal points after the four rounds call for one tie-breaking game (not after a team left, OQ-35). */
export function tiebreakerRequired(state: MatchState): boolean {
  if (state.outcome || state.left || state.abandoned || !roundsComplete(state)) return false;
  const p = gamePointsTotal(state);
  return p.HOME === p.AWAY;
}

export type TiebreakerOutcome = { kind: 'PENDING' } | { kind: 'WIN'; side: Side } | { kind: 'REPLAY' };

export function tiebreakerOutcome(state: MatchState): TiebreakerOutcome {
  const tb = state.tiebreaker;
  if (!tb || tb.awaitingMachine) return { kind: 'PENDING' };
  const entries = currentEntries(state, TIEBREAKER_ROUND, 1, tb.generation);
  // A confirmed penalty decides the tie-breaker as it decides a game (R-VII.Q.1, R-VII.B.6, R-III.C.5.2). Each team
  // is one player of this one game (R-III.G.3.1.5), so a disqualified player's score is the team's score: it loses.
  const pen = penaltiesOf(state, entries);
  const lost = (side: Side) => pen.teamDisqualified[side] || pen.gameLoss[side] || (tb.players[side] ?? []).some((p) => pen.playerDisqualified.has(p));
  // Both teams penalised: there is no winner to read off, and a tie-breaker must give one, so it is played again as
  // after equal scores (OQ-32), where a regular game would have no result (OQ-14).
  if (lost('HOME') && lost('AWAY')) return { kind: 'REPLAY' };
  if (lost('HOME') || lost('AWAY')) return { kind: 'WIN', side: lost('HOME') ? 'AWAY' : 'HOME' };
  const scores = entries.filter((e): e is ScoreEntry => e.kind === 'SCORE');
  const latest = (side: Side) => {
    const mine = scores.filter((s) => s.side === side && s.status !== 'DISPUTED');
    return mine.length ? mine[mine.length - 1]!.points : null;
  };
  const h = latest('HOME');
  const a = latest('AWAY');
  if (h === null || a === null) return { kind: 'PENDING' };
  if (h === a) return { kind: 'REPLAY' }; // OQ-32
  return { kind: 'WIN', side: h > a ? 'HOME' : 'AWAY' }; // R-III.G.3.1.6, R-III.G.3.2.6
}

export type MatchResult =
  | { status: 'IN_PROGRESS'; points: Record<Side, number> }
  | { status: 'DECIDED'; winner: Side | null; points: Record<Side, number>; how: string };

/** CALC-3: the match result; whole-match outcomes first, then points, then the tie-breaker. */
export function matchResult(state: MatchState): MatchResult {
  const o = state.outcome;
  if (o) {
    switch (o.kind) {
      case 'FORFEIT': {
        const winner = other(o.forfeiting);
        const points = { HOME: 0, AWAY: 0 };
        points[winner] = o.fullEvening ? 12 : 9; // R-VII.H.1.2, R-VII.H.1.3
        return { status: 'DECIDED', winner, points, how: 'forfeit (R-VII.H.1)' };
      }
      case 'DOUBLE_FORFEIT':
        return { status: 'DECIDED', winner: null, points: { HOME: 0, AWAY: 0 }, how: 'double forfeit (OQ-13)' };
      case 'REFUSED_TO_MOVE': {
        const winner = other(o.refusing);
        const points = { HOME: 0, AWAY: 0 };
        points[winner] = 12;
        return { status: 'DECIDED', winner, points, how: 'refusal to move (R-VII.A.1.5)' };
      }
      case 'IMPROPER_MOVE':
        return { status: 'DECIDED', winner: 'AWAY', points: { HOME: 0, AWAY: 12 }, how: 'improper move (R-VII.N.2.1)' };
      default: {
        const never: never = o;
        return never;
      }
    }
  }
  const points = gamePointsTotal(state);
  if (!roundsComplete(state)) return { status: 'IN_PROGRESS', points };
  if (points.HOME !== points.AWAY) return { status: 'DECIDED', winner: points.HOME > points.AWAY ? 'HOME' : 'AWAY', points, how: 'match points' };
  if (state.left) return { status: 'DECIDED', winner: other(state.left), points, how: 'opponent left a disputed match (OQ-35)' };
  if (state.abandoned) return { status: 'DECIDED', winner: null, points, how: 'both teams refused to play on (R-VII.D.4.2)' };
  const tb = tiebreakerOutcome(state);
  if (tb.kind === 'WIN') return { status: 'DECIDED', winner: tb.side, points, how: 'tie-breaker (R-III.G)' };
  return { status: 'IN_PROGRESS', points };
}

/** R-III.G.3.1.5 / R-III.G.3.2.5: AWAY is Player 1 of the tie-breaker, HOME Player 2; in Shared Game the list is the ball order (OQ-33). */
export interface TiebreakerSeat {
  position: 1 | 2;
  side: Side;
  players: string[] | null;
}

export function tiebreakerSeats(state: MatchState): TiebreakerSeat[] | null {
  const tb = state.tiebreaker;
  if (!tb) return null;
  return [
    { position: 1, side: 'AWAY', players: tb.players.AWAY },
    { position: 2, side: 'HOME', players: tb.players.HOME },
  ];
}

/** R-VII.D.3.2: games marked "Challenged" on the scoresheet (the circle), with who challenged them. */
export function challengedGames(state: MatchState): { round: number; game: number; by: Side; reportDue: number }[] {
  return state.challenges.filter((c) => c.status === 'OPEN').map((c) => ({ round: c.round, game: c.game, by: c.by, reportDue: c.reportDue }));
}

/**
 * OQ-36: open challenges whose report is overdue at `now`; flagged for the official, nothing decided automatically.
 * A report counts as sent in time once its text or a photo reached the league by its due time (R-VII.D.3.4).
 */
export function overdueChallenges(state: MatchState, now: number): string[] {
  return state.challenges.filter((c) => c.status === 'OPEN' && now > c.reportDue && !reportSentInTime(c)).map((c) => c.id);
}

/**
 * R-VII.D.3.4: whether the challenge's report (its text or a photo) reached the league by its due time. The text
 * counts from when it was first sent: rewriting it later corrects a report that was already sent, it does not make
 * it late (OQ-36). A report from before `firstSentAt` existed counts from its own time.
 */
export function reportSentInTime(c: Challenge): boolean {
  return (c.photos ?? []).some((p) => p.at <= c.reportDue) || (c.report !== undefined && (c.report.firstSentAt ?? c.report.at) <= c.reportDue);
}

/** R-VII.D.3.5: warnings the officials gave each team in this match. */
export function warnings(state: MatchState): Record<Side, number> {
  const count = { HOME: 0, AWAY: 0 };
  for (const c of state.challenges) if (c.warned) count[c.warned] += 1;
  return count;
}

/**
 * R-VII.D.2.3: a game played under two readings. For each open challenge that carries the other reading's result,
 * the match points as played and as they would be under the other reading; the official's ruling picks one.
 */
export function challengeReadings(state: MatchState): { challengeId: string; round: number; game: number; asPlayed: Record<Side, number>; alternative: Record<Side, number> }[] {
  const asPlayed = gamePointsTotal(state);
  return state.challenges.filter((c) => c.status === 'OPEN' && c.alternative).map((c) => {
    const g = state.rounds[c.round - 1]!.games[c.game - 1]!;
    const here = gamePoints(state, g);
    const worth = state.rounds[c.round - 1]!.format === 'DOUBLES' ? 2 : 1;
    const alternative = { HOME: asPlayed.HOME - here.HOME, AWAY: asPlayed.AWAY - here.AWAY };
    if (c.alternative === 'HOME' || c.alternative === 'AWAY') alternative[c.alternative] += worth;
    return { challengeId: c.id, round: c.round, game: c.game, asPlayed, alternative };
  });
}

/**
 * Where the scoresheet stands (MR-5, R-VII.D.3.3, CALC-4): FINAL once both teams signed; CHALLENGED while a challenge
 * is open, and CHALLENGED_PENDING_RULING once the other team has signed; RULED when an official has ruled on every
 * challenge and a team has signed, or recorded the outcome itself (an improper move); AWAITING_SIGNATURE when one
 * team has signed.
 */
export type SheetStatus = 'IN_PROGRESS' | 'AWAITING_SIGNATURE' | 'CHALLENGED' | 'CHALLENGED_PENDING_RULING' | 'RULED' | 'FINAL';

export function sheetStatus(state: MatchState): SheetStatus {
  const signed = SIDES.filter((s) => state.signoffs[s]);
  if (signed.length === 2) return 'FINAL';
  const open = state.challenges.some((c) => c.status === 'OPEN');
  if (open) return signed.length > 0 ? 'CHALLENGED_PENDING_RULING' : 'CHALLENGED';
  // R-VII.N.2.1: an improper move is recorded by a league official: that record is the ruling.
  if (state.outcome?.kind === 'IMPROPER_MOVE') return 'RULED';
  if (signed.length > 0 && state.challenges.some((c) => c.status === 'RULED')) return 'RULED';
  return signed.length > 0 ? 'AWAITING_SIGNATURE' : 'IN_PROGRESS';
}

/**
 * CALC-4: what the match adds to each team's standings: a win or a loss and its match points. Nothing until the
 * match is final (both signed) or ruled by an official. A result without a winner (both refused to play on with
 * equal points) records no win or loss; the officials settle it.
 */
export type StandingsEntry = Record<Side, { result: 'W' | 'L' | null; points: number }>;

export function standingsEntry(state: MatchState): StandingsEntry | null {
  const status = sheetStatus(state);
  if (status !== 'FINAL' && status !== 'RULED') return null;
  const r = matchResult(state);
  if (r.status !== 'DECIDED') return null;
  const result = (s: Side): 'W' | 'L' | null => {
    if (state.outcome?.kind === 'DOUBLE_FORFEIT') return 'L';
    if (r.winner === null) return null;
    return r.winner === s ? 'W' : 'L';
  };
  return { HOME: { result: result('HOME'), points: r.points.HOME }, AWAY: { result: result('AWAY'), points: r.points.AWAY } };
}
