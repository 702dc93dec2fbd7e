import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { StoreUnavailableError } from '../../server/store/matchStore';
import { checkpointOffset, createRedisStore, type RedisStoreOptions } from '../../server/store/redisStore';
import { CONNECTION_NAME } from '../../server/store/respConnection';
import { deleteKeys } from '../helpers/serverProcess';
import { killProcess, startVolatileRedis } from '../helpers/throwawayRedis';
import { describeMatchStoreContract, evolveSnap, type Ans, type Ev, type Meta, type Snap, type TestStore } from './contract';

// The shared Redis other suites use too: everything here lives under a per-run prefix, deleted at the end.
const REDIS_URL = 'redis://127.0.0.1:6379';
const RUN_PREFIX = `ln:test:${randomUUID()}:`;
let prefixes = 0;
const nextPrefix = (): string => `${RUN_PREFIX}${++prefixes}:`;

const open = (options: Partial<RedisStoreOptions<Ev, Snap>> & { prefix: string }) =>
  createRedisStore<Ev, Snap, Meta, Ans>({ url: REDIS_URL, ...options });

afterAll(() => deleteKeys(RUN_PREFIX));

function redisHarness(options: Partial<RedisStoreOptions<Ev, Snap>> = {}) {
  return () => {
    const stores = new Set<TestStore>();
    const prefixOf = new Map<TestStore, string>();
    return {
      async open() {
        const prefix = nextPrefix();
        const store = await open({ ...options, prefix });
        stores.add(store);
        prefixOf.set(store, prefix);
        return store;
      },
      async reopen(store: TestStore) {
        const prefix = prefixOf.get(store);
        if (!prefix) throw new Error('store not opened by this harness');
        await store.close();
        const reopened = await open({ ...options, prefix });
        stores.add(reopened);
        prefixOf.set(reopened, prefix);
        return reopened;
      },
      async cleanup() {
        await Promise.all([...stores].map((s) => s.close()));
      },
    };
  };
}

describeMatchStoreContract('redis', redisHarness());
// Every 2 versions: most loads then fold a tail, and appends of two events cross a checkpoint or land on one.
describeMatchStoreContract('redis, snapshot every 2 versions', redisHarness({ checkpoints: { every: 2, evolve: evolveSnap } }));
// What a rediss:// or unix: URL gets: the appends through node-redis like every other operation.
describeMatchStoreContract('redis, appends through node-redis', redisHarness({ appendConnection: false }));

const META: Meta = { home: 'H', away: 'A' };
const snap = (total: number): Snap => ({ total, seen: [] });

