import type { MatchEvent } from '../events';
import type { DeclaredGame } from '../commands';
import type { Side } from '../league';
import { type Challenge, type Entry, type GameState, type MatchState, type Proposal, type RoundState, TIEBREAKER_ROUND } from '../state';

/**
 * Folds events into the state. It trusts the events (decide produced them) and re-checks nothing; each case only
 * records the fact.
 *
 * States are immutable values: evolve and fold never change the state they are given. They copy only what an event
 * touches (the path from the root to the changed game, entry or proposal) and share everything else with the
 * previous state, so folding a whole match log costs about as much as the events themselves, and a server can keep
 * the previous state while it decides on the next. Within one fold an object is copied at most once (the draft
 * remembers what it already owns), then changed in place.
 */

/**
 * How a fold copies the objects it changes most often. Both ways give equal states (a test checks it over random
 * lawful evenings); they differ in cost. The default spreads: small, and a phone folds a few events a second. The
 * server folds every command of every room and passes `namedCopies` (copies.ts): a literal naming each field is ten
 * times cheaper than a spread in Node 20 and leaves one heap object, not two, but it weighs half a kilobyte gzipped,
 * which the phones' first load has no room for.
 */
export interface Copies {
  state(o: MatchState): MatchState;
  round(o: RoundState): RoundState;
  game(o: GameState): GameState;
  entry(o: Entry): Entry;
  proposal(o: Proposal): Proposal;
  challenge(o: Challenge): Challenge;
}

const spread = <T extends object>(o: T): T => ({ ...o });
export const spreadCopies: Copies = { state: spread, round: spread, game: spread, entry: spread, proposal: spread, challenge: spread };

class Draft {
  private readonly owned = new WeakSet<object>();

  constructor(private readonly copies: Copies) {}

  /** A copy of `o` this fold may change, made on first use (by `copier`, else a spread) and reused after. */
  own<T extends object>(o: T, copier?: (o: T) => T): T {
    if (this.owned.has(o)) return o;
    const copy = copier ? copier(o) : ((Array.isArray(o) ? [...(o as unknown[])] : { ...o }) as T);
    this.owned.add(copy);
    return copy;
  }

  round(s: MatchState, round: number): RoundState {
    s.rounds = this.own(s.rounds);
    const r = this.own(s.rounds[round - 1]!, this.copies.round);
    s.rounds[round - 1] = r;
    return r;
  }

  game(s: MatchState, round: number, game: number): GameState {
    const r = this.round(s, round);
    r.games = this.own(r.games);
    const g = this.own(r.games[game - 1]!, this.copies.game);
    r.games[game - 1] = g;
    return g;
  }

  entry(s: MatchState, id: string): Entry | undefined {
    const i = s.entries.findIndex((x) => x.id === id);
    if (i < 0) return undefined;
    s.entries = this.own(s.entries);
    const e = this.own(s.entries[i]!, this.copies.entry);
    s.entries[i] = e;
    return e;
  }

  proposal(s: MatchState, id: string): Proposal {
    const i = s.proposals.findIndex((x) => x.id === id);
    s.proposals = this.own(s.proposals);
    const p = this.own(s.proposals[i]!, this.copies.proposal);
    s.proposals[i] = p;
    return p;
  }

  challenge(s: MatchState, id: string): Challenge {
    const i = s.challenges.findIndex((x) => x.id === id);
    s.challenges = this.own(s.challenges);
    const c = this.own(s.challenges[i]!, this.copies.challenge);
    s.challenges[i] = c;
    return c;
  }

  /** An array of the state this fold may push to. */
  list<K extends 'entries' | 'proposals' | 'challenges' | 'resolutions' | 'flaggedStealing'>(s: MatchState, key: K): MatchState[K] {
    s[key] = this.own(s[key]);
    return s[key];
  }
}

function touch(d: Draft, s: MatchState, round: number, at: number) {
  if (s.rounds[round - 1]) d.round(s, round).lastActivityAt = at;
}

function writeLineup(d: Draft, s: MatchState, round: number, side: Side, games: DeclaredGame[], forfeited: number[], isFd: boolean) {
  games.forEach((decl, i) => {
    const g = d.game(s, round, i + 1);
    if (isFd) g.machineId = decl.machineId ?? null;
    g.players = { ...g.players, [side]: [...decl.players] };
    g.writeIn = decl.writeIn ? { side, playerId: decl.writeIn } : g.writeIn?.side === side ? null : g.writeIn;
    g.forfeitedBy = g.forfeitedBy.filter((x) => x !== side);
    if (forfeited.includes(g.game)) g.forfeitedBy.push(side);
  });
}

