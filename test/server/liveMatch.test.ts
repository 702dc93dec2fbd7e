import { beforeAll, describe, expect, it } from 'vitest';
import { matchResult } from '../../shared/index';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, expectSameState, fullMatchSteps, play, type CreatedMatch } from '../helpers/matchScript';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  afterAllStopServer, PROCESS_TEST_TIMEOUT, ServerProcess, SHARED_REDIS, tempDir, uniquePrefix,
} from '../helpers/serverProcess';

/** One real server process on the shared Redis; the whole evening played through real sockets. */

const prefix = uniquePrefix('live');
let server: ServerProcess;
const clients: RoomClient[] = [];

const connect = async (options: { matchId: string; token?: string; deviceId?: string }) => {
  const client = await RoomClient.connect({ url: server.url, ...options });
  clients.push(client);
  return client;
};

// A stand-in for the built client (dist/client), so the static files and the /m/* fallback can be checked.
const clientDir = tempDir('client');
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>League Night</title>');
writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');

beforeAll(async () => {
  server = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix, env: { CLIENT_DIR: clientDir } });
}, PROCESS_TEST_TIMEOUT);

afterAllStopServer(prefix, clients, () => server);

describe('a full match in the room (MR-1, MR-4, MR-5)', () => {
  let match: CreatedMatch;

  it('two captains play the whole evening; every spectator ends with exactly their state', async () => {
    match = await createMatch(server.url, 'full-match');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const away = await connect({ matchId: match.matchId, token: match.tokens.AWAY });
    const early = await Promise.all([1, 2].map(() => connect({ matchId: match.matchId })));
    expect(home.welcome).toMatchObject({ role: 'captain', side: 'HOME', protocolVersion: 1 });
    expect(away.welcome).toMatchObject({ role: 'captain', side: 'AWAY' });
    expect(early[0]!.welcome).toMatchObject({ role: 'spectator' });

    const steps = fullMatchSteps();
    const half = Math.floor(steps.length / 2);
    const acked = { version: 0 };
    await play({ HOME: home, AWAY: away }, steps.slice(0, half), acked);
    // A spectator opening the link mid-match gets a snapshot and follows from there.
    const late = await connect({ matchId: match.matchId });
    await play({ HOME: home, AWAY: away }, steps.slice(half), acked);

    for (const c of [home, away, ...early, late]) await c.untilVersion(acked.version);
    for (const c of [away, ...early, late]) expectSameState(home, c);
    expect(home.version).toBe(acked.version);
    expect(matchResult(home.state!)).toMatchObject({ status: 'DECIDED', winner: 'HOME', points: { HOME: 16, AWAY: 0 } });
    expect(home.state!.signoffs.HOME).not.toBeNull();
    expect(home.state!.signoffs.AWAY).not.toBeNull();
    expect(late.snapshots).toBe(1);
  });

  it('the REST view, the event log and the CSV scoresheet agree with the phones', async () => {
    const state = (await (await fetch(`${server.url}/api/matches/${match.matchId}`)).json()) as { version: number; state: unknown };
    const home = clients[0]!;
    expect(state.version).toBe(home.version);
    expect(JSON.parse(JSON.stringify(state.state))).toEqual(JSON.parse(JSON.stringify(home.state)));

    const log = (await (await fetch(`${server.url}/api/matches/${match.matchId}/events`)).json()) as { events: { version: number }[] };
    expect(log.events.map((e) => e.version)).toEqual(Array.from({ length: home.version }, (_, i) => i + 1));

    const csv = await fetch(`${server.url}/api/matches/${match.matchId}/export.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 12 + 1);
    expect(text).toContain('"match","","","","Hawks","","Aces","","HOME (match points)","16","0"');
  });
});

describe('resync on (re)connect: events after the version held, or a snapshot', () => {
  it('sends nothing when up to date, the missing events when behind, a snapshot when unknown or ahead', async () => {
    const match = await createMatch(server.url, 'resync');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const away = await connect({ matchId: match.matchId, token: match.tokens.AWAY });
    await play({ HOME: home, AWAY: away }, fullMatchSteps().slice(0, 12));
    await home.untilVersion(12);

    const probe = async (version: number | undefined) => {
      const c = new RoomClient({ url: server.url, matchId: match.matchId, reconnection: false });
      clients.push(c);
      // Pretend to hold `version` (the state itself does not matter to what the server sends).
      if (version !== undefined) {
        c.state = home.state;
        c.version = version;
      }
      const events: number[] = [];
      c.socket.on('events', (m) => events.push(m.fromVersion));
      await c.until(() => c.welcome !== null);
      await new Promise((r) => setTimeout(r, 300));
      c.close();
      return { snapshots: c.snapshots, events };
    };
    expect(await probe(12)).toEqual({ snapshots: 0, events: [] });
    expect(await probe(7)).toEqual({ snapshots: 0, events: [7] });
    expect(await probe(undefined)).toEqual({ snapshots: 1, events: [] });
    expect(await probe(0)).toEqual({ snapshots: 1, events: [] });
    expect(await probe(99)).toEqual({ snapshots: 1, events: [] }); // newer than the server: never trust it
  });

  it('a client that missed broadcasts while away catches up through sync', async () => {
    const match = await createMatch(server.url, 'catch-up');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const away = await connect({ matchId: match.matchId, token: match.tokens.AWAY });
    const watcher = await connect({ matchId: match.matchId });
    const steps = fullMatchSteps();
    const acked = { version: 0 };
    await play({ HOME: home, AWAY: away }, steps.slice(0, 2), acked);
    await watcher.untilVersion(2);
    watcher.socket.disconnect();
    await play({ HOME: home, AWAY: away }, steps.slice(2, 7), acked);
    watcher.socket.connect();
    await watcher.untilVersion(7);
    await home.untilVersion(7);
    expectSameState(home, watcher);
    expect(watcher.snapshots).toBe(1); // only the first connection's; the reconnection got the 5 events it missed
  });
});

describe('duplicates: a retried commandId is never applied twice', () => {
  it('the same command sent 5 times at once and 5 times in a row is applied once', async () => {
    const match = await createMatch(server.url, 'dupes');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const cmd = { type: 'markArrived' as const, payload: { playerId: 'H1', time: Date.now() - 1000 } };
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => home.send(cmd, 'same-command-0001')));
    expect(burst.filter((r) => r.status === 'accepted')).toEqual([{ status: 'accepted', version: 1 }]);
    expect(burst.filter((r) => r.status === 'duplicate')).toHaveLength(4);
    for (let i = 0; i < 5; i++) {
      expect(await home.send(cmd, 'same-command-0001')).toEqual({ status: 'duplicate', answer: { status: 'accepted', version: 1 } });
    }
    expect(home.version).toBe(1);
  });

  it('a command resent after a reconnect gets its first answer, and the log holds it once', async () => {
    const match = await createMatch(server.url, 'dupes-reconnect');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME, deviceId: 'phone-home-1' });
    const cmd = { type: 'markArrived' as const, payload: { playerId: 'H2', time: Date.now() - 1000 } };
    expect(await home.send(cmd, 'resent-after-drop-01')).toEqual({ status: 'accepted', version: 1 });
    home.socket.io.engine.close(); // the bar wifi drops; socket.io-client reconnects by itself
    await home.nextWelcome();
    for (let i = 0; i < 4; i++) {
      expect(await home.send(cmd, 'resent-after-drop-01')).toEqual({ status: 'duplicate', answer: { status: 'accepted', version: 1 } });
    }
    const log = (await (await fetch(`${server.url}/api/matches/${match.matchId}/events`)).json()) as { events: unknown[] };
    expect(log.events).toHaveLength(1);
  });

  it('a refusal is remembered too: the retry gets the same refusal even after the match moved on', async () => {
    const match = await createMatch(server.url, 'dupes-refused');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const first = await home.send({ type: 'markDeparted', payload: { playerId: 'H3', time: Date.now() - 1000 } }, 'refused-then-retried');
    expect(first).toMatchObject({ status: 'refused', rule: 'R-VI.C.3', version: 0 });
    await home.send({ type: 'markArrived', payload: { playerId: 'H3', time: Date.now() - 5000 } });
    const retry = await home.send({ type: 'markDeparted', payload: { playerId: 'H3', time: Date.now() - 1000 } }, 'refused-then-retried');
    expect(retry).toEqual({ status: 'duplicate', answer: first });
  });

  it('a refusal retried before anything changed is a duplicate too, not a second refusal', async () => {
    // The retry is decided again and refused alike; only the store's first-writer check tells it is a retry.
    const match = await createMatch(server.url, 'dupes-refused-at-once');
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const cmd = { type: 'markDeparted' as const, payload: { playerId: 'H4', time: Date.now() - 1000 } };
    const first = await home.send(cmd, 'refused-retried-at-once');
    expect(first).toMatchObject({ status: 'refused', rule: 'R-VI.C.3', version: 0 });
    for (let i = 0; i < 3; i++) expect(await home.send(cmd, 'refused-retried-at-once')).toEqual({ status: 'duplicate', answer: first });
  });
});

describe('seats: the newest connection of a seat wins', () => {
  it('a second connection of the same phone replaces the first, whose late disconnect leaves the new one seated', async () => {
    const match = await createMatch(server.url, 'seats');
    const first = await connect({ matchId: match.matchId, token: match.tokens.HOME, deviceId: 'phone-of-hal' });
    const second = await connect({ matchId: match.matchId, token: match.tokens.HOME, deviceId: 'phone-of-hal' });
    await first.until(() => first.replaced && !first.connected, 5000, 'the old socket replaced');
    await new Promise((r) => setTimeout(r, 300)); // it must not come back by itself
    expect(first.connected).toBe(false);
    expect(second.connected).toBe(true);
    expect(await second.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 1000 } })).toMatchObject({ status: 'accepted' });
    // The seat is still registered to `second` (the old socket's disconnect did not release it): a third connection
    // replaces `second`.
    const third = await connect({ matchId: match.matchId, token: match.tokens.HOME, deviceId: 'phone-of-hal' });
    await second.until(() => second.replaced && !second.connected, 5000, 'the second socket replaced');
    expect(third.connected).toBe(true);
  });

  it('two captains of one team on two phones stay connected side by side', async () => {
    const match = await createMatch(server.url, 'two-phones');
    const a = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'phone-of-ivy' });
    const b = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'phone-of-jo' });
    await new Promise((r) => setTimeout(r, 200));
    expect(a.connected && b.connected).toBe(true);
    expect(a.replaced || b.replaced).toBe(false);
  });
});

describe('presence: who has the captain links open', () => {
  const counts = (c: RoomClient) => c.presences.map((p) => `${p.captains.HOME}-${p.captains.AWAY}`);
  const last = (c: RoomClient) => counts(c).at(-1);

  it('a phone hears on connecting how many captain phones are connected, and the room hears every arrival', async () => {
    const match = await createMatch(server.url, 'presence');
    const early = await connect({ matchId: match.matchId });
    await early.until(() => last(early) === '0-0', 5000, 'told nobody keeps the sheet');
    await connect({ matchId: match.matchId, token: match.tokens.HOME, deviceId: 'phone-of-kim' });
    await early.until(() => last(early) === '1-0', 5000, 'HOME arrived');
    const away = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'phone-of-lu' });
    await early.until(() => last(early) === '1-1', 5000, 'AWAY arrived');
    const late = await connect({ matchId: match.matchId });
    await late.until(() => last(late) === '1-1', 5000, 'a late phone is told both are here');

    // A second AWAY phone counts; closing it is announced after the pause, as one count.
    const second = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'phone-of-max' });
    await early.until(() => last(early) === '1-2', 5000, 'the second AWAY phone');
    second.close();
    await early.until(() => last(early) === '1-1', 5000, 'the second AWAY phone left');

    // A phone whose connection drops and comes back within the pause never shows as gone.
    const before = early.presences.length;
    away.socket.io.engine.close();
    await away.until(() => away.welcomes.length === 2, 5000, 'AWAY back');
    await new Promise((r) => setTimeout(r, 2500)); // longer than the pause: a departure would have been announced by now
    expect(counts(early).slice(before).every((c) => c === '1-1')).toBe(true);
    expect(early.presences.length).toBeGreaterThan(before); // the return itself was announced

    away.close();
    await early.until(() => last(early) === '1-0', 5000, 'AWAY gone');
  });
});

describe('private drafts (MR-6)', () => {
  it("a draft reaches the team's other captain phone only, and a phone that connects later gets the latest", async () => {
    const match = await createMatch(server.url, 'drafts');
    const a1 = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'away-phone-1' });
    const a2 = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'away-phone-2' });
    const home = await connect({ matchId: match.matchId, token: match.tokens.HOME });
    const spectator = await connect({ matchId: match.matchId });
    const draft = { round: 1, games: [{ machineId: 'M1', players: ['A1', null] }, { players: [] }] };
    expect(await a1.emitRaw('draft', draft)).toEqual({ status: 'ok' });
    await a2.until(() => a2.drafts.length === 1, 5000, 'the draft');
    expect(a2.drafts[0]).toMatchObject({ matchId: match.matchId, side: 'AWAY', draft });
    const a3 = await connect({ matchId: match.matchId, token: match.tokens.AWAY, deviceId: 'away-phone-3' });
    await a3.until(() => a3.drafts.length === 1, 5000, 'the stored draft');
    await new Promise((r) => setTimeout(r, 200));
    expect(home.drafts).toEqual([]);
    expect(spectator.drafts).toEqual([]);
    expect(a1.drafts).toEqual([]); // not echoed to the sender
    expect(await spectator.emitRaw('draft', draft)).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
    expect(await home.emitRaw('draft', { round: 9, games: [] })).toMatchObject({ status: 'error', code: 'BAD_MESSAGE' });
    // Never in the match log.
    expect(a1.version).toBe(0);
  });
});

describe('REST: creating and reading matches', () => {
  const post = (body: unknown, token?: string) =>
    fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('only the commissioner creates a match; links carry a 128-bit+ token stored only as a hash', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({}, 'not-the-admin-token')).status).toBe(401);
    const bad = await post({ matchId: 'x' }, 'test-admin-token-0123456789');
    expect(bad.status).toBe(400);
    const match = await createMatch(server.url, 'links');
    expect(match.spectatorLink).toBe('/m/links');
    for (const side of ['HOME', 'AWAY'] as const) {
      expect(match.captainLinks[side]).toMatch(/^\/m\/links\?t=[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(match.tokens[side], 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    const again = await post({ ...(await import('../helpers/matchScript')).testSetup('links') }, 'test-admin-token-0123456789');
    expect(again.status).toBe(409);
  });

  it('reads: unknown match 404, malformed id 400, health and readiness', async () => {
    expect((await fetch(`${server.url}/api/matches/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/matches/${encodeURIComponent('bad id!')}`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/matches/nope/events`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
    const malformed = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer test-admin-token-0123456789' },
      body: '{"matchId": ',
    });
    expect(malformed.status).toBe(400);
  });

  it('sends security headers fitted to the client (CSP with the WebSocket origin, no upgrade-insecure-requests)', async () => {
    const res = await fetch(`${server.url}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port} wss://127.0.0.1:${server.port}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the built client', () => {
  it('is served, and every match page falls back to index.html (client-side routes)', async () => {
    for (const path of ['/', '/m/demo', '/m/demo?t=abc', '/m/some/deeper/path']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>League Night</title>');
    }
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/nowhere`)).status).toBe(404);
  });
});

describe('shutdown', () => {
  it('SIGTERM closes the connections and the store and exits 0', async () => {
    const c = await connect({ matchId: 'links' });
    expect(await server.stop()).toBe(0);
    await c.until(() => !c.connected, 5000, 'disconnected');
  });
});
