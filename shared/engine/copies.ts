import type { Challenge, Entry, GameState, MatchState, Proposal, RoundState } from '../state';
import type { Copies } from './evolve';

/**
 * Shallow copies of the objects evolve.ts changes, one per kind, each an object literal naming every field: the
 * server folds with these (`fold(state, events, namedCopies)`); phones keep the default spread, for their bundle's
 * sake (see `Copies` in evolve.ts).
 *
 * Why not `{ ...o }`: in Node 20 (V8 11.3) a spread of an object with more than a few fields costs 150-200 ns and
 * leaves all but four of them in a separate property array (two heap objects per copy); a literal naming each field
 * costs about 13 ns and keeps every field in the object itself (measured in HISTORY.md, twenty-ninth host). The fold
 * copies the state root, a round and a game or an entry on nearly every command, and what it copies is what the
 * server's young generation has to scavenge.
 *
 * The cost of writing the fields out is that a field added to a type must be added here too. The type checker holds
 * each copier to every required field (the return type), and `Handled` below holds it to the optional ones: adding
 * an optional field to one of these types fails the build until the copier copies it. A test folds random lawful
 * evenings with these copies and with spreads and requires equal states at every step
 * (test/engine/properties/copies.test.ts).
 *
 * Optional fields are copied only when present, so a copy has its original's keys (a state stored before a field
 * existed stays without it, as the readers expect). A key no type names, say one a snapshot written by an older
 * server kept and this one no longer reads, is not carried over.
 */

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** Compiles only when `Listed` names exactly the optional fields of `T`. */
type Handled<T, Listed extends OptionalKeys<T>> = [OptionalKeys<T>] extends [Listed] ? true : never;

const _optionalFieldsCopied: [
  Handled<MatchState, 'actingCaptains'>,
  Handled<RoundState, never>,
  Handled<GameState, never>,
  Handled<Entry, 'disputeReason'>,
  Handled<Proposal, never>,
  Handled<Challenge, 'alternative' | 'warned' | 'photos' | 'report'>,
] = [true, true, true, true, true, true];

export function copyState(o: MatchState): MatchState {
  const c: MatchState = {
    setup: o.setup,
    machines: o.machines,
    machineStatus: o.machineStatus,
    flaggedStealing: o.flaggedStealing,
    attendance: o.attendance,
    extraDelay: o.extraDelay,
    earlyStart: o.earlyStart,
    extraBall: o.extraBall,
    maxThreeBalls: o.maxThreeBalls,
    challengeModes: o.challengeModes,
    oneAtATime: o.oneAtATime,
    timeLimitSince: o.timeLimitSince,
    rounds: o.rounds,
    entries: o.entries,
    tiebreaker: o.tiebreaker,
    proposals: o.proposals,
    challenges: o.challenges,
    resolutions: o.resolutions,
    signoffs: o.signoffs,
    outcome: o.outcome,
    left: o.left,
    abandoned: o.abandoned,
    rescheduled: o.rescheduled,
    relocatedTo: o.relocatedTo,
    nextId: o.nextId,
    version: o.version,
  };
  if (o.actingCaptains !== undefined) c.actingCaptains = o.actingCaptains;
  return c;
}

export function copyRound(o: RoundState): RoundState {
  return {
    round: o.round,
    format: o.format,
    fd: o.fd,
    declarations: o.declarations,
    games: o.games,
    lastActivityAt: o.lastActivityAt,
  };
}

export function copyGame(o: GameState): GameState {
  return {
    round: o.round,
    game: o.game,
    machineId: o.machineId,
    players: o.players,
    writeIn: o.writeIn,
    forfeitedBy: o.forfeitedBy,
    voided: o.voided,
    seats: o.seats,
    startedAt: o.startedAt,
    seated: o.seated,
    generation: o.generation,
    awaitingMachine: o.awaitingMachine,
    redeclarable: o.redeclarable,
    oneAtATime: o.oneAtATime,
  };
}

export function copyEntry(o: Entry): Entry {
  let c: Entry;
  if (o.kind === 'SCORE') {
    c = {
      kind: o.kind,
      id: o.id,
      by: o.by,
      at: o.at,
      status: o.status,
      round: o.round,
      game: o.game,
      generation: o.generation,
      playerId: o.playerId,
      side: o.side,
      points: o.points,
      segment: o.segment,
    };
  } else {
    c = {
      kind: o.kind,
      id: o.id,
      by: o.by,
      at: o.at,
      status: o.status,
      round: o.round,
      game: o.game,
      generation: o.generation,
      incident: o.incident,
      loggedInOption: o.loggedInOption,
      ball2Started: o.ball2Started,
    };
  }
  if (o.disputeReason !== undefined) c.disputeReason = o.disputeReason;
  return c;
}

export function copyProposal(o: Proposal): Proposal {
  return { id: o.id, by: o.by, at: o.at, agreement: o.agreement, status: o.status };
}

export function copyChallenge(o: Challenge): Challenge {
  const c: Challenge = {
    id: o.id,
    by: o.by,
    at: o.at,
    round: o.round,
    game: o.game,
    reason: o.reason,
    reportDue: o.reportDue,
    status: o.status,
    ruling: o.ruling,
  };
  if (o.alternative !== undefined) c.alternative = o.alternative;
  if (o.warned !== undefined) c.warned = o.warned;
  if (o.photos !== undefined) c.photos = o.photos;
  if (o.report !== undefined) c.report = o.report;
  return c;
}

export const namedCopies: Copies = {
  state: copyState,
  round: copyRound,
  game: copyGame,
  entry: copyEntry,
  proposal: copyProposal,
  challenge: copyChallenge,
};
