import type { Agreement, DeclaredGame, Incident } from './commands';
import type { Machine, Player, Side } from './league';
import type { ChallengePhoto } from './events';
import type { MatchSetup } from './match';

/**
 * The match state: the fold of its events (evolve.ts). Plain JSON, so it can be snapshotted and sent as is. A state is
 * an immutable value: successive states share the parts an event did not touch, so nothing may change one in place.
 */

export type Format = 'DOUBLES' | 'SINGLES';

export interface Attendance {
  arrivedAt: number | null;
  departedAt: number | null;
}

export interface Declaration {
  at: number;
  /** R-VI.A.1 / OQ-10: the team had exactly 3 eligible present players when it declared this round. */
  short: boolean;
  games: DeclaredGame[];
}

export interface GameState {
  round: number;
  game: number;
  /** Null for a singles slot the short FD forfeits (OQ-04), or while a failed machine awaits its replacement. */
  machineId: string | null;
  players: Record<Side, string[]>;
  /** R-VI.A.2.4 write-in: included only if present when the game starts. */
  writeIn: { side: Side; playerId: string } | null;
  /** Teams that give up this slot (short team, OQ-04; a player left, OQ-11; a team left, R-VII.D.4.1). */
  forfeitedBy: Side[];
  /** A slot both teams walked away from (R-VII.D.4.2): no points. */
  voided: boolean;
  /** Position of each seated player (R-III.C.2, R-III.C.3). */
  seats: Record<Side, Record<string, number>>;
  startedAt: number | null;
  /** Who actually sat down when the game started (a write-in who did not come is left out). */
  seated: Record<Side, string[]> | null;
  /** Incremented each time the game is replayed or restarted; entries of older generations no longer count. */
  generation: number;
  /** R-VII.L.2.7: the machine failed and the FD must pick a replacement. */
  awaitingMachine: boolean;
  /** R-VII.L.2.7.1: lineups of this game may be re-declared until it starts. */
  redeclarable: boolean;
  /** R-III.D.7.3 / R-III.E.4.3: replayed one player at a time after a score-stealing discovery. */
  oneAtATime: boolean;
}

export interface RoundState {
  round: number;
  format: Format;
  /** First declarer (R-III.B.3): picks the machines, plays second. */
  fd: Side;
  declarations: Record<Side, Declaration | null>;
  games: GameState[];
  /** Last time anything happened in this round: the selection clock of the next round starts from it (R-VII.R.1). */
  lastActivityAt: number | null;
}

export type EntryStatus = 'PENDING' | 'CONFIRMED' | 'DISPUTED';

interface EntryBase {
  id: string;
  by: Side;
  at: number;
  status: EntryStatus;
  /** Round 1-4, or TIEBREAKER_ROUND. */
  round: number;
  game: number;
  generation: number;
  disputeReason?: string;
}
export interface ScoreEntry extends EntryBase {
  kind: 'SCORE';
  playerId: string | null;
  side: Side;
  points: number;
  segment: number;
}
export interface IncidentEntry extends EntryBase {
  kind: 'INCIDENT';
  incident: Incident;
  /** R-III.C.6.1.1.2: the opponent's choice after a first logged-in occurrence found after balls were completed. */
  loggedInOption: 'CONTINUE' | 'NEW_GAME' | null;
  ball2Started: boolean;
}
export type Entry = ScoreEntry | IncidentEntry;

export const TIEBREAKER_ROUND = 5;

export interface TiebreakerState {
  format: 'SHARED_GAME' | 'SPLIT_FLIPPER';
  machineId: string;
  /** HOME is Player 2, AWAY Player 1 (R-III.G.3.1.5); in Shared Game the order is the ball order (OQ-33). */
  players: Record<Side, string[] | null>;
  startedAt: number | null;
  generation: number;
  /** R-VII.L.2.7: the machine failed and was taken out; HOME has not picked the next one yet. Optional so that
   * snapshots stored before tie-breaker incidents existed still read as "not waiting". */
  awaitingMachine?: boolean;
}

export interface Proposal {
  id: string;
  by: Side;
  at: number;
  agreement: Agreement;
  status: 'OPEN' | 'ACCEPTED' | 'DECLINED';
}

export interface Challenge {
  id: string;
  by: Side;
  at: number;
  round: number;
  game: number;
  reason: string;
  reportDue: number;
  status: 'OPEN' | 'WITHDRAWN' | 'RULED';
  ruling: string | null;
  /** R-VII.D.2.3: winner of the game played under the other reading, when it was played twice. */
  alternative?: Side | 'NONE';
  /** R-VII.D.3.5: the team the official's ruling warned. */
  warned?: Side;
  /** R-VII.D.3.4: photos for the report, with who attached them and when. Optional: challenges stored before
   *  attachments existed lack it. */
  photos?: AttachedPhoto[];
  /** R-VII.D.3.4: the written report, as last written (`at`: when this text was written). `firstSentAt`: when the
   *  first text reached the league; a rewrite keeps it, since the report was sent then (OQ-36 judges lateness by
   *  it). Optional like `photos`; a report stored before it existed counts from its own `at`. */
  report?: { text: string; by: Side; at: number; firstSentAt?: number };
}

export type AttachedPhoto = ChallengePhoto & { by: Side | 'LEAGUE'; at: number };

