import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../shared/protocol';
import { createEveningGuard } from '../../server/league/eveningGuard';
import { COLLECTIONS } from '../../server/league/leagueStore';
import { startInProcess } from '../helpers/inProcessServer';
import { createMatch } from '../helpers/matchScript';
import { RoomClient } from '../helpers/roomClient';
import { deleteKeys, removeTempDirs, SHARED_REDIS, uniquePrefix } from '../helpers/serverProcess';
import { call, createSeason, type LeagueFixture, leagueDate, scheduleAndOpen } from './leagueHttp';
import { recordingReads } from './readLog';

/**
 * A match the commissioner took off the schedule before it started keeps its room in the store (the store has no
 * delete). Every command in that room is refused (NOT_SCHEDULED), not only lineups, over real Socket.IO clients of
 * the server wired as main.ts does it, on the embedded store and on the shared Redis.
 */

const backends: { name: string; env: () => Record<string, string>; cleanUp: (env: Record<string, string>) => Promise<void> }[] = [
  { name: 'the embedded store', env: () => ({}), cleanUp: async () => undefined },
  { name: 'Redis', env: () => ({ REDIS_URL: SHARED_REDIS, REDIS_PREFIX: uniquePrefix('withdrawn') }), cleanUp: async (env) => deleteKeys(env.REDIS_PREFIX!) },
];

