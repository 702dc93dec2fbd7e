import { Router } from 'express';
import type { z } from 'zod';
import { VenueSchema } from '../../shared/index';
import { LeaguePlayerSchema } from '../../shared/season/index';
import { invalid, notFound } from './httpReplies';
import { COLLECTIONS, readAll, readDoc, updateDoc } from './leagueStore';
import { idParam, type LeagueRouteContext } from './routeContext';

/**
 * League-wide records that outlive a season: players (with IFPA number and rank) and venues (with their machines
 * and each machine's kind). Reading is public, as on the league's website; writing is the commissioner's.
 */
export function peopleRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();
  crud(router, ctx, 'players', COLLECTIONS.players, LeaguePlayerSchema);
  crud(router, ctx, 'venues', COLLECTIONS.venues, VenueSchema);
  return router;
}

function crud<S extends z.ZodObject>(router: Router, ctx: LeagueRouteContext, path: string, collection: string, schema: S): void {
  router.get(`/api/league/${path}`, async (_req, res) => {
    res.json({ [path]: await readAll(ctx.store, collection, schema) });
  });
  router.get(`/api/league/${path}/:id`, async (req, res) => {
    const id = idParam(req, res, 'id');
    if (!id) return;
    const found = await readDoc(ctx.store, collection, id, schema);
    if (!found) return notFound(res, `${path.slice(0, -1)} ${id}`);
    res.json(found.doc);
  });
  // A rank update changes only what later roster changes see: each accepted change kept the ranks of its moment (R-II.B.1).
  router.put(`/api/league/${path}/:id`, ctx.commissioner, async (req, res) => {
    const id = idParam(req, res, 'id');
    if (!id) return;
    const parsed = schema.safeParse({ ...(req.body as object), id });
    if (!parsed.success) return invalid(res, path.slice(0, -1), parsed.error);
    const out = await updateDoc(ctx.store, collection, id, schema, async () => ({ write: parsed.data }));
    if ('written' in out) res.status(out.rev === 1 ? 201 : 200).json(out.written);
  });
}