describe('redis store', () => {
  it('two processes (separate connections) appending at the same version: exactly one wins each round', async () => {
    const prefix = nextPrefix();
    const [a, b] = await Promise.all([open({ prefix }), open({ prefix })]);
    try {
      await a.create('m', META, snap(0));
      for (let round = 0; round < 10; round++) {
        const calls = Array.from({ length: 16 }, (_, i) =>
          (i % 2 === 0 ? a : b).append('m', round, [{ type: 'r', n: round * 100 + i }], snap(round * 100 + i), `r${round}-${i}`, { ok: true, version: i }),
        );
        const results = await Promise.all(calls);
        const winners = results.flatMap((r, i) => (r.kind === 'appended' ? [i] : []));
        expect(winners).toHaveLength(1);
        expect(results[winners[0] as number]).toEqual({ kind: 'appended', version: round + 1 });
        expect(results.filter((r) => r.kind === 'conflict')).toHaveLength(15);
        expect(await b.load('m')).toEqual({ meta: META, version: round + 1, snapshot: snap(round * 100 + (winners[0] as number)) });
      }
      expect((await a.eventsAfter('m', 0))?.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('lays a match out as a state HASH, an event LIST and an answers HASH under the prefix', async () => {
    const prefix = nextPrefix();
    const store = await open({ prefix });
    const admin = createClient({ url: REDIS_URL });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await store.create('m', META, snap(0));
      await store.append('m', 0, [{ type: 'a', n: 1 }, { type: 'b', n: 2 }], snap(3), 'c1', { ok: true });
      await store.putDoc('teams', 't1', { name: 'x' }, null);
      expect(await admin.type(`${prefix}match:m:state`)).toBe('hash');
      expect(await admin.type(`${prefix}match:m:events`)).toBe('list');
      expect(await admin.type(`${prefix}match:m:answers`)).toBe('hash');
      expect(await admin.type(`${prefix}matches`)).toBe('set');
      expect(await admin.lRange(`${prefix}match:m:events`, 0, -1)).toEqual(['{"type":"a","n":1}', '{"type":"b","n":2}']);
      expect(await admin.hGet(`${prefix}match:m:state`, 'version')).toBe('2');
      expect(await admin.hGet(`${prefix}doc:teams`, 't1')).toBe('1 {"name":"x"}');
    } finally {
      await admin.close();
      await store.close();
    }
  });
});

describe('redis store when nothing listens', () => {
  it('still opens, reports ping() false and rejects every operation at once with StoreUnavailableError', async () => {
    const errors: Error[] = [];
    const started = Date.now();
    const store = await open({ url: 'redis://127.0.0.1:6390', prefix: nextPrefix(), onError: (e) => errors.push(e) });
    try {
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await store.ping()).toBe(false);
      const ops: Array<() => Promise<unknown>> = [
        () => store.create('m', META, snap(0)),
        () => store.load('m'),
        () => store.meta('m'),
        () => store.eventsAfter('m', 0),
        () => store.append('m', 0, [{ type: 'a', n: 1 }], snap(1), 'c', { ok: true }),
        () => store.recordAnswer('m', 'c', { ok: false }),
        () => store.answerFor('m', 'c'),
        () => store.listMatches(),
        () => store.getDoc('teams', 't'),
        () => store.putDoc('teams', 't', {}, null),
        () => store.listDocs('teams'),
      ];
      for (const op of ops) {
        const t = Date.now();
        await expect(op()).rejects.toBeInstanceOf(StoreUnavailableError);
        expect(Date.now() - t).toBeLessThan(200);
      }
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]?.message).toMatch(/ECONNREFUSED/);
    } finally {
      await store.close();
    }
  });
});

