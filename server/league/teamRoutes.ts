import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { IdSchema, RosterStatusSchema } from '../../shared/index';
import {
  checkWeekdayChange, type LocalDate, LocalDateSchema, localTimeOf, type RosterEdit, RosterEditSchema, type RosterMember,
  inTop, restrictedPlayers, rosterDeadline, rosterOn, TOP_500, SeasonRostersSchema, type SeasonTeam, SeasonTeamSchema,
} from '../../shared/season/index';
import { conflict, invalid, notFound, refused } from './httpReplies';
import { COLLECTIONS, deleteDoc, updateDoc } from './leagueStore';
import { idParam, type LeagueRouteContext, seasonFrom } from './routeContext';
import { submitRoster } from './rosterRequests';
import { seasonSchedule } from './scheduleLists';
import { nameOf, type SeasonBundle } from './seasonData';

/** Teams of a season and their rosters (R-II): registration, dated changes, the roster in force on a date. */

const RosterRequestBodySchema = z.union([
  z.object({
    kind: z.literal('REGISTRATION'),
    /** Defaults to the first day of the regular season. */
    effective: LocalDateSchema.optional(),
    requestedBy: IdSchema,
    players: z.array(z.object({ playerId: IdSchema, status: RosterStatusSchema, captain: z.boolean().default(false) })).min(1).max(20),
  }),
  z.object({
    kind: z.literal('CHANGE').default('CHANGE'),
    effective: LocalDateSchema,
    requestedBy: IdSchema,
    edits: z.array(RosterEditSchema).min(1).max(20),
  }),
]);
export type RosterRequestBody = z.input<typeof RosterRequestBodySchema>;

export function teamRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.get('/api/league/seasons/:seasonId/teams', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    const date = dateQuery(ctx, req, res, bundle);
    if (!date) return;
    res.json({ date, teams: bundle.teams.map((t) => ({ ...t, roster: named(bundle, rosterOn(bundle.rosters.teams[t.id], date)) })) });
  });

  router.get('/api/league/seasons/:seasonId/teams/:teamId', async (req, res) => {
    const found = await teamFrom(ctx, req, res);
    if (!found) return;
    const { bundle, team } = found;
    const asked = dateQuery(ctx, req, res, bundle);
    if (!asked) return;
    const history = bundle.rosters.teams[team.id]?.batches ?? [];
    // Before its registration takes effect a team has no roster today; its captain wants to see the one it starts
    // with, so without ?date the page shows the roster of the registration's first day.
    const registeredFrom = history.find((b) => b.kind === 'REGISTRATION')?.effective;
    const date = req.query.date === undefined && registeredFrom !== undefined && registeredFrom > asked ? registeredFrom : asked;
    // What a captain checks before a match night: the roster of the day, changes already dated later, and by when
    // a change for today must be in (R-II.C.3, league time).
    const deadline = rosterDeadline(bundle.season, bundle.zone, ctx.clock());
    res.json({ team, date, roster: named(bundle, rosterOn(bundle.rosters.teams[team.id], date)), history, deadline, names: batchNames(bundle, history) });
  });

  router.get('/api/league/seasons/:seasonId/teams/:teamId/roster', async (req, res) => {
    const found = await teamFrom(ctx, req, res);
    if (!found) return;
    const date = dateQuery(ctx, req, res, found.bundle);
    if (!date) return;
    res.json({ teamId: found.team.id, date, roster: named(found.bundle, rosterOn(found.bundle.rosters.teams[found.team.id], date)) });
  });

  router.put('/api/league/seasons/:seasonId/teams/:teamId', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const teamId = bundle && idParam(req, res, 'teamId');
    if (!bundle || !teamId) return;
    const parsed = SeasonTeamSchema.safeParse({ ...(req.body as object), id: teamId, seasonId: bundle.season.id });
    if (!parsed.success) return invalid(res, 'team', parsed.error);
    const team = parsed.data;
    if (!bundle.season.conferences.some((c) => c.id === team.conferenceId)) return notFound(res, `conference ${team.conferenceId} in ${bundle.season.name}`);
    if (!bundle.venues.some((v) => v.id === team.homeVenueId)) return notFound(res, `venue ${team.homeVenueId}`);
    const others = bundle.teams.filter((t) => t.id !== team.id);
    const clash = checkWeekdayChange(team, bundle.rosters, [...others, team], nameOf(bundle));
    if (clash) return refused(res, clash);
    const out = await updateDoc(ctx.store, COLLECTIONS.teams, team.id, SeasonTeamSchema, async (current) =>
      current && current.seasonId !== team.seasonId ? { stop: current.seasonId } : { write: team });
    if ('stopped' in out) return conflict(res, 'EXISTS', `Team id ${team.id} is already used in season ${out.stopped}.`);
    res.status(out.rev === 1 ? 201 : 200).json(out.written);
  });

  /** R-II.0.1 registration or R-II.C change, keyed in by the commissioner on a captain's request (OQ-27b). */
  router.post('/api/league/seasons/:seasonId/teams/:teamId/roster', ctx.commissioner, async (req, res) => {
    const found = await teamFrom(ctx, req, res);
    if (!found) return;
    const { bundle, team } = found;
    const body = RosterRequestBodySchema.safeParse(req.body);
    if (!body.success) return invalid(res, 'roster request', body.error);
    const b = body.data;
    const edits: RosterEdit[] = b.kind === 'REGISTRATION' ? b.players.map((p) => ({ op: 'ADD', ...p })) : b.edits;
    const effective = b.effective ?? bundle.season.regularSeason.start;
    const out = await submitRoster(ctx, bundle, team, { kind: b.kind, effective, requestedBy: b.requestedBy, edits });
    if (!out.ok) return refused(res, out.refusal);
    res.status(201).json({ batch: out.value.batch, roster: named(bundle, rosterOn(out.value.history, effective)) });
  });

  /**
   * Removes a team entered by mistake, only while it has no match on the schedule (so it never played, and no
   * standings row, bracket seed or result names it). Its roster history goes with it, so its players are free for
   * other teams as if never registered (R-VII.P.1 counts only teams that exist).
   */
  router.delete('/api/league/seasons/:seasonId/teams/:teamId', ctx.commissioner, async (req, res) => {
    const found = await teamFrom(ctx, req, res);
    if (!found) return;
    const { bundle, team } = found;
    const out = await deleteDoc<typeof SeasonTeamSchema, string>(ctx.store, COLLECTIONS.teams, team.id, SeasonTeamSchema, ctx.clock(), async () => {
      // Read again at the moment of deleting: a match scheduled since the season was loaded must still stop it.
      const matches = (await seasonSchedule(ctx.store, team.seasonId)).filter((m) => m.homeTeamId === team.id || m.awayTeamId === team.id);
      if (matches.length === 0) return { delete: true };
      const ids = matches.map((m) => `${m.id} (${m.date})`);
      return { stop: `${team.name} is on the schedule: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}. Delete those matches first; a team that has played stays in the standings.` };
    });
    if (!out) return notFound(res, `team ${team.id} in ${bundle.season.name}`);
    if ('stopped' in out) return conflict(res, 'TEAM_SCHEDULED', out.stopped);
    await updateDoc(ctx.store, COLLECTIONS.rosters, bundle.season.id, SeasonRostersSchema, async (current) => {
      if (!current?.teams[team.id]) return { stop: null };
      const teams = { ...current.teams };
      delete teams[team.id];
      return { write: { ...current, teams } };
    });
    res.json({ deleted: out.deleted });
  });

  return router;
}

