import express, { Router } from 'express';
import { z } from 'zod';
import { IdSchema, RosterStatusSchema, VenueSchema } from '../../shared/index';
import { LeaguePlayerSchema, LocalDateSchema, SeasonTeamSchema } from '../../shared/season/index';
import { csvRecords } from './csv';
import { invalid } from './httpReplies';
import { COLLECTIONS, updateDoc } from './leagueStore';
import type { LeagueRouteContext } from './routeContext';
import { idParam, seasonFrom } from './routeContext';
import { submitRoster } from './rosterRequests';
import { loadSeason } from './seasonData';

/**
 * Bulk import for setting up a season: players, venues, teams and roster registrations, as one JSON document or
 * as CSV (one kind per upload, `?kind=players|venues|teams|rosters`). Records are upserted in that order; each
 * registration goes through the roster rules like any other, and the ones refused are listed with their rule.
 */

const RegistrationSchema = z.object({
  teamId: IdSchema,
  /** The captain who submitted it; defaults to the first captain listed. */
  requestedBy: IdSchema.optional(),
  effective: LocalDateSchema.optional(),
  players: z.array(z.object({ playerId: IdSchema, status: RosterStatusSchema, captain: z.boolean().default(false) })).min(1).max(20),
});

export const LeagueImportSchema = z.object({
  players: z.array(LeaguePlayerSchema).max(5000).default([]),
  venues: z.array(VenueSchema).max(500).default([]),
  teams: z.array(SeasonTeamSchema.omit({ seasonId: true })).max(500).default([]),
  rosters: z.array(RegistrationSchema).max(500).default([]),
});
export type LeagueImport = z.input<typeof LeagueImportSchema>;

const CsvKindSchema = z.enum(['players', 'venues', 'teams', 'rosters']);

const blankToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);
const numberOrNull = (v: string | undefined) => (blankToNull(v) === null ? null : Number(v));
const yes = (v: string | undefined) => /^(1|y|yes|true|x)$/i.test(v ?? '');

