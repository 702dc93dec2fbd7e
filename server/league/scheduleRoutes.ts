import { type Request, type Response, Router } from 'express';
import {
  checkPlayoffMatch, clockText, localTimeOf, checkScheduledMatch, checkTieBreakerMatch, RecordedResultSchema, refusal, type RuleCheck, type ScheduledMatch,
  ScheduledMatchSchema, seasonBrackets, seasonStandings,
} from '../../shared/season/index';
import { conflict, invalid, notFound, refused } from './httpReplies';
import { COLLECTIONS, deleteDoc, readDoc, updateDoc } from './leagueStore';
import { matchSetupFor } from './matchSetupFor';
import { listMatch } from './scheduleLists';
import { sendAnswer, tableAnswer } from './tableAnswers';
import { idParam, type LeagueRouteContext, seasonFrom } from './routeContext';
import { type SeasonBundle, teamMap, venueMap } from './seasonData';

/** The schedule (regular, standings tie-breaker and playoff matches) and opening each match's room. */
export function scheduleRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.get('/api/league/seasons/:seasonId/schedule', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    // Kept like the tables' answers: spectators open it as often as the standings on a league night.
    const answer = tableAnswer('schedule', bundle, (b) => ({
      matches: [...b.schedule]
        .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.id < y.id ? -1 : 1))
        .map((m) => ({ ...m, result: b.results.get(m.id) ?? null })),
    }));
    sendAnswer(req, res, answer);
  });

  router.put('/api/league/seasons/:seasonId/schedule/:matchId', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const matchId = bundle && idParam(req, res, 'matchId');
    if (!bundle || !matchId) return;
    const body = req.body as Record<string, unknown>;
    // A regular match is at HOME's bar unless the commissioner names another venue.
    const homeVenue = bundle.teams.find((t) => t.id === body.homeTeamId)?.homeVenueId;
    const parsed = ScheduledMatchSchema.safeParse({ venueId: homeVenue, ...body, id: matchId, seasonId: bundle.season.id, roomOpenedAt: null, roomInUseSince: null });
    if (!parsed.success) return invalid(res, 'scheduled match', parsed.error);
    const match = parsed.data;
    const problem = checkMatch(bundle, match);
    if (problem) return refused(res, problem);
    // 201 for a new entry, even on the id of a deleted one (whose revision count goes on).
    let created = false;
    const out = await updateDoc<typeof ScheduledMatchSchema, string>(ctx.store, COLLECTIONS.matches, match.id, ScheduledMatchSchema, async (current) => {
      created = current === null;
      if (current && current.seasonId !== match.seasonId) return { stop: `Match id ${match.id} is used in season ${current.seasonId}.` };
      // In use (a command let through) counts as open too: a crash between opening a room and marking it open leaves
      // roomOpenedAt unset, and the evening guard keeps a room's entry once the room is under way.
      if (current && (current.roomOpenedAt !== null || current.roomInUseSince !== null)) return { stop: `The room of ${match.id} is open: its setup is fixed.` };
      // An entry deleted after its room was opened leaves the room behind (the store keeps every match): that id
      // cannot be given a room again, so the commissioner must choose another one now rather than at opening.
      if (!current && (await ctx.store.load(match.id))) return { stop: `A match room with id ${match.id} already exists; give this match another id.` };
      // Listed on its evening and in its season before the entry says so: the lists never miss it.
      await listMatch(ctx.store, match);
      return { write: match };
    });
    if ('stopped' in out) return conflict(res, 'EXISTS', out.stopped);
    res.status(created ? 201 : 200).json(out.written);
  });

  /** Preview of the setup the room would open with (rosters of the day, top-150 flags, playoff bars). */
  router.get('/api/league/seasons/:seasonId/schedule/:matchId/setup', ctx.commissioner, async (req, res) => {
    const found = await scheduledFrom(ctx, req, res);
    if (!found) return;
    const setup = matchSetupFor(found.bundle, found.match);
    if (!setup.ok) return refused(res, setup.refusal);
    res.json(setup.value);
  });

  /** Opens the match room; the captain links are in the answer, once (only their hashes are stored). */
  router.post('/api/league/seasons/:seasonId/schedule/:matchId/room', ctx.commissioner, async (req, res) => {
    const found = await scheduledFrom(ctx, req, res);
    if (!found) return;
    const setup = matchSetupFor(found.bundle, found.match);
    if (!setup.ok) return refused(res, setup.refusal);
    const now = ctx.clock();
    const opened = await ctx.openMatchRoom(setup.value, now);
    // Marked in both cases: a room that exists but was never marked (a crash between the two writes) gets marked now.
    await updateDoc(ctx.store, COLLECTIONS.matches, found.match.id, ScheduledMatchSchema, async (current) =>
      current && current.roomOpenedAt === null ? { write: { ...current, roomOpenedAt: now } } : { stop: null });
    if (opened.kind === 'exists') return conflict(res, 'EXISTS', `The room of ${found.match.id} is already open; its captain links were given when it was opened.`);
    res.status(201).json(opened.links);
  });

  /**
   * Takes a match off the schedule while it has not started: no result recorded for it, no event in its room
   * (nobody marked present, nothing declared) and no command let through in it yet (roomInUseSince, which the room
   * sets with compare-and-set on this same entry before a first command can be stored, so a first tap racing the
   * delete cannot both be stored and see the match deleted). A room that was opened stays in the store and refuses
   * every command (eveningGuard.ts); a match that has begun is settled by a result (forfeit, ruling) instead.
   */
  router.delete('/api/league/seasons/:seasonId/schedule/:matchId', ctx.commissioner, async (req, res) => {
    const found = await scheduledFrom(ctx, req, res);
    if (!found) return;
    const { bundle, match } = found;
    const out = await deleteDoc<typeof ScheduledMatchSchema, { code: string; message: string }>(ctx.store, COLLECTIONS.matches, match.id, ScheduledMatchSchema, ctx.clock(), async (current) => {
      const why = await whyStarted(ctx, bundle, current);
      return why ? { stop: why } : { delete: true };
    });
    if (!out) return notFound(res, `match ${match.id} in ${bundle.season.name}`);
    if ('stopped' in out) return conflict(res, out.stopped.code, out.stopped.message);
    res.json({ deleted: out.deleted });
  });

  return router;
}