async function teamFrom(ctx: LeagueRouteContext, req: Request, res: Response): Promise<{ bundle: SeasonBundle; team: SeasonTeam } | null> {
  const bundle = await seasonFrom(ctx, req, res);
  const teamId = bundle && idParam(req, res, 'teamId');
  if (!bundle || !teamId) return null;
  const team = bundle.teams.find((t) => t.id === teamId);
  if (!team) {
    notFound(res, `team ${teamId} in ${bundle.season.name}`);
    return null;
  }
  return { bundle, team };
}

/** `?date=YYYY-MM-DD`, or today in the league's time zone. */
function dateQuery(ctx: LeagueRouteContext, req: Request, res: Response, bundle: SeasonBundle): LocalDate | null {
  if (req.query.date === undefined) return localTimeOf(ctx.clock(), bundle.zone).date;
  const parsed = LocalDateSchema.safeParse(req.query.date);
  if (parsed.success) return parsed.data;
  invalid(res, 'date', parsed.error);
  return null;
}

/**
 * Roster members with what a captain needs beside each name: the IFPA rank recorded now, whether the player is on
 * the season's restricted list (R-II.B.2, which limits where they play) and whether they count towards the
 * top-500 cap when someone joins (R-II.B.1.1).
 */
export const named = (bundle: SeasonBundle, members: RosterMember[]) => {
  const restricted = restrictedPlayers(bundle.season, bundle.rosters);
  return members.map((m) => {
    const rank = bundle.players.get(m.playerId)?.ifpaRank ?? null;
    return { ...m, name: bundle.players.get(m.playerId)?.name ?? m.playerId, ifpaRank: rank, restricted: restricted.has(m.playerId), top500: inTop(rank, TOP_500) };
  });
};

/** Names of everyone a team's roster history mentions, so the page can say "drop Jo Nudge" rather than an id. */
const batchNames = (bundle: SeasonBundle, history: { edits: { playerId: string }[]; requestedBy: string }[]) =>
  Object.fromEntries(history.flatMap((b) => [b.requestedBy, ...b.edits.map((e) => e.playerId)]).map((id) => [id, bundle.players.get(id)?.name ?? id]));