/** CSV rows to the JSON import shape; the schema then checks them like any JSON import. */
function fromCsv(kind: z.infer<typeof CsvKindSchema>, text: string): LeagueImport {
  const rows = csvRecords(text);
  switch (kind) {
    case 'players':
      return { players: rows.map((r) => ({ id: r.id ?? '', name: r.name ?? '', ifpaNumber: numberOrNull(r.ifpanumber), ifpaRank: numberOrNull(r.ifparank) })) };
    case 'venues': {
      const venues = new Map<string, { id: string; name: string; machines: { id: string; name: string; kind: string }[] }>();
      for (const r of rows) {
        const id = r.venueid ?? '';
        const v = venues.get(id) ?? { id, name: r.venuename ?? '', machines: [] };
        if (r.machineid) v.machines.push({ id: r.machineid, name: r.machinename ?? r.machineid, kind: r.machinekind || 'FOUR_PLAYER' });
        venues.set(id, v);
      }
      return { venues: [...venues.values()] as LeagueImport['venues'] };
    }
    case 'teams':
      return { teams: rows.map((r) => ({ id: r.id ?? '', name: r.name ?? '', conferenceId: r.conferenceid ?? '', homeVenueId: r.homevenueid ?? '', weekday: (r.weekday ?? '').toUpperCase().slice(0, 3), continuesTeamId: blankToNull(r.continuesteamid) })) as LeagueImport['teams'] };
    case 'rosters': {
      // An optional `effective` column dates a team's registration (its first row's date counts), e.g. a team
      // joining mid-season; without it the registration starts with the regular season.
      const teams = new Map<string, { teamId: string; effective?: string; players: { playerId: string; status: string; captain: boolean }[] }>();
      for (const r of rows) {
        const teamId = r.teamid ?? '';
        const t = teams.get(teamId) ?? { teamId, ...(r.effective ? { effective: r.effective } : {}), players: [] };
        t.players.push({ playerId: r.playerid ?? '', status: (r.status ?? '').toUpperCase(), captain: yes(r.captain) });
        teams.set(teamId, t);
      }
      return { rosters: [...teams.values()] as LeagueImport['rosters'] };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

export function importRoutes(ctx: LeagueRouteContext): Router {
  const router = Router();
  const csvBody = express.text({ type: ['text/csv', 'application/csv'], limit: '1mb' });

  router.post('/api/league/seasons/:seasonId/import', ctx.commissioner, csvBody, async (req, res) => {
    const seasonId = idParam(req, res, 'seasonId');
    if (!seasonId) return;
    let raw: unknown = req.body;
    if (typeof req.body === 'string') {
      const kind = CsvKindSchema.safeParse(req.query.kind);
      if (!kind.success) return invalid(res, 'import kind (?kind=players|venues|teams|rosters)', kind.error);
      raw = fromCsv(kind.data, req.body);
    }
    const parsed = LeagueImportSchema.safeParse(raw);
    if (!parsed.success) return invalid(res, 'import', parsed.error);
    const data = parsed.data;
    const season = await seasonFrom(ctx, req, res);
    if (!season) return;

    for (const p of data.players) await updateDoc(ctx.store, COLLECTIONS.players, p.id, LeaguePlayerSchema, async () => ({ write: p }));
    for (const v of data.venues) await updateDoc(ctx.store, COLLECTIONS.venues, v.id, VenueSchema, async () => ({ write: v }));
    const refusedRows: { teamId: string; rule: string; code: string; message: string }[] = [];
    const venueIds = new Set([...season.venues.map((v) => v.id), ...data.venues.map((v) => v.id)]);
    let teams = 0;
    for (const t of data.teams) {
      if (!season.season.conferences.some((c) => c.id === t.conferenceId) || !venueIds.has(t.homeVenueId)) {
        refusedRows.push({ teamId: t.id, rule: 'SCHEDULE', code: 'UNKNOWN_REFERENCE', message: `Team ${t.id}: unknown conference ${t.conferenceId} or venue ${t.homeVenueId}.` });
        continue;
      }
      const team = { ...t, seasonId };
      const out = await updateDoc(ctx.store, COLLECTIONS.teams, t.id, SeasonTeamSchema, async (cur) => (cur && cur.seasonId !== seasonId ? { stop: cur.seasonId } : { write: team }));
      if ('stopped' in out) refusedRows.push({ teamId: t.id, rule: 'SCHEDULE', code: 'EXISTS', message: `Team id ${t.id} is used in season ${out.stopped}.` });
      else teams++;
    }

    const registered: string[] = [];
    if (data.rosters.length > 0) {
      const bundle = (await loadSeason(ctx.store, seasonId, ctx.zoneFor, ctx.clock(), ctx.liveRooms))!;
      for (const r of data.rosters) {
        const team = bundle.teams.find((t) => t.id === r.teamId);
        const requestedBy = r.requestedBy ?? r.players.find((p) => p.captain)?.playerId;
        if (!team || !requestedBy) {
          refusedRows.push({ teamId: r.teamId, rule: 'R-II.0.1', code: team ? 'NOT_CAPTAIN' : 'UNKNOWN_TEAM', message: team ? 'A roster names its captain(s).' : `No team ${r.teamId} in this season.` });
          continue;
        }
        const out = await submitRoster(ctx, bundle, team, {
          kind: 'REGISTRATION', effective: r.effective ?? bundle.season.regularSeason.start, requestedBy,
          edits: r.players.map((p) => ({ op: 'ADD' as const, ...p })),
        });
        if (out.ok) {
          registered.push(team.id);
          // The bundle's documents are shared and frozen (seasonData.ts): the next registration sees a new rosters object.
          bundle.rosters = { ...bundle.rosters, teams: { ...bundle.rosters.teams, [team.id]: out.value.history } };
        } else refusedRows.push({ teamId: r.teamId, ...out.refusal });
      }
    }
    res.json({ imported: { players: data.players.length, venues: data.venues.length, teams, rosters: registered.length }, registered, refused: refusedRows });
  });

  return router;
}
