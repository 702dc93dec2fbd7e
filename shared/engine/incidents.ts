import type { Incident, PayloadOf } from '../commands';
import type { MatchEvent } from '../events';
import { findPlayer, type GameState, type IncidentEntry, type MatchState, playerName, TIEBREAKER_ROUND } from '../state';
import { allGames, currentEntries } from '../views/outcome';
import { type Ctx, gameRef, isCheck, matchOpen, newId, workingMachineIds } from './context';
import { tooLateToRaise } from './disputes';
import { machineUnavailable } from './machines';
import { accept, type Check, type Decision, refuse } from './refusal';
import { entryToAnswer, findEntry, isIncident, liveGeneration } from './scoring';
import { tiebreakerConsequences } from './tiebreaker';

/**
 * Incidents the engine cannot see (R-III.C.5, R-III.C.6, R-VII.B.6, R-VII.E, R-VII.J, R-VII.L, R-VII.Q): captains
 * record them with the team, player and game; once the other team confirms, the engine applies the consequence.
 */

const PLAYER_KINDS = new Set(['LOGGED_IN', 'SLAM_TILT', 'MACHINE_DAMAGE', 'TILTED_OPPONENT', 'DEATH_SAVE', 'STUCK_BALL_ADVANTAGE', 'PRACTICE']);
const RULE_OF: Record<Incident['kind'], string> = {
  OUT_OF_TURN: 'R-III.C.5.2', LOGGED_IN: 'R-III.C.6.1', SLAM_TILT: 'R-VII.Q.1', MACHINE_DAMAGE: 'R-VII.Q.3',
  TILTED_OPPONENT: 'R-VII.B.6', DEATH_SAVE: 'R-VII.E.2.1', STUCK_BALL_ADVANTAGE: 'R-VII.L.1.4.1.2.p3',
  PRACTICE: 'R-VII.J.2.1', SCORE_STEALING: 'R-III.D.7.3', MAJOR_FAILURE: 'R-VII.L.2.3', MINOR_FAILURE: 'R-VII.L.1',
  STUCK_BALL: 'R-VII.L.1.4.1.1.p5', SIDE_BY_SIDE: 'R-VII.O.5.2',
};

/** Incidents whose consequence belongs to one player, who must be named (segments, compensation balls). */
const NAMED_PLAYER_KINDS = new Set(['STUCK_BALL', 'SIDE_BY_SIDE']);

/** The rule an incident applies; a score-stealing machine found in a singles game is R-III.E.4.3. */
function ruleOf(state: MatchState, round: number, inc: Incident): string {
  if (inc.kind === 'SCORE_STEALING' && state.rounds[round - 1]?.format === 'SINGLES') return 'R-III.E.4.3';
  if (inc.kind === 'STUCK_BALL' && inc.action === 'ELIMINATE') return 'R-VII.L.1.4.1.1.p7';
  return RULE_OF[inc.kind];
}

/** Confirmed major failures already recorded on this machine in this game (R-VII.L.2.6: "more than once"). */
function earlierFailures(state: MatchState, g: GameState): number {
  return currentEntries(state, g.round, g.game, g.generation).filter(
    (e) => isIncident(e) && e.status === 'CONFIRMED' && e.incident.kind === 'MAJOR_FAILURE',
  ).length;
}

/** Whether an incident takes the game's machine out of the match: a major failure, or a stuck ball nobody can free. */
const takesMachineOut = (inc: Incident) => (inc.kind === 'MAJOR_FAILURE' || inc.kind === 'STUCK_BALL') && inc.action === 'ELIMINATE';

