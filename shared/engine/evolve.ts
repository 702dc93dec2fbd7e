import type { MatchEvent } from '../events';
import type { DeclaredGame } from '../commands';

import { type GameState, type MatchState, type RoundState, TIEBREAKER_ROUND } from '../state';

/**
 * Folds events into the state. It trusts the events (decide produced them) and re-checks nothing; each case only
 * records the fact. evolve copies the state once and mutates the copy, so callers always get a new object.
 */

const copy = (state: MatchState): MatchState => JSON.parse(JSON.stringify(state)) as MatchState;

function game(state: MatchState, round: number, g: number): GameState {
  return state.rounds[round - 1]!.games[g - 1]!;
}

function touch(state: MatchState, round: number, at: number) {
  const r = state.rounds[round - 1];
  if (r) r.lastActivityAt = at;
}

function writeLineup(r: RoundState, side: 'HOME' | 'AWAY', games: DeclaredGame[], forfeited: number[], isFd: boolean) {
  games.forEach((d, i) => {
    const g = r.games[i]!;
    if (isFd) g.machineId = d.machineId ?? null;
    g.players[side] = [...d.players];
    g.writeIn = d.writeIn ? { side, playerId: d.writeIn } : g.writeIn?.side === side ? null : g.writeIn;
    g.forfeitedBy = g.forfeitedBy.filter((s) => s !== side);
    if (forfeited.includes(g.game)) g.forfeitedBy.push(side);
  });
}

function restart(g: GameState) {
  g.generation += 1;
}

