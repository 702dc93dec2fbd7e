import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import {
  CONNECTION_NAME,
  encodeCommand,
  RespConnection,
  RespConnectionError,
  RespErrorReply,
  RespParser,
  respTarget,
  type RespConnectionOptions,
  type RespTarget,
  type RespValue,
} from '../../server/store/respConnection';
import { deleteKeys, freePort } from '../helpers/serverProcess';
import { killProcess, startVolatileRedis } from '../helpers/throwawayRedis';

// The appends' own Redis connection (server/store/respConnection.ts), against real redis-servers: the shared one on
// 6379 under a per-run key prefix (a lost connection too: CLIENT KILL), and a private one for a password (6394).
const SHARED: RespTarget = { host: '127.0.0.1', port: 6379 };
const PREFIX = `ln:test:resp:${randomUUID()}:`;

function options(errors: Error[] = []): RespConnectionOptions {
  return { connectTimeoutMs: 1000, reconnectDelayMs: () => 50, onError: (e) => errors.push(e) };
}

async function opened(target: RespTarget, errors: Error[] = []): Promise<RespConnection> {
  const connection = new RespConnection(target, options(errors));
  await connection.firstAttempt;
  return connection;
}

afterAll(() => deleteKeys(PREFIX));

describe('respTarget: what a REDIS_URL says, or null where node-redis must do it', () => {
  it('reads host, port, user, password and database of a redis:// URL', () => {
    expect(respTarget('redis://127.0.0.1:6379')).toEqual({ host: '127.0.0.1', port: 6379 });
    expect(respTarget('redis://localhost')).toEqual({ host: 'localhost', port: 6379 });
    expect(respTarget('redis://app:p%40ss@db.example:6380/3')).toEqual({ host: 'db.example', port: 6380, username: 'app', password: 'p@ss', database: 3 });
    expect(respTarget('redis://:secret@[::1]:6379/0')).toEqual({ host: '::1', port: 6379, password: 'secret', database: 0 });
  });

  it('leaves TLS, unix sockets and URLs it does not understand to node-redis', () => {
    expect(respTarget('rediss://db.example:6380')).toBeNull();
    expect(respTarget('unix:///run/redis.sock')).toBeNull();
    expect(respTarget('redis://127.0.0.1:6379/x')).toBeNull();
    expect(respTarget('redis://127.0.0.1:6379?timeout=5')).toBeNull();
    expect(respTarget('not a url')).toBeNull();
  });
});

describe('RespParser: replies cut anywhere by the network', () => {
  const wire =
    '+OK\r\n-ERR no such thing\r\n:-42\r\n$-1\r\n*-1\r\n$0\r\n\r\n' +
    `$${Buffer.byteLength('Zoë 🎳')}\r\nZoë 🎳\r\n*3\r\n$8\r\nappended\r\n*2\r\n:1\r\n$1\r\nx\r\n-NOSCRIPT gone\r\n*0\r\n`;
  const expected = (values: RespValue[]) => {
    expect(values).toHaveLength(9);
    expect(values.slice(0, 3)).toEqual(['OK', new RespErrorReply('ERR no such thing'), -42]);
    expect(values[1]).toBeInstanceOf(RespErrorReply);
    expect(values.slice(3, 7)).toEqual([null, null, '', 'Zoë 🎳']);
    const nested = values[7] as RespValue[];
    expect(nested.slice(0, 2)).toEqual(['appended', [1, 'x']]);
    expect(nested[2]).toBeInstanceOf(RespErrorReply);
    expect((nested[2] as Error).message).toBe('NOSCRIPT gone');
    expect(values[8]).toEqual([]);
  };

  it('gives the same replies whole, one byte at a time, and at every cut in two', () => {
    const bytes = Buffer.from(wire);
    const whole: RespValue[] = [];
    new RespParser((v) => whole.push(v)).feed(bytes);
    expected(whole);

    const byByte: RespValue[] = [];
    const parser = new RespParser((v) => byByte.push(v));
    for (let i = 0; i < bytes.length; i++) parser.feed(bytes.subarray(i, i + 1));
    expected(byByte);

    for (let cut = 1; cut < bytes.length; cut++) {
      const got: RespValue[] = [];
      const p = new RespParser((v) => got.push(v));
      p.feed(bytes.subarray(0, cut));
      p.feed(bytes.subarray(cut));
      expect(got).toHaveLength(9);
    }
  });

  it('throws on bytes that are not RESP2, so the connection is dropped rather than misread', () => {
    expect(() => new RespParser(() => undefined).feed(Buffer.from('HTTP/1.1 400\r\n'))).toThrow(/not a RESP2 reply/);
    expect(() => new RespParser(() => undefined).feed(Buffer.from('$abc\r\n'))).toThrow(/not a RESP2/);
  });

  it('encodes a command with the length of each argument in bytes, not characters', () => {
    expect(encodeCommand(['SET', 'k', 'é']).toString()).toBe('*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\né\r\n');
    // Lengths of every number of digits, and an empty argument.
    const args = ['', 'x'.repeat(9), 'y'.repeat(10), 'z'.repeat(99), 'w'.repeat(100), '🎳'.repeat(2500), ...Array.from({ length: 5 }, (_, i) => String(i))];
    const expected = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
    expect(encodeCommand(args).toString()).toBe(expected);
    expect(encodeCommand(args).length).toBe(Buffer.byteLength(expected));
  });
});