function validIncident(ctx: Ctx, round: number, game: number, inc: Incident): Check {
  const { state } = ctx;
  const { g } = gameRef(state, round, game) as { g: GameState };
  const rule = ruleOf(state, round, inc);
  if (PLAYER_KINDS.has(inc.kind) || NAMED_PLAYER_KINDS.has(inc.kind) || (inc.kind === 'MAJOR_FAILURE' && inc.action === 'PLAYER_OPTION')) {
    if (!inc.playerId) return refuse(rule, 'Name the player this happened to.', 'PLAYER_MISSING');
    const player = findPlayer(state, inc.side, inc.playerId);
    if (!player) return refuse(rule, `That player is not on ${inc.side}'s roster.`, 'NOT_ON_ROSTER');
    if (!g.players[inc.side].includes(inc.playerId)) return refuse(rule, `${player.name} is not in this game.`, 'NOT_IN_GAME');
  }
  if (inc.kind === 'LOGGED_IN' && !inc.phase) return refuse(rule, 'Say when the login was found: before play, after balls were completed, or after ball 2 started.', 'PHASE_MISSING');
  if (inc.kind === 'PRACTICE') return null; // practising can happen before the game starts (R-VII.J.2.1)
  if (inc.kind === 'SIDE_BY_SIDE' && !state.oneAtATime) {
    return refuse(rule, 'Games side by side are normal play unless both captains agreed to play one at a time (R-VII.O.5.1).', 'NO_AGREEMENT');
  }
  // R-VII.O.5.2.1.2 / R-VII.O.5.2.4: a game started against the one-at-a-time agreement may be restarted.
  const sideBySideRestart = inc.kind === 'SIDE_BY_SIDE' && inc.action === 'RESTART_GAME';
  if (inc.action && !sideBySideRestart && inc.kind !== 'MAJOR_FAILURE' && !(inc.kind === 'STUCK_BALL' && inc.action === 'ELIMINATE')) {
    return refuse(rule, 'Only a machine failure (or a stuck ball that leaves the game unplayable) carries a decision.', 'BAD_ACTION');
  }
  if (inc.kind === 'MAJOR_FAILURE' || takesMachineOut(inc)) {
    if (!inc.action) return refuse(rule, 'Say what the captains decided: eliminate, keep, restart, player option or reset.', 'ACTION_MISSING');
    if (!g.machineId) return refuse(rule, 'This game has no machine.', 'NO_MACHINE');
    const gone = machineUnavailable(state, g.machineId);
    if (gone) return gone;
    // R-VII.L.2.4 / R-VII.L.2.5 deal with a game in play: before it starts there is nothing to restart, share or
    // reset; a machine found broken then is taken out or kept (R-VII.L.2.3).
    if (g.startedAt === null && (inc.action === 'RESTART_GAME' || inc.action === 'PLAYER_OPTION' || inc.action === 'RESET_SEGMENTS')) {
      return refuse(rule, 'This game has not started: there is nothing to restart or reset. Take the machine out, or keep it.', 'NOT_STARTED');
    }
    // R-VII.L.2.6: the same major malfunction again in this game: with at least 2 other working machines the game
    // must move to a new machine; with fewer, the captains may agree to finish with compensation balls
    // (R-VII.L.2.6.1; the confirmation is that agreement) or move it to the single other machine.
    if (inc.kind === 'MAJOR_FAILURE' && g.startedAt !== null && earlierFailures(state, g) > 0) {
      const others = workingMachineIds(state).filter((m) => m !== g.machineId).length;
      if (others >= 2 && inc.action !== 'ELIMINATE') {
        return refuse('R-VII.L.2.6', 'This machine failed again in the same game: with at least 2 other working machines a new machine must be chosen (eliminate it).', 'REPEATED_FAILURE');
      }
      if (others < 2 && inc.action !== 'ELIMINATE' && inc.action !== 'PLAYER_OPTION') {
        return refuse('R-VII.L.2.6.1', 'This machine failed again: finish with compensation balls (both captains agreeing) or move the game to the other machine.', 'REPEATED_FAILURE');
      }
    }
    // R-VII.L.2.8: with no other working machine, eliminating it is still recorded; the match then moves or is rescheduled.
    return null;
  }
  if (inc.kind === 'SCORE_STEALING') {
    const kind = state.machines.find((m) => m.id === g.machineId)?.kind;
    if (g.oneAtATime || kind === 'ONE_PLAYER' || kind === 'SCORE_STEALING' || (g.machineId !== null && state.flaggedStealing.includes(g.machineId))) {
      return refuse(rule, 'This game is already played one player at a time.', 'ALREADY_ONE_AT_A_TIME');
    }
  }
  if (g.startedAt === null && inc.kind !== 'LOGGED_IN' && inc.kind !== 'MINOR_FAILURE') {
    return refuse(rule, 'This game has not started.', 'NOT_STARTED');
  }
  return null;
}

