import type { Refusal } from '../engine/refusal';
import { clockText, type LeagueZone, type LocalDate, localTimeOf } from './calendar';
import { checkTwoTeamLimit } from './multipleTeams';
import type { LeaguePlayer } from './people';
import {
  applyEdits, inForceOrder, type RosterBatch, type RosterEdit, type RosterMember, registration, rosterOn,
  type SeasonRosters, type TeamRoster,
} from './roster';
import { checkRankingCaps, checkRosterShape } from './rosterRules';
import type { Season } from './season';
import type { SeasonTeam } from './teams';
import { granted, refusal, type RuleCheck, type Verdict } from './verdict';

/**
 * R-II.0.1 and R-II.C: registering a team's roster and changing it. A request is one batch (OQ-27): its edits
 * apply together and only the resulting roster is judged. The batch is slotted into the team's history by its
 * effective date and the whole history is replayed, so a change dated before an already accepted future change
 * can never leave that later change invalid.
 */

export interface RosterRequest {
  /** Chosen by the server; unique within the team's history. */
  id: string;
  kind: 'REGISTRATION' | 'CHANGE';
  effective: LocalDate;
  requestedBy: string;
  enteredBy: 'CAPTAIN' | 'OFFICIAL';
  edits: RosterEdit[];
  submittedAt: number;
}

export interface RosterContext {
  season: Season;
  team: SeasonTeam;
  /** Every team of the season (for R-VII.P.1). */
  teams: readonly SeasonTeam[];
  rosters: SeasonRosters;
  players: ReadonlyMap<string, LeaguePlayer>;
  zone: LeagueZone;
  /** REGISTRATION: the final roster of the team this one continues, whose players are not additions (OQ-26). */
  continuing?: readonly string[];
}

export function submitRosterRequest(ctx: RosterContext, req: RosterRequest): Verdict<{ rosters: SeasonRosters; batch: RosterBatch }> {
  const nameOf = (id: string) => ctx.players.get(id)?.name ?? id;
  const current: TeamRoster = ctx.rosters.teams[ctx.team.id] ?? { teamId: ctx.team.id, batches: [] };

  const early = checkRequestShape(ctx, req) ?? checkSeasonOpen(ctx, req) ?? checkDeadline(ctx, req) ?? checkRequester(ctx, current, req, nameOf);
  if (early) return { ok: false, refusal: early };

  const before = rosterOn(current, req.effective);
  const after = applyEdits(before, req.edits);
  const ranks = Object.fromEntries(after.map((m) => [m.playerId, ctx.players.get(m.playerId)?.ifpaRank ?? null]));
  const continuing = req.kind === 'REGISTRATION' ? (ctx.continuing ?? []).filter((id) => after.some((m) => m.playerId === id)) : [];
  const batch: RosterBatch = {
    id: req.id, kind: req.kind, effective: req.effective, submittedAt: req.submittedAt, requestedBy: req.requestedBy,
    enteredBy: req.enteredBy, edits: req.edits, ranks, continuing,
  };
  const changed: TeamRoster = { teamId: ctx.team.id, batches: inForceOrder([...current.batches, batch]) };

  const replayed = replayHistory(changed, batch.id, nameOf);
  if (replayed) return { ok: false, refusal: replayed };

  for (const e of req.edits) {
    if (e.op !== 'ADD') continue;
    const twoTeams = checkTwoTeamLimit(e.playerId, req.effective, changed, ctx.rosters, ctx.teams, nameOf);
    if (twoTeams) return { ok: false, refusal: twoTeams };
  }
  return granted({ rosters: { ...ctx.rosters, teams: { ...ctx.rosters.teams, [ctx.team.id]: changed } }, batch });
}

/**
 * OQ-27: a batch says once what happens to each player (joins, leaves, or changes status and/or captaincy), so
 * its result does not depend on the order of its lines; players must be known to the league; a registration only adds.
 */
function checkRequestShape(ctx: RosterContext, req: RosterRequest): RuleCheck {
  const seen = new Map<string, Set<RosterEdit['op']>>();
  for (const e of req.edits) {
    if (!ctx.players.has(e.playerId)) return refusal('R-II.C.1', `Unknown player ${e.playerId}: add them to the league's players first.`, 'UNKNOWN_PLAYER');
    const ops = seen.get(e.playerId) ?? new Set<RosterEdit['op']>();
    const membership = e.op === 'ADD' || e.op === 'DROP';
    if (ops.has(e.op) || (ops.size > 0 && (membership || ops.has('ADD') || ops.has('DROP')))) {
      return refusal('OQ-27', `${ctx.players.get(e.playerId)!.name} appears twice in this request in a way that depends on the order: say once what happens to each player.`, 'DUPLICATE_EDIT');
    }
    ops.add(e.op);
    seen.set(e.playerId, ops);
  }
  if (req.kind === 'REGISTRATION' && req.edits.some((e) => e.op !== 'ADD')) {
    return refusal('R-II.0.1', 'A registration lists the players of the roster (additions only).', 'BAD_REQUEST');
  }
  return null;
}

