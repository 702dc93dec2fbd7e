import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identify } from '../../server/auth/roles';
import { loadConfig } from '../../server/config';
import { createLeagueRouter } from '../../server/league/router';
import { createLogger } from '../../server/log';
import { readCaptainLinks } from '../../server/matches/captainLinks';
import { createMatch } from '../../server/matches/createMatch';
import { openStore, type RoomStore } from '../../server/matches/roomStore';
import { LiveMatches } from '../../server/room/liveMatches';
import { assemble } from '../../server/assemble';
import type { MatchRooms } from '../../server/room/socketServer';
import { RoomClient } from '../helpers/roomClient';
import { ADMIN_TOKEN, deleteKeys, removeTempDirs, SHARED_REDIS, tempDir, uniquePrefix } from '../helpers/serverProcess';
import { call, createSeason, type LeagueFixture, leagueDate, scheduleAndOpen } from './leagueHttp';

/**
 * MR-1: the commissioner replaces a team's captain link in a scheduled match. The new link takes the seat, the old
 * one no longer speaks for the team (not in the room, not for a roster request), and phones connected with it are
 * disconnected. The server is wired here as main.ts does (server/assemble.ts), on the embedded store and on the
 * shared Redis.
 */

const backends: { name: string; env: () => Record<string, string>; cleanUp: (env: Record<string, string>) => Promise<void> }[] = [
  { name: 'the embedded store', env: () => ({}), cleanUp: async () => undefined },
  { name: 'Redis', env: () => ({ REDIS_URL: SHARED_REDIS, REDIS_PREFIX: uniquePrefix('links') }), cleanUp: async (env) => deleteKeys(env.REDIS_PREFIX!) },
];

