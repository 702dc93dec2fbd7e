import { afterAll, describe, expect, it } from 'vitest';
import { caughtUp, type RoomStore } from '../../server/matches/roomStore';
import { createEmbeddedStore } from '../../server/store/embeddedStore';
import { startInProcess } from '../helpers/inProcessServer';
import { RoomClient } from '../helpers/roomClient';
import { createMatch } from '../helpers/matchScript';
import { removeTempDirs, sleep, tempDir } from '../helpers/serverProcess';
import { decide, fold, initialState, MatchSetupSchema, type MatchEvent } from '../../shared/index';
import { hashToken, newToken, tokenMatches } from '../../server/auth/tokens';
import { identify } from '../../server/auth/roles';
import { ConfigError, loadConfig } from '../../server/config';
import { scoresheetCsv } from '../../server/matches/scoresheetCsv';
import { LiveMatches } from '../../server/room/liveMatches';
import { RecentMap } from '../../server/recentMap';
import { TokenBucket } from '../../server/room/rateLimit';
import { UploadLimiter } from '../../server/http/uploadLimit';
import { claimedBefore, claimNow } from '../../server/room/seatHandover';
import { testSetup } from '../helpers/matchScript';

/** The room's small parts, in process: the pieces the process-level tests rely on. */

afterAll(() => removeTempDirs());

describe('config from the environment', () => {
  it('has working defaults and generates an admin token when none is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', redisUrl: undefined, adminTokenGenerated: true, logLevel: 'info' });
    expect(c.adminToken.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).adminToken).not.toBe(c.adminToken);
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', REDIS_URL: 'http://x', ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://x', ADMIN_TOKEN: 'short' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/REDIS_URL/);
      expect((err as Error).message).toMatch(/ADMIN_TOKEN must be at least 16 characters/);
    }
  });

  it('parses origins and the Redis URL', () => {
    const c = loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'x:' });
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
  });
});

describe('captain tokens (stored only as a hash)', () => {
  it('are 144-bit random, hashed with SHA-256 and compared in constant time', () => {
    const t = newToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(18);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenMatches(t, hashToken(t))).toBe(true);
    expect(tokenMatches(`${t}x`, hashToken(t))).toBe(false);
  });

  it('fix the role at the handshake: captain of a side, commissioner, else a spectator (MR-1)', () => {
    const home = newToken();
    const away = newToken();
    const meta = { captainTokenHashes: { HOME: hashToken(home), AWAY: hashToken(away) }, createdAt: 0 };
    const admin = 'the-admin-token-1234';
    expect(identify(meta, admin, home)).toEqual({ actor: { role: 'captain', side: 'HOME' }, tokenRejected: false });
    expect(identify(meta, admin, away)).toEqual({ actor: { role: 'captain', side: 'AWAY' }, tokenRejected: false });
    expect(identify(meta, admin, admin)).toEqual({ actor: { role: 'commissioner' }, tokenRejected: false });
    expect(identify(meta, admin, undefined)).toEqual({ actor: { role: 'spectator' }, tokenRejected: false });
    expect(identify(meta, admin, 'guess')).toEqual({ actor: { role: 'spectator' }, tokenRejected: true });
  });
});

describe('per-connection token bucket', () => {
  it('allows a burst, then the steady rate', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 3, () => now);
    expect([1, 2, 3, 4].map(() => bucket.take())).toEqual([true, true, true, false]);
    now += 500; // one token back at 2 per second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 10_000; // never more than the burst
    expect([1, 2, 3, 4].map(() => bucket.take())).toEqual([true, true, true, false]);
  });
});

describe('photo uploads per requester (R-VII.D.3.4)', () => {
  it('takes a burst, then a few a minute per requester, says when to come back, and forgets requesters it no longer limits', () => {
    let now = 0;
    const limiter = new UploadLimiter({ burst: 2, perMinute: 4, now: () => now });
    expect([1, 2, 3].map(() => limiter.admit('m1:HOME'))).toEqual([{ ok: true }, { ok: true }, { ok: false, retryAfterSeconds: 15 }]);
    expect(limiter.admit('m1:AWAY')).toEqual({ ok: true }); // another link has its own count
    now += 10_000;
    expect(limiter.admit('m1:HOME')).toEqual({ ok: false, retryAfterSeconds: 5 });
    now += 5_000;
    expect(limiter.admit('m1:HOME')).toEqual({ ok: true });
    now += 120_000; // both full again: forgotten at the next sweep, and taken like new
    expect(limiter.admit('LEAGUE')).toEqual({ ok: true });
    expect(limiter.size).toBe(1);
  });
});

