import { Router } from 'express';
import { z } from 'zod';
import type { Refusal } from '../../shared/index';
import {
  buildRestrictedList, checkTieOrder, LeaguePlayerSchema, LocalDateSchema, localTimeOf, type Season, SeasonRostersSchema,
  SeasonSchema, seasonStandings, TieOrderSchema,
} from '../../shared/season/index';
import { invalid, notFound, refused } from './httpReplies';
import { COLLECTIONS, readAll, readDoc, updateDoc } from './leagueStore';
import { isTimeZone } from './leagueZone';
import { idParam, type LeagueRouteContext, seasonFrom } from './routeContext';

/** Seasons: their settings, the top-150 list (R-II.B.2) and recorded tie orders (R-IV.A.5, OQ-24b). */
export function seasonRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.get('/api/league/seasons', async (_req, res) => {
    res.json({ seasons: await readAll(ctx.store, COLLECTIONS.seasons, SeasonSchema) });
  });

  router.get('/api/league/seasons/:seasonId', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (bundle) res.json({ season: bundle.season, rev: bundle.seasonRev });
  });

  /**
   * Creates or replaces a season's settings. The top-150 list and tie orders have their own routes and are kept;
   * moving the end of the regular season before a roster change already dated is refused (INV-28).
   */
  router.put('/api/league/seasons/:seasonId', ctx.commissioner, async (req, res) => {
    const seasonId = idParam(req, res, 'seasonId');
    if (!seasonId) return;
    const parsed = SeasonSchema.safeParse({ ...(req.body as object), id: seasonId });
    if (!parsed.success) return invalid(res, 'season', parsed.error);
    if (!isTimeZone(parsed.data.timeZone)) {
      return invalid(res, 'season', new z.ZodError([{ code: 'custom', path: ['timeZone'], message: `unknown time zone ${parsed.data.timeZone}`, input: parsed.data.timeZone }]));
    }
    const rosters = await readDoc(ctx.store, COLLECTIONS.rosters, seasonId, SeasonRostersSchema);
    const late = Object.values(rosters?.doc.teams ?? {}).flatMap((t) => t.batches).find((b) => b.effective > parsed.data.regularSeason.end);
    if (late) return refused(res, { rule: 'R-V.B.1.1', code: 'SEASON_OVER', message: `A roster change is already dated ${late.effective}, after that end of the regular season.` });
    const out = await updateDoc(ctx.store, COLLECTIONS.seasons, seasonId, SeasonSchema, async (current) => ({
      write: { ...parsed.data, restrictedList: current?.restrictedList ?? null, tieOrders: current?.tieOrders ?? [] } satisfies Season,
    }));
    if ('written' in out) res.status(out.rev === 1 ? 201 : 200).json({ season: out.written, rev: out.rev });
  });

  /** R-II.B.2: builds the season's top-150 list from the ranks the league has recorded (run on the reference date). */
  router.post('/api/league/seasons/:seasonId/restricted-list', ctx.commissioner, async (req, res) => {
    const seasonId = idParam(req, res, 'seasonId');
    if (!seasonId) return;
    const body = z.object({ referenceDate: LocalDateSchema }).safeParse(req.body);
    if (!body.success) return invalid(res, 'reference date', body.error);
    const players = await readAll(ctx.store, COLLECTIONS.players, LeaguePlayerSchema);
    const now = ctx.clock();
    const out = await updateDoc<typeof SeasonSchema, 'missing' | Refusal>(ctx.store, COLLECTIONS.seasons, seasonId, SeasonSchema, async (season) => {
      if (!season) return { stop: 'missing' };
      const today = localTimeOf(now, ctx.zoneFor(season.timeZone)).date;
      const list = buildRestrictedList(season, players, body.data.referenceDate, now, today);
      if (!list.ok) return { stop: list.refusal };
      return { write: { ...season, restrictedList: list.value } };
    });
    if ('written' in out) return void res.json({ restrictedList: out.written.restrictedList });
    if (out.stopped === 'missing') return notFound(res, `season ${seasonId}`);
    refused(res, out.stopped);
  });

  /** R-IV.A.5 / OQ-24b: records the order of teams still tied after R-IV.A.1-4. */
  router.post('/api/league/seasons/:seasonId/tie-orders', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    const order = TieOrderSchema.safeParse(req.body);
    if (!order.success) return invalid(res, 'tie order', order.error);
    const problem = checkTieOrder(order.data, seasonStandings(bundle));
    if (problem) return refused(res, problem);
    const out = await updateDoc(ctx.store, COLLECTIONS.seasons, bundle.season.id, SeasonSchema, async (season) =>
      season ? { write: { ...season, tieOrders: [...season.tieOrders, order.data] } } : { stop: 'missing' as const });
    if ('written' in out) return void res.status(201).json({ tieOrders: out.written.tieOrders });
    notFound(res, `season ${bundle.season.id}`);
  });

  return router;
}