for (const backend of backends) {
  describe(`a withdrawn match's room over ${backend.name}`, () => {
    const env = backend.env();
    let server: Awaited<ReturnType<typeof startInProcess>>;
    let league: LeagueFixture;
    const clients: RoomClient[] = [];
    const connect = async (matchId: string, token?: string) => {
      const c = await RoomClient.connect({ url: server.url, matchId, token, deviceId: randomUUID(), reconnection: false });
      clients.push(c);
      return c;
    };
    const arrive = (c: RoomClient, p: string) => c.send({ type: 'markArrived', payload: { playerId: league.pid(p), time: Date.now() } });
    const stored = async (matchId: string) => ((await (await fetch(`${server.url}/api/matches/${matchId}`)).json()) as { version: number }).version;
    const scheduled = async (matchId: string) =>
      ((await call(server.url, 'GET', `/api/league/seasons/${league.seasonId}/schedule`)).body.matches as { id: string }[]).some((m) => m.id === matchId);
    const del = (matchId: string) => call(server.url, 'DELETE', `/api/league/seasons/${league.seasonId}/schedule/${matchId}`);

    beforeAll(async () => {
      server = await startInProcess(env);
      league = await createSeason(server.url);
    }, 30_000);

    afterAll(async () => {
      for (const c of clients) c.close();
      await server?.close();
      await backend.cleanUp(env);
      removeTempDirs();
    });

    it('SCHEDULE: after the delete, an attendance tap from a captain already in the room is refused with NOT_SCHEDULED and nothing is stored', async () => {
      const tokens = await scheduleAndOpen(server.url, league, 'gone-1', 1);
      const home = await connect('gone-1', tokens.HOME);
      expect(home.welcome).toMatchObject({ role: 'captain', side: 'HOME' });
      expect(await del('gone-1')).toMatchObject({ status: 200, body: { deleted: { id: 'gone-1' } } });

      const reply = await arrive(home, 'H1');
      expect(reply).toMatchObject({ status: 'refused', rule: 'SCHEDULE', code: 'NOT_SCHEDULED', version: 0 });
      expect((reply as Extract<Reply, { status: 'refused' }>).message).toContain('took this match off the schedule');
      // A captain opening the link afterwards is refused just the same, for any command, AWAY's too.
      const away = await connect('gone-1', tokens.AWAY);
      expect(await arrive(away, 'A1')).toMatchObject({ status: 'refused', code: 'NOT_SCHEDULED' });
      expect(await away.send({ type: 'markDeparted', payload: { playerId: league.pid('A1'), time: Date.now() } })).toMatchObject({ status: 'refused', code: 'NOT_SCHEDULED' });
      expect(await stored('gone-1')).toBe(0);
      expect(home.version).toBe(0);
    });

    it('a match under way is not withdrawn: its delete is refused (STARTED) and its taps keep being stored', async () => {
      const tokens = await scheduleAndOpen(server.url, league, 'kept-1', 2);
      const home = await connect('kept-1', tokens.HOME);
      expect(await arrive(home, 'H1')).toMatchObject({ status: 'accepted', version: 1 });
      expect(await del('kept-1')).toMatchObject({ status: 409, body: { error: 'STARTED' } });
      expect(await arrive(home, 'H2')).toMatchObject({ status: 'accepted', version: 2 });
      expect(await scheduled('kept-1')).toBe(true);
    });

    it('the hot path stays free of league reads: once a room holds an event, an attendance tap costs the guard no store read', async () => {
      const { store, read } = recordingReads(server.store);
      const guard = createEveningGuard(store);
      const tap = { type: 'markArrived' as const, payload: { playerId: league.pid('H3'), time: Date.now() } };
      expect(await guard('kept-1', tap)).toBeNull(); // learns the room holds events
      const learned = read.length;
      expect(learned).toBeGreaterThan(0);
      for (let i = 0; i < 10; i++) expect(await guard('kept-1', tap)).toBeNull();
      expect(read.length).toBe(learned);
      // A withdrawn room is never "learned" as started: it is read, and refused, every time.
      expect(await guard('gone-1', tap)).toMatchObject({ code: 'NOT_SCHEDULED' });
      expect(await guard('gone-1', tap)).toMatchObject({ code: 'NOT_SCHEDULED' });
    });

    it('R-VII.P.3.1 in a room under way: a lineup reads the evening, never its own schedule entry again; in a room the league did not schedule, nothing', async () => {
      const { store, read } = recordingReads(server.store);
      const guard = createEveningGuard(store);
      const lineup = (round: number) => ({
        type: 'declareLineup' as const,
        payload: { round, games: [{ players: [league.pid('H1'), league.pid('H2')] }, { players: [league.pid('H3'), league.pid('H4')] }] },
      });
      // kept-1 is scheduled and holds events (the test above): its first lineup reads its entry and learns it started.
      expect(await guard('kept-1', lineup(1))).toBeNull();
      expect(read).toContain(`${COLLECTIONS.matches}/kept-1`);
      read.length = 0;
      for (let round = 1; round <= 4; round++) expect(await guard('kept-1', lineup(round))).toBeNull();
      // Each lineup asks whether its evening's list of matches changed (kept-1 is alone on it; the list itself was read
      // by the first look and is kept while it holds, docCache.ts), never reads kept-1's entry again, and never the
      // schedule of every season (listed once, by the guard's first look, for schedules older than the list).
      expect(read).toEqual(Array.from({ length: 4 }, () => `stamp ${COLLECTIONS.evenings}.${leagueDate(2)}`));

      // A room created outside the schedule (as the demo's), under way: after the first look, no league read at all.
      const adhoc = await createMatch(server.url, `adhoc-${randomUUID().slice(0, 8)}`);
      const captain = await connect(adhoc.matchId, adhoc.tokens.HOME);
      expect(await captain.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() } })).toMatchObject({ status: 'accepted' });
      expect(await guard(adhoc.matchId, lineup(1))).toBeNull();
      read.length = 0;
      for (let round = 1; round <= 4; round++) expect(await guard(adhoc.matchId, lineup(round))).toBeNull();
      expect(read).toEqual([]);
    });

    it('the setup of a room in use stays fixed even when marking the room open was lost (a crash between the two writes)', async () => {
      const tokens = await scheduleAndOpen(server.url, league, 'lost-mark', 30);
      const home = await connect('lost-mark', tokens.HOME);
      expect(await arrive(home, 'H1')).toMatchObject({ status: 'accepted', version: 1 });
      // The entry as such a crash leaves it: in use (the guard marked it at the first tap), not marked open.
      const raw = (await server.store.getDoc<Record<string, unknown>>(COLLECTIONS.matches, 'lost-mark'))!;
      expect(raw.doc.roomInUseSince).not.toBeNull();
      expect(await server.store.putDoc(COLLECTIONS.matches, 'lost-mark', { ...raw.doc, roomOpenedAt: null }, raw.rev)).toMatchObject({ kind: 'ok' });
      const moved = await call(server.url, 'PUT', `/api/league/seasons/${league.seasonId}/schedule/lost-mark`, { kind: 'REGULAR', date: leagueDate(31), homeTeamId: league.home, awayTeamId: league.away });
      expect(moved).toMatchObject({ status: 409, body: { message: expect.stringContaining('setup is fixed') } });
    });

    it('a first tap racing the delete: either the delete wins and the tap is refused, or the tap is stored and the match stays scheduled', async () => {
      // Each round: a fresh room, its first attendance tap and the commissioner's delete sent at the same moment.
      for (let round = 0; round < 12; round++) {
        const matchId = `race-${round}`;
        const tokens = await scheduleAndOpen(server.url, league, matchId, 3 + round);
        const home = await connect(matchId, tokens.HOME);
        const [reply, deleted] = await Promise.all([arrive(home, 'H1'), del(matchId)]);
        const version = await stored(matchId);
        if (deleted.status === 200) {
          expect(reply).toMatchObject({ status: 'refused', code: 'NOT_SCHEDULED' });
          expect(version).toBe(0);
          expect(await scheduled(matchId)).toBe(false);
        } else {
          expect(deleted).toMatchObject({ status: 409, body: { error: 'STARTED' } });
          expect(reply).toMatchObject({ status: 'accepted', version: 1 });
          expect(version).toBe(1);
          expect(await scheduled(matchId)).toBe(true);
        }
        home.close();
      }
    }, 60_000);
  });
}