for (const backend of backends) {
  describe(`replacing a captain link over ${backend.name}`, () => {
    const env = backend.env();
    let store: RoomStore;
    let rooms: MatchRooms;
    let url = '';
    let league: LeagueFixture;
    const clients: RoomClient[] = [];
    const connect = async (matchId: string, token?: string) => {
      const c = await RoomClient.connect({ url, matchId, token, deviceId: randomUUID(), reconnection: false });
      clients.push(c);
      return c;
    };
    const token = (link: string) => new URL(link, url).searchParams.get('t') ?? '';
    const replace = (matchId: string, side: string) => call(url, 'POST', `/api/league/seasons/${league.seasonId}/schedule/${matchId}/captain-links/${side}`);

    beforeAll(async () => {
      const config = loadConfig({ PORT: '0', ADMIN_TOKEN, DATA_DIR: tempDir('links'), LOG_LEVEL: 'silent', ...env });
      const log = createLogger(config.logLevel);
      store = await openStore(config, log);
      const live = new LiveMatches(store);
      const assembled = assemble(config, store, live, log);
      const http = assembled.http;
      rooms = assembled.rooms;
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      league = await createSeason(url);
    }, 30_000);

    afterAll(async () => {
      for (const c of clients) c.close();
      await rooms?.close();
      await store?.close();
      await backend.cleanUp(env);
      removeTempDirs();
    });

    it('MR-1: a new HOME link takes the seat; phones on the old one are disconnected and it no longer makes a captain; AWAY is untouched', async () => {
      const tokens = await scheduleAndOpen(url, league, 'rot-1', 1);
      const oldHome = await connect('rot-1', tokens.HOME);
      const away = await connect('rot-1', tokens.AWAY);
      expect(oldHome.welcome).toMatchObject({ role: 'captain', side: 'HOME' });

      const replaced = await replace('rot-1', 'HOME');
      expect(replaced).toMatchObject({ status: 201, body: { matchId: 'rot-1', side: 'HOME', captainLink: expect.stringMatching(/^\/m\/rot-1\?t=[\w-]{24}$/) } });
      const fresh = token(replaced.body.captainLink as string);
      expect(fresh).not.toBe(tokens.HOME);
      await oldHome.until(() => !oldHome.connected, 5_000, 'the old HOME link to be disconnected');
      expect(away.connected).toBe(true);

      const newHome = await connect('rot-1', fresh);
      expect(newHome.welcome).toMatchObject({ role: 'captain', side: 'HOME' });
      expect(await newHome.send({ type: 'markArrived', payload: { playerId: league.pid('H1'), time: Date.now() } })).toMatchObject({ status: 'accepted' });
      // The old link is refused at the handshake, with the reason.
      const stale = new RoomClient({ url, matchId: 'rot-1', token: tokens.HOME, deviceId: randomUUID(), reconnection: false });
      clients.push(stale);
      // The client does not report a refused handshake to `until` listeners: look every 20 ms.
      for (let i = 0; i < 250 && stale.connectError === null; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stale.connectError).toBe('FORBIDDEN');
      expect(stale.welcome).toBeNull();
    });

    it('MR-1: the replaced link is known as replaced, with a reason for the phone; replacing again retires the second link too', async () => {
      const tokens = await scheduleAndOpen(url, league, 'rot-2', 2);
      const first = token((await replace('rot-2', 'AWAY')).body.captainLink as string);
      const second = token((await replace('rot-2', 'AWAY')).body.captainLink as string);
      const meta = (await store.meta('rot-2'))!;
      const links = await readCaptainLinks(store, 'rot-2');
      expect(identify(meta, ADMIN_TOKEN, second, links)).toEqual({ actor: { role: 'captain', side: 'AWAY' }, tokenRejected: false });
      expect(identify(meta, ADMIN_TOKEN, tokens.HOME, links)).toEqual({ actor: { role: 'captain', side: 'HOME' }, tokenRejected: false });
      for (const old of [tokens.AWAY, first]) {
        expect(identify(meta, ADMIN_TOKEN, old, links)).toMatchObject({ actor: { role: 'spectator' }, tokenRejected: true, replaced: { reason: expect.stringContaining('AWAY captain link was replaced by the commissioner') } });
      }
      expect(identify(meta, ADMIN_TOKEN, 'never-issued', links)).toEqual({ actor: { role: 'spectator' }, tokenRejected: true });
      // Without the replacements the original link would still be taken: roomGate.ts must read them.
      expect(identify(meta, ADMIN_TOKEN, tokens.AWAY)).toMatchObject({ actor: { role: 'captain', side: 'AWAY' } });
    });

    it('OQ-27b: a roster request sent with a replaced captain link is refused; with the new one it is marked as shown by the link', async () => {
      const tokens = await scheduleAndOpen(url, league, 'rot-3', 3);
      const fresh = token((await replace('rot-3', 'HOME')).body.captainLink as string);
      const ask = (t: string) => call(url, 'POST', `/api/league/seasons/${league.seasonId}/teams/${league.home}/requests`, {
        requestedBy: league.pid('H1'), effective: leagueDate(2), edits: [{ op: 'ADD', playerId: league.pid('F1'), status: 'RESERVE' }], captainLink: { matchId: 'rot-3', token: t },
      }, { admin: false });
      expect((await ask(tokens.HOME)).status).toBe(403);
      expect(await ask(fresh)).toMatchObject({ status: 201, body: { request: { via: 'CAPTAIN_LINK', viaMatchId: 'rot-3' } } });
    });

    it('writes are the commissioner’s; the side must be HOME or AWAY; a match whose room is not open has no link to replace', async () => {
      await call(url, 'PUT', `/api/league/seasons/${league.seasonId}/schedule/rot-4`, { kind: 'REGULAR', date: leagueDate(4), homeTeamId: league.home, awayTeamId: league.away });
      expect((await call(url, 'POST', `/api/league/seasons/${league.seasonId}/schedule/rot-4/captain-links/HOME`, undefined, { admin: false })).status).toBe(401);
      expect((await replace('rot-4', 'BOTH')).status).toBe(400);
      expect(await replace('rot-4', 'HOME')).toMatchObject({ status: 409, body: { error: 'NO_ROOM' } });
      expect((await replace('nope', 'HOME')).status).toBe(404);
    });

    it('a league router without match rooms behind it (no hook to the sockets) issues no link (501), rather than one that would not work', async () => {
      await scheduleAndOpen(url, league, 'rot-5', 5);
      const app = express();
      app.use(createLeagueRouter({ store, adminToken: ADMIN_TOKEN, openMatchRoom: (setup, now) => createMatch(store, setup, now) }));
      const bare = createServer(app);
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      try {
        const base = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
        expect(await call(base, 'POST', `/api/league/seasons/${league.seasonId}/schedule/rot-5/captain-links/HOME`)).toMatchObject({ status: 501, body: { error: 'NOT_AVAILABLE' } });
        expect(await readCaptainLinks(store, 'rot-5')).toBeNull();
      } finally {
        await new Promise<void>((resolve) => bare.close(() => resolve()));
      }
    });
  });
}