const sinceText = (at: number, bundle: SeasonBundle) => {
  const t = localTimeOf(at, bundle.zone);
  return `${clockText(Math.floor(t.msOfDay / 60_000))} on ${t.date}`;
};

/** Why a scheduled match can no longer be deleted, or null if it has not started. */
async function whyStarted(ctx: LeagueRouteContext, bundle: SeasonBundle, match: ScheduledMatch): Promise<{ code: string; message: string } | null> {
  const recorded = await readDoc(ctx.store, COLLECTIONS.results, match.id, RecordedResultSchema);
  if (recorded) {
    return { code: 'HAS_RESULT', message: `A ${recorded.doc.result.kind.toLowerCase().replaceAll('_', ' ')} is recorded for ${match.id}: it counts in the standings and cannot be deleted.` };
  }
  if (match.roomOpenedAt === null) return null;
  if (match.roomInUseSince !== null) {
    return { code: 'STARTED', message: `${match.id} has started: its captains have been using its room since ${sinceText(match.roomInUseSince, bundle)}. Settle it with a result (forfeit or ruling) instead.` };
  }
  const room = await ctx.store.load(match.id);
  if (room && room.version > 0) {
    return { code: 'STARTED', message: `${match.id} has started: its room holds ${room.version} entr${room.version === 1 ? 'y' : 'ies'} (${bundle.season.name}). Settle it with a result (forfeit or ruling) instead.` };
  }
  return null;
}

function checkMatch(bundle: SeasonBundle, match: ScheduledMatch): RuleCheck {
  const teams = teamMap(bundle);
  const basic = checkScheduledMatch(bundle.season, match, teams, venueMap(bundle), bundle.schedule);
  if (basic || match.kind === 'REGULAR') return basic;
  const tables = seasonStandings(bundle);
  if (match.kind === 'TIEBREAKER') return checkTieBreakerMatch(match, tables);
  const conference = match.bracket?.conferenceId;
  const b = seasonBrackets(bundle, tables).find((x) => x.conferenceId === conference);
  if (!b) return refusal('R-V.A.3.1', `No conference ${conference ?? '(none given)'} in ${bundle.season.name}.`, 'NO_SLOT');
  return checkPlayoffMatch(bundle.season, match, b.seeding, b.bracket, teams, bundle.schedule);
}

export async function scheduledFrom(ctx: LeagueRouteContext, req: Request, res: Response): Promise<{ bundle: SeasonBundle; match: ScheduledMatch } | null> {
  const bundle = await seasonFrom(ctx, req, res);
  const matchId = bundle && idParam(req, res, 'matchId');
  if (!bundle || !matchId) return null;
  const match = bundle.schedule.find((m) => m.id === matchId);
  if (!match) {
    notFound(res, `match ${matchId} in ${bundle.season.name}`);
    return null;
  }
  return { bundle, match };
}
