import {
  type Actor, type CommandInput, CommandSchema, decide, type Decision, fold, initialState, type MachineKind,
  type MatchSetupInput, MatchSetupSchema, type MatchEvent, type MatchState, type Refusal, type Side,
} from '../../shared';

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

const players = (prefix: string, n: number, extra: PlayerSpec[] = []) => [
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
    home: { id: 'hawks', name: 'Hawks', players: o.home ?? players('H', o.homeCount ?? 8) },
    away: { id: 'aces', name: 'Aces', players: o.away ?? players('A', o.awayCount ?? 8) },
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
  send(who: Side | Actor, command: CommandInput, time = this.clock): Decision {
    const parsed = CommandSchema.parse(command);
    const actor: Actor = typeof who === 'string' ? { role: 'captain', side: who } : who;
    const d = decide(this.state, { ...parsed, at: time }, actor);
    if (d.ok) {
      this.state = fold(this.state, d.events);
      this.log.push(...d.events);
    }
    return d;
  }

  /** Sends and expects acceptance; throws with the refusal otherwise, so a scenario fails at the right line. */
  ok(who: Side | Actor, command: CommandInput, time = this.clock): MatchEvent[] {
    const d = this.send(who, command, time);
    if (!d.ok) throw new Error(`expected ${command.type} to be accepted, refused: ${d.refusal.rule} ${d.refusal.message}`);
    return d.events;
  }

  /** Sends and expects a refusal; returns it, and checks the state did not change. */
  no(who: Side | Actor, command: CommandInput, time = this.clock): Refusal {
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
}

export const HOME: Side = 'HOME';
export const AWAY: Side = 'AWAY';