describe('seat claims: the newest connection of a seat wins', () => {
  it('orders claims by time, and claims of the same millisecond by socket id, the same way on every process', () => {
    const claim = (socketId: string, claimedAt: number) => ({ seat: 'seat:m:HOME:phone', socketId, claimedAt });
    expect(claimedBefore(claim('zz', 1000), claim('aa', 1001))).toBe(true);
    expect(claimedBefore(claim('aa', 1001), claim('zz', 1000))).toBe(false);
    expect(claimedBefore(claim('aa', 1000), claim('bb', 1000))).toBe(true);
    expect(claimedBefore(claim('bb', 1000), claim('aa', 1000))).toBe(false);
    expect(claimedBefore(claim('aa', 1000), claim('aa', 1000))).toBe(false);
  });

  it('two claims made here in one millisecond are still ordered, whatever their socket ids', () => {
    const first = claimNow('seat:m:HOME:phone', 'zz', 5000);
    const second = claimNow('seat:m:HOME:phone', 'aa', 5000);
    expect(claimedBefore(first, second)).toBe(true);
    expect(claimedBefore(second, first)).toBe(false);
    expect(claimNow('seat:m:HOME:phone', 'bb', 9000).claimedAt).toBe(9000);
  });
});

describe('CSV scoresheet', () => {
  it('has one line per game and a result line, and defuses spreadsheet formulas in names', () => {
    const setup = MatchSetupSchema.parse(testSetup('csv'));
    setup.home.name = '=HYPERLINK("http://evil")';
    const csv = scoresheetCsv(initialState(setup));
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines[13]).toBe(`"match","","","","'=HYPERLINK(""http://evil"")","","Aces","","in progress","0","0"`);
  });

  it('names an acting captain on a line of its own, only when one was designated (OQ-30)', () => {
    const state = initialState(MatchSetupSchema.parse(testSetup('csv')));
    const awayPlayer = state.setup.away.players.find((p) => !p.captain)!;
    const csv = scoresheetCsv({ ...state, actingCaptains: { AWAY: awayPlayer.id } });
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(15);
    expect(lines[14]).toBe(`"acting captain","","","","","","${awayPlayer.name}","","","",""`);
  });
});

describe('CSV scoresheet: challenges (R-VII.D.3.4)', () => {
  it('R-VII.D.3.4: lists each challenge with its report text and photo ids, for the league official', () => {
    const state = initialState(MatchSetupSchema.parse(testSetup('csv')));
    const due = Date.UTC(2026, 9, 2, 21, 40);
    const csv = scoresheetCsv({
      ...state,
      challenges: [{
        id: 'C9', by: 'HOME', at: due - 86_400_000, round: 3, game: 4, reason: 'A4 nudged', reportDue: due, status: 'OPEN', ruling: null,
        report: { text: 'Seen by both captains', by: 'HOME', at: due - 3_600_000 },
        photos: [{ id: 'F10', contentType: 'image/jpeg', bytes: 1000, sha256: 'a'.repeat(64), by: 'HOME', at: due - 3_600_000 }],
      }],
    });
    expect(csv.trim().split('\r\n').at(-1)).toBe(
      `"challenge","by HOME","R3 G4","","","","","","open; reason: A4 nudged; report due 2026-10-02 21:40 UTC; report: Seen by both captains; photos: F10","",""`,
    );
  });
});

describe('per-connection rate limit, over a real socket', () => {
  it('answers RATE_LIMITED beyond the burst, and serves the connection again after a pause', async () => {
    const server = await startInProcess({ MESSAGE_RATE: '5', MESSAGE_BURST: '10' });
    const match = await createMatch(server.url, 'rate');
    const c = await RoomClient.connect({ url: server.url, matchId: match.matchId, token: match.tokens.AWAY });
    try {
      const replies = await Promise.all(Array.from({ length: 30 }, () => c.emitRaw('sync', { matchId: match.matchId, version: c.version })));
      const limited = replies.filter((r) => r.status === 'error' && r.code === 'RATE_LIMITED').length;
      expect(limited).toBeGreaterThanOrEqual(18);
      expect(limited).toBeLessThanOrEqual(21);
      await sleep(1000);
      expect(await c.emitRaw('sync', { matchId: match.matchId, version: c.version })).toEqual({ status: 'ok' });
    } finally {
      c.close();
      await server.close();
    }
  });
});