function apply(d: Draft, s: MatchState, e: MatchEvent): void {
  switch (e.type) {
    case 'PlayerArrived':
      s.attendance = d.own(s.attendance);
      s.attendance[e.side] = d.own(s.attendance[e.side]);
      // A corrected arrival time keeps a recorded departure (decide refuses arrivals at or after it, R-VI.C.3).
      s.attendance[e.side][e.playerId] = { arrivedAt: e.time, departedAt: s.attendance[e.side][e.playerId]?.departedAt ?? null };
      return;
    case 'ActingCaptainDesignated':
      s.actingCaptains = { ...s.actingCaptains, [e.side]: e.playerId };
      return;
    case 'PlayerDeparted': {
      s.attendance = d.own(s.attendance);
      const team = (s.attendance[e.side] = d.own(s.attendance[e.side]));
      team[e.playerId] = { ...team[e.playerId]!, departedAt: e.time };
      for (const k of e.forfeits) { // OQ-11
        const g = d.game(s, k.round, k.game);
        g.forfeitedBy = [...g.forfeitedBy, e.side];
      }
      return;
    }
    case 'MatchForfeited':
      s.outcome = e.forfeiting.length === 2 ? { kind: 'DOUBLE_FORFEIT' } : { kind: 'FORFEIT', forfeiting: e.forfeiting[0]!, fullEvening: false };
      return;
    case 'FullEveningClaimed':
      if (s.outcome?.kind === 'FORFEIT') s.outcome = { ...s.outcome, fullEvening: true };
      return;
    case 'AgreementProposed':
      d.list(s, 'proposals').push({ id: e.proposalId, by: e.by as Side, at: e.at, agreement: e.agreement, status: 'OPEN' });
      s.nextId += 1;
      return;
    case 'AgreementAccepted':
    case 'AgreementDeclined': {
      const p = d.proposal(s, e.proposalId);
      p.status = e.type === 'AgreementAccepted' ? 'ACCEPTED' : 'DECLINED';
      if (e.type === 'AgreementAccepted') {
        const a = p.agreement;
        if (a.kind === 'EXTRA_DELAY') s.extraDelay = true;
        if (a.kind === 'EARLY_START') s.earlyStart = true;
        if (a.kind === 'CHALLENGE_MODES') s.challengeModes = true;
        if (a.kind === 'ONE_AT_A_TIME') s.oneAtATime = true;
        if (a.kind === 'TIME_LIMIT_OFF') s.timeLimitSince = null;
        if (a.kind === 'RESOLUTION') d.list(s, 'resolutions').push(a.text);
      }
      return;
    }
    case 'MachineRemoved':
      s.machineStatus = { ...s.machineStatus, [e.machineId]: 'REMOVED' };
      for (const r of s.rounds) {
        for (const g of r.games) {
          if (g.machineId === e.machineId && g.startedAt === null) d.game(s, g.round, g.game).awaitingMachine = true;
        }
      }
      return;
    case 'MatchAbandoned':
      s.abandoned = true;
      for (const k of e.voided) d.game(s, k.round, k.game).voided = true;
      return;
    case 'MatchRescheduled':
      s.rescheduled = { date: e.date, venue: e.venue };
      return;
    case 'LineupFixed': {
      const isFd = e.side === s.rounds[e.round - 1]!.fd;
      writeLineup(d, s, e.round, e.side, e.games, e.forfeited, isFd);
      for (const g of s.rounds[e.round - 1]!.games) {
        const own = d.game(s, e.round, g.game);
        own.seats = { ...own.seats, [e.side]: {} };
      }
      return;
    }
    case 'ExtraBallSet':
      s.extraBall = e.extraBall;
      return;
    case 'BallLimitSet':
      s.maxThreeBalls = e.maxThreeBalls;
      return;
    case 'TimeLimitEnabled':
      s.timeLimitSince = e.at;
      return;
    case 'LineupDeclared': {
      const r = d.round(s, e.round);
      r.declarations = { ...r.declarations, [e.side]: { at: e.at, short: e.short, games: e.games } };
      writeLineup(d, s, e.round, e.side, e.games, e.forfeited, e.side === r.fd);
      return;
    }
    case 'PlayOrderSet': {
      const g = d.game(s, e.round, e.game);
      g.seats = { ...g.seats, [e.side]: Object.fromEntries(e.seats.map((x) => [x.playerId, x.position])) };
      return;
    }
    case 'GameStarted': {
      const g = d.game(s, e.round, e.game);
      g.startedAt = e.at;
      g.seated = e.seated;
      g.redeclarable = false;
      touch(d, s, e.round, e.at);
      return;
    }
    case 'ScoreEntered': {
      const generation = s.rounds[e.round - 1]!.games[e.game - 1]!.generation;
      d.list(s, 'entries').push({ kind: 'SCORE', id: e.entryId, by: e.by as Side, at: e.at, status: 'PENDING', round: e.round, game: e.game, generation, playerId: e.playerId, side: e.side, points: e.points, segment: e.segment });
      s.nextId += 1;
      touch(d, s, e.round, e.at);
      return;
    }
    case 'EntryConfirmed':
    case 'EntryDisputed': {
      const entry = d.entry(s, e.entryId)!;
      entry.status = e.type === 'EntryConfirmed' ? 'CONFIRMED' : 'DISPUTED';
      if (e.type === 'EntryDisputed') entry.disputeReason = e.reason;
      touch(d, s, entry.round, e.at);
      return;
    }
    case 'IncidentRecorded': {
      const generation = e.round === TIEBREAKER_ROUND ? (s.tiebreaker?.generation ?? 0) : s.rounds[e.round - 1]!.games[e.game - 1]!.generation;
      d.list(s, 'entries').push({ kind: 'INCIDENT', id: e.entryId, by: e.by as Side, at: e.at, status: 'PENDING', round: e.round, game: e.game, generation, incident: e.incident, loggedInOption: null, ball2Started: false });
      s.nextId += 1;
      touch(d, s, e.round, e.at);
      return;
    }
    case 'LoggedInOptionChosen':
    case 'Ball2Started': {
      const entry = d.entry(s, e.entryId);
      if (entry?.kind !== 'INCIDENT') return;
      if (e.type === 'LoggedInOptionChosen') entry.loggedInOption = e.option;
      else entry.ball2Started = true;
      return;
    }
    case 'GameRestarted': {
      const g = d.game(s, e.round, e.game);
      g.generation += 1;
      if (e.oneAtATime) {
        g.oneAtATime = true;
        if (g.machineId && !s.flaggedStealing.includes(g.machineId)) d.list(s, 'flaggedStealing').push(g.machineId);
      }
      touch(d, s, e.round, e.at);
      return;
    }
    case 'MachineEliminated':
      s.machineStatus = { ...s.machineStatus, [e.machineId]: 'ELIMINATED' };
      for (const n of e.games) {
        const g = d.game(s, e.round, n);
        g.generation += 1; // R-VII.L.2.7.2: the game is replayed in full; earlier scores are discarded
        g.awaitingMachine = true;
        g.machineId = null;
        g.startedAt = null;
        g.seated = null;
        g.seats = { HOME: {}, AWAY: {} };
      }
      touch(d, s, e.round, e.at);
      return;
    case 'MachineReplaced':
      for (const x of e.games) {
        const g = d.game(s, e.round, x.game);
        g.machineId = x.machineId;
        g.awaitingMachine = false;
        g.redeclarable = true;
      }
      return;
    case 'GamesRedeclared':
      for (const x of e.games) {
        const g = d.game(s, e.round, x.game);
        g.players = { ...g.players, [e.side]: [...x.players] };
        g.seats = { ...g.seats, [e.side]: {} };
      }
      return;
    case 'TiebreakerChosen':
      s.tiebreaker = { format: e.format, machineId: e.machineId, players: { HOME: e.players, AWAY: null }, startedAt: null, generation: 0 };
      return;
    case 'TiebreakerPlayersDeclared':
      if (s.tiebreaker) s.tiebreaker = { ...s.tiebreaker, players: { ...s.tiebreaker.players, AWAY: e.players } };
      return;
    case 'TiebreakerStarted':
      if (s.tiebreaker) s.tiebreaker = { ...s.tiebreaker, startedAt: e.at };
      return;
    case 'TiebreakerScoreEntered':
      d.list(s, 'entries').push({ kind: 'SCORE', id: e.entryId, by: e.by as Side, at: e.at, status: 'PENDING', round: TIEBREAKER_ROUND, game: 1, generation: s.tiebreaker?.generation ?? 0, playerId: null, side: e.side, points: e.points, segment: 1 });
      s.nextId += 1;
      return;
    case 'TiebreakerReplayed':
      if (s.tiebreaker) s.tiebreaker = { ...s.tiebreaker, generation: s.tiebreaker.generation + 1 };
      return;
    case 'TiebreakerMachineFailed':
      s.machineStatus = { ...s.machineStatus, [e.machineId]: 'ELIMINATED' };
      // R-VII.L.2.7.2: the game is played again in full on the next machine; what was entered so far is discarded.
      if (s.tiebreaker) s.tiebreaker = { ...s.tiebreaker, generation: s.tiebreaker.generation + 1, startedAt: null, awaitingMachine: true };
      return;
    case 'TiebreakerMachineReplaced':
      if (s.tiebreaker) s.tiebreaker = { ...s.tiebreaker, machineId: e.machineId, awaitingMachine: false };
      return;
    case 'GameChallenged':
      d.list(s, 'challenges').push({ id: e.challengeId, by: e.by as Side, at: e.at, round: e.round, game: e.game, reason: e.reason, reportDue: e.reportDue, status: 'OPEN', ruling: null, ...(e.alternative ? { alternative: e.alternative } : {}) });
      s.nextId += 1;
      return;
    case 'ChallengeWithdrawn':
    case 'ChallengeRuled': {
      const c = d.challenge(s, e.challengeId);
      c.status = e.type === 'ChallengeWithdrawn' ? 'WITHDRAWN' : 'RULED';
      if (e.type === 'ChallengeRuled') c.ruling = e.ruling;
      if (e.type === 'ChallengeRuled' && e.warned) c.warned = e.warned;
      return;
    }
    case 'ChallengePhotoAttached': {
      const c = d.challenge(s, e.challengeId);
      c.photos = [...(c.photos ?? []), { ...e.photo, by: e.by, at: e.at }];
      s.nextId += 1;
      return;
    }
    case 'ChallengeReportWritten': {
      // A rewrite replaces the text but not when the report was first sent (R-VII.D.3.4, OQ-36); a report from a
      // state stored before firstSentAt existed was first sent at its own time, as far as anyone can tell.
      const c = d.challenge(s, e.challengeId);
      c.report = { text: e.text, by: e.by as Side, at: e.at, firstSentAt: c.report ? (c.report.firstSentAt ?? c.report.at) : e.at };
      return;
    }
    case 'OpponentLeft':
      s.left = e.left;
      for (const k of e.forfeited) d.game(s, k.round, k.game).forfeitedBy = [e.left];
      return;
    case 'SignaturesCleared':
      s.signoffs = { HOME: null, AWAY: null };
      return;
    case 'SignedOff':
      s.signoffs = { ...s.signoffs, [e.side]: { at: e.at, flagMinimumPlay: e.flagMinimumPlay } };
      return;
    case 'Relocated': {
      s.relocatedTo = { venueName: e.venueName, leagueVenue: e.leagueVenue, reason: e.reason };
      const status = { ...s.machineStatus };
      for (const id of Object.keys(status)) if (status[id] === 'WORKING') status[id] = 'REMOVED';
      for (const m of e.machines) status[m.id] = 'WORKING';
      s.machineStatus = status;
      s.machines = [...s.machines.filter((m) => !e.machines.some((n) => n.id === m.id)), ...e.machines];
      for (const k of e.unseated) {
        const g = d.game(s, k.round, k.game);
        g.machineId = null;
        g.awaitingMachine = true;
      }
      return;
    }
    case 'RefusalToMoveRecorded':
      s.outcome = { kind: 'REFUSED_TO_MOVE', refusing: e.refusing };
      return;
    case 'ImproperMoveRecorded':
      s.outcome = { kind: 'IMPROPER_MOVE' };
      return;
    default: {
      const never: never = e;
      return never;
    }
  }
}

export function evolve(state: MatchState, event: MatchEvent, copies: Copies = spreadCopies): MatchState {
  return fold(state, [event], copies);
}

/** Folds many events; the result shares every part the events did not touch with `state`. */
export function fold(state: MatchState, events: readonly MatchEvent[], copies: Copies = spreadCopies): MatchState {
  const d = new Draft(copies);
  const s = d.own(state, copies.state);
  for (const e of events) {
    apply(d, s, e);
    s.version += 1;
  }
  return s;
}
