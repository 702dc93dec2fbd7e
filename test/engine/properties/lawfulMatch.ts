import {
  type Actor, type CommandInput, CommandSchema, type DeclaredGame, decide, type Decision, eligibleForRound, fold,
  gameOutcome, type GameState, hasOutcome, hasPlayed, type Incident, initialState, type MachineKind, type MatchEvent,
  MatchSetupSchema, type MatchState, other, positionsFor, presentPlayers, type Side, SIDES, tiebreakerOutcome,
  tiebreakerEligible, tiebreakerRequired,
} from '../../../shared';

/**
 * A driver of random LAWFUL matches for the property tests. Every choice (attendance, lineups, play order, scores,
 * incidents, machine failures, challenges, the tie-breaker) is drawn from a seeded generator and offered to
 * `decide` exactly as a captain would send it; a candidate the engine refuses is simply not taken, and another one is
 * drawn. So the matches are lawful by construction of the engine's own answers, and the invariants are checked on
 * whatever the engine accepted. A seed reproduces a match exactly.
 */

export const MIN = 60_000;
export const T20 = Date.UTC(2026, 9, 1, 20, 0);

/** mulberry32: a tiny seeded generator, so a failing seed replays the very same evening. */
export class Dice {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)]!;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
}

/** Makes a state immutable all the way down, so any write by decide or fold into an existing state throws. */
export function deepFreeze<T>(o: T): T {
  if (o === null || typeof o !== 'object' || Object.isFrozen(o)) return o;
  Object.freeze(o);
  for (const v of Object.values(o as object)) deepFreeze(v);
  return o;
}

export interface Step {
  pre: MatchState;
  post: MatchState;
  events: MatchEvent[];
  actor: Actor;
  command: CommandInput;
}

export interface Hooks {
  /** Called after every accepted command, with the state before and after. */
  onStep?: (step: Step) => void;
  /** Called between lawful steps; may probe the current state with other commands (without applying them). */
  onProbe?: (runner: Runner) => void;
}

export const captain = (side: Side): Actor => ({ role: 'captain', side });

/** Sends commands to the engine like the room does, and keeps the accepted ones. */
export class Runner {
  state: MatchState;
  log: MatchEvent[] = [];
  clock = T20 - 20 * MIN;
  /** Why the evening could not go on (a lawful move the driver could not find); null when it ran to its end. */
  stuck: string | null = null;
  refusals = 0;

  constructor(
    readonly dice: Dice,
    setup: MatchState['setup'],
    private readonly hooks: Hooks,
  ) {
    this.state = deepFreeze(initialState(setup));
  }

  tick(minutes = 1) {
    this.clock += minutes * MIN;
  }

  /** Decides a command at the current clock; applies it when accepted. Never lets an engine error pass. */
  send(side: Side | Actor, command: CommandInput): Decision {
    const actor = typeof side === 'string' ? captain(side) : side;
    const parsed = CommandSchema.parse(command);
    const d = decide(this.state, { ...parsed, at: this.clock }, actor);
    if (!d.ok) {
      if (d.refusal.code === 'ENGINE_ERROR') throw new Error(`engine error on ${command.type}: ${d.refusal.message}`);
      this.refusals += 1;
      return d;
    }
    const pre = this.state;
    const post = deepFreeze(fold(pre, d.events));
    this.state = post;
    this.log.push(...d.events);
    this.hooks.onStep?.({ pre, post, events: d.events, actor, command });
    this.tick();
    return d;
  }

  /** A command the driver expects to be lawful; when refused, the evening stops here (and says why). */
  must(side: Side | Actor, command: CommandInput): MatchEvent[] | null {
    const d = this.send(side, command);
    if (d.ok) return d.events;
    this.stuck ??= `${command.type} refused: ${d.refusal.rule} ${d.refusal.message}`;
    return null;
  }

  /** Tries candidates until the engine accepts one. */
  firstAccepted(side: Side | Actor, candidates: () => CommandInput, tries: number): MatchEvent[] | null {
    let last: Decision | null = null;
    for (let i = 0; i < tries; i++) {
      last = this.send(side, candidates());
      if (last.ok) return last.events;
    }
    if (last && !last.ok) this.stuck ??= `no lawful ${candidates().type}: ${last.refusal.rule} ${last.refusal.message}`;
    return null;
  }