function apply(s: MatchState, e: MatchEvent): void {
  switch (e.type) {
    case 'PlayerArrived':
      s.attendance[e.side][e.playerId] = { arrivedAt: e.time, departedAt: null };
      return;
    case 'PlayerDeparted':
      s.attendance[e.side][e.playerId]!.departedAt = e.time;
      for (const k of e.forfeits) game(s, k.round, k.game).forfeitedBy.push(e.side); // OQ-11
      return;
    case 'MatchForfeited':
      s.outcome = e.forfeiting.length === 2 ? { kind: 'DOUBLE_FORFEIT' } : { kind: 'FORFEIT', forfeiting: e.forfeiting[0]!, fullEvening: false };
      return;
    case 'FullEveningClaimed':
      if (s.outcome?.kind === 'FORFEIT') s.outcome.fullEvening = true;
      return;
    case 'AgreementProposed':
      s.proposals.push({ id: e.proposalId, by: e.by as 'HOME' | 'AWAY', at: e.at, agreement: e.agreement, status: 'OPEN' });
      s.nextId += 1;
      return;
    case 'AgreementAccepted':
    case 'AgreementDeclined': {
      const p = s.proposals.find((x) => x.id === e.proposalId)!;
      p.status = e.type === 'AgreementAccepted' ? 'ACCEPTED' : 'DECLINED';
      if (e.type === 'AgreementAccepted') {
        const a = p.agreement;
        if (a.kind === 'EXTRA_DELAY') s.extraDelay = true;
        if (a.kind === 'EARLY_START') s.earlyStart = true;
        if (a.kind === 'CHALLENGE_MODES') s.challengeModes = true;
        if (a.kind === 'ONE_AT_A_TIME') s.oneAtATime = true;
        if (a.kind === 'TIME_LIMIT_OFF') s.timeLimitSince = null;
        if (a.kind === 'RESOLUTION') s.resolutions.push(a.text);
      }
      return;
    }
    case 'MachineRemoved':
      s.machineStatus[e.machineId] = 'REMOVED';
      for (const r of s.rounds) for (const g of r.games) if (g.machineId === e.machineId && g.startedAt === null) g.awaitingMachine = true;
      return;
    case 'MatchAbandoned':
      s.abandoned = true;
      for (const k of e.voided) game(s, k.round, k.game).voided = true;
      return;
    case 'MatchRescheduled':
      s.rescheduled = { date: e.date, venue: e.venue };
      return;
    case 'LineupFixed': {
      const r = s.rounds[e.round - 1]!;
      writeLineup(r, e.side, e.games, e.forfeited, e.side === r.fd);
      for (const g of r.games) g.seats[e.side] = {};
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
      const r = s.rounds[e.round - 1]!;
      r.declarations[e.side] = { at: e.at, short: e.short, games: e.games };
      writeLineup(r, e.side, e.games, e.forfeited, e.side === r.fd);
      return;
    }
    case 'PlayOrderSet':
      game(s, e.round, e.game).seats[e.side] = Object.fromEntries(e.seats.map((x) => [x.playerId, x.position]));
      return;
    case 'GameStarted': {
      const g = game(s, e.round, e.game);
      g.startedAt = e.at;
      g.seated = e.seated;
      g.redeclarable = false;
      touch(s, e.round, e.at);
      return;
    }
    case 'ScoreEntered':
      s.entries.push({ kind: 'SCORE', id: e.entryId, by: e.by as 'HOME' | 'AWAY', at: e.at, status: 'PENDING', round: e.round, game: e.game, generation: game(s, e.round, e.game).generation, playerId: e.playerId, side: e.side, points: e.points, segment: e.segment });
      s.nextId += 1;
      touch(s, e.round, e.at);
      return;
    case 'EntryConfirmed':
    case 'EntryDisputed': {
      const entry = s.entries.find((x) => x.id === e.entryId)!;
      entry.status = e.type === 'EntryConfirmed' ? 'CONFIRMED' : 'DISPUTED';
      if (e.type === 'EntryDisputed') entry.disputeReason = e.reason;
      touch(s, entry.round, e.at);
      return;
    }
    case 'IncidentRecorded':
      s.entries.push({ kind: 'INCIDENT', id: e.entryId, by: e.by as 'HOME' | 'AWAY', at: e.at, status: 'PENDING', round: e.round, game: e.game, generation: game(s, e.round, e.game).generation, incident: e.incident, loggedInOption: null, ball2Started: false });
      s.nextId += 1;
      touch(s, e.round, e.at);
      return;
    case 'LoggedInOptionChosen':
    case 'Ball2Started': {
      const entry = s.entries.find((x) => x.id === e.entryId);
      if (entry?.kind !== 'INCIDENT') return;
      if (e.type === 'LoggedInOptionChosen') entry.loggedInOption = e.option;
      else entry.ball2Started = true;
      return;
    }
    case 'GameRestarted': {
      const g = game(s, e.round, e.game);
      restart(g);
      if (e.oneAtATime) {
        g.oneAtATime = true;
        if (g.machineId && !s.flaggedStealing.includes(g.machineId)) s.flaggedStealing.push(g.machineId);
      }
      touch(s, e.round, e.at);
      return;
    }
    case 'MachineEliminated':
      s.machineStatus[e.machineId] = 'ELIMINATED';
      for (const n of e.games) {
        const g = game(s, e.round, n);
        restart(g); // R-VII.L.2.7.2: the game is replayed in full; earlier scores are discarded
        g.awaitingMachine = true;
        g.machineId = null;
        g.startedAt = null;
        g.seated = null;
        g.seats = { HOME: {}, AWAY: {} };
      }
      touch(s, e.round, e.at);
      return;
    case 'MachineReplaced':
      for (const x of e.games) {
        const g = game(s, e.round, x.game);
        g.machineId = x.machineId;
        g.awaitingMachine = false;
        g.redeclarable = true;
      }
      return;
    case 'GamesRedeclared':
      for (const x of e.games) {
        const g = game(s, e.round, x.game);
        g.players[e.side] = [...x.players];
        g.seats[e.side] = {};
      }
      return;
    case 'TiebreakerChosen':
      s.tiebreaker = { format: e.format, machineId: e.machineId, players: { HOME: e.players, AWAY: null }, startedAt: null, generation: 0 };
      return;
    case 'TiebreakerPlayersDeclared':
      if (s.tiebreaker) s.tiebreaker.players.AWAY = e.players;
      return;
    case 'TiebreakerStarted':
      if (s.tiebreaker) s.tiebreaker.startedAt = e.at;
      return;
    case 'TiebreakerScoreEntered':
      s.entries.push({ kind: 'SCORE', id: e.entryId, by: e.by as 'HOME' | 'AWAY', at: e.at, status: 'PENDING', round: TIEBREAKER_ROUND, game: 1, generation: s.tiebreaker?.generation ?? 0, playerId: null, side: e.side, points: e.points, segment: 1 });
      s.nextId += 1;
      return;
    case 'TiebreakerReplayed':
      if (s.tiebreaker) s.tiebreaker.generation += 1;
      return;
    case 'GameChallenged':
      s.challenges.push({ id: e.challengeId, by: e.by as 'HOME' | 'AWAY', at: e.at, round: e.round, game: e.game, reason: e.reason, reportDue: e.reportDue, status: 'OPEN', ruling: null });
      s.nextId += 1;
      return;
    case 'ChallengeWithdrawn':
    case 'ChallengeRuled': {
      const c = s.challenges.find((x) => x.id === e.challengeId)!;
      c.status = e.type === 'ChallengeWithdrawn' ? 'WITHDRAWN' : 'RULED';
      if (e.type === 'ChallengeRuled') c.ruling = e.ruling;
      return;
    }
    case 'OpponentLeft':
      s.left = e.left;
      for (const k of e.forfeited) game(s, k.round, k.game).forfeitedBy = [e.left];
      return;
    case 'SignaturesCleared':
      s.signoffs = { HOME: null, AWAY: null };
      return;
    case 'SignedOff':
      s.signoffs[e.side] = { at: e.at, flagMinimumPlay: e.flagMinimumPlay };
      return;
    case 'Relocated':
      s.relocatedTo = { venueName: e.venueName, leagueVenue: e.leagueVenue, reason: e.reason };
      for (const id of Object.keys(s.machineStatus)) if (s.machineStatus[id] === 'WORKING') s.machineStatus[id] = 'REMOVED';
      s.machines = [...s.machines.filter((m) => !e.machines.some((n) => n.id === m.id)), ...e.machines];
      for (const m of e.machines) s.machineStatus[m.id] = 'WORKING';
      for (const k of e.unseated) {
        const g = game(s, k.round, k.game);
        g.machineId = null;
        g.awaitingMachine = true;
      }
      return;
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

export function evolve(state: MatchState, event: MatchEvent): MatchState {
  return fold(state, [event]);
}

/** Folds many events with a single copy of the state. */
export function fold(state: MatchState, events: readonly MatchEvent[]): MatchState {
  const s = copy(state);
  for (const e of events) {
    apply(s, e);
    s.version += 1;
  }
  return s;
}

