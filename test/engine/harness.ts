import {
  type Actor, type CommandInput, CommandSchema, decide, type Decision, fold, type GameState, gamePointsTotal, initialState,
  isPresent, type MachineKind, type MatchSetupInput, MatchSetupSchema, type MatchEvent, type MatchState, orderSet, positionsFor,
  type Refusal, type ServerCommand, ServerCommandSchema, type Side,
} from '../../shared';

/** What a test sends: a phone's command, or one the server makes itself (a stored photo's reference). */
type Sent = CommandInput | ServerCommand;

/**
 * A test driver for the engine: parses each command with the same zod schema the server uses, decides it at a
 * given clock time, and folds accepted events, exactly as the room does (minus sockets and storage).
 */

export const MIN = 60_000;
/** 20:00 on the match night, as epoch ms. */
export const T20 = Date.UTC(2026, 9, 1, 20, 0);
export const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return T20 + ((h - 20) * 60 + m) * MIN;
};

export interface PlayerSpec {
  id: string;
  status?: 'STARTER' | 'RESERVE';
  captain?: boolean;
  restricted?: boolean;
  ineligible?: { rule: string; reason: string } | null;
}

/** A roster of `n` STARTERS named prefix1..prefixN (the first is captain), plus any extra players given. */
export const roster = (prefix: string, n: number, extra: PlayerSpec[] = []) => [
  ...Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, name: `${prefix}${i + 1}`, status: 'STARTER' as const, captain: i === 0 })),
  ...extra.map((p) => ({ name: p.id, status: 'STARTER' as const, ...p })),
];

export interface SetupOptions {
  machines?: number | { id: string; kind: MachineKind }[];
  home?: PlayerSpec[];
  away?: PlayerSpec[];
  homeCount?: number;
  awayCount?: number;
  playoff?: boolean;
  settings?: MatchSetupInput['settings'];
}

/** Catalogue shared setup: HOME Hawks H1-H8, AWAY Aces A1-A8, 4 machines M1-M4, scheduled 20:00. */
export function setup(o: SetupOptions = {}) {
  const machines = typeof o.machines === 'object'
    ? o.machines.map((m) => ({ id: m.id, name: m.id, kind: m.kind }))
    : Array.from({ length: o.machines ?? 4 }, (_, i) => ({ id: `M${i + 1}`, name: `M${i + 1}`, kind: 'FOUR_PLAYER' as const }));
  return MatchSetupSchema.parse({
    matchId: 'm1',
    home: { id: 'hawks', name: 'Hawks', players: o.home ?? roster('H', o.homeCount ?? 8) },
    away: { id: 'aces', name: 'Aces', players: o.away ?? roster('A', o.awayCount ?? 8) },
    venue: { id: 'v1', name: 'The Bar', machines },
    scheduledStart: T20,
    playoff: o.playoff ?? false,
    settings: o.settings ?? {},
  });
}

export class Match {
  state: MatchState;
  log: MatchEvent[] = [];
  clock = T20;

  constructor(o: SetupOptions = {}) {
    this.state = initialState(setup(o));
  }

  /** Sends a command as the given side (or actor) and applies it when accepted. */
  send(who: Side | Actor, command: Sent, time = this.clock): Decision {
    const server = ServerCommandSchema.safeParse(command);
    const parsed = server.success ? server.data : CommandSchema.parse(command);
    const actor: Actor = typeof who === 'string' ? { role: 'captain', side: who } : who;
    const d = decide(this.state, { ...parsed, at: time }, actor);
    if (d.ok) {
      this.state = fold(this.state, d.events);
      this.log.push(...d.events);
    }
    return d;
  }

  /** Sends and expects acceptance; throws with the refusal otherwise, so a scenario fails at the right line. */
  ok(who: Side | Actor, command: Sent, time = this.clock): MatchEvent[] {
    const d = this.send(who, command, time);
    if (!d.ok) throw new Error(`expected ${command.type} to be accepted, refused: ${d.refusal.rule} ${d.refusal.message}`);
    return d.events;
  }

  /** Sends and expects a refusal; returns it, and checks the state did not change. */
  no(who: Side | Actor, command: Sent, time = this.clock): Refusal {
    const before = JSON.stringify(this.state);
    const d = this.send(who, command, time);
    if (d.ok) throw new Error(`expected ${command.type} to be refused, accepted: ${JSON.stringify(d.events)}`);
    if (JSON.stringify(this.state) !== before) throw new Error('a refused command changed the state');
    return d.refusal;
  }

  arrive(side: Side, ids: string[], time = this.clock) {
    for (const id of ids) this.ok(side, { type: 'markArrived', payload: { playerId: id, time } }, time);
  }

  /** Last entry id (for confirmations). */
  lastEntryId(): string {
    return this.state.entries[this.state.entries.length - 1]!.id;
  }

  /** Enters a score as `by` and has the other team confirm it. */
  score(by: Side, round: number, game: number, playerId: string, points: number, segment = 1) {
    this.ok(by, { type: 'enterScore', payload: { round, game, playerId, points, segment } });
    this.ok(by === 'HOME' ? 'AWAY' : 'HOME', { type: 'confirmEntry', payload: { entryId: this.lastEntryId() } });
  }