  probe() {
    this.hooks.onProbe?.(this);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The evening

export interface Profile {
  /** Share of evenings where a team is short of players (exactly 3 present). */
  short: number;
  /** Share of evenings where a team has fewer than 3 at the close (whole-match forfeit). */
  forfeit: number;
  /** Chance per game of a recorded penalty or incident. */
  incidents: number;
  /** Chance per game of a major machine failure. */
  failures: number;
  /** Chance per round of a late arrival or an early departure. */
  comings: number;
  /** Chance per round of a challenge. */
  challenges: number;
}

export const PROFILE: Profile = { short: 0.3, forfeit: 0.08, incidents: 0.12, failures: 0.06, comings: 0.15, challenges: 0.06 };

const KINDS: MachineKind[] = ['FOUR_PLAYER', 'FOUR_PLAYER', 'FOUR_PLAYER', 'TWO_PLAYER', 'ONE_PLAYER', 'SCORE_STEALING'];

function randomSetup(dice: Dice) {
  const team = (prefix: 'H' | 'A') => {
    const starters = dice.int(6, 9);
    const reserves = dice.int(0, 1);
    const restricted = dice.chance(0.35) ? dice.int(2, starters) : 0;
    const barred = dice.chance(0.1) ? dice.int(2, starters) : 0;
    const players = Array.from({ length: starters + reserves }, (_, i) => ({
      id: `${prefix}${i + 1}`,
      name: `${prefix}${i + 1}`,
      status: i < starters ? ('STARTER' as const) : ('RESERVE' as const),
      captain: i === 0,
      restricted: i + 1 === restricted,
      ineligible: i + 1 === barred && barred !== restricted ? { rule: 'R-V.B.1.2', reason: 'not active for the playoffs' } : null,
    }));
    return { id: prefix === 'H' ? 'hawks' : 'aces', name: prefix === 'H' ? 'Hawks' : 'Aces', players };
  };
  const machines = Array.from({ length: dice.int(1, 5) }, (_, i) => ({ id: `M${i + 1}`, name: `M${i + 1}`, kind: dice.pick(KINDS) }));
  return MatchSetupSchema.parse({
    matchId: 'prop',
    home: team('H'),
    away: team('A'),
    venue: { id: 'v', name: 'Bar', machines },
    scheduledStart: T20,
    settings: { roundOrder: dice.chance(0.8) ? 'DDSS' : 'DSDS' },
  });
}

const roster = (s: MatchState, side: Side) => (side === 'HOME' ? s.setup.home : s.setup.away).players;
const working = (s: MatchState) => s.machines.filter((m) => s.machineStatus[m.id] === 'WORKING').map((m) => m.id);
const game = (s: MatchState, round: number, g: number) => s.rounds[round - 1]!.games[g - 1]!;

/** How many players each team brings, and who comes late. */
function attendance(run: Runner, profile: Profile) {
  const { dice } = run;
  const forfeitSide: Side | 'BOTH' | null = dice.chance(profile.forfeit) ? dice.pick(['HOME', 'AWAY', 'AWAY', 'BOTH'] as const) : null;
  const shortSide: Side | 'BOTH' | null = forfeitSide === null && dice.chance(profile.short) ? dice.pick(['HOME', 'AWAY', 'BOTH'] as const) : null;
  for (const side of SIDES) {
    const players = roster(run.state, side).map((p) => p.id);
    let n: number;
    if (forfeitSide === side || forfeitSide === 'BOTH') n = dice.int(0, 2);
    else if (shortSide === side || shortSide === 'BOTH') n = 3;
    else n = dice.int(4, players.length);
    const coming = dice.shuffle(players).slice(0, n);
    for (const id of coming) run.must(side, { type: 'markArrived', payload: { playerId: id, time: run.clock - dice.int(0, 10) * MIN } });
  }
}

/** Present, eligible players ordered so that STARTERS who have not played yet come first (OQ-09 (b) likes that). */
function candidates(run: Runner, side: Side, round: number): string[] {
  const s = run.state;
  const ids = dice(run).shuffle(eligibleForRound(s, side, round, run.clock));
  const owes = (id: string) => roster(s, side).find((p) => p.id === id)?.status === 'STARTER' && !hasPlayed(s, side, id);
  return dice(run).chance(0.85) ? [...ids.filter(owes), ...ids.filter((id) => !owes(id))] : ids;
}
const dice = (run: Runner) => run.dice;

/** Machines for `n` slots: each working machine at most twice and at least 2 distinct, when 2 or more work. */
function machinesFor(run: Runner, n: number): string[] {
  const w = working(run.state);
  if (w.length === 0) return [];
  if (w.length === 1) return Array.from({ length: n }, () => w[0]!);
  for (;;) {
    const picked = run.dice.shuffle([...w, ...w]).slice(0, n);
    if (n < 2 || new Set(picked).size >= 2) return picked;
  }
}

function declaration(run: Runner, side: Side, round: number): DeclaredGame[] {
  const s = run.state;
  const r = s.rounds[round - 1]!;
  const isFd = side === r.fd;
  const doubles = r.format === 'DOUBLES';
  const slots = r.games.length;
  const ps = candidates(run, side, round);
  const n = ps.length;
  const games: string[][] = Array.from({ length: slots }, () => []);
  const fdGone = (i: number) => !isFd && r.games[i]!.machineId === null;
  const gone = r.games.findIndex((_, i) => fdGone(i));
  if (doubles && gone >= 0) {
    // the FD gave up a slot (OQ-12): a pair in the other one
    games[1 - gone] = ps.slice(0, 2);
  } else if (doubles) {
    if (n >= 4) {
      games[0] = ps.slice(0, 2);
      games[1] = ps.slice(2, 4);
    } else if (n === 2 && run.dice.chance(0.5)) {
      // two players left (OQ-12): two lone players, or a pair and a slot given up
      games[0] = ps.slice(0, 1);
      games[1] = ps.slice(1, 2);
    } else {
      // a team of 3 (or fewer): a pair and a lone player; facing the FD's pair when both are short (OQ-05)
      let loneAt = run.dice.int(0, 1);
      if (!isFd && r.games.some((g) => g.players[r.fd].length === 1)) loneAt = r.games.findIndex((g) => g.players[r.fd].length === 2);
      if (loneAt < 0) loneAt = 0;
      games[1 - loneAt] = ps.slice(0, Math.min(2, n));
      games[loneAt] = ps.slice(2, 3);
    }
  } else {
    const open = r.games.map((_, i) => i).filter((i) => !fdGone(i));
    let fill = run.dice.shuffle(open);
    if (n === 3 && open.length === 4) fill = fill.slice(0, 3); // a team of 3 leaves one slot empty (R-VI.A.3.1)
    fill.slice(0, n).forEach((i, k) => (games[i] = [ps[k]!]));
  }
  // the FD gives every slot it fills a machine; a slot it cannot fill takes none (OQ-04, OQ-12)
  const machines = isFd ? machinesFor(run, games.filter((g) => g.length > 0).length) : [];
  let m = 0;
  return games.map((players) => {
    if (!isFd) return { players };
    return { machineId: players.length === 0 ? null : (machines[m++] ?? null), players };
  });
}

function declareRound(run: Runner, round: number): boolean {
  const r = run.state.rounds[round - 1]!;
  for (const side of [r.fd, other(r.fd)]) {
    const ok = run.firstAccepted(side, () => ({ type: 'declareLineup', payload: { round, games: declaration(run, side, round) } }), 40);
    if (!ok) return false;
    run.probe();
  }
  return true;
}

/** Who sits in the game now (the engine's own view is the start event; before it, the declared players). */
function seatedNow(g: GameState): Record<Side, string[]> {
  if (g.seated) return g.seated;
  return { HOME: g.forfeitedBy.includes('HOME') ? [] : g.players.HOME, AWAY: g.forfeitedBy.includes('AWAY') ? [] : g.players.AWAY };
}

function setOrders(run: Runner, round: number, n: number): boolean {
  const g = game(run.state, round, n);
  const fd = run.state.rounds[round - 1]!.fd;
  const seated = seatedNow(g);
  for (const side of run.dice.shuffle(SIDES)) {
    if (seated[side].length < 2 || Object.keys(g.seats[side]).length === seated[side].length) continue;
    const positions = positionsFor({ HOME: seated.HOME.length, AWAY: seated.AWAY.length }, fd, side);
    const ok = run.firstAccepted(side, () => {
      const order = run.dice.shuffle(seated[side]);
      return { type: 'setPlayOrder', payload: { round, game: n, seats: order.map((playerId, i) => ({ playerId, position: positions[i]! })) } };
    }, 24);
    if (!ok) return false;
  }
  return true;
}

const SCORES = [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000];

/** A score entered by either captain and confirmed (sometimes first disputed and entered again) by the other. */
function enterScore(run: Runner, round: number, n: number, playerId: string): boolean {
  const points = run.dice.chance(0.6) ? run.dice.pick(SCORES) : run.dice.int(0, 90) * 1_000_000 + run.dice.int(0, 999) * 10;
  const by = run.dice.pick(SIDES);
  const events = run.must(by, { type: 'enterScore', payload: { round, game: n, playerId, points } });
  if (!events) return false;
  const entryId = events.find((e) => e.type === 'ScoreEntered')!.entryId;
  run.probe();
  if (run.dice.chance(0.08)) {
    if (!run.must(other(by), { type: 'disputeEntry', payload: { entryId, reason: 'wrong digits' } })) return false;
    return enterScore(run, round, n, playerId);
  }
  return run.must(other(by), { type: 'confirmEntry', payload: { entryId } }) !== null;
}

/** Records an incident as one captain; the other confirms. Returns the entry id, or null when not accepted. */
function incident(run: Runner, round: number, n: number, inc: Incident): string | null {
  const by = run.dice.pick(SIDES);
  const d = run.send(by, { type: 'recordIncident', payload: { round, game: n, incident: inc } });
  if (!d.ok) return null;
  const entryId = d.events.find((e) => e.type === 'IncidentRecorded')!.entryId;
  return run.must(other(by), { type: 'confirmEntry', payload: { entryId } }) ? entryId : null;
}

const PENALTIES = ['OUT_OF_TURN', 'SLAM_TILT', 'TILTED_OPPONENT', 'DEATH_SAVE', 'MACHINE_DAMAGE', 'STUCK_BALL_ADVANTAGE', 'LOGGED_IN', 'PRACTICE'] as const;

function randomPenalty(run: Runner, round: number, n: number) {
  const g = game(run.state, round, n);
  const seated = seatedNow(g);
  const sides = SIDES.filter((s) => seated[s].length > 0);
  if (sides.length === 0) return;
  const side = run.dice.pick(sides);
  const kind = run.dice.pick(PENALTIES);
  const inc: Incident = { kind, side, playerId: run.dice.pick(seated[side]) };
  if (kind === 'LOGGED_IN') inc.phase = run.dice.pick(['AFTER_BALLS', 'AFTER_BALL_2'] as const);
  const id = incident(run, round, n, inc);
  if (id && kind === 'LOGGED_IN' && inc.phase === 'AFTER_BALLS') {
    // the opposing team chooses, or the player went on to ball 2 (R-III.C.6.1.1.2); a second occurrence has no choice
    if (run.dice.chance(0.7)) run.send(other(side), { type: 'chooseLoggedInOption', payload: { entryId: id, option: run.dice.pick(['CONTINUE', 'NEW_GAME'] as const) } });
    else run.send(run.dice.pick(SIDES), { type: 'markBall2Started', payload: { entryId: id } });
  }
}

/** A major failure during the game: the machine is eliminated (or the game restarted), and the FD re-seats it. */
function machineFailure(run: Runner, round: number, n: number) {
  const g = game(run.state, round, n);
  if (g.machineId === null) return;
  const action = working(run.state).length > 1 && run.dice.chance(0.75) ? 'ELIMINATE' : 'RESTART_GAME';
  incident(run, round, n, { kind: 'MAJOR_FAILURE', side: run.dice.pick(SIDES), action, note: 'flipper stuck' });
}

function replaceMachines(run: Runner, round: number): boolean {
  const r = run.state.rounds[round - 1]!;
  const waiting = r.games.filter((g) => g.awaitingMachine).map((g) => g.game);
  if (waiting.length === 0) return true;
  const ok = run.firstAccepted(r.fd, () => ({
    type: 'replaceMachine',
    payload: { round, games: waiting.map((gameNo) => ({ game: gameNo, machineId: run.dice.pick(working(run.state)) })) },
  }), 30);
  if (!ok) return false;
  // sometimes a team swaps its players between two games moved off the failed machine (R-VII.L.2.7.1)
  const moved = run.state.rounds[round - 1]!.games.filter((g) => g.redeclarable);
  if (moved.length >= 2 && run.dice.chance(0.5)) {
    const side = run.dice.pick(SIDES);
    const [a, b] = moved;
    if (a!.players[side].length === b!.players[side].length) {
      run.send(side, { type: 'redeclareGames', payload: { round, games: [{ game: a!.game, players: b!.players[side] }, { game: b!.game, players: a!.players[side] }] } });
    }
  }
  return true;
}

/** Plays one game slot until it has an outcome (replays, restarts and failures included). */
function playGame(run: Runner, round: number, n: number, profile: Profile): boolean {
  for (let guard = 0; guard < 12; guard++) {
    if (run.stuck) return false;
    let g = game(run.state, round, n);
    const o = gameOutcome(run.state, g);
    if (hasOutcome(o)) return true;
    if (g.awaitingMachine) {
      if (!replaceMachines(run, round)) return false;
      continue;
    }
    if (o.kind === 'REPLAY') {
      if (!run.must(run.dice.pick(SIDES), { type: 'replayGame', payload: { round, game: n } })) return false;
      continue;
    }
    if (g.startedAt === null) {
      if (!setOrders(run, round, n)) return false;
      if (run.dice.chance(0.04)) {
        // found before any ball: first occurrence restarts the game (R-III.C.6.1.1.1); a practice is recorded (R-VII.J.2.1)
        const side = run.dice.pick(SIDES);
        const seated = seatedNow(g)[side];
        if (seated.length > 0) incident(run, round, n, { kind: run.dice.pick(['LOGGED_IN', 'PRACTICE'] as const), side, playerId: run.dice.pick(seated), phase: 'BEFORE_PLAY' });
        continue;
      }
      if (run.dice.chance(0.5) && !run.must(run.dice.pick(SIDES), { type: 'startGame', payload: { round, game: n } })) return false;
    }
    g = game(run.state, round, n);
    if (g.startedAt !== null && run.dice.chance(profile.failures)) {
      machineFailure(run, round, n);
      continue;
    }
    const seated = seatedNow(g);
    for (const playerId of run.dice.shuffle([...seated.HOME, ...seated.AWAY])) {
      if (!enterScore(run, round, n, playerId)) return false;
    }
    if (run.dice.chance(profile.incidents)) randomPenalty(run, round, n);
    run.probe();
  }
  run.stuck ??= `round ${round} game ${n} never got an outcome`;
  return false;
}

/** A player comes late or leaves early (OQ-11, OQ-12, R-VI.C.3). */
function comingAndGoing(run: Runner) {
  const side = run.dice.pick(SIDES);
  const s = run.state;
  const here = presentPlayers(s, side, run.clock);
  const away = roster(s, side).filter((p) => !here.includes(p.id) && s.attendance[side][p.id]!.departedAt === null).map((p) => p.id);
  if (away.length > 0 && run.dice.chance(0.5)) {
    run.must(side, { type: 'markArrived', payload: { playerId: run.dice.pick(away), time: run.clock } });
  } else if (here.length > 3) {
    run.must(side, { type: 'markDeparted', payload: { playerId: run.dice.pick(here), time: run.clock } });
  }
}

function challenge(run: Runner, round: number) {
  const r = run.state.rounds[round - 1]!;
  const side = run.dice.pick(SIDES);
  const n = run.dice.int(1, r.games.length);
  run.send(side, { type: 'challengeGame', payload: { round, game: n, reason: 'the other team ignored a rule' } });
  if (run.dice.chance(0.25)) run.send(other(side), { type: 'recordOpponentLeft', payload: {} });
}

function tiebreaker(run: Runner): boolean {
  // players barred by the league (e.g. not playoff-active) are present but may not play it (R-V.B.1.2)
  const may = (side: Side) => tiebreakerEligible(run.state, side, run.clock);
  const shared = may('HOME').length >= 3 && may('AWAY').length >= 3 && run.dice.chance(0.5);
  const format = shared ? 'SHARED_GAME' : 'SPLIT_FLIPPER';
  const size = shared ? 3 : 2;
  const ok = run.firstAccepted('HOME', () => ({
    type: 'chooseTiebreaker',
    payload: { format, machineId: run.dice.pick(working(run.state).length > 0 ? working(run.state) : ['M1']), players: run.dice.shuffle(may('HOME')).slice(0, size) },
  }), 20);
  if (!ok) return false;
  if (!run.firstAccepted('AWAY', () => ({ type: 'declareTiebreakerPlayers', payload: { players: run.dice.shuffle(may('AWAY')).slice(0, size) } }), 20)) return false;
  for (let guard = 0; guard < 6; guard++) {
    const o = tiebreakerOutcome(run.state);
    if (o.kind === 'WIN') return true;
    if (o.kind === 'REPLAY' && !run.must(run.dice.pick(SIDES), { type: 'replayTiebreaker', payload: {} })) return false;
    for (const side of SIDES) {
      const d = run.must(side, { type: 'enterTiebreakerScore', payload: { side, points: run.dice.pick(SCORES) } });
      if (!d) return false;
      const entryId = d.find((e) => e.type === 'TiebreakerScoreEntered')!.entryId;
      if (!run.must(other(side), { type: 'confirmEntry', payload: { entryId } })) return false;
    }
  }
  return false;
}

function signOff(run: Runner): boolean {
  for (const side of run.dice.shuffle(SIDES)) {
    let d = run.send(side, { type: 'signOff', payload: {} });
    if (!d.ok && d.refusal.rule === 'R-VII.D.3.3') {
      for (const c of run.state.challenges.filter((x) => x.status === 'OPEN')) {
        run.must({ role: 'commissioner' }, { type: 'ruleOnChallenge', payload: { challengeId: c.id, ruling: 'the result stands' } });
      }
      d = run.send(side, { type: 'signOff', payload: {} });
    }
    if (!d.ok && d.refusal.rule === 'R-III.F.2') d = run.send(side, { type: 'signOff', payload: { flagMinimumPlay: true } });
    if (!d.ok) {
      if (run.state.signoffs.HOME && run.state.signoffs.AWAY) return true; // the other signature made the sheet final
      run.stuck ??= `signOff refused: ${d.refusal.rule} ${d.refusal.message}`;
      return false;
    }
  }
  return true;
}

export interface Evening {
  runner: Runner;
  /** The evening reached both signatures. */
  complete: boolean;
}

/** One random lawful evening, from attendance to both signatures. */
export function randomEvening(seed: number, hooks: Hooks = {}, profile: Profile = PROFILE): Evening {
  const dice = new Dice(seed);
  const run = new Runner(dice, randomSetup(dice), hooks);
  const done = (complete: boolean): Evening => ({ runner: run, complete: complete && run.stuck === null });

  attendance(run, profile);
  run.clock = T20;
  run.probe();
  const counts = SIDES.map((s) => presentPlayers(run.state, s, run.clock).length);
  if (counts.some((c) => c < 4)) {
    if (dice.chance(0.3)) {
      run.clock = T20 + 5 * MIN;
      const p = run.send(dice.pick(SIDES), { type: 'propose', payload: { kind: 'EXTRA_DELAY' } });
      if (p.ok) run.send(other(p.events[0]!.by as Side), { type: 'accept', payload: { proposalId: run.state.proposals[run.state.proposals.length - 1]!.id } });
    }
    run.clock = T20 + (run.state.extraDelay ? 30 : 15) * MIN;
  } else {
    run.clock = T20 + MIN;
  }
  if (counts.some((c) => c < 3)) {
    // a whole-match forfeit (R-VII.H.1, OQ-13), claimed by a team that has its players (or either, when neither has)
    const claimer = counts[0]! >= 3 ? 'HOME' : counts[1]! >= 3 ? 'AWAY' : dice.pick(SIDES);
    if (!run.must(claimer, { type: 'claimForfeit', payload: {} })) return done(false);
    run.probe();
    if (dice.chance(0.5)) run.send(claimer, { type: 'claimFullEvening', payload: {} });
    return done(signOff(run));
  }

  for (let round = 1; round <= 4; round++) {
    if (run.state.left || run.state.abandoned) break;
    if (round > 1 && dice.chance(profile.comings)) comingAndGoing(run);
    if (!declareRound(run, round)) return done(false);
    if (dice.chance(profile.comings / 2)) comingAndGoing(run); // may leave a declared game without its player (OQ-11)
    const order = dice.shuffle(run.state.rounds[round - 1]!.games.map((g) => g.game));
    for (const n of order) if (!playGame(run, round, n, profile)) return done(false);
    if (dice.chance(profile.challenges)) challenge(run, round);
    run.probe();
  }
  if (tiebreakerRequired(run.state) && !tiebreaker(run)) return done(false);
  run.probe();
  return done(signOff(run));
}
