import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSetup, MatchState } from '../../shared/index';
import { instantOfLocal, type LocalDate } from '../../shared/season/index';
import { intlZone } from '../../server/league/leagueZone';
import { createEveningGuard } from '../../server/league/eveningGuard';
import { eveningIds, listMatch, listWholeSchedule, seasonMatchIds } from '../../server/league/scheduleLists';
import { COLLECTIONS } from '../../server/league/leagueStore';
import { createLeagueRouter } from '../../server/league/router';
import { loadSeason } from '../../server/league/seasonData';
import { createMatch } from '../../server/matches/createMatch';
import type { RoomStore } from '../../server/matches/roomStore';
import { playMatch } from './playedMatch';
import { recordingReads } from './readLog';

/**
 * The league REST API end to end: an Express app on an ephemeral port, real HTTP requests, and a real store
 * (embedded files in a temp dir, or Redis under a unique prefix). One season is set up, played and read back.
 */

export const ADMIN = 'test-admin-token-0123456789';
const CHICAGO = intlZone('America/Chicago');
/** Epoch ms of a Chicago wall-clock time. */
const chicago = (date: LocalDate, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return instantOfLocal(date, h * 60 + m, CHICAGO);
};

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export function describeLeagueRest(name: string, open: () => Promise<RoomStore>, close: (store: RoomStore) => Promise<void>): void {
  describe(`league REST API over ${name}`, () => {
    let store: RoomStore;
    let server: Server;
    let base = '';
    let now = chicago('2024-08-30', '12:00');

    const call = async (method: string, path: string, body?: unknown, o: { admin?: boolean; csv?: boolean } = {}): Promise<Reply> => {
      const headers: Record<string, string> = {};
      if (o.admin !== false) headers.authorization = `Bearer ${ADMIN}`;
      if (body !== undefined) headers['content-type'] = o.csv ? 'text/csv' : 'application/json';
      const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : o.csv ? String(body) : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    };

    beforeAll(async () => {
      store = await open();
      // As the lead mounts it: no body parser of the app's own in front (the router brings its own).
      const app = express();
      app.use(createLeagueRouter({ store, adminToken: ADMIN, clock: () => now, openMatchRoom: (setup, at) => createMatch(store, setup, at) }));
      server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close(store);
    });

    it('writes need the commissioner token; reads are public', async () => {
      expect((await call('PUT', '/api/league/seasons/s24', { name: 'x' }, { admin: false })).status).toBe(401);
      expect(await call('GET', '/api/league/seasons', undefined, { admin: false })).toEqual({ status: 200, body: { seasons: [] } });
      expect((await call('GET', '/api/league/seasons/nope')).status).toBe(404);
    });

    it('creates a season in the league time zone; an unknown zone or fewer than 6 qualifiers is refused (R-V.A.1)', async () => {
      const season = {
        name: 'Fall 2024', timeZone: 'America/Chicago', regularSeason: { start: '2024-09-02', end: '2024-12-09' },
        conferences: [{ id: 'north', name: 'North', matchWeekday: 'MON' }, { id: 'south', name: 'South', matchWeekday: 'WED' }],
      };
      expect((await call('PUT', '/api/league/seasons/s24', { ...season, timeZone: 'Mars/Olympus' })).status).toBe(400);
      expect((await call('PUT', '/api/league/seasons/s24', { ...season, settings: { playoffQualifiers: 5 } })).status).toBe(400);
      const created = await call('PUT', '/api/league/seasons/s24', season);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ rev: 1, season: { id: 's24', settings: { playoffQualifiers: 6, rosterDeadlineMinutes: 960 }, restrictedList: null } });
    });

    it('imports players, teams and rosters from CSV and venues from JSON; a bad roster is listed with its rule (R-II.0.1, R-II.A.1)', async () => {
      const players = ['id,name,ifpaNumber,ifpaRank', ...Array.from({ length: 60 }, (_, i) => `P${i + 1},"Player ${i + 1}",${1000 + i},${i === 0 ? 120 : ''}`)].join('\r\n');
      expect(await call('POST', '/api/league/seasons/s24/import?kind=players', players, { csv: true })).toMatchObject({ status: 200, body: { imported: { players: 60 } } });
      const venues = Array.from({ length: 9 }, (_, i) => ({ id: `bar-${i + 1}`, name: `Bar ${i + 1}`, machines: ['M1', 'M2', 'M3', 'M4'].map((id) => ({ id, name: `Machine ${id}`, kind: 'FOUR_PLAYER' })) }));
      expect(await call('POST', '/api/league/seasons/s24/import', { venues })).toMatchObject({ status: 200, body: { imported: { venues: 9 } } });
      const teams = ['id,name,conferenceId,homeVenueId,weekday', ...[1, 2, 3, 4, 5, 6].map((n) => `n${n},North ${n},north,bar-${n},Monday`), 's1,South 1,south,bar-7,WED', 's2,South 2,south,bar-8,WED'].join('\n');
      expect(await call('POST', '/api/league/seasons/s24/import?kind=teams', teams, { csv: true })).toMatchObject({ status: 200, body: { imported: { teams: 8 } } });
      const rows = ['teamId,playerId,status,captain'];
      ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 's1'].forEach((t, k) => {
        for (let i = 1; i <= 8; i++) rows.push(`${t},P${k * 8 + i},${i === 8 ? 'RESERVE' : 'STARTER'},${i === 1 ? 'yes' : ''}`);
      });
      for (let i = 57; i <= 60; i++) rows.push(`s2,P${i},STARTER,${i === 57 ? 'y' : ''}`);
      const imported = await call('POST', '/api/league/seasons/s24/import?kind=rosters', rows.join('\n'), { csv: true });
      expect(imported.status).toBe(200);
      expect(imported.body.registered).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 's1']);
      expect(imported.body.refused).toEqual([expect.objectContaining({ teamId: 's2', rule: 'R-II.A.1', code: 'ROSTER_SHAPE' })]);
      const team = await call('GET', '/api/league/seasons/s24/teams/n1?date=2024-09-02');
      expect((team.body.roster as unknown[]).length).toBe(8);
    });

    it('R-II.C.3: a roster change is due by 16:00 Chicago time on its day, through daylight saving time', async () => {
      const change = (effective: string, playerId: string) => ({ kind: 'CHANGE', effective, requestedBy: 'P1', edits: [{ op: 'ADD', playerId, status: 'RESERVE' }] });
      now = chicago('2024-10-07', '16:05'); // CDT, UTC-5
      expect(await call('POST', '/api/league/seasons/s24/teams/n1/roster', change('2024-10-07', 'P57'))).toMatchObject({ status: 422, body: { error: 'REFUSED', rule: 'R-II.C.3', code: 'DEADLINE' } });
      now = Date.UTC(2024, 10, 4, 21, 59); // 15:59 CST (UTC-6) on 4 November: in time
      const ok = await call('POST', '/api/league/seasons/s24/teams/n1/roster', change('2024-11-04', 'P57'));
      expect(ok.status).toBe(201);
      expect((ok.body.roster as { playerId: string }[]).map((m) => m.playerId)).toContain('P57');
      now = chicago('2024-11-05', '10:00');
      expect(await call('POST', '/api/league/seasons/s24/teams/n1/roster', { kind: 'CHANGE', effective: '2024-11-05', requestedBy: 'P2', edits: [{ op: 'DROP', playerId: 'P57' }] })).toMatchObject({ status: 422, body: { rule: 'R-II.C.3', code: 'NOT_CAPTAIN' } });
      expect(await call('POST', '/api/league/seasons/s24/teams/n2/roster', change('2024-11-05', 'P57'))).toMatchObject({ status: 422, body: { rule: 'R-II.C.3' } }); // P1 is not n2's captain
      // INV-28: the regular season cannot be cut short before a change already dated.
      const season = (await call('GET', '/api/league/seasons/s24')).body.season as Record<string, unknown>;
      expect(await call('PUT', '/api/league/seasons/s24', { ...season, regularSeason: { start: '2024-09-02', end: '2024-11-01' } })).toMatchObject({ status: 422, body: { rule: 'R-V.B.1.1' } });
    });

    it('schedules matches: HOME plays one match an evening (INV-23); the room opens once, with its captain links', async () => {
      now = chicago('2024-09-01', '12:00');
      const put = (id: string, body: object) => call('PUT', `/api/league/seasons/s24/schedule/${id}`, body);
      expect(await put('w1-n1n2', { kind: 'REGULAR', date: '2024-09-09', homeTeamId: 'n1', awayTeamId: 'n2' })).toMatchObject({ status: 201, body: { venueId: 'bar-1', roomOpenedAt: null } });
      expect(await put('w1-n1n3', { kind: 'REGULAR', date: '2024-09-09', homeTeamId: 'n1', awayTeamId: 'n3' })).toMatchObject({ status: 422, body: { rule: 'INV-23', code: 'TEAM_BUSY' } });
      expect(await put('late', { kind: 'REGULAR', date: '2024-12-16', homeTeamId: 'n3', awayTeamId: 'n4' })).toMatchObject({ status: 422, body: { rule: 'R-V.B.1.1' } });
      const preview = await call('GET', '/api/league/seasons/s24/schedule/w1-n1n2/setup');
      expect(preview.status).toBe(200);
      const setup = preview.body as unknown as MatchSetup;
      expect(setup.scheduledStart).toBe(Date.UTC(2024, 8, 10, 1, 0)); // 20:00 CDT
      expect(setup.home.players.map((p) => p.id)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8']);
      const opened = await call('POST', '/api/league/seasons/s24/schedule/w1-n1n2/room');
      expect(opened.status).toBe(201);
      expect(opened.body).toMatchObject({ matchId: 'w1-n1n2', spectatorLink: '/m/w1-n1n2' });
      expect((await call('POST', '/api/league/seasons/s24/schedule/w1-n1n2/room')).status).toBe(409);
      expect(await put('w1-n1n2', { kind: 'REGULAR', date: '2024-09-16', homeTeamId: 'n1', awayTeamId: 'n2' })).toMatchObject({ status: 409 });
      expect((await call('GET', '/api/league/seasons/s24/schedule')).body.matches).toEqual([expect.objectContaining({ id: 'w1-n1n2', roomOpenedAt: now, result: null })]);
    });

    it('CALC-4: the standings move once the match is signed by both teams in its room', async () => {
      const loaded = await store.load('w1-n1n2');
      // The season as a page reads it, counting the reads: a room's snapshot is loaded once, kept between reads and
      // brought up to date with the room's events since (roomStates.ts): on a league night every room moves.
      const recorded = recordingReads(store);
      const season = async () => {
        recorded.read.length = 0;
        const bundle = (await loadSeason(recorded.store, 's24', intlZone, now))!;
        return {
          result: bundle.results.get('w1-n1n2') ?? null,
          loads: recorded.read.filter((r) => r === 'room w1-n1n2').length,
          eventReads: recorded.read.filter((r) => r.startsWith('events w1-n1n2 ')),
        };
      };
      expect(await season()).toEqual({ result: null, loads: 1, eventReads: [] });
      expect(await season()).toEqual({ result: null, loads: 0, eventReads: ['events w1-n1n2 after 0'] });
      const before = await call('GET', '/api/league/seasons/s24/standings');
      const north = (before.body.conferences as { rows: { teamId: string; played: number }[] }[])[0]!;
      expect(north.rows.every((r) => r.played === 0)).toBe(true);
      const played = playMatch(loaded!.snapshot.setup, ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'], ['P9', 'P10', 'P11', 'P12', 'P13', 'P14'], { sign: ['HOME'] });
      await store.append('w1-n1n2', 0, played.log, played.state, 'sheet-1', { status: 'accepted', version: played.log.length });
      expect(await season()).toEqual({ result: null, loads: 0, eventReads: ['events w1-n1n2 after 0'] });
      const halfway = await call('GET', '/api/league/seasons/s24/standings');
      expect((halfway.body.conferences as { rows: { played: number }[] }[])[0]!.rows.every((r) => r.played === 0)).toBe(true);
      const signed = played.send('AWAY', { type: 'signOff', payload: {} });
      if (!signed.ok) throw new Error(signed.refusal.message);
      await store.append('w1-n1n2', played.log.length - signed.events.length, signed.events, played.state, 'sheet-2', { status: 'accepted', version: played.log.length });
      const after = await call('GET', '/api/league/seasons/s24/standings');
      // Signed by both: the next read folds the sign-off onto the state it kept, without loading the room again.
      const all = played.log.length;
      expect(await season()).toEqual({ result: expect.objectContaining({ winner: 'HOME', source: 'SCORESHEET' }), loads: 0, eventReads: [`events w1-n1n2 after ${all - signed.events.length}`] });
      expect(await season()).toEqual({ result: expect.objectContaining({ winner: 'HOME' }), loads: 0, eventReads: [`events w1-n1n2 after ${all}`] });
      // What the kept state became is what the store holds.
      expect((await loadSeason(store, 's24', intlZone, now))!.states.get('w1-n1n2')).toEqual((await store.load('w1-n1n2'))!.snapshot);
      const rows = (after.body.conferences as { rows: { teamId: string; wins: number; losses: number; points: number }[] }[])[0]!.rows;
      expect(rows.slice(0, 1)).toEqual([expect.objectContaining({ teamId: 'n1', wins: 1, losses: 0, points: 16 })]);
      expect(rows.at(-1)).toEqual(expect.objectContaining({ teamId: 'n2', wins: 0, losses: 1, points: 0 }));
      expect((after.body.teams as Record<string, string>).n1).toBe('North 1');
      // The answer is kept while nothing it is computed from changed (server/league/tableAnswers.ts), and made again as
      // soon as something did: a team renamed (a document written) shows in the next view, then is renamed back.
      const again = await call('GET', '/api/league/seasons/s24/standings');
      expect(again.body).toEqual(after.body);
      // Sent gzipped to a client that takes it, plain to one that does not, the same answer either way; a client
      // holding it (its ETag) gets a 304 and no body.
      const raw = (headers: Record<string, string>) => fetch(`${base}/api/league/seasons/s24/standings`, { headers });
      const gzipped = await raw({ 'accept-encoding': 'gzip' });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(await gzipped.json()).toEqual(after.body);
      const plain = await raw({ 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.json()).toEqual(after.body);
      const etag = plain.headers.get('etag')!;
      expect(etag).toBe(gzipped.headers.get('etag'));
      // (As a browser revalidates: fetch would otherwise add "cache-control: no-cache", which asks for the body.)
      const unchanged = await raw({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      const rename = (name: string) => call('PUT', '/api/league/seasons/s24/teams/n1', { name, conferenceId: 'north', homeVenueId: 'bar-1', weekday: 'MON' });
      expect((await rename('North One')).status).toBe(200);
      expect(((await call('GET', '/api/league/seasons/s24/standings')).body.teams as Record<string, string>).n1).toBe('North One');
      expect(((await call('GET', '/api/league/seasons/s24/bracket')).body.teams as Record<string, string>).n1).toBe('North One');
      expect((await rename('North 1')).status).toBe(200);
      expect(((await call('GET', '/api/league/seasons/s24/standings')).body.teams as Record<string, string>).n1).toBe('North 1');
    });

    it('records whole-match results: a forfeit with a full evening needs 4 players (R-VII.H.1.3), then counts (CALC-3)', async () => {
      // The schedule page's answer is kept between views (tableAnswers.ts): a new entry and a result that counts show
      // in the next view all the same.
      const scheduled = async () => ((await call('GET', '/api/league/seasons/s24/schedule')).body.matches as { id: string; result: unknown }[]).find((m) => m.id === 'w1-n3n4');
      expect(await scheduled()).toBeUndefined();
      await call('PUT', '/api/league/seasons/s24/schedule/w1-n3n4', { kind: 'REGULAR', date: '2024-09-09', homeTeamId: 'n3', awayTeamId: 'n4' });
      expect(await scheduled()).toMatchObject({ result: null });
      const path = '/api/league/seasons/s24/results/w1-n3n4';
      expect(await call('PUT', path, { result: { kind: 'FORFEIT', forfeiting: 'HOME', fullEvening: true, attendingPresent: 3 } })).toMatchObject({ status: 422, body: { rule: 'R-VII.H.1.3' } });
      expect(await call('PUT', path, { result: { kind: 'FORFEIT', forfeiting: 'HOME', fullEvening: true, attendingPresent: 5 } })).toMatchObject({ status: 201, body: { counts: { winner: 'AWAY', points: { HOME: 0, AWAY: 12 } } } });
      expect(await call('PUT', '/api/league/seasons/s24/results/w1-n1n2', { result: { kind: 'RULING', ruling: 'x', decision: { kind: 'AS_PLAYED' } } })).toMatchObject({ status: 422, body: { rule: 'R-VII.D.2.4' } });
      const rows = ((await call('GET', '/api/league/seasons/s24/standings')).body.conferences as { rows: { teamId: string; points: number }[] }[])[0]!.rows;
      expect(rows.find((r) => r.teamId === 'n4')).toMatchObject({ points: 12 });
      expect(await scheduled()).toMatchObject({ result: { winner: 'AWAY', points: { HOME: 0, AWAY: 12 }, source: 'COMMISSIONER' } });
      const results = await call('GET', '/api/league/seasons/s24/results');
      expect((results.body.results as { matchId: string; source: string }[]).map((r) => [r.matchId, r.source]).sort()).toEqual([['w1-n1n2', 'SCORESHEET'], ['w1-n3n4', 'COMMISSIONER']]);
    });

    it('builds the top-150 list (R-II.B.2) and fixes it once the season started (R-II.B.2.2)', async () => {
      now = chicago('2024-08-31', '12:00');
      expect(await call('POST', '/api/league/seasons/s24/restricted-list', { referenceDate: '2024-08-31' })).toMatchObject({ status: 200, body: { restrictedList: { playerIds: ['P1'] } } });
      now = chicago('2024-09-10', '12:00');
      expect(await call('POST', '/api/league/seasons/s24/restricted-list', { referenceDate: '2024-09-10' })).toMatchObject({ status: 422, body: { rule: 'R-II.B.2.2' } });
      const setup = (await call('GET', '/api/league/seasons/s24/schedule/w1-n3n4/setup')).body as unknown as MatchSetup;
      expect(setup.home.players.every((p) => !p.restricted)).toBe(true);
      await call('PUT', '/api/league/seasons/s24/schedule/w2-n1n5', { kind: 'REGULAR', date: '2024-09-16', homeTeamId: 'n1', awayTeamId: 'n5' });
      const n1 = (await call('GET', '/api/league/seasons/s24/schedule/w2-n1n5/setup')).body as unknown as MatchSetup;
      expect(n1.home.players.find((p) => p.id === 'P1')).toMatchObject({ restricted: true, ifpaRank: 120 });
    });

    it('shows the bracket as provisional until every regular-season match counts (R-V.A.3.2), and refuses a playoff match before', async () => {
      const bracket = await call('GET', '/api/league/seasons/s24/bracket');
      const north = (bracket.body.conferences as { seeding: { kind: string; seeds: { teamId: string }[] } }[])[0]!;
      expect(north.seeding.kind).toBe('PROVISIONAL');
      // n1 (1-0, 16 points) and n4 (1-0, 12 from the forfeit) lead; n5 and n6 have not played and are level.
      expect(north.seeding.seeds.slice(0, 2)).toEqual([{ seed: 1, teamId: 'n1' }, { seed: 2, teamId: 'n4' }]);
      const po = { kind: 'PLAYOFF', date: '2024-12-16', homeTeamId: 'n4', awayTeamId: 'n5', bracket: { conferenceId: 'north', round: 1, slot: 1 } };
      expect(await call('PUT', '/api/league/seasons/s24/schedule/po-1', po)).toMatchObject({ status: 422, body: { rule: 'R-V.A.3.2' } });
    });

    it('R-VII.P.3.1: the evening guard refuses a player already written into another lineup that evening', async () => {
      // P3 of n1 (Monday) also joins s1 (Wednesday), whose make-up match is on Monday 9 September, the evening of w1-n1n2.
      now = chicago('2024-09-08', '12:00');
      expect((await call('POST', '/api/league/seasons/s24/teams/s1/roster', { kind: 'CHANGE', effective: '2024-09-09', requestedBy: 'P49', edits: [{ op: 'ADD', playerId: 'P3', status: 'RESERVE' }] })).status).toBe(201);
      // R-VII.P.1: s1 may not now move to Mondays, n1's night.
      const s1 = (await call('GET', '/api/league/seasons/s24/teams/s1')).body.team as Record<string, unknown>;
      expect(await call('PUT', '/api/league/seasons/s24/teams/s1', { ...s1, weekday: 'MON' })).toMatchObject({ status: 422, body: { rule: 'R-VII.P.1', code: 'TWO_TEAMS' } });
      const guard = createEveningGuard(store);
      const lineup = { type: 'declareLineup' as const, payload: { round: 1, games: [{ players: ['P3', 'P49'] }, { players: ['P50', 'P51'] }] } };
      expect(await guard('not-scheduled', lineup)).toBeNull();
      // w1-n1n2 has P3 in a lineup (round 1 game 2). Another room the same evening:
      await call('PUT', '/api/league/seasons/s24/schedule/w1-s1', { kind: 'REGULAR', date: '2024-09-09', homeTeamId: 's1', awayTeamId: 'n5', venueId: 'bar-7' });
      expect((await call('POST', '/api/league/seasons/s24/schedule/w1-s1/room')).status).toBe(201);
      const state = (await store.load('w1-n1n2'))!.snapshot as MatchState;
      expect(state.rounds[0]!.games[1]!.players.HOME).toContain('P3');
      const other = (await store.load('w1-s1'))!;
      expect(other.version).toBe(0);
      const guardW1n1n2 = await guard('w1-s1', lineup);
      expect(guardW1n1n2).toMatchObject({ rule: 'R-VII.P.3.1', code: 'TWO_TEAMS' });
      expect(guardW1n1n2!.message).toContain('Player 3');
      // A lineup that clashes with nobody is decided on the evening's rooms alone: no team and no player is read
      // for it (the names a refusal gives come from the rooms' setups). In w1-n1n2, which has started (a guard letting
      // a lineup through in w1-s1 would mark that room in use, and the tests below delete it).
      const recorded = recordingReads(store);
      const checkIn = createEveningGuard(recorded.store);
      const clear = (round: number) => ({ type: 'declareLineup' as const, payload: { round, games: [{ players: ['P1', 'P2'] }, { players: ['P4', 'P5'] }] } });
      expect(await checkIn('w1-n1n2', clear(2))).toBeNull();
      // The first look learns the evening's open rooms (w1-s1 and who is on its teams).
      expect(recorded.read).toContain('room w1-s1');
      expect(recorded.read.filter((r) => r.startsWith(`${COLLECTIONS.teams}/`) || r.startsWith(`${COLLECTIONS.players}/`))).toEqual([]);
      // From then on a lineup asks whether the evening's list of matches changed and nothing else: w1-s1 has none of
      // P1, P2, P4, P5 on its teams, so it cannot hold them in a lineup (lineups, write-ins too, name rostered players
      // only). (w1-n3n4, settled by a forfeit without a room, is looked at each time: a room may still open for it; its
      // entry is read again only if the schedule changed, docCache.ts.)
      recorded.read.length = 0;
      expect(await checkIn('w1-n1n2', clear(3))).toBeNull();
      expect(recorded.read).toEqual([`stamp ${COLLECTIONS.evenings}.2024-09-09`, `stamp ${COLLECTIONS.matches}`]);
      // P3 is on s1's roster too: a lineup with P3 looks into w1-s1 again (whose lineups are still empty).
      recorded.read.length = 0;
      expect(await checkIn('w1-n1n2', { type: 'declareLineup', payload: { round: 3, games: [{ players: ['P3', 'P2'] }, { players: ['P4', 'P5'] }] } })).toBeNull();
      expect(recorded.read).toEqual([`stamp ${COLLECTIONS.evenings}.2024-09-09`, `stamp ${COLLECTIONS.matches}`, 'room w1-s1']);
      // Again: only the events w1-s1 got since are read (none), not the room.
      recorded.read.length = 0;
      expect(await checkIn('w1-n1n2', { type: 'declareLineup', payload: { round: 3, games: [{ players: ['P3', 'P2'] }, { players: ['P4', 'P5'] }] } })).toBeNull();
      expect(recorded.read).toEqual([`stamp ${COLLECTIONS.evenings}.2024-09-09`, `stamp ${COLLECTIONS.matches}`, 'events w1-s1 after 0']);
    });

    it('R-VII.P.3.1 and the season pages on a schedule written before its lists: a process lists it once, before its first read', async () => {
      // What an older server left behind: an entry written without its lists.
      const legacy = { id: 'legacy-1', seasonId: 's24', kind: 'REGULAR', date: '2024-10-07', homeTeamId: 'n1', awayTeamId: 'n2', venueId: 'bar-1', week: null, bracket: null, roomOpenedAt: null, roomInUseSince: null };
      expect(await store.putDoc(COLLECTIONS.matches, 'legacy-1', legacy, null)).toMatchObject({ kind: 'ok' });
      expect(await eveningIds(store, '2024-10-07')).toEqual([]);
      expect(await seasonMatchIds(store, 's24')).not.toContain('legacy-1');
      // A process's first read of the season lists the schedule before reading the season's list (a fresh wrapper of
      // the store stands for a process that just started).
      expect((await loadSeason(recordingReads(store).store, 's24', intlZone, now))!.schedule.map((m) => m.id)).toContain('legacy-1');
      const recorded = recordingReads(store);
      const lineup = { type: 'declareLineup' as const, payload: { round: 4, games: [{ players: ['P1', 'P2'] }, { players: ['P4', 'P5'] }] } };
      expect(await createEveningGuard(recorded.store)('w1-n1n2', lineup)).toBeNull();
      expect(recorded.read).toContain(`${COLLECTIONS.matches}/*`);
      expect(await eveningIds(store, '2024-10-07')).toEqual(['legacy-1']);
      expect(await seasonMatchIds(store, 's24')).toContain('legacy-1');
      const schedule = (await call('GET', '/api/league/seasons/s24/schedule')).body.matches as { id: string }[];
      expect(schedule.map((m) => m.id)).toContain('legacy-1');
      // Every entry is listed now: the next process to start writes nothing.
      expect(await listWholeSchedule(store)).toBe(0);
      // Taken off again, so the tests below see the schedule they expect.
      expect((await call('DELETE', '/api/league/seasons/s24/schedule/legacy-1')).status).toBe(200);
    });

    it('lists every match of an evening scheduled at once: each is a document of its own, nobody waits on a shared list', async () => {
      const ids = Array.from({ length: 30 }, (_, i) => `burst-${String(i).padStart(2, '0')}`);
      await Promise.all(ids.map((id) => listMatch(store, { id, date: '2024-11-11', seasonId: 'burst' })));
      await Promise.all(ids.slice(0, 3).map((id) => listMatch(store, { id, date: '2024-11-11', seasonId: 'burst' }))); // listed again: nothing changes
      expect(await eveningIds(store, '2024-11-11')).toEqual(ids);
      expect(await seasonMatchIds(store, 'burst')).toEqual(ids);
    });

    it('R-VII.P.3.1 after a match moved to another evening: the old evening no longer sees it, the new one does', async () => {
      // w1-x (no room yet) on the 9th, then moved to the 23rd: the 9th's list keeps its id, its entry decides.
      const put = (date: string) => call('PUT', '/api/league/seasons/s24/schedule/w1-x', { kind: 'REGULAR', date, homeTeamId: 'n6', awayTeamId: 's2' });
      expect(await put('2024-09-09')).toMatchObject({ status: 201 });
      expect(await put('2024-09-23')).toMatchObject({ status: 200 });
      expect(await eveningIds(store, '2024-09-09')).toContain('w1-x');
      expect(await eveningIds(store, '2024-09-23')).toEqual(['w1-x']);
      const recorded = recordingReads(store);
      expect(await createEveningGuard(recorded.store)('w1-n1n2', { type: 'declareLineup', payload: { round: 4, games: [{ players: ['P1', 'P2'] }, { players: ['P4', 'P5'] }] } })).toBeNull();
      expect(recorded.read).toContain(`${COLLECTIONS.matches}/w1-x`);
      expect(recorded.read).not.toContain('room w1-x');
      // Taken off again (s2 is deleted below).
      expect((await call('DELETE', '/api/league/seasons/s24/schedule/w1-x')).status).toBe(200);
    });

    it('deletes a scheduled match only before it starts: not once its room holds events or a result is recorded', async () => {
      now = chicago('2024-09-08', '13:00');
      const del = (path: string, o: { admin?: boolean } = {}) => call('DELETE', `/api/league/seasons/s24${path}`, undefined, o);
      expect((await del('/schedule/w1-s1', { admin: false })).status).toBe(401);
      expect((await del('/schedule/nope')).status).toBe(404);
      expect(await del('/schedule/w1-n1n2')).toMatchObject({ status: 409, body: { error: 'STARTED', message: expect.stringContaining('room holds') } });
      expect(await del('/schedule/w1-n3n4')).toMatchObject({ status: 409, body: { error: 'HAS_RESULT', message: expect.stringContaining('forfeit') } });
      // w1-s1: its room was opened but nothing happened in it yet.
      expect(await del('/schedule/w1-s1')).toMatchObject({ status: 200, body: { deleted: { id: 'w1-s1' } } });
      const ids = ((await call('GET', '/api/league/seasons/s24/schedule')).body.matches as { id: string }[]).map((m) => m.id);
      expect(ids).not.toContain('w1-s1');
      expect((await del('/schedule/w1-s1')).status).toBe(404);
      // Its room still exists in the store; nobody can declare a lineup in it now, and its id cannot get a new room.
      const lineup = { type: 'declareLineup' as const, payload: { round: 1, games: [{ players: ['P49', 'P50'] }, { players: ['P51', 'P52'] }] } };
      expect(await createEveningGuard(store)('w1-s1', lineup)).toMatchObject({ code: 'NOT_SCHEDULED' });
      expect(await call('PUT', '/api/league/seasons/s24/schedule/w1-s1', { kind: 'REGULAR', date: '2024-09-11', homeTeamId: 's1', awayTeamId: 'n5', venueId: 'bar-7' })).toMatchObject({ status: 409, body: { message: expect.stringContaining('another id') } });
      // w2-n1n5 never had a room: deleted, then its id can be scheduled again.
      expect((await del('/schedule/w2-n1n5')).status).toBe(200);
      expect((await call('PUT', '/api/league/seasons/s24/schedule/w2-n1n5', { kind: 'REGULAR', date: '2024-09-16', homeTeamId: 'n1', awayTeamId: 'n5' })).status).toBe(201);
    });

    it('deletes a team only while no match of it is scheduled; its roster goes with it (R-VII.P.1 then ignores it)', async () => {
      const del = (teamId: string) => call('DELETE', `/api/league/seasons/s24/teams/${teamId}`);
      expect((await call('DELETE', '/api/league/seasons/s24/teams/s2', undefined, { admin: false })).status).toBe(401);
      expect(await del('n5')).toMatchObject({ status: 409, body: { error: 'TEAM_SCHEDULED', message: expect.stringContaining('w2-n1n5') } });
      expect(await del('n1')).toMatchObject({ status: 409, body: { error: 'TEAM_SCHEDULED' } });
      expect((await del('s2')).status).toBe(200);
      expect((await call('GET', '/api/league/seasons/s24/teams/s2')).status).toBe(404);
      // s1 had only w1-s1, deleted above: it goes, with the roster that made P3 a two-team player.
      expect(await del('s1')).toMatchObject({ status: 200, body: { deleted: { id: 's1', name: 'South 1' } } });
      const teams = ((await call('GET', '/api/league/seasons/s24/teams?date=2024-09-09')).body.teams as { id: string }[]).map((t) => t.id);
      expect(teams.sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
      const south = ((await call('GET', '/api/league/seasons/s24/standings')).body.conferences as { conferenceId: string; rows: unknown[] }[]).find((c) => c.conferenceId === 'south');
      expect(south?.rows ?? []).toEqual([]);
      expect((await del('s1')).status).toBe(404);
    });

    it('OQ-27b: a captain asks for a roster change, the commissioner enters or declines it; R-II.C.3 is judged when the captain asked', async () => {
      now = chicago('2024-09-08', '15:50');
      const ask = (teamId: string, body: object) => call('POST', `/api/league/seasons/s24/teams/${teamId}/requests`, body, { admin: false });
      const add = (playerId: string, status = 'RESERVE') => [{ op: 'ADD', playerId, status }];
      // Checked when sent: only a captain of the team asks (R-II.C.3), and the roster rules hold (R-II.A.1).
      expect(await ask('n3', { requestedBy: 'P18', effective: '2024-09-08', edits: add('P60') })).toMatchObject({ status: 422, body: { rule: 'R-II.C.3', code: 'NOT_CAPTAIN' } });
      expect(await ask('n3', { requestedBy: 'P17', effective: '2024-09-09', edits: [...add('P58'), ...add('P59'), ...add('P60')] })).toMatchObject({ status: 422, body: { rule: 'R-II.A.1' } });
      expect((await ask('n3', { requestedBy: 'P17', effective: 'someday', edits: add('P60') })).status).toBe(400);
      // With the captain link of one of the team's matches: HOME's link of a match n3 hosts; AWAY's is n6's, not n3's.
      await call('PUT', '/api/league/seasons/s24/schedule/w2-n3n6', { kind: 'REGULAR', date: '2024-09-16', homeTeamId: 'n3', awayTeamId: 'n6' });
      const links = (await call('POST', '/api/league/seasons/s24/schedule/w2-n3n6/room')).body as { captainLinks: { HOME: string; AWAY: string } };
      const token = (link: string) => new URL(link, base).searchParams.get('t') ?? '';
      const today = { requestedBy: 'P17', effective: '2024-09-08', edits: add('P60'), note: 'Sam is back from holiday' };
      expect(await ask('n3', { ...today, captainLink: { matchId: 'w2-n3n6', token: token(links.captainLinks.AWAY) } })).toMatchObject({ status: 403 });
      expect(await ask('n3', { ...today, captainLink: { matchId: 'w2-n3n6', token: 'not-a-token' } })).toMatchObject({ status: 403 });
      const first = await ask('n3', { ...today, captainLink: { matchId: 'w2-n3n6', token: token(links.captainLinks.HOME) } });
      expect(first).toMatchObject({ status: 201, body: { request: { status: 'PENDING', via: 'CAPTAIN_LINK', viaMatchId: 'w2-n3n6', effective: '2024-09-08' } } });
      // Two Monday teams ask for the same free player; both are fine on their own, so both wait.
      const second = await ask('n3', { requestedBy: 'P17', effective: '2024-09-09', edits: add('P58') });
      const rival = await ask('n4', { requestedBy: 'P25', effective: '2024-09-09', edits: add('P58') });
      expect([second.status, rival.status]).toEqual([201, 201]);
      expect(second.body).toMatchObject({ request: { via: 'TEAM_PAGE', viaMatchId: null } });
      const listed = (await call('GET', '/api/league/seasons/s24/teams/n3/requests', undefined, { admin: false })).body.requests as { id: string; status: string }[];
      expect(listed.map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
      const id = (r: Reply) => (r.body.request as { id: string }).id;

      // Keyed in at 16:30, after the deadline for today: the captain asked at 15:50, in time (OQ-27b).
      now = chicago('2024-09-08', '16:30');
      const entered = await call('POST', `/api/league/seasons/s24/requests/${id(first)}/enter`);
      expect(entered).toMatchObject({ status: 200, body: { request: { status: 'ENTERED' }, batch: { effective: '2024-09-08', requestedBy: 'P17', enteredBy: 'OFFICIAL' } } });
      const roster = (await call('GET', '/api/league/seasons/s24/teams/n3?date=2024-09-08')).body.roster as { playerId: string; status: string }[];
      expect(roster).toContainEqual(expect.objectContaining({ playerId: 'P60', status: 'RESERVE' }));
      expect((await call('POST', `/api/league/seasons/s24/requests/${id(first)}/enter`)).status).toBe(409);
      // But a captain asking now for today is told at once (R-II.C.3).
      expect(await ask('n3', { requestedBy: 'P17', effective: '2024-09-08', edits: [{ op: 'SET_STATUS', playerId: 'P60', status: 'STARTER' }] })).toMatchObject({ status: 422, body: { rule: 'R-II.C.3', code: 'DEADLINE' } });

      // The first of the two rivals entered wins; the other is marked refused with the rule (R-VII.P.1: two Monday teams).
      expect((await call('POST', `/api/league/seasons/s24/requests/${id(rival)}/enter`)).status).toBe(200);
      expect(await call('POST', `/api/league/seasons/s24/requests/${id(second)}/enter`)).toMatchObject({ status: 422, body: { rule: 'R-VII.P.1' } });
      const after = (await call('GET', '/api/league/seasons/s24/teams/n3/requests')).body.requests as { id: string; status: string; answer: { rule: string | null } | null }[];
      expect(after.find((r) => r.id === id(second))).toMatchObject({ status: 'REFUSED', answer: { rule: 'R-VII.P.1' } });

      // Declined with a reason; writes are the commissioner's.
      const third = await ask('n3', { requestedBy: 'P17', effective: '2024-09-10', edits: add('P59') });
      expect((await call('POST', `/api/league/seasons/s24/requests/${id(third)}/decline`, { reason: 'x' }, { admin: false })).status).toBe(401);
      expect((await call('POST', `/api/league/seasons/s24/requests/${id(third)}/decline`, { reason: ' ' })).status).toBe(400);
      expect(await call('POST', `/api/league/seasons/s24/requests/${id(third)}/decline`, { reason: 'Call me first: Sam is on the South team.' })).toMatchObject({ status: 200, body: { request: { status: 'DECLINED', answer: { rule: null, message: 'Call me first: Sam is on the South team.' } } } });
      expect((await call('POST', `/api/league/seasons/s24/requests/${id(third)}/enter`)).status).toBe(409);
      // Two commissioners enter the same request at once: it reaches the roster once.
      const fourth = await ask('n3', { requestedBy: 'P17', effective: '2024-09-11', edits: [{ op: 'SET_STATUS', playerId: 'P60', status: 'STARTER' }] });
      const both = await Promise.all([1, 2].map(() => call('POST', `/api/league/seasons/s24/requests/${id(fourth)}/enter`)));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const history = (await call('GET', '/api/league/seasons/s24/teams/n3')).body.history as { id: string }[];
      expect(history.filter((b) => b.id === `chg-${id(fourth)}`)).toHaveLength(1);
      const all = (await call('GET', '/api/league/seasons/s24/requests')).body.requests as { teamId: string; status: string }[];
      expect(all.map((r) => r.teamId).sort()).toEqual(['n3', 'n3', 'n3', 'n3', 'n4']);
      expect(all.filter((r) => r.status === 'PENDING')).toEqual([]);
    });

    it('R-II.C.3: the team page gives the deadline for a change today in league time, the top-150 and top-500 flags', async () => {
      now = chicago('2024-09-09', '15:00');
      const team = (await call('GET', '/api/league/seasons/s24/teams/n1?date=2024-09-09', undefined, { admin: false })).body;
      expect(team.deadline).toEqual({ today: '2024-09-09', time: '16:00', timeZone: 'America/Chicago', openForToday: true, earliest: '2024-09-09' });
      expect((team.roster as unknown[])[0]).toMatchObject({ playerId: 'P1', captain: true, ifpaRank: 120, restricted: true, top500: true });
      expect((team.roster as unknown[])[1]).toMatchObject({ playerId: 'P2', restricted: false, top500: false });
      now = chicago('2024-09-09', '16:01');
      expect((await call('GET', '/api/league/seasons/s24/teams/n1')).body.deadline).toMatchObject({ openForToday: false, earliest: '2024-09-10' });
    });
  });
}