export function recordIncident(ctx: Ctx, p: PayloadOf<'recordIncident'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const ref = gameRef(state, p.round, p.game);
  if (isCheck(ref)) return ref;
  const r = ref.r;
  // R-VII.J.2.1: a player practises on a machine once their own team has declared them on it; every other
  // incident happens at a game, which needs both lineups.
  const declared = p.incident.kind === 'PRACTICE' ? r.declarations[p.incident.side] : r.declarations.HOME && r.declarations.AWAY;
  if (!declared) {
    return refuse('R-III.B.1', 'Both lineups of this round must be declared first.', 'LINEUPS_MISSING');
  }
  const bad = validIncident(ctx, p.round, p.game, p.incident);
  if (bad) return bad;
  return accept({ type: 'IncidentRecorded', at, by: side, entryId: newId(state, 'E'), round: p.round, game: p.game, incident: p.incident });
}

/** How many confirmed incidents of this kind the team had before this one (OQ-15: per team per match). */
function earlier(state: MatchState, entry: IncidentEntry): number {
  const idx = state.entries.indexOf(entry);
  return state.entries.filter(
    (e, i) => i < idx && isIncident(e) && e.status === 'CONFIRMED' && e.incident.kind === entry.incident.kind && e.incident.side === entry.incident.side,
  ).length;
}

/** What confirming an incident changes beyond the penalties the outcome view already reads. */
function consequences(ctx: Ctx, entry: IncidentEntry): MatchEvent[] | Decision {
  const { state, side, at } = ctx;
  if (entry.round === TIEBREAKER_ROUND) return tiebreakerConsequences(ctx, entry.incident);
  const g = state.rounds[entry.round - 1]!.games[entry.game - 1]!;
  const inc = entry.incident;
  const restart = (reason: string, oneAtATime = false): MatchEvent => ({ type: 'GameRestarted', at, by: side, round: g.round, game: g.game, reason, oneAtATime });
  if (inc.kind === 'LOGGED_IN' && inc.phase === 'BEFORE_PLAY' && earlier(state, entry) === 0) {
    return [restart('logged-in player found before play (R-III.C.6.1.1.1)')];
  }
  if (inc.kind === 'SCORE_STEALING') return [restart(`score-stealing machine (${ruleOf(state, g.round, inc)})`, true)];
  if (inc.kind === 'MAJOR_FAILURE' && inc.action === 'RESTART_GAME') return [restart('major failure during ball 1 (R-VII.L.2.4.1)')];
  if (inc.kind === 'SIDE_BY_SIDE' && inc.action === 'RESTART_GAME') return [restart('started beside a game under way against the one-at-a-time agreement (R-VII.O.5.2.1.2)')];
  if (takesMachineOut(inc)) {
    const machineId = g.machineId;
    // Another entry may already have taken the machine out (or moved the game) while this one waited.
    if (machineId === null || state.machineStatus[machineId] !== 'WORKING') return [];
    // OQ-38: the failed game and the not-yet-started games of its round on that machine move. With no other
    // working machine the machine is still out, and the match is moved or rescheduled (R-VII.L.2.8).
    const r = state.rounds[g.round - 1]!;
    const games = r.games.filter((x) => x.machineId === machineId && (x.game === g.game || x.startedAt === null)).map((x) => x.game);
    return [{ type: 'MachineEliminated', at, by: side, machineId, round: g.round, games }];
  }
  return [];
}

export function confirmEntry(ctx: Ctx, p: PayloadOf<'confirmEntry'>): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  const found = entryToAnswer(ctx, p.entryId);
  if ('ok' in found) return found;
  const confirmed: MatchEvent = { type: 'EntryConfirmed', at: ctx.at, by: ctx.side, entryId: p.entryId };
  if (!isIncident(found.entry)) return accept(confirmed);
  const more = consequences(ctx, found.entry);
  if (!Array.isArray(more)) return more;
  return accept(confirmed, ...more);
}

