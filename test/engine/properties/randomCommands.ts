import {
  type Actor, CommandSchema, type CommandType, decide, fold, type MatchState,
} from '../../../shared';
import { type Dice, type Runner, type Step } from './lawfulMatch';

/**
 * Random commands for the "wrong commands are refused" properties: every command type of the schema with payloads
 * drawn from values that make sense in the match (its players, machines, entries, rounds) mixed with values that do
 * not (unknown ids, round 0, negative points, wrong types), sent by any actor (captains, spectators, the
 * commissioner). Some are lawful by chance; most are not.
 */

const JUNK: unknown[] = [null, 42, -1, 1.5, '', 'x', 'bad id!', true, [], {}, [1, 2], { a: 1 }, 'HOME', 'M1', Number.MAX_SAFE_INTEGER];

function ids(s: MatchState): string[] {
  return [...s.setup.home.players, ...s.setup.away.players].map((p) => p.id);
}

const maybe = <T>(d: Dice, value: () => T): T | unknown => (d.chance(0.08) ? d.pick(JUNK) : value());

function player(d: Dice, s: MatchState) {
  return maybe(d, () => (d.chance(0.9) ? d.pick(ids(s)) : d.pick(['X9', 'H99', 'A0'])));
}
const round = (d: Dice) => maybe(d, () => d.pick([1, 2, 3, 4, 1, 2, 3, 4, 0, 5]));
const game = (d: Dice) => maybe(d, () => d.pick([1, 2, 3, 4, 1, 2, 0, 5]));
const machine = (d: Dice, s: MatchState) => maybe(d, () => (d.chance(0.85) ? d.pick(s.machines.map((m) => m.id)) : d.pick(['M9', 'M0'])));
const side = (d: Dice) => maybe(d, () => d.pick(['HOME', 'AWAY', 'HOME', 'AWAY', 'BOTH']));
const time = (d: Dice, now: number) => maybe(d, () => now + d.int(-90, 10) * 60_000);
const points = (d: Dice) => maybe(d, () => d.pick([0, 1_000_000, 2_000_000, 12_345_670, 999_999_999_999, 10 ** 13, -5, 0.5]));
const entry = (d: Dice, s: MatchState) => maybe(d, () => (s.entries.length > 0 && d.chance(0.85) ? d.pick(s.entries).id : 'E999'));
const proposal = (d: Dice, s: MatchState) => maybe(d, () => (s.proposals.length > 0 && d.chance(0.8) ? d.pick(s.proposals).id : 'P999'));
const challenge = (d: Dice, s: MatchState) => maybe(d, () => (s.challenges.length > 0 && d.chance(0.8) ? d.pick(s.challenges).id : 'C999'));
const text = (d: Dice) => maybe(d, () => d.pick(['', 'because', 'x'.repeat(3000)]));
const players = (d: Dice, s: MatchState, max: number) => Array.from({ length: d.int(0, max) }, () => player(d, s));

function declaredGames(d: Dice, s: MatchState) {
  return Array.from({ length: d.int(1, 5) }, () => {
    const g: Record<string, unknown> = { players: players(d, s, 3) };
    const m = d.int(0, 3);
    if (m === 1) g.machineId = machine(d, s);
    if (m === 2) g.machineId = null;
    if (d.chance(0.05)) g.writeIn = player(d, s);
    return g;
  });
}

function agreement(d: Dice, s: MatchState) {
  const kind = d.pick(['EXTRA_DELAY', 'EARLY_START', 'CHALLENGE_MODES', 'ONE_AT_A_TIME', 'REMOVE_MACHINE', 'TIME_LIMIT_OFF', 'RESCHEDULE', 'RESOLUTION', 'ABANDON', 'LINEUP_FIX', 'NOT_A_KIND']);
  return { kind, machineId: machine(d, s), date: '2026-10-08', venue: 'Other bar', text: text(d), round: round(d), game: game(d), games: declaredGames(d, s) };
}