/** Whole-match outcomes that take precedence over game points (CALC-3). */
export type WholeMatchOutcome =
  | { kind: 'FORFEIT'; forfeiting: Side; fullEvening: boolean } // R-VII.H.1
  | { kind: 'DOUBLE_FORFEIT' } // OQ-13
  | { kind: 'REFUSED_TO_MOVE'; refusing: Side } // R-VII.A.1.5
  | { kind: 'IMPROPER_MOVE' }; // R-VII.N.2.1

export type MachineStatus = 'WORKING' | 'REMOVED' | 'ELIMINATED';

export interface MatchState {
  setup: MatchSetup;
  machines: Machine[];
  machineStatus: Record<string, MachineStatus>;
  /** R-III.D.7.3: machines found to steal/swap/match scores during this match. */
  flaggedStealing: string[];
  attendance: Record<Side, Record<string, Attendance>>;
  /** OQ-30: the present player acting as captain of a team none of whose rostered captains came. Optional: states
   *  stored before it existed lack it. */
  actingCaptains?: Partial<Record<Side, string>>;
  extraDelay: boolean;
  earlyStart: boolean;
  extraBall: 'ONE' | 'NONE';
  maxThreeBalls: boolean;
  challengeModes: boolean;
  oneAtATime: boolean;
  timeLimitSince: number | null;
  rounds: RoundState[];
  entries: Entry[];
  tiebreaker: TiebreakerState | null;
  proposals: Proposal[];
  challenges: Challenge[];
  resolutions: string[];
  signoffs: Record<Side, { at: number; flagMinimumPlay: boolean } | null>;
  outcome: WholeMatchOutcome | null;
  /** R-VII.D.4.1: the team that left a disputed match. */
  left: Side | null;
  abandoned: boolean;
  rescheduled: { date: string; venue: string } | null;
  relocatedTo: { venueName: string; leagueVenue: boolean; reason: string } | null;
  /** Counter for entry, proposal and challenge ids: deterministic, so every replica names them alike. */
  nextId: number;
  /** Number of events folded so far: the match version. */
  version: number;
}

export const teamOf = (state: MatchState, side: Side) => (side === 'HOME' ? state.setup.home : state.setup.away);

export function findPlayer(state: MatchState, side: Side, playerId: string): Player | undefined {
  return teamOf(state, side).players.find((p) => p.id === playerId);
}

export function playerName(state: MatchState, playerId: string): string {
  for (const side of ['HOME', 'AWAY'] as const) {
    const p = findPlayer(state, side, playerId);
    if (p) return p.name;
  }
  return playerId;
}

export function sideOfPlayer(state: MatchState, playerId: string): Side | null {
  if (findPlayer(state, 'HOME', playerId)) return 'HOME';
  if (findPlayer(state, 'AWAY', playerId)) return 'AWAY';
  return null;
}

/** R-III.0.1 with OQ-01: four rounds, exactly two of doubles (R-III.D.1) and two of singles (R-III.E.1). */
export function roundFormats(order: 'DDSS' | 'DSDS'): Format[] {
  return order === 'DDSS' ? ['DOUBLES', 'DOUBLES', 'SINGLES', 'SINGLES'] : ['DOUBLES', 'SINGLES', 'DOUBLES', 'SINGLES'];
}

/** INV-02 / R-III.B.3: AWAY declares first in rounds 1 and 3, HOME in rounds 2 and 4. */
export const firstDeclarer = (round: number): Side => (round % 2 === 1 ? 'AWAY' : 'HOME');

export function emptyGame(round: number, game: number): GameState {
  return {
    round, game, machineId: null, players: { HOME: [], AWAY: [] }, writeIn: null, forfeitedBy: [], voided: false,
    seats: { HOME: {}, AWAY: {} }, startedAt: null, seated: null, generation: 0, awaitingMachine: false,
    redeclarable: false, oneAtATime: false,
  };
}

export function initialState(setup: MatchSetup): MatchState {
  const formats = roundFormats(setup.settings.roundOrder);
  const attendance = (players: Player[]) =>
    Object.fromEntries(players.map((p) => [p.id, { arrivedAt: null, departedAt: null }]));
  return {
    setup,
    machines: setup.venue.machines,
    machineStatus: Object.fromEntries(setup.venue.machines.map((m) => [m.id, 'WORKING' as const])),
    flaggedStealing: [],
    attendance: { HOME: attendance(setup.home.players), AWAY: attendance(setup.away.players) },
    extraDelay: false,
    earlyStart: false,
    extraBall: 'ONE',
    maxThreeBalls: false,
    challengeModes: false,
    oneAtATime: false,
    timeLimitSince: null,
    rounds: formats.map((format, i) => ({
      round: i + 1,
      format,
      fd: firstDeclarer(i + 1),
      declarations: { HOME: null, AWAY: null },
      // a doubles round has 2 game slots (R-III.D.2), a singles round 4 (R-III.E.2)
      games: Array.from({ length: format === 'DOUBLES' ? 2 : 4 }, (_, g) => emptyGame(i + 1, g + 1)),
      lastActivityAt: null,
    })),
    entries: [],
    tiebreaker: null,
    proposals: [],
    challenges: [],
    resolutions: [],
    signoffs: { HOME: null, AWAY: null },
    outcome: null,
    left: null,
    abandoned: false,
    rescheduled: null,
    relocatedTo: null,
    nextId: 1,
    version: 0,
  };
}