export function disputeEntry(ctx: Ctx, p: PayloadOf<'disputeEntry'>): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  const found = entryToAnswer(ctx, p.entryId);
  if ('ok' in found) return found;
  const late = tooLateToRaise(ctx.state, found.entry.round);
  if (late) return late;
  return accept({ type: 'EntryDisputed', at: ctx.at, by: ctx.side, entryId: p.entryId, reason: p.reason });
}

/** A confirmed first logged-in occurrence found after balls were completed, still waiting for the choice. */
function loggedInAwaiting(ctx: Ctx, entryId: string): IncidentEntry | Decision {
  const e = findEntry(ctx.state, entryId);
  if (!e || !isIncident(e) || e.incident.kind !== 'LOGGED_IN' || e.incident.phase !== 'AFTER_BALLS') {
    return refuse('R-III.C.6.1.1.2', 'That entry is not a logged-in player found after balls were completed.', 'NO_SUCH_ENTRY');
  }
  if (e.status !== 'CONFIRMED') return refuse('MR-4', 'The logged-in entry must be confirmed first.', 'NOT_CONFIRMED');
  if (earlier(ctx.state, e) > 0) return refuse('R-III.C.6.1.2.1', 'This is a second occurrence: the score is disqualified, there is no choice.', 'SECOND_OCCURRENCE');
  if (e.loggedInOption) return refuse('R-III.C.6.1.1.2', 'The choice has been made.', 'ALREADY_DONE');
  if (e.ball2Started) {
    return refuse('R-III.C.6.1.1.2', `${playerName(ctx.state, e.incident.playerId ?? '')} has started ball 2: the choice had to be made before, and the game counts.`, 'TOO_LATE');
  }
  return e;
}

/** R-III.C.6.1.1.2: the opposing team chooses: the logged-in player continues, or plays a new separate game. */
export function chooseLoggedInOption(ctx: Ctx, p: PayloadOf<'chooseLoggedInOption'>): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  const e = loggedInAwaiting(ctx, p.entryId);
  if ('ok' in e) return e;
  if (e.incident.side === ctx.side) return refuse('R-III.C.6.1.1.2', 'The opposing team makes this choice.', 'NOT_CHOOSER');
  return accept({ type: 'LoggedInOptionChosen', at: ctx.at, by: ctx.side, entryId: p.entryId, option: p.option });
}

export function markBall2Started(ctx: Ctx, p: PayloadOf<'markBall2Started'>): Decision {
  const closed = matchOpen(ctx.state);
  if (closed) return closed;
  const e = loggedInAwaiting(ctx, p.entryId);
  if ('ok' in e) return e;
  return accept({ type: 'Ball2Started', at: ctx.at, by: ctx.side, entryId: p.entryId });
}

/** Choices that must be made before the match can be signed (CALC-5). */
export function pendingChoices(state: MatchState): string[] {
  const out: string[] = [];
  for (const e of state.entries) {
    // A choice about a game that was since replayed from scratch (machine moved, restart) no longer matters.
    const live = e.generation === liveGeneration(state, e.round, e.game);
    if (live && isIncident(e) && e.status === 'CONFIRMED' && e.incident.kind === 'LOGGED_IN' && e.incident.phase === 'AFTER_BALLS' && !e.loggedInOption && !e.ball2Started && earlier(state, e) === 0) {
      out.push(`the opposing team's choice after ${playerName(state, e.incident.playerId ?? '')} was found logged in (R-III.C.6.1.1.2)`);
    }
  }
  for (const g of allGames(state)) if (g.awaitingMachine) out.push(`a replacement machine for round ${g.round} game ${g.game} (R-VII.L.2.7)`);
  if (state.tiebreaker?.awaitingMachine) out.push('HOME\'s next machine for the tie-breaker (R-VII.L.2.7)');
  return out;
}
