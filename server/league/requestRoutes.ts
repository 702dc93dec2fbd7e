import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { Refusal } from '../../shared/index';
import {
  type CaptainRequest, CaptainRequestBodySchema, CaptainRequestSchema, decideOnRequest, MAX_PENDING_REQUESTS,
  type RequestDecision, submitRosterRequest, type Verdict,
} from '../../shared/season/index';
import { tokenMatches } from '../auth/tokens';
import { hashesInForce, readCaptainLinks } from '../matches/captainLinks';
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
      const [meta, links] = side ? await Promise.all([ctx.store.meta(b.captainLink.matchId), readCaptainLinks(ctx.store, b.captainLink.matchId)]) : [null, null];
      // The link in force: one the commissioner replaced no longer speaks for the team.
      if (!side || !meta || !tokenMatches(b.captainLink.token, hashesInForce(meta, links)[side])) {
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

  /**
   * The commissioner enters a request: it becomes the team's roster batch, or is marked refused with the rule.
   * The decision is stored on the request first, with compare-and-set (decideOnRequest), and only then is the batch
   * written: a decline racing this enter either lands first (this one is answered 409 and the roster is untouched)
   * or finds the request entered.
   */
  router.post('/api/league/seasons/:seasonId/requests/:requestId/enter', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const requestId = bundle && idParam(req, res, 'requestId');
    if (!bundle || !requestId) return;
    const found = await readDoc(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema);
    if (!found || found.doc.seasonId !== bundle.season.id) return notFound(res, `request ${requestId} in ${bundle.season.name}`);
    const request = found.doc;
    const team = bundle.teams.find((t) => t.id === request.teamId);
    if (!team) return notFound(res, `team ${request.teamId} in ${bundle.season.name}`);
    const batchId = `chg-${request.id}`;
    const input = { kind: 'CHANGE' as const, effective: request.effective, requestedBy: request.requestedBy, edits: request.edits, submittedAt: request.submittedAt, batchId };
    const onRoster = bundle.rosters.teams[team.id]?.batches.some((b) => b.id === batchId) ?? false;
    // An enter that stored its decision and then failed before the roster write (a crash, the store gone): the
    // request reads ENTERED without its batch. Entering it again finishes the job instead of answering 409.
    const unfinished = request.status === 'ENTERED' && request.batchId === batchId && !onRoster;
    if (!unfinished) {
      // Judged on the rosters as they are now; a refusal is the decision (REFUSED with the rule).
      const trial = submitRosterRequest(
        { season: bundle.season, team, teams: bundle.teams, rosters: bundle.rosters, players: bundle.players, zone: bundle.zone },
        { id: batchId, kind: 'CHANGE', effective: input.effective, requestedBy: input.requestedBy, enteredBy: 'OFFICIAL', edits: input.edits, submittedAt: input.submittedAt },
      );
      const decision: RequestDecision = trial.ok
        ? { kind: 'ENTER', batchId, at: ctx.clock() }
        : { kind: 'REFUSE', rule: trial.refusal.rule, message: trial.refusal.message, at: ctx.clock() };
      const decided = await decide(ctx, requestId, decision);
      if (!decided.ok) return conflict(res, decided.refusal.code, decided.refusal.message);
      if (!trial.ok) return refused(res, trial.refusal);
    }
    // The decision is ENTERED: now the batch, judged again on the rosters of this moment (another change may have
    // landed since the trial). Entered twice (a retry after a lost answer): the batch id finds it there once.
    const out = await submitRoster(ctx, bundle, team, input);
    if (out.ok || out.refusal.code === 'ALREADY_ENTERED') {
      const entered = await readDoc(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema);
      return void res.json({ request: entered?.doc ?? request, batch: out.ok ? out.value.batch : null });
    }
    // Refused on the later rosters: the request says so with the rule, instead of ENTERED.
    await updateDoc(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema, async (current) =>
      current && current.status === 'ENTERED' && current.batchId === batchId
        ? { write: { ...current, status: 'REFUSED' as const, batchId: null, answer: { rule: out.refusal.rule, message: out.refusal.message }, decidedAt: ctx.clock() } }
        : { stop: null });
    refused(res, out.refusal);
  });

  router.post('/api/league/seasons/:seasonId/requests/:requestId/decline', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const requestId = bundle && idParam(req, res, 'requestId');
    if (!bundle || !requestId) return;
    const body = z.object({ reason: z.string().trim().min(1).max(1000) }).safeParse(req.body);
    if (!body.success) return invalid(res, 'reason', body.error);
    const current = await readDoc(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema);
    if (!current || current.doc.seasonId !== bundle.season.id) return notFound(res, `request ${requestId} in ${bundle.season.name}`);
    const decided = await decide(ctx, requestId, { kind: 'DECLINE', reason: body.data.reason, at: ctx.clock() });
    if (!decided.ok) return conflict(res, decided.refusal.code, decided.refusal.message);
    res.json({ request: decided.value });
  });

  return router;
}

/** A season's requests, newest first (a league has a few hundred a season at most). */
async function seasonRequests(ctx: LeagueRouteContext, seasonId: string): Promise<CaptainRequest[]> {
  return (await readAll(ctx.store, COLLECTIONS.requests, CaptainRequestSchema)).filter((r) => r.seasonId === seasonId).sort((a, b) => b.submittedAt - a.submittedAt);
}

/**
 * Stores a decision on a request with compare-and-set on its revision: a decision that lost the race to another
 * is decided again on the request as it now is, and refused (ANSWERED) with what that other decision was.
 */
async function decide(ctx: LeagueRouteContext, requestId: string, decision: RequestDecision): Promise<Verdict<CaptainRequest>> {
  const out = await updateDoc<typeof CaptainRequestSchema, Refusal | null>(ctx.store, COLLECTIONS.requests, requestId, CaptainRequestSchema, async (current) => {
    if (!current) return { stop: null };
    const v = decideOnRequest(current, decision);
    return v.ok ? { write: v.value } : { stop: v.refusal };
  });
  if ('written' in out) return { ok: true, value: out.written };
  return { ok: false, refusal: out.stopped ?? { rule: 'OQ-27b', code: 'ANSWERED', message: 'This request no longer exists.' } };
}
