import { Router } from 'express';
import { z } from 'zod';
import {
  CommissionerResultSchema, decideCommissionerResult, RecordedResultSchema, seasonBrackets, seasonStandings,
} from '../../shared/season/index';
import { invalid, notFound, refused } from './httpReplies';
import { COLLECTIONS, updateDoc } from './leagueStore';
import { idParam, type LeagueRouteContext, seasonFrom } from './routeContext';
import { type SeasonBundle } from './seasonData';
import { sendAnswer, tableAnswer } from './tableAnswers';

/** Standings (R-IV.A), brackets (R-V.A) and the results a league official records (CALC-3, R-VII.D.2.4). */
export function tableRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();

  router.get('/api/league/seasons/:seasonId/standings', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    sendAnswer(req, res, tableAnswer('standings', bundle, (b) => ({ seasonId: b.season.id, teams: teamNames(b), conferences: seasonStandings(b) })));
  });

  router.get('/api/league/seasons/:seasonId/bracket', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    sendAnswer(req, res, tableAnswer('bracket', bundle, (b) => ({ seasonId: b.season.id, teams: teamNames(b), conferences: seasonBrackets(b, seasonStandings(b)) })));
  });

  router.get('/api/league/seasons/:seasonId/results', async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    if (!bundle) return;
    res.json({ results: [...bundle.results.values()], recorded: [...bundle.recorded.values()] });
  });

  /** A whole-match result (forfeit, double forfeit, refusal to move, improper move) or a ruling on a challenge. */
  router.put('/api/league/seasons/:seasonId/results/:matchId', ctx.commissioner, async (req, res) => {
    const bundle = await seasonFrom(ctx, req, res);
    const matchId = bundle && idParam(req, res, 'matchId');
    if (!bundle || !matchId) return;
    const match = bundle.schedule.find((m) => m.id === matchId);
    if (!match) return notFound(res, `match ${matchId} in ${bundle.season.name}`);
    const body = z.object({ result: CommissionerResultSchema, note: z.string().max(1000).default('') }).safeParse(req.body);
    if (!body.success) return invalid(res, 'result', body.error);
    const decided = decideCommissionerResult(body.data.result, bundle.states.get(matchId) ?? null);
    if (!decided.ok) return refused(res, decided.refusal);
    const record = { matchId, seasonId: bundle.season.id, result: body.data.result, note: body.data.note, recordedAt: ctx.clock() };
    const out = await updateDoc(ctx.store, COLLECTIONS.results, matchId, RecordedResultSchema, async () => ({ write: record }));
    if ('written' in out) res.status(out.rev === 1 ? 201 : 200).json({ recorded: out.written, counts: decided.value });
  });

  return router;
}

const teamNames = (bundle: SeasonBundle) => Object.fromEntries(bundle.teams.map((t) => [t.id, t.name]));