describe('RespConnection against the shared Redis', () => {
  let c: RespConnection;
  beforeAll(async () => {
    c = await opened(SHARED);
  });
  afterAll(() => c.close());

  it('is ready after its first attempt, and names itself in CLIENT LIST', async () => {
    expect(c.ready).toBe(true);
    const list = await c.send(['CLIENT', 'LIST']);
    expect(list).toContain(`name=${CONNECTION_NAME}`);
  });

  it('reads every kind of reply Redis sends: strings, integers, nil, arrays, nested arrays', async () => {
    const key = `${PREFIX}kinds`;
    expect(await c.send(['PING'])).toBe('PONG');
    expect(await c.send(['SET', key, 'Zoë plays 🎳'])).toBe('OK');
    expect(await c.send(['GET', key])).toBe('Zoë plays 🎳');
    expect(await c.send(['GET', `${PREFIX}missing`])).toBeNull();
    expect(await c.send(['INCR', `${PREFIX}n`])).toBe(1);
    expect(await c.send(['RPUSH', `${PREFIX}list`, 'a', '', 'ç'])).toBe(3);
    expect(await c.send(['LRANGE', `${PREFIX}list`, '0', '-1'])).toEqual(['a', '', 'ç']);
    expect(await c.send(['EVAL', "return {'appended', {1, false, 'x'}, 7}", '0'])).toEqual(['appended', [1, null, 'x'], 7]);
  });

  it('rejects with the error reply of Redis, and keeps working after it', async () => {
    const err = await c.send(['EVALSHA', '0'.repeat(40), '0']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RespErrorReply);
    expect((err as Error).message).toMatch(/^NOSCRIPT/);
    const nested = (await c.send(['EVAL', "return {1, redis.error_reply('LATE boom')}", '0'])) as RespValue[];
    expect(nested[0]).toBe(1);
    expect(nested[1]).toBeInstanceOf(RespErrorReply);
    expect(await c.send(['PING'])).toBe('PONG');
  });

  it('carries a 3 MB value across many socket chunks both ways', async () => {
    const big = 'ü'.repeat(1_500_000); // 3,000,000 bytes
    expect(await c.send(['SET', `${PREFIX}big`, big])).toBe('OK');
    expect(await c.send(['STRLEN', `${PREFIX}big`])).toBe(3_000_000);
    expect(await c.send(['GET', `${PREFIX}big`])).toBe(big);
  });

  it('answers 2,000 commands sent without waiting in the order they were sent', async () => {
    const key = `${PREFIX}order`;
    const replies = await Promise.all(Array.from({ length: 2000 }, () => c.send(['INCR', key])));
    expect(replies).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('close() lets a reply in flight arrive before it closes', async () => {
    const own = await opened(SHARED);
    const slow = own.send(['BLPOP', `${PREFIX}never`, '0.2']);
    const started = Date.now();
    await own.close();
    expect(await slow).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await expect(own.send(['PING'])).rejects.toBeInstanceOf(RespConnectionError);
  });
});

describe('RespConnection when Redis is not there or goes away', () => {
  it('with nothing listening: first attempt settles, not ready, every command rejects at once', async () => {
    const errors: Error[] = [];
    const c = await opened({ host: '127.0.0.1', port: await freePort() }, errors);
    try {
      expect(c.ready).toBe(false);
      const t = Date.now();
      await expect(c.send(['PING'])).rejects.toBeInstanceOf(RespConnectionError);
      expect(Date.now() - t).toBeLessThan(50);
      expect(errors[0]?.message).toMatch(/ECONNREFUSED/);
    } finally {
      await c.close();
    }
  });

  it('a connection killed under it: what was in flight rejects as lost, and it reconnects by itself', async () => {
    const c = await opened(SHARED);
    const admin = createClient({ url: 'redis://127.0.0.1:6379' });
    await admin.connect();
    try {
      // The expectation is attached at once: the rejection may come before CLIENT KILL's own reply reaches the admin.
      const inFlight = expect(c.send(['BLPOP', `${PREFIX}never2`, '5'])).rejects.toBeInstanceOf(RespConnectionError);
      // Our connection is the one with our name; CLIENT KILL closes it from Redis's side.
      await expect.poll(async () => (await admin.clientList()).some((x) => x.name === CONNECTION_NAME && x.cmd === 'blpop'), { timeout: 2000 }).toBe(true);
      const id = (await admin.clientList()).find((x) => x.name === CONNECTION_NAME && x.cmd === 'blpop')!.id;
      await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(id)]);
      await inFlight;
      await expect.poll(() => c.ready, { timeout: 2000 }).toBe(true);
      expect(await c.send(['PING'])).toBe('PONG');
    } finally {
      await admin.close();
      await c.close();
    }
  });
});