describe('redis store across a Redis outage (throwaway redis-server on 6391)', () => {
  const PORT = 6391;
  let server: ChildProcess | undefined;

  async function startServer(): Promise<void> {
    server = await startVolatileRedis(PORT);
  }

  const stopServer = () => killProcess(server);

  beforeAll(startServer);
  afterAll(stopServer);

  it('fails fast while Redis is down or hung, and the same store object recovers by itself', async () => {
    const store = await open({ url: `redis://127.0.0.1:${PORT}`, prefix: 'ln:', opTimeoutMs: 500, maxReconnectDelayMs: 300 });
    try {
      expect(await store.ping()).toBe(true);
      expect(await store.create('m', META, snap(0))).toBe('created');

      // Scripts vanish from Redis' cache (restart, SCRIPT FLUSH): EVALSHA falls back to EVAL.
      const admin = createClient({ url: `redis://127.0.0.1:${PORT}` });
      admin.on('error', () => undefined);
      await admin.connect();
      await admin.scriptFlush();
      expect(await store.append('m', 0, [{ type: 'a', n: 1 }], snap(1), 'c1', { ok: true })).toEqual({ kind: 'appended', version: 1 });
      // The append went on the store's own connection for appends (server/store/respConnection.ts), not node-redis's.
      const clients = await admin.clientList();
      expect(clients.filter((c) => c.name === CONNECTION_NAME).map((c) => c.cmd)).toEqual(['eval']);
      await admin.close();

      // Hung: the connection stays up but nothing answers. The op timeout bounds the wait.
      server?.kill('SIGSTOP');
      let t = Date.now();
      await expect(store.load('m')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - t).toBeGreaterThanOrEqual(450);
      expect(Date.now() - t).toBeLessThan(1500);
      expect(await store.ping()).toBe(false);
      t = Date.now();
      await expect(store.append('m', 1, [{ type: 'h', n: 9 }], snap(10), 'hung', { ok: true })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - t).toBeGreaterThanOrEqual(450);
      expect(Date.now() - t).toBeLessThan(1500);
      server?.kill('SIGCONT');
      // The hung append ran once Redis woke (its reply came too late for the caller): the commandId retry tells.
      expect(await store.append('m', 1, [{ type: 'h', n: 9 }], snap(10), 'hung', { ok: true })).toEqual({ kind: 'duplicate', answer: { ok: true } });
      expect(await store.load('m')).toEqual({ meta: META, version: 2, snapshot: snap(10) });

      // Down: every operation rejects immediately instead of queueing for the reconnect.
      await stopServer();
      await expect.poll(() => store.ping(), { timeout: 2000, interval: 50 }).toBe(false);
      for (let i = 0; i < 5; i++) {
        t = Date.now();
        await expect(store.append('m', 2, [{ type: 'b', n: 2 }], snap(3), `down${i}`, { ok: true })).rejects.toBeInstanceOf(StoreUnavailableError);
        await expect(store.load('m')).rejects.toBeInstanceOf(StoreUnavailableError);
        expect(Date.now() - t).toBeLessThan(200);
      }

      // Back (empty: it ran without persistence). No call on the store: it reconnects on its own.
      await startServer();
      await expect.poll(() => store.ping(), { timeout: 10_000, interval: 50 }).toBe(true);
      expect(await store.load('m')).toBeNull();
      expect(await store.create('m', META, snap(0))).toBe('created');
      expect(await store.append('m', 0, [{ type: 'c', n: 3 }], snap(3), 'c2', { ok: true })).toEqual({ kind: 'appended', version: 1 });
      expect(await store.eventsAfter('m', 0)).toEqual([{ version: 1, event: { type: 'c', n: 3 } }]);
    } finally {
      server?.kill('SIGCONT');
      await store.close();
    }
  });
});

