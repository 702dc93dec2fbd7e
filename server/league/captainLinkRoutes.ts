import { Router } from 'express';
import { z } from 'zod';
import { SIDES } from '../../shared/index';
import { replaceCaptainLink } from '../matches/captainLinks';
import { conflict, invalid } from './httpReplies';
import type { LeagueRouteContext } from './routeContext';
import { scheduledFrom } from './scheduleRoutes';

/**
 * MR-1: a team acts through its captain link. The commissioner replaces the link of one team's captain seat in a
 * scheduled match (shared too widely, a captain who left): a new link is issued and shown once, the old one is
 * refused at connect with the reason, and phones connected with it are disconnected (the socket server's hook).
 */
export function captainLinkRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.post('/api/league/seasons/:seasonId/schedule/:matchId/captain-links/:side', ctx.commissioner, async (req, res) => {
    const disconnect = ctx.captainLinkReplaced;
    if (!disconnect) {
      return void res.status(501).json({ error: 'NOT_AVAILABLE', message: 'This server cannot replace captain links yet: its room does not check replaced links at connect.' });
    }
    const side = z.enum(SIDES).safeParse(req.params.side);
    if (!side.success) return invalid(res, 'side', side.error);
    const found = await scheduledFrom(ctx, req, res);
    if (!found) return;
    const { match } = found;
    const meta = match.roomOpenedAt === null ? null : await ctx.store.meta(match.id);
    if (!meta) return conflict(res, 'NO_ROOM', `The room of ${match.id} is not open yet: its captain links are given when it opens.`);
    const out = await replaceCaptainLink(ctx.store, match.id, meta, side.data, ctx.clock());
    if ('busy' in out) return conflict(res, 'BUSY', 'Another replacement of this link was stored at the same moment; try again.');
    await disconnect(match.id, side.data);
    res.status(201).json({ matchId: match.id, side: side.data, captainLink: out.link });
  });

  return router;
}