function incident(d: Dice, s: MatchState) {
  return {
    kind: d.pick(['OUT_OF_TURN', 'LOGGED_IN', 'SLAM_TILT', 'MACHINE_DAMAGE', 'TILTED_OPPONENT', 'DEATH_SAVE', 'STUCK_BALL_ADVANTAGE', 'PRACTICE', 'SCORE_STEALING', 'MAJOR_FAILURE', 'MINOR_FAILURE', 'STUCK_BALL', 'SIDE_BY_SIDE', 'BOGUS']),
    side: side(d),
    ...(d.chance(0.8) ? { playerId: player(d, s) } : {}),
    ...(d.chance(0.5) ? { phase: d.pick(['BEFORE_PLAY', 'AFTER_BALLS', 'AFTER_BALL_2', 'LATER']) } : {}),
    ...(d.chance(0.5) ? { action: d.pick(['ELIMINATE', 'KEEP', 'RESTART_GAME', 'PLAYER_OPTION', 'RESET_SEGMENTS', 'PANIC']) } : {}),
  };
}

type Builder = (d: Dice, s: MatchState, now: number) => unknown;

/** One builder per command type: the mapped type makes the build fail when a command type is added and forgotten. */
const BUILDERS: { [T in CommandType]: Builder } = {
  markArrived: (d, s, now) => ({ playerId: player(d, s), time: time(d, now) }),
  markDeparted: (d, s, now) => ({ playerId: player(d, s), time: time(d, now) }),
  designateActingCaptain: (d, s) => ({ playerId: player(d, s) }),
  claimForfeit: () => ({}),
  claimFullEvening: () => ({}),
  propose: (d, s) => agreement(d, s),
  accept: (d, s) => ({ proposalId: proposal(d, s) }),
  decline: (d, s) => ({ proposalId: proposal(d, s) }),
  setExtraBall: (d) => ({ extraBall: maybe(d, () => d.pick(['ONE', 'NONE'])) }),
  setBallLimit: (d) => ({ maxThreeBalls: maybe(d, () => d.chance(0.5)) }),
  enableTimeLimit: () => ({}),
  declareLineup: (d, s) => ({ round: round(d), games: declaredGames(d, s) }),
  setPlayOrder: (d, s) => ({ round: round(d), game: game(d), seats: Array.from({ length: d.int(0, 3) }, () => ({ playerId: player(d, s), position: maybe(d, () => d.int(0, 5)) })) }),
  startGame: (d) => ({ round: round(d), game: game(d) }),
  enterScore: (d, s) => ({ round: round(d), game: game(d), playerId: player(d, s), points: points(d), ...(d.chance(0.2) ? { segment: maybe(d, () => d.int(0, 3)) } : {}) }),
  replayGame: (d) => ({ round: round(d), game: game(d) }),
  confirmEntry: (d, s) => ({ entryId: entry(d, s) }),
  disputeEntry: (d, s) => ({ entryId: entry(d, s), reason: text(d) }),
  recordIncident: (d, s) => ({ round: round(d), game: game(d), incident: incident(d, s) }),
  chooseLoggedInOption: (d, s) => ({ entryId: entry(d, s), option: maybe(d, () => d.pick(['CONTINUE', 'NEW_GAME'])) }),
  markBall2Started: (d, s) => ({ entryId: entry(d, s) }),
  replaceMachine: (d, s) => ({ round: round(d), games: Array.from({ length: d.int(0, 3) }, () => ({ game: game(d), machineId: machine(d, s) })) }),
  redeclareGames: (d, s) => ({ round: round(d), games: Array.from({ length: d.int(0, 3) }, () => ({ game: game(d), players: players(d, s, 3) })) }),
  chooseTiebreaker: (d, s) => ({ format: maybe(d, () => d.pick(['SHARED_GAME', 'SPLIT_FLIPPER'])), machineId: machine(d, s), players: players(d, s, 4) }),
  declareTiebreakerPlayers: (d, s) => ({ players: players(d, s, 4) }),
  startTiebreaker: () => ({}),
  enterTiebreakerScore: (d) => ({ side: side(d), points: points(d) }),
  replayTiebreaker: () => ({}),
  recordTiebreakerIncident: (d, s) => ({ incident: incident(d, s) }),
  replaceTiebreakerMachine: (d, s) => ({ machineId: machine(d, s) }),
  challengeGame: (d) => ({ round: round(d), game: game(d), reason: text(d), ...(d.chance(0.2) ? { alternative: side(d) } : {}) }),
  withdrawChallenge: (d, s) => ({ challengeId: challenge(d, s) }),
  writeChallengeReport: (d, s) => ({ challengeId: challenge(d, s), text: text(d) }),
  recordOpponentLeft: () => ({}),
  signOff: (d) => (d.chance(0.5) ? {} : { flagMinimumPlay: maybe(d, () => d.chance(0.5)) }),
  relocate: (d) => ({
    cause: maybe(d, () => d.pick(['VENUE_CLOSED', 'NO_WORKING_MACHINE'])),
    venueName: maybe(d, () => 'The Other Bar'),
    leagueVenue: maybe(d, () => d.chance(0.5)),
    reason: text(d),
    machines: Array.from({ length: d.int(0, 2) }, (_, i) => ({ id: maybe(d, () => `N${i}`), name: 'New', kind: d.pick(['FOUR_PLAYER', 'TWO_PLAYER', 'WIDE']) })),
  }),
  recordRefusalToMove: () => ({}),
  recordImproperMove: () => ({}),
  ruleOnChallenge: (d, s) => ({ challengeId: challenge(d, s), ruling: text(d), ...(d.chance(0.2) ? { officialPlayerId: player(d, s) } : {}) }),
};