  /** Sets both teams' play order from the seat order given (players listed in turn order). */
  order(round: number, game: number, turnOrder: string[]) {
    const sideOf = (id: string): Side => (id.startsWith('H') ? 'HOME' : 'AWAY');
    for (const side of ['HOME', 'AWAY'] as const) {
      const seats = turnOrder.map((id, i) => ({ playerId: id, position: i + 1 })).filter((s) => sideOf(s.playerId) === side);
      if (seats.length > 1) this.ok(side, { type: 'setPlayOrder', payload: { round, game, seats } });
    }
  }

  /** The game slot of a round. */
  game(round: number, game: number): GameState {
    return this.state.rounds[round - 1]!.games[game - 1]!;
  }

  /** Running match points (CALC-2). */
  points(): Record<Side, number> {
    return gamePointsTotal(this.state);
  }

  /** Who would sit down if the game started now: declared players, minus a write-in not present (R-VI.A.2.4.3). */
  private seatedNow(g: GameState): Record<Side, string[]> {
    const seated = { HOME: [...g.players.HOME], AWAY: [...g.players.AWAY] };
    if (g.writeIn && !isPresent(this.state, g.writeIn.side, g.writeIn.playerId, this.clock)) {
      seated[g.writeIn.side] = seated[g.writeIn.side].filter((p) => p !== g.writeIn!.playerId);
    }
    return seated;
  }

  /**
   * Plays one game so that `winner` wins: sets any missing play order (players in the order they were declared),
   * starts it, and enters confirmed scores (the winner's players 3,000,000 each, the others 1,000,000 each, so a
   * lone winner beats a pair, or the given scores). A forfeited or void slot is left as it is.
   */
  play(round: number, game: number, winner: Side, scores: Record<string, number> = {}) {
    const g = this.game(round, game);
    if (g.forfeitedBy.length > 0 || g.voided) return;
    const seated = this.seatedNow(g);
    const fd = this.state.rounds[round - 1]!.fd;
    const counts = { HOME: seated.HOME.length, AWAY: seated.AWAY.length };
    for (const side of ['HOME', 'AWAY'] as const) {
      if (seated[side].length < 2 || orderSet(this.state, { ...g, seated }, side)) continue;
      const positions = positionsFor(counts, fd, side);
      const seats = seated[side].map((playerId, i) => ({ playerId, position: positions[i]! }));
      this.ok(side, { type: 'setPlayOrder', payload: { round, game, seats } });
    }
    if (g.startedAt === null) this.ok(fd, { type: 'startGame', payload: { round, game } });
    const sat = this.game(round, game).seated!;
    for (const side of ['HOME', 'AWAY'] as const) {
      for (const p of sat[side]) this.score(side, round, game, p, scores[p] ?? (side === winner ? 3_000_000 : 1_000_000));
    }
  }

  /** Plays every game of a round, game g won by winners[g - 1]. */
  playRound(round: number, winners: Side[]) {
    winners.forEach((w, i) => this.play(round, i + 1, w));
  }
}

/** An FD declaration: each game is `[machine, ...players]` (machine null for a slot a short team gives up, OQ-04). */
export function firstLineup(round: number, ...games: [string | null, ...string[]][]): CommandInput {
  return { type: 'declareLineup', payload: { round, games: games.map(([machineId, ...players]) => ({ machineId, players })) } };
}

/** An SD declaration: the players of each of the FD's game slots, in slot order (an empty list leaves the slot). */
export function answerLineup(round: number, ...games: string[][]): CommandInput {
  return { type: 'declareLineup', payload: { round, games: games.map((players) => ({ players })) } };
}

export const HOME: Side = 'HOME';
export const AWAY: Side = 'AWAY';

/** A match where H1..H`home` and A1..A`away` are present from 19:55 and the clock reads 20:01. */
export function readyMatch(o: SetupOptions = {}, home = 6, away = 6): Match {
  const m = new Match(o);
  m.arrive(HOME, Array.from({ length: home }, (_, i) => `H${i + 1}`), at('19:55'));
  m.arrive(AWAY, Array.from({ length: away }, (_, i) => `A${i + 1}`), at('19:55'));
  m.clock = at('20:01');
  return m;
}

/**
 * Declares and plays both doubles rounds with a lawful standard lineup (needs H1-H6 and A1-A6 present):
 * R1 (AWAY first) {A1,A2} M1, {A3,A4} M2 against {H1,H2}, {H3,H4}; R2 (HOME first) {H5,H6} M3, {H1,H3} M4 against
 * {A5,A6}, {A1,A3}. Game g of round r is won by winners[r - 1][g - 1].
 */
export function playDoubles(m: Match, r1: Side[] = [HOME, HOME], r2: Side[] = [HOME, HOME]) {
  m.ok(AWAY, firstLineup(1, ['M1', 'A1', 'A2'], ['M2', 'A3', 'A4']));
  m.ok(HOME, answerLineup(1, ['H1', 'H2'], ['H3', 'H4']));
  m.playRound(1, r1);
  m.ok(HOME, firstLineup(2, ['M3', 'H5', 'H6'], ['M4', 'H1', 'H3']));
  m.ok(AWAY, answerLineup(2, ['A5', 'A6'], ['A1', 'A3']));
  m.playRound(2, r2);
}