describe('redis store with checkpoints (snapshot every N versions)', () => {
  const checkpoints = { every: 4, evolve: evolveSnap };
  const ev = (n: number): Ev => ({ type: 's', n });
  const after = (...ns: number[]): Snap => evolveSnap({ total: 0, seen: [] }, ns.map(ev));

  const adminClient = () => createClient({ url: REDIS_URL });
  async function withAdmin<T>(run: (admin: ReturnType<typeof adminClient>) => Promise<T>): Promise<T> {
    const admin = adminClient();
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      return await run(admin);
    } finally {
      await admin.close();
    }
  }

  /** Creates the match and appends events 1..count one command at a time, each with the snapshot after it. */
  async function playOneByOne(store: TestStore, matchId: string, count: number): Promise<void> {
    await store.create(matchId, META, after());
    const ns: number[] = [];
    for (let v = 0; v < count; v++) {
      ns.push(v + 1);
      await store.append(matchId, v, [ev(v + 1)], after(...ns), `c${v}`, { ok: true });
    }
  }

  it('spreads the checkpoints of matches played in step: each match has its own fixed offset', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `bench-${i}`);
    const offsets = ids.map((id) => checkpointOffset(id, 32));
    expect(offsets.every((o) => Number.isInteger(o) && o >= 0 && o < 32)).toBe(true);
    expect(ids.map((id) => checkpointOffset(id, 32))).toEqual(offsets); // the same id, the same offset
    // 200 matches: every one of the 32 moments is used, none by more than a fifth of them.
    const perOffset = new Map<number, number>();
    for (const o of offsets) perOffset.set(o, (perOffset.get(o) ?? 0) + 1);
    expect(perOffset.size).toBe(32);
    expect(Math.max(...perOffset.values())).toBeLessThan(40);
    expect(checkpointOffset('anything', 1)).toBe(0);
  });

  it('writes the snapshot only when a version crosses a multiple of N, and load folds the events after it', async () => {
    const prefix = nextPrefix();
    const store = await open({ prefix, checkpoints });
    try {
      // An id whose offset is 0 (checkpointOffset, tested above), so the checkpoints fall on multiples of 4.
      expect(checkpointOffset('m', 4)).toBe(0);
      await playOneByOne(store, 'm', 6);
      await withAdmin(async (admin) => {
        expect(await admin.hmGet(`${prefix}match:m:state`, ['version', 'snapshotVersion'])).toEqual(['6', '4']);
        expect(JSON.parse((await admin.hGet(`${prefix}match:m:state`, 'snapshot')) ?? 'null')).toEqual(after(1, 2, 3, 4));
      });
      expect(await store.load('m')).toEqual({ meta: META, version: 6, snapshot: after(1, 2, 3, 4, 5, 6) });
      // Two events from 6 to 8 land on the checkpoint: the snapshot moves to 8 and nothing is left to fold.
      await store.append('m', 6, [ev(7), ev(8)], after(1, 2, 3, 4, 5, 6, 7, 8), 'c7', { ok: true });
      await withAdmin(async (admin) => {
        expect(await admin.hGet(`${prefix}match:m:state`, 'snapshotVersion')).toBe('8');
      });
      expect(await store.load('m')).toEqual({ meta: META, version: 8, snapshot: after(1, 2, 3, 4, 5, 6, 7, 8) });
    } finally {
      await store.close();
    }
  });

  it('a match with an offset writes its checkpoints shifted by it, and loads the same', async () => {
    const prefix = nextPrefix();
    const store = await open({ prefix, checkpoints });
    try {
      expect(checkpointOffset('x', 4)).toBe(3); // so its checkpoints fall on versions 1, 5, 9, ...
      await playOneByOne(store, 'x', 6);
      await withAdmin(async (admin) => {
        expect(await admin.hmGet(`${prefix}match:x:state`, ['version', 'snapshotVersion'])).toEqual(['6', '5']);
      });
      expect(await store.load('x')).toEqual({ meta: META, version: 6, snapshot: after(1, 2, 3, 4, 5, 6) });
    } finally {
      await store.close();
    }
  });

  it('a match stored before checkpoints (no snapshotVersion) keeps loading right after checkpointed appends', async () => {
    const prefix = nextPrefix();
    const old = await open({ prefix });
    await old.create('m', META, after());
    await old.append('m', 0, [ev(1)], after(1), 'c0', { ok: true });
    await old.close();
    await withAdmin((admin) => admin.hDel(`${prefix}match:m:state`, 'snapshotVersion'));
    const store = await open({ prefix, checkpoints });
    try {
      expect(await store.load('m')).toEqual({ meta: META, version: 1, snapshot: after(1) });
      await store.append('m', 1, [ev(2)], after(1, 2), 'c1', { ok: true });
      expect(await store.load('m')).toEqual({ meta: META, version: 2, snapshot: after(1, 2) });
    } finally {
      await store.close();
    }
  });

  it('a store opened without checkpoints refuses to load a match with events after its snapshot, never a stale state', async () => {
    const prefix = nextPrefix();
    const store = await open({ prefix, checkpoints });
    await store.create('m', META, after());
    await store.append('m', 0, [ev(1)], after(1), 'c0', { ok: true });
    await store.close();
    const plain = await open({ prefix });
    try {
      await expect(plain.load('m')).rejects.toThrow(/events after its snapshot/);
    } finally {
      await plain.close();
    }
  });
});

