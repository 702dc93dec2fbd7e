import { Router, type Response } from 'express';
import { z } from 'zod';
import { IdSchema, MatchSetupSchema } from '../../shared/index';
import { createMatch } from '../matches/createMatch';
import type { RoomStore } from '../matches/roomStore';
import { scoresheetCsv } from '../matches/scoresheetCsv';
import type { LiveMatches } from '../room/liveMatches';
import { requireCommissioner } from './adminAuth';

/**
 * The match REST API. Reading a match is spectator-level (the public link shows the same); creating one is the
 * commissioner's. Live play goes through the socket, never through here.
 */
export function matchRoutes(store: RoomStore, live: LiveMatches, adminToken: string, clock: () => number = Date.now): Router {
  const router = Router();
  const commissioner = requireCommissioner(adminToken);

  router.post('/api/matches', commissioner, async (req, res) => {
    const setup = MatchSetupSchema.safeParse(req.body);
    if (!setup.success) return invalid(res, 'match setup', setup.error);
    const created = await createMatch(store, setup.data, clock());
    if (created.kind === 'exists') {
      res.status(409).json({ error: 'EXISTS', message: `Match ${setup.data.matchId} already exists.` });
      return;
    }
    res.status(201).json(created.links);
  });

  router.get('/api/matches', commissioner, async (_req, res) => {
    res.json({ matches: await store.listMatches() });
  });

  router.get('/api/matches/:id', async (req, res) => {
    const id = matchId(req.params.id, res);
    if (!id) return;
    const loaded = await store.load(id);
    if (!loaded) return notFound(res, id);
    live.remember(id, { version: loaded.version, state: loaded.snapshot });
    res.json({ matchId: id, version: loaded.version, state: loaded.snapshot });
  });

  router.get('/api/matches/:id/events', async (req, res) => {
    const id = matchId(req.params.id, res);
    if (!id) return;
    const events = await store.eventsAfter(id, 0);
    if (!events) return notFound(res, id);
    res.json({ matchId: id, version: events.at(-1)?.version ?? 0, events });
  });

  router.get('/api/matches/:id/export.csv', async (req, res) => {
    const id = matchId(req.params.id, res);
    if (!id) return;
    const loaded = await store.load(id);
    if (!loaded) return notFound(res, id);
    res
      .type('text/csv; charset=utf-8')
      .attachment(`scoresheet-${id}.csv`)
      .send(scoresheetCsv(loaded.snapshot));
  });

  return router;
}

function matchId(raw: unknown, res: Response): string | null {
  const parsed = IdSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  invalid(res, 'match id', parsed.error);
  return null;
}

function invalid(res: Response, what: string, error: z.ZodError): void {
  res.status(400).json({ error: 'BAD_REQUEST', message: `Invalid ${what}.`, issues: error.issues.slice(0, 20) });
}

function notFound(res: Response, id: string): void {
  res.status(404).json({ error: 'NOT_FOUND', message: `No match ${id}.` });
}