/** R-V.B.1.1 / INV-28: nothing changes after the regular season, whatever its date or when it was sent. */
function checkSeasonOpen(ctx: RosterContext, req: RosterRequest): RuleCheck {
  const end = ctx.season.regularSeason.end;
  const today = localTimeOf(req.submittedAt, ctx.zone).date;
  if (req.effective > end || today > end) {
    return refusal('R-V.B.1.1', `The regular season ended on ${end}: rosters are frozen for the playoffs and no change is accepted.`, 'SEASON_OVER');
  }
  return null;
}

/**
 * R-II.C.3 with OQ-27b: a change for day D is in by the deadline (16:00 by default) on D, league time. The clock
 * a captain reads shows minutes, so 16:00:59 still counts as 16:00.
 */
function checkDeadline(ctx: RosterContext, req: RosterRequest): RuleCheck {
  const deadline = ctx.season.settings.rosterDeadlineMinutes;
  const local = localTimeOf(req.submittedAt, ctx.zone);
  const minute = Math.floor(local.msOfDay / 60_000);
  if (local.date > req.effective || (local.date === req.effective && minute > deadline)) {
    return refusal('R-II.C.3', `A change for ${req.effective} had to be submitted by ${clockText(deadline)} that day (${ctx.zone.name}); it is ${local.date} ${clockText(minute)}. Date it for a later day.`, 'DEADLINE');
  }
  return null;
}

/** R-II.0.1 / R-II.C.3: a captain of the team asks (an official may key it in for them, OQ-27b). */
function checkRequester(ctx: RosterContext, current: TeamRoster, req: RosterRequest, nameOf: (id: string) => string): RuleCheck {
  if (req.kind === 'REGISTRATION') {
    if (registration(current)) return refusal('R-II.0.1', `${ctx.team.name} is already registered; send a roster change instead.`, 'ALREADY_REGISTERED');
    const asCaptain = req.edits.some((e) => e.op === 'ADD' && e.playerId === req.requestedBy && e.captain);
    if (!asCaptain) return refusal('R-II.0.1', `A roster is submitted by one of the team's captains; ${nameOf(req.requestedBy)} is not a captain on it.`, 'NOT_CAPTAIN');
    return null;
  }
  const reg = registration(current);
  if (!reg || reg.effective > req.effective) {
    return refusal('R-II.0.1', `${ctx.team.name} has no registered roster in force on ${req.effective}: register the team first.`, 'NOT_REGISTERED');
  }
  const captain = rosterOn(current, req.effective).some((m) => m.playerId === req.requestedBy && m.captain);
  if (!captain) return refusal('R-II.C.3', `Roster changes are submitted by a captain of ${ctx.team.name}; ${nameOf(req.requestedBy)} is not one.`, 'NOT_CAPTAIN');
  return null;
}

/** Replays every batch in force order, judging each; the first refusal wins, told as the new batch's consequence. */
function replayHistory(roster: TeamRoster, newBatchId: string, nameOf: (id: string) => string): Refusal | null {
  let members: RosterMember[] = [];
  const dropped = new Set<string>();
  for (const b of roster.batches) {
    const problem = checkBatch(members, dropped, b, nameOf);
    if (problem) {
      if (b.id === newBatchId) return problem;
      return { ...problem, message: `This would make the change of ${b.effective} invalid: ${problem.message}` };
    }
    members = applyEdits(members, b.edits);
    for (const e of b.edits) if (e.op === 'DROP') dropped.add(e.playerId);
  }
  return null;
}

function checkBatch(before: readonly RosterMember[], dropped: ReadonlySet<string>, b: RosterBatch, nameOf: (id: string) => string): RuleCheck {
  const isMember = (id: string) => before.some((m) => m.playerId === id);
  for (const e of b.edits) {
    const who = nameOf(e.playerId);
    if (e.op === 'ADD') {
      if (dropped.has(e.playerId)) return refusal('R-II.C.1.1', `${who} was dropped from this team this season and cannot be added back to it (another team may pick them up).`, 'DROPPED');
      if (isMember(e.playerId)) return refusal('R-II.C.1', `${who} is already on the roster.`, 'ALREADY_ON_ROSTER');
    } else if (!isMember(e.playerId)) {
      const rule = e.op === 'SET_STATUS' ? 'R-II.C.2' : e.op === 'SET_CAPTAIN' ? 'R-II.A.2' : 'R-II.C.1';
      return refusal(rule, `${who} is not on the roster on ${b.effective}.`, 'NOT_ON_ROSTER');
    }
  }
  const after = applyEdits(before, b.edits);
  const context = b.kind === 'REGISTRATION' ? 'This roster cannot be registered (R-II.0.1)' : 'Every change must leave a valid roster (R-II.C.1.3)';
  const shape = checkRosterShape(after, context);
  if (shape) return shape;
  const continuing = new Set(b.continuing);
  const added = b.edits.filter((e) => e.op === 'ADD' && !continuing.has(e.playerId)).map((e) => e.playerId);
  return checkRankingCaps(after, added, b.ranks, nameOf);
}