describe('the live-match cache', () => {
  /** An embedded store holding a new match under each of `ids`. */
  async function storeWithMatches(dir: string, ids: string[]): Promise<RoomStore> {
    const store: RoomStore = await createEmbeddedStore({ dir: tempDir(dir) });
    const meta = { captainTokenHashes: { HOME: hashToken(newToken()), AWAY: hashToken(newToken()) }, createdAt: 0 };
    for (const id of ids) await store.create(id, meta, initialState(MatchSetupSchema.parse(testSetup(id))));
    return store;
  }

  it('keeps the most recently used matches up to its capacity and reloads a dropped one from the store', async () => {
    const store = await storeWithMatches('live', ['m1', 'm2', 'm3']);
    try {
      const live = new LiveMatches(store, 2);
      const first = await live.current('m1');
      await live.current('m2');
      expect(await live.current('m1')).toBe(first); // cached: the very same object
      await live.current('m3'); // over capacity: m2 is now the least recently used, dropped
      expect(await live.current('m1')).toBe(first);
      const m2 = await live.current('m2'); // reloaded (dropping m3 in turn), equal to the store's copy
      expect(m2).toEqual({ version: 0, state: (await store.load('m2'))!.snapshot });
      expect(await live.current('m2')).toBe(m2);
    } finally {
      await store.close();
    }
  });

  it('runs one task at a time per match, and keeps a queue only for a match it holds or one with work pending', async () => {
    const store = await storeWithMatches('live-queues', ['m1', 'm2', 'm3']);
    try {
      const live = new LiveMatches(store, 2);
      const order: string[] = [];
      const task = (name: string, ms: number, fail = false) => async () => {
        order.push(`${name} start`);
        await sleep(ms);
        order.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
      // A failing task does not stop the ones queued behind it, and tasks of other matches run meanwhile.
      const runs = [
        live.serialise('m1', task('a', 30, true)).catch((err: Error) => `failed ${err.message}`),
        live.serialise('m1', task('b', 5)),
        live.serialise('m2', task('c', 5)),
      ];
      expect(await Promise.all(runs)).toEqual(['failed a', 'b', 'c']);
      expect(order.indexOf('b start')).toBeGreaterThan(order.indexOf('a end'));
      expect(order.indexOf('c end')).toBeLessThan(order.indexOf('a end'));
      // Neither match is held, so both queues went once idle.
      expect(live.queues).toBe(0);

      // A held match keeps its queue between commands; dropping the match drops its idle queue.
      await live.serialise('m1', () => live.current('m1'));
      await live.serialise('m2', () => live.current('m2'));
      expect(live.queues).toBe(2);
      await live.serialise('m3', () => live.current('m3')); // over capacity: m1 is dropped, and its queue with it
      expect(live.queues).toBe(2);
      expect(live.peek('m1')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('a kept copy brought up to date (caughtUp: the room cache and the league share it)', () => {
  const start = { version: 0, state: initialState(MatchSetupSchema.parse(testSetup('m1'))) };
  const at = start.state.setup.scheduledStart;
  const arrivals: MatchEvent[] = ['H1', 'H2'].flatMap((playerId) => {
    const d = decide(start.state, { type: 'markArrived', payload: { playerId, time: at }, at }, { role: 'captain', side: 'HOME' });
    if (!d.ok) throw new Error(d.refusal.message);
    return d.events;
  });
  const stored = arrivals.map((event, i) => ({ version: i + 1, event }));

  it('folds the events after the copy, as the room folds them, and keeps the copy itself when there are none', () => {
    expect(caughtUp(start, stored)).toEqual({ version: 2, state: fold(start.state, arrivals) });
    expect(caughtUp(start, [])).toBe(start);
  });

  it('refuses to fold across a gap, so the caller loads the match again', () => {
    expect(caughtUp(start, stored.slice(1))).toBeNull();
    expect(caughtUp({ ...start, version: 1 }, stored)).toBeNull();
  });
});

describe('the bounded caches (RecentMap)', () => {
  it('drops the entry used longest ago, where a read counts as a use and a peek does not', () => {
    const dropped: string[] = [];
    const map = new RecentMap<string, number>(2, (key) => dropped.push(key));
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a used after b
    map.set('c', 3);
    expect(dropped).toEqual(['b']);
    expect([map.has('a'), map.has('b'), map.has('c')]).toEqual([true, false, true]);
    expect(map.peek('a')).toBe(1); // not a use: a stays the oldest
    map.set('c', 30); // replaced in place, a use; nothing dropped
    expect(map.size).toBe(2);
    expect(dropped).toEqual(['b']);
    map.set('d', 4);
    expect(dropped).toEqual(['b', 'a']);
    expect(map.peek('c')).toBe(30);
    expect(map.delete('c')).toBe(true);
    expect(map.get('c')).toBeUndefined();
    expect(map.size).toBe(1);
  });
});