describe('redis store on a unix socket (a URL its own append connection does not take)', () => {
  let server: ChildProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ln-redis-unix-'));
  const socketPath = join(dir, 'redis.sock');
  beforeAll(async () => {
    // --port 0: no TCP at all, so nothing of this store can reach Redis but through the socket.
    server = await startVolatileRedis(0, ['--unixsocket', socketPath, '--unixsocketperm', '700']);
  });
  afterAll(async () => {
    await killProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends through node-redis and keeps every promise of the store', async () => {
    const store = await createRedisStore<Ev, Snap, Meta, Ans>({ url: `unix://${socketPath}`, prefix: 'ln:' });
    try {
      expect(await store.ping()).toBe(true);
      expect(await store.create('m', META, snap(0))).toBe('created');
      expect(await store.append('m', 0, [{ type: 'a', n: 1 }], snap(1), 'c1', { ok: true })).toEqual({ kind: 'appended', version: 1 });
      expect(await store.append('m', 0, [{ type: 'b', n: 2 }], snap(2), 'c2', { ok: true })).toEqual({ kind: 'conflict', version: 1 });
      expect(await store.append('m', 1, [{ type: 'a', n: 1 }], snap(1), 'c1', { ok: false })).toEqual({ kind: 'duplicate', answer: { ok: true } });
      expect(await store.load('m')).toEqual({ meta: META, version: 1, snapshot: snap(1) });
    } finally {
      await store.close();
    }
  });
});

describe('redis store: an append announces itself on a channel', () => {
  /** A store and a plain subscriber on the announcement channel; `heard` collects what reaches the subscriber. */
  async function withListener(run: (store: TestStore, channel: string, heard: string[], settle: () => Promise<unknown>) => Promise<void>) {
    const prefix = nextPrefix();
    const channel = `${prefix}announce`;
    const store = await open({ prefix });
    const subscriber = createClient({ url: REDIS_URL });
    subscriber.on('error', () => undefined);
    await subscriber.connect();
    const heard: string[] = [];
    await subscriber.subscribe(channel, (text) => heard.push(text));
    try {
      await store.create('m', META, snap(0));
      // A PING on the subscriber connection comes back after every message published before it.
      await run(store, channel, heard, () => subscriber.ping());
    } finally {
      await subscriber.close();
      await store.close();
    }
  }

  it('publishes the text with a successful append only, never with a conflict or a duplicate, in append order', () =>
    withListener(async (store, channel, heard, settle) => {
      const say = (head: string) => ({ channel, head, tail: '>', ownListeners: 0 });
      expect(await store.append('m', 0, [{ type: 'a', n: 1 }], snap(1), 'c1', { ok: true }, say('first'))).toEqual({ kind: 'appended', version: 1 });
      expect(await store.append('m', 0, [{ type: 'a', n: 2 }], snap(2), 'c2', { ok: true }, say('stale'))).toEqual({ kind: 'conflict', version: 1 });
      expect((await store.append('m', 1, [{ type: 'a', n: 3 }], snap(4), 'c1', { ok: true }, say('retry'))).kind).toBe('duplicate');
      const two = [{ type: 'a', n: 4, s: 'quote " and \\ ü' }, { type: 'b', n: 5.5 }];
      expect(await store.append('m', 1, two, snap(5), 'c3', { ok: true }, say('second'))).toEqual({ kind: 'appended', version: 3 });
      await store.append('m', 3, [{ type: 'a', n: 6 }], snap(10), 'c4', { ok: true });
      await settle();
      expect(heard).toEqual(['first[{"version":1,"event":{"type":"a","n":1}}]>', `second${JSON.stringify(two.map((event, i) => ({ version: 2 + i, event })))}>`]);
      expect(await store.load('m')).toEqual({ meta: META, version: 4, snapshot: snap(10) });
    }));

  it('publishes nothing while the only listener is the announcing process itself', () =>
    withListener(async (store, channel, heard, settle) => {
      const say = (head: string, ownListeners: number) => ({ channel, head, tail: '', ownListeners });
      // One listener, and it is "ours": nothing goes out. Counted as someone else's, it is published.
      await store.append('m', 0, [{ type: 'a', n: 1 }], snap(1), 'c1', { ok: true }, say('alone', 1));
      await store.append('m', 1, [{ type: 'a', n: 2 }], snap(2), 'c2', { ok: true }, say('other', 0));
      await settle();
      expect(heard).toEqual(['other[{"version":2,"event":{"type":"a","n":2}}]']);
    }));
});