describe('RespConnection with a password and a database (private redis-server on 6394)', () => {
  const PORT = 6394;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    server = await startVolatileRedis(PORT, ['--requirepass', 'house-rules']);
    const admin = createClient({ url: `redis://:house-rules@127.0.0.1:${PORT}` });
    await admin.connect();
    await admin.sendCommand(['ACL', 'SETUSER', 'captain', 'on', '>chalk', '~*', '+@all']);
    await admin.close();
  });
  afterAll(() => killProcess(server));

  it('authenticates with a password alone, or a user and password, and selects the database of the URL', async () => {
    for (const url of [`redis://:house-rules@127.0.0.1:${PORT}/5`, `redis://captain:chalk@127.0.0.1:${PORT}/5`]) {
      const c = await opened(respTarget(url)!);
      try {
        expect(c.ready).toBe(true);
        expect(await c.send(['SET', 'where', url])).toBe('OK');
      } finally {
        await c.close();
      }
      const admin = createClient({ url: `redis://:house-rules@127.0.0.1:${PORT}/5` });
      await admin.connect();
      expect(await admin.get('where')).toBe(url);
      await admin.select(0);
      expect(await admin.get('where')).toBeNull();
      await admin.close();
    }
  });

  it('a wrong password is reported and the connection never becomes ready', async () => {
    const errors: Error[] = [];
    const c = await opened(respTarget(`redis://:wrong@127.0.0.1:${PORT}`)!, errors);
    try {
      expect(c.ready).toBe(false);
      expect(errors.some((e) => e instanceof RespErrorReply && /WRONGPASS|invalid/i.test(e.message))).toBe(true);
      await expect(c.send(['PING'])).rejects.toBeInstanceOf(RespConnectionError);
    } finally {
      await c.close();
    }
  });
});
