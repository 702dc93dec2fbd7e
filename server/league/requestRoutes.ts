import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import {
  type CaptainRequest, CaptainRequestBodySchema, CaptainRequestSchema, MAX_PENDING_REQUESTS, submitRosterRequest,
} from '../../shared/season/index';
import { tokenMatches } from '../auth/tokens';
import { conflict, invalid, notFound, refused } from './httpReplies';
import { COLLECTIONS, readAll, readDoc, updateDoc } from './leagueStore';
import { idParam, type LeagueRouteContext, seasonFrom } from './routeContext';
import { submitRoster } from './rosterRequests';

/**
 * Captains' roster change requests (OQ-27b): a captain sends one from the team page; it is checked against the
 * roster rules at once (so a refusal names its rule while the captain is still there) and waits for the
 * commissioner, who enters it (it becomes a roster batch dated as asked, judged on the deadline at the time the
 * captain asked) or declines it with a reason. Sending is open to anyone who names a captain of the team; with the
 * captain link of one of the team's matches the request is marked as shown by that link.
 */
export function requestRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.get('/api/league/seasons/:seasonId/requests', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    res.json({ requests: await seasonRequests(ctx, bundle.season.id) });
  });

  router.get('/api/league/seasons/:seasonId/teams/:teamId/requests', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const teamId = bundle && idParam(req, res, 'teamId');
    if (!bundle || !teamId) return;
    res.json({ requests: (await seasonRequests(ctx, bundle.season.id)).filter((r) => r.teamId === teamId) });
  });

  router.post('/api/league/seasons/:seasonId/teams/:teamId/requests', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const teamId = bundle && idParam(req, res, 'teamId');
    if (!bundle || !teamId) return;
    const team = bundle.teams.find((t) => t.id === teamId);
    if (!team) return notFound(res, `team ${teamId} in ${bundle.season.name}`);
    const body = CaptainRequestBodySchema.safeParse(req.body);
    if (!body.success) return invalid(res, 'roster request', body.error);
    const b = body.data;

    let viaMatchId: string | null = null;
    if (b.captainLink) {
      const match = bundle.schedule.find((m) => m.id === b.captainLink?.matchId);
      const side = match?.homeTeamId === team.id ? 'HOME' : match?.awayTeamId === team.id ? 'AWAY' : null;
      const meta = side ? await ctx.store.meta(b.captainLink.matchId) : null;
      if (!side || !meta || !tokenMatches(b.captainLink.token, meta.captainTokenHashes[side])) {
        return void res.status(403).json({ error: 'FORBIDDEN', message: `That captain link is not one of ${team.name}'s.` });
      }
      viaMatchId = b.captainLink.matchId;
    }

    const now = ctx.clock();
    const waiting = (await seasonRequests(ctx, bundle.season.id)).filter((r) => r.teamId === team.id && r.status === 'PENDING');
    if (waiting.length >= MAX_PENDING_REQUESTS) {
      return conflict(res, 'TOO_MANY', `${team.name} already has ${waiting.length} requests waiting for the commissioner; wait for answers first.`);
    }
    // Judged now as the captain's own change would be: every roster rule, the deadline, and that the sender is a
    // captain of the team (R-II.C.3). Nothing is stored by this check.
    const trial = submitRosterRequest(
      { season: bundle.season, team, teams: bundle.teams, rosters: bundle.rosters, players: bundle.players, zone: bundle.zone },
      { id: 'trial', kind: 'CHANGE', effective: b.effective, requestedBy: b.requestedBy, enteredBy: 'CAPTAIN', edits: b.edits, submittedAt: now },
    );
    if (!trial.ok) return refused(res, trial.refusal);

    const request: CaptainRequest = CaptainRequestSchema.parse({
      id: `rq-${now}-${randomBytes(3).toString('hex')}`, seasonId: bundle.season.id, teamId: team.id, requestedBy: b.requestedBy,
      effective: b.effective, edits: b.edits, note: b.note, submittedAt: now, via: viaMatchId ? 'CAPTAIN_LINK' : 'TEAM_PAGE', viaMatchId,
    });
    await updateDoc(ctx.store, COLLECTIONS.requests, request.id, CaptainRequestSchema, async () => ({ write: request }));
    res.status(201).json({ request });
  });

  /** The commissioner enters a request: it becomes the team's roster batch, or is marked refused with the rule. */
  router.post('/api/league/seasons/:seasonId/requests/:requestId/enter', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const requestId = bundle && idParam(req, res, 'requestId');
    if (!bundle || !requestId) return;
    const found = await readDoc(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema);
    if (!found || found.doc.seasonId !== bundle.season.id) return notFound(res, `request ${requestId} in ${bundle.season.name}`);
    const request = found.doc;
    if (request.status !== 'PENDING') return conflict(res, 'ANSWERED', `This request was already ${request.status.toLowerCase()}.`);
    const team = bundle.teams.find((t) => t.id === request.teamId);
    if (!team) return notFound(res, `team ${request.teamId} in ${bundle.season.name}`);
    const batchId = `chg-${request.id}`;
    const out = await submitRoster(ctx, bundle, team, { kind: 'CHANGE', effective: request.effective, requestedBy: request.requestedBy, edits: request.edits, submittedAt: request.submittedAt, batchId });
    // Another commissioner entered it a moment ago: it is on the roster once, and this answer says so too.
    const already = !out.ok && out.refusal.code === 'ALREADY_ENTERED';
    const answered: CaptainRequest = out.ok || already
      ? { ...request, status: 'ENTERED', batchId, decidedAt: ctx.clock() }
      : { ...request, status: 'REFUSED', answer: { rule: out.refusal.rule, message: out.refusal.message }, decidedAt: ctx.clock() };
    await answer(ctx, answered);
    if (already) return conflict(res, 'ANSWERED', 'This request was already entered.');
    if (!out.ok) return refused(res, out.refusal);
    res.json({ request: answered, batch: out.value.batch });
  });

  router.post('/api/league/seasons/:seasonId/requests/:requestId/decline', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const requestId = bundle && idParam(req, res, 'requestId');
    if (!bundle || !requestId) return;
    const body = z.object({ reason: z.string().trim().min(1).max(1000) }).safeParse(req.body);
    if (!body.success) return invalid(res, 'reason', body.error);
    const out = await updateDoc<typeof CaptainRequestSchema, string>(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema, async (current) => {
      if (!current || current.seasonId !== bundle.season.id) return { stop: 'missing' };
      if (current.status !== 'PENDING') return { stop: current.status };
      return { write: { ...current, status: 'DECLINED', answer: { rule: null, message: body.data.reason }, decidedAt: ctx.clock() } };
    });
    if ('written' in out) return void res.json({ request: out.written });
    if (out.stopped === 'missing') return notFound(res, `request ${requestId} in ${bundle.season.name}`);
    conflict(res, 'ANSWERED', `This request was already ${out.stopped.toLowerCase()}.`);
  });

  return router;
}

/** A season's requests, newest first (a league has a few hundred a season at most). */
async function seasonRequests(ctx: LeagueRouteContext, seasonId: string): Promise<CaptainRequest[]> {
  return (await readAll(ctx.store, COLLECTIONS.requests, CaptainRequestSchema)).filter((r) => r.seasonId === seasonId).sort((a, b) => b.submittedAt - a.submittedAt);
}

/** Stores the commissioner's answer unless another answer got there first (two commissioners, one request). */
async function answer(ctx: LeagueRouteContext, answered: CaptainRequest): Promise<void> {
  await updateDoc(ctx.store, COLLECTIONS.requests, answered.id, CaptainRequestSchema, async (current) =>
    current && current.status === 'PENDING' ? { write: answered } : { stop: null });
}