export const COMMAND_TYPES = Object.keys(BUILDERS) as CommandType[];

/** A raw message as it could arrive from a phone: usually shaped like a command, sometimes not at all. */
export function randomMessage(d: Dice, s: MatchState, now: number): unknown {
  if (d.chance(0.03)) return d.pick(JUNK);
  const type = d.chance(0.97) ? d.pick(COMMAND_TYPES) : d.pick(['hack', 'deleteMatch', '__proto__']);
  const build = Object.hasOwn(BUILDERS, type) ? BUILDERS[type as CommandType] : undefined;
  const payload = build ? build(d, s, now) : { anything: true };
  return d.chance(0.03) ? { type } : { type, payload };
}

export function randomActor(d: Dice): Actor {
  return d.pick<Actor>([
    { role: 'captain', side: 'HOME' }, { role: 'captain', side: 'AWAY' }, { role: 'captain', side: 'HOME' },
    { role: 'captain', side: 'AWAY' }, { role: 'spectator' }, { role: 'commissioner' },
  ]);
}

export interface ProbeStats {
  schemaRefused: number;
  refused: number;
  accepted: number;
  byActor: Record<string, number>;
}

export const emptyStats = (): ProbeStats => ({ schemaRefused: 0, refused: 0, accepted: 0, byActor: {} });

const OFFICIAL = new Set<CommandType>(['recordImproperMove', 'ruleOnChallenge']);
/** Commands both a captain and a league official may send (OQ-30: designating an acting captain). */
const EITHER = new Set<CommandType>(['designateActingCaptain']);

/**
 * Sends `n` random messages to the current state without keeping any of them, and checks: the schema refuses what
 * does not parse; decide never throws and never reports an engine error; who may not act is refused; a refusal
 * leaves the state as it was (the state is deeply frozen, so a write would have failed loudly); deciding twice
 * gives the same answer; an accepted one leads to a state in which `onAccepted` (the invariants) holds.
 */
export function probe(run: Runner, n: number, stats: ProbeStats, onAccepted: (step: Step) => void) {
  const d = run.dice;
  for (let i = 0; i < n; i++) {
    const pre = run.state;
    const raw = randomMessage(d, pre, run.clock);
    const parsed = CommandSchema.safeParse(raw);
    if (!parsed.success) {
      stats.schemaRefused += 1;
      continue;
    }
    const actor = randomActor(d);
    const key = actor.role === 'captain' ? `captain` : actor.role;
    stats.byActor[key] = (stats.byActor[key] ?? 0) + 1;
    const command = { ...parsed.data, at: run.clock };
    const decision = decide(pre, command, actor);
    if (!decision.ok && decision.refusal.code === 'ENGINE_ERROR') {
      throw new Error(`engine error on ${JSON.stringify(raw).slice(0, 300)}: ${decision.refusal.message}`);
    }
    if (JSON.stringify(decide(pre, command, actor)) !== JSON.stringify(decision)) throw new Error(`decide is not deterministic on ${command.type}`);
    const mayAct = actor.role === 'captain' ? !OFFICIAL.has(command.type) : actor.role === 'commissioner' && (OFFICIAL.has(command.type) || EITHER.has(command.type));
    if (!mayAct && decision.ok) throw new Error(`${actor.role} was allowed ${command.type}`);
    if (!decision.ok) {
      if (run.state !== pre) throw new Error('a refused command replaced the state');
      stats.refused += 1;
      continue;
    }
    stats.accepted += 1;
    const post = fold(pre, decision.events); // pre is frozen: folding must not write into it
    onAccepted({ pre, post, events: decision.events, actor, command: parsed.data });
  }
}
