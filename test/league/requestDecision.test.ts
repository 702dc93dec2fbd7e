import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { deleteKeys, removeTempDirs, SHARED_REDIS, uniquePrefix } from '../helpers/serverProcess';
import { call, createSeason, type LeagueFixture, leagueDate } from './leagueHttp';

/**
 * OQ-27b: the commissioner enters or declines a captain's roster request. Two commissioners (or one double tap on
 * two screens) answering the same request at the same moment: exactly one decision wins, and what the request says
 * is what the roster holds. The two calls are sent truly at once, many times over, on the embedded store and on
 * the shared Redis.
 */

const backends: { name: string; env: () => Record<string, string>; cleanUp: (env: Record<string, string>) => Promise<void> }[] = [
  { name: 'the embedded store', env: () => ({}), cleanUp: async () => undefined },
  { name: 'Redis', env: () => ({ REDIS_URL: SHARED_REDIS, REDIS_PREFIX: uniquePrefix('requests') }), cleanUp: async (env) => deleteKeys(env.REDIS_PREFIX!) },
];

/** Rounds per backend. Each adds one reserve to a team of eight: a season holds four (two per team, up to ten). */
const ROUNDS = 24;

for (const backend of backends) {
  describe(`captain request decisions over ${backend.name}`, () => {
    const env = backend.env();
    let server: Awaited<ReturnType<typeof startInProcess>>;

    beforeAll(async () => {
      server = await startInProcess(env);
    }, 30_000);

    afterAll(async () => {
      await server?.close();
      await backend.cleanUp(env);
      removeTempDirs();
    });

    const ask = async (f: LeagueFixture, teamId: string, captain: string, player: string): Promise<string> => {
      const r = await call(server.url, 'POST', `/api/league/seasons/${f.seasonId}/teams/${teamId}/requests`, {
        requestedBy: f.pid(captain), effective: leagueDate(2), edits: [{ op: 'ADD', playerId: f.pid(player), status: 'RESERVE' }],
      }, { admin: false });
      expect(r.status).toBe(201);
      return (r.body.request as { id: string }).id;
    };
    const request = async (f: LeagueFixture, teamId: string, id: string) =>
      ((await call(server.url, 'GET', `/api/league/seasons/${f.seasonId}/teams/${teamId}/requests`)).body.requests as { id: string; status: string; batchId: string | null }[]).find((r) => r.id === id)!;
    const batches = async (f: LeagueFixture, teamId: string) =>
      ((await call(server.url, 'GET', `/api/league/seasons/${f.seasonId}/teams/${teamId}`)).body.history as { id: string }[]).map((b) => b.id);

    it('OQ-27b: an enter racing a decline: exactly one wins, the other is answered 409 with the reason, and the roster agrees with the request', async () => {
      const won = { ENTERED: 0, DECLINED: 0 };
      let f: LeagueFixture | null = null;
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 4 === 0) f = await createSeason(server.url);
        const season = f!;
        const [teamId, captain] = round % 4 < 2 ? [season.home, 'H1'] : [season.away, 'A1'];
        const id = await ask(season, teamId, captain, `F${(round % 4) + 1}`);
        const path = `/api/league/seasons/${season.seasonId}/requests/${id}`;
        // Alternate which call leaves first, and hold the other back a few milliseconds now and then, so both
        // orders of the decisive writes are tried.
        const enterCall = () => call(server.url, 'POST', `${path}/enter`);
        const declineCall = () => call(server.url, 'POST', `${path}/decline`, { reason: 'Talk to me first.' });
        const lag = (round >> 1) % 4;
        const after = <T>(ms: number, f: () => Promise<T>) => (ms === 0 ? f() : new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), ms)));
        const [enter, decline] = round % 2 === 0
          ? await Promise.all([enterCall(), after(lag, declineCall)])
          : await (async () => { const d = declineCall(); const e = after(lag, enterCall); return [await e, await d] as const; })();
        expect([enter.status, decline.status].sort(), `round ${round}: enter ${JSON.stringify(enter.body)} decline ${JSON.stringify(decline.body)}`).toEqual([200, 409]);
        const loser = enter.status === 409 ? enter : decline;
        expect(loser.body).toMatchObject({ error: 'ANSWERED', message: expect.stringMatching(/already (entered|declined)/) });
        const stored = await request(season, teamId, id);
        const onRoster = (await batches(season, teamId)).includes(`chg-${id}`);
        if (enter.status === 200) {
          expect(stored).toMatchObject({ status: 'ENTERED', batchId: `chg-${id}` });
          expect(onRoster).toBe(true);
          won.ENTERED++;
        } else {
          expect(stored).toMatchObject({ status: 'DECLINED', batchId: null });
          expect(onRoster).toBe(false);
          won.DECLINED++;
        }
      }
      expect(won.ENTERED + won.DECLINED).toBe(ROUNDS);
    }, 120_000);

    it('OQ-27b: an enter that stored its decision but never reached the roster (the process died in between) is finished by entering it again', async () => {
      const f = await createSeason(server.url);
      const id = await ask(f, f.home, 'H1', 'F1');
      const stored = (await server.store.getDoc<Record<string, unknown>>('league.requests', id))!;
      expect((await server.store.putDoc('league.requests', id, { ...stored.doc, status: 'ENTERED', batchId: `chg-${id}`, decidedAt: Date.now() }, stored.rev)).kind).toBe('ok');
      expect(await batches(f, f.home)).not.toContain(`chg-${id}`);
      const decline = await call(server.url, 'POST', `/api/league/seasons/${f.seasonId}/requests/${id}/decline`, { reason: 'too late' });
      expect(decline).toMatchObject({ status: 409, body: { error: 'ANSWERED', message: 'This request was already entered.' } });
      expect(await call(server.url, 'POST', `/api/league/seasons/${f.seasonId}/requests/${id}/enter`)).toMatchObject({ status: 200, body: { request: { status: 'ENTERED' }, batch: { id: `chg-${id}` } } });
      expect((await batches(f, f.home)).filter((b) => b === `chg-${id}`)).toHaveLength(1);
      expect(await call(server.url, 'POST', `/api/league/seasons/${f.seasonId}/requests/${id}/enter`)).toMatchObject({ status: 409, body: { error: 'ANSWERED' } });
    });
  });
}
