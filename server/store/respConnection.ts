// A Redis connection of our own, for the one command on every captain's path: the append script (redisStore.ts).
//
// node-redis queues a command and writes its queue in a setImmediate, so an append issued while the server reads a
// burst of socket frames waits for the rest of that burst before it leaves for Redis (p90 0.4 ms under the bench's
// load), and each command builds the client's command objects and promise chain. This connection writes a command's
// bytes at once, from one buffer, and parses its reply directly off the socket. What stays is the system call that
// hands the bytes to Redis and wakes it: the largest part of what an append costs the server (BENCHMARKS.md).
//
// It speaks RESP2 (what every Redis answers without HELLO) and knows what a redis:// URL can say: host, port,
// username, password and database. Anything else (rediss://, unix:) gets null from respTarget and the store keeps
// node-redis for its appends too. Like the store's node-redis client it has no offline queue: a command sent while
// disconnected rejects at once, and it reconnects by itself with the backoff it is given. It has no timeouts of its
// own: the store bounds every operation (opDeadlines.ts).

import net from 'node:net';
import { RedisClient } from 'redis';

export interface RespTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  database?: number;
}

/**
 * Where a redis:// URL points, or null for what this connection does not do (TLS, unix sockets, odd URLs). The URL is
 * read by node-redis's own parser, so that both of the store's connections understand REDIS_URL alike (decoding of
 * the user and password, IPv6 brackets, the database in the path); a query or fragment, which node-redis ignores, is
 * left to node-redis too.
 */
export function respTarget(url: string): RespTarget | null {
  let parsed: ReturnType<typeof RedisClient.parseURL>;
  try {
    parsed = RedisClient.parseURL(url);
    const { search, hash } = new URL(url);
    if (search !== '' || hash !== '') return null;
  } catch {
    return null;
  }
  const { socket, username, password, database } = parsed;
  if (socket.tls || 'path' in socket || !('host' in socket)) return null;
  const target: RespTarget = { host: socket.host || '127.0.0.1', port: socket.port ?? 6379 };
  if (username) target.username = username;
  if (password) target.password = password;
  if (database !== undefined) {
    if (!Number.isSafeInteger(database) || database < 0) return null;
    target.database = database;
  }
  return target;
}

/** An error reply of Redis (`-ERR ...`, `-NOSCRIPT ...`): the command reached Redis and Redis said no. */
export class RespErrorReply extends Error {
  override name = 'RespErrorReply';
}

/** The command did not get an answer from Redis: not connected, or the connection was lost before the reply. */
export class RespConnectionError extends Error {
  override name = 'RespConnectionError';
}

/** The name this connection gives itself in Redis (CLIENT LIST). */
export const CONNECTION_NAME = 'league-night-appends';

export type RespValue = string | number | null | RespErrorReply | RespValue[];

const INCOMPLETE = Symbol('incomplete');
const EMPTY = Buffer.alloc(0);
const CR = 13;
const LF = 10;

/**
 * Replies off a byte stream, as they complete. A reply split over several chunks is kept until its end arrives, and
 * parsed again from its start with each chunk: quadratic in the chunks of one reply, nothing for the short replies of
 * the append script that this connection reads.
 */
export class RespParser {
  #buf: Buffer = EMPTY;
  #at = 0;

  constructor(private readonly onReply: (value: RespValue) => void) {}

  /** Throws on bytes that are not RESP2: the stream cannot be trusted after that. */
  feed(chunk: Buffer): void {
    this.#buf = this.#at < this.#buf.length ? Buffer.concat([this.#buf.subarray(this.#at), chunk]) : chunk;
    this.#at = 0;
    while (this.#at < this.#buf.length) {
      const start = this.#at;
      const value = this.#value();
      if (value === INCOMPLETE) {
        this.#at = start;
        return;
      }
      this.onReply(value);
    }
    this.#buf = EMPTY;
    this.#at = 0;
  }

  #value(): RespValue | typeof INCOMPLETE {
    const buf = this.#buf;
    const start = this.#at;
    if (start >= buf.length) return INCOMPLETE;
    const end = buf.indexOf(CR, start + 1);
    if (end < 0 || end + 1 >= buf.length) return INCOMPLETE;
    const type = buf[start];
    this.#at = end + 2;
    switch (type) {
      case 0x2b: // + simple string
        return buf.toString('utf8', start + 1, end);
      case 0x2d: // - error
        return new RespErrorReply(buf.toString('utf8', start + 1, end));
      case 0x3a: // : integer
        return this.#count(start + 1, end);
      case 0x24: {
        // $ bulk string: its length in bytes, then the bytes and CRLF
        const length = this.#count(start + 1, end);
        if (length < 0) return null;
        const from = this.#at;
        if (from + length + 2 > buf.length) return INCOMPLETE;
        this.#at = from + length + 2;
        return buf.toString('utf8', from, from + length);
      }
      case 0x2a: {
        // * array: that many values
        const n = this.#count(start + 1, end);
        if (n < 0) return null;
        const items: RespValue[] = [];
        for (let i = 0; i < n; i++) {
          const item = this.#value();
          if (item === INCOMPLETE) return INCOMPLETE;
          items.push(item);
        }
        return items;
      }
      default:
        throw new Error(`not a RESP2 reply (type byte ${type})`);
    }
  }

  #count(from: number, to: number): number {
    const n = Number(this.#buf.toString('latin1', from, to));
    if (!Number.isSafeInteger(n)) throw new Error('not a RESP2 length or integer');
    return n;
  }
}

/**
 * One command as RESP2 bytes: an array of bulk strings, written straight into one buffer. Concatenating it as a
 * string instead built a rope of some fifty pieces per append, flattened again for the socket: 3.8 KB of garbage per
 * command in the bench's allocation profile, as much as the rest of the store's path.
 */
export function encodeCommand(args: readonly string[]): Buffer {
  const lengths = new Array<number>(args.length);
  let size = headerSize(args.length);
  for (let i = 0; i < args.length; i++) {
    const n = Buffer.byteLength(args[i]!);
    lengths[i] = n;
    size += headerSize(n) + n + 2;
  }
  const buf = Buffer.allocUnsafe(size);
  let at = writeHeader(buf, 0, 0x2a, args.length);
  for (let i = 0; i < args.length; i++) {
    at = writeHeader(buf, at, 0x24, lengths[i]!);
    at += buf.write(args[i]!, at, 'utf8');
    buf[at++] = CR;
    buf[at++] = LF;
  }
  return buf;
}

/** Bytes of a `*<n>\r\n` or `$<n>\r\n` line. */
function headerSize(n: number): number {
  let digits = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
  return digits + 3;
}

function writeHeader(buf: Buffer, at: number, type: number, n: number): number {
  buf[at] = type;
  const end = at + headerSize(n) - 2;
  let x = n;
  for (let i = end - 1; i > at; i--) {
    buf[i] = 0x30 + (x % 10);
    x = Math.floor(x / 10);
  }
  buf[end] = CR;
  buf[end + 1] = LF;
  return end + 2;
}

export interface RespConnectionOptions {
  /** TCP connect (and handshake) limit per attempt. */
  connectTimeoutMs: number;
  /** Wait before reconnect attempt `retries` (0 for the first after a loss). */
  reconnectDelayMs: (retries: number) => number;
  /** Failed connects, lost connections, refused handshakes: the connection goes on trying after each. */
  onError: (err: Error) => void;
}

interface Waiting {
  resolve: (value: RespValue) => void;
  reject: (err: Error) => void;
}

export class RespConnection {
  #socket: net.Socket | null = null;
  /** Connected and the handshake (AUTH, SELECT, CLIENT SETNAME, PING) answered: commands may go. */
  #ready = false;
  /** Commands written and not yet answered, oldest first: Redis answers a connection's commands in order. */
  #waiting: Waiting[] = [];
  #head = 0;
  #retries = 0;
  #reconnect: NodeJS.Timeout | null = null;
  #closed = false;
  #drained: (() => void) | null = null;
  #firstSettled: (() => void) | null = null;
  /** The socket is corked until this turn's microtasks have run (see #write). */
  #corked = false;

  constructor(
    readonly target: RespTarget,
    private readonly options: RespConnectionOptions,
  ) {
    this.#connect();
  }

  get ready(): boolean {
    return this.#ready;
  }

  /**
   * Settles when the first connect attempt has: connected and answered the handshake, or failed. The store opens
   * after that either way, as with node-redis's first 'ready' or 'error', so a server can boot while Redis is down.
   */
  readonly firstAttempt: Promise<void> = new Promise<void>((resolve) => (this.#firstSettled = resolve));

  /** The reply (an error reply resolves as a RespErrorReply inside arrays only; at the top it rejects). */
  send(args: readonly string[]): Promise<RespValue> {
    const socket = this.#socket;
    if (!this.#ready || socket === null) return Promise.reject(new RespConnectionError('redis connection is not ready'));
    return this.#write(socket, args);
  }

  /**
   * Lets the replies in flight arrive (for at most `waitMs`: a Redis that is paused would hold the close forever),
   * then closes; no reconnect after. Replies still missing then reject as lost.
   */
  async close(waitMs = 1000): Promise<void> {
    if (this.#closed) return;
    const wasReady = this.#ready;
    this.#closed = true;
    this.#ready = false;
    if (this.#reconnect) clearTimeout(this.#reconnect);
    const socket = this.#socket;
    if (!socket) return;
    if (wasReady && this.#head < this.#waiting.length) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.#drained = resolve;
        timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(timer);
    }
    socket.destroy();
  }

  #write(socket: net.Socket, args: readonly string[]): Promise<RespValue> {
    return new Promise<RespValue>((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      // Commands written in one turn of the event loop leave in one system call: the socket is corked until the
      // microtasks of this turn have run. When replies arrive together, the commands they wake write their next
      // appends in the same turn; each on its own write cost 35 % more CPU per append than node-redis's batches with
      // 200 in flight (bench/experiments/appendConnection.ts). A lone command still leaves within this turn, not after
      // the poll phase as with node-redis's setImmediate.
      if (!this.#corked) {
        this.#corked = true;
        socket.cork();
        queueMicrotask(() => {
          this.#corked = false;
          socket.uncork();
        });
      }
      socket.write(encodeCommand(args));
    });
  }

  #connect(): void {
    const { host, port } = this.target;
    const socket = net.connect({ host, port, noDelay: true, keepAlive: true });
    this.#socket = socket;
    const parser = new RespParser((value) => this.#answer(socket, value));
    socket.setTimeout(this.options.connectTimeoutMs, () => socket.destroy(new RespConnectionError(`redis connect to ${host}:${port} timed out`)));
    socket.once('connect', () => void this.#handshake(socket));
    socket.on('data', (chunk: Buffer) => {
      try {
        parser.feed(chunk);
      } catch (err) {
        socket.destroy(err instanceof Error ? err : new Error(String(err)));
      }
    });
    socket.on('error', (err) => this.options.onError(err));
    socket.on('close', () => this.#lost(socket));
  }

  async #handshake(socket: net.Socket): Promise<void> {
    const { username, password, database } = this.target;
    const steps: Promise<RespValue>[] = [];
    if (password !== undefined) steps.push(this.#write(socket, username ? ['AUTH', username, password] : ['AUTH', password]));
    if (database !== undefined) steps.push(this.#write(socket, ['SELECT', String(database)]));
    // Named so CLIENT LIST tells an operator (and the tests) which connection carries the appends.
    steps.push(this.#write(socket, ['CLIENT', 'SETNAME', CONNECTION_NAME]));
    // Ready only once Redis answers: a Redis still loading its data says LOADING here, and is tried again later.
    steps.push(this.#write(socket, ['PING']));
    try {
      await Promise.all(steps);
    } catch (err) {
      // The handshake's own failure (wrong password, LOADING); a lost connection is reported by its 'error' event.
      if (err instanceof RespErrorReply) {
        this.options.onError(err);
        socket.destroy();
      }
      return;
    }
    if (this.#socket !== socket || this.#closed) return;
    socket.setTimeout(0);
    this.#ready = true;
    this.#retries = 0;
    this.#firstSettled?.();
  }

  #answer(socket: net.Socket, value: RespValue): void {
    if (socket !== this.#socket || this.#head >= this.#waiting.length) {
      // A reply nobody asked for: the stream is out of step, and every later reply would go to the wrong caller.
      socket.destroy(new Error('redis sent a reply with no command waiting'));
      return;
    }
    const waiting = this.#waiting[this.#head]!;
    this.#head += 1;
    // Dropping the answered head once in a while rather than a shift() per reply, which copies the whole list; an
    // emptied list keeps its backing store (length 0) rather than a new array for nearly every reply.
    if (this.#head === this.#waiting.length) {
      this.#waiting.length = 0;
      this.#head = 0;
      this.#drained?.();
    } else if (this.#head >= 1024) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
    if (value instanceof RespErrorReply) waiting.reject(value);
    else waiting.resolve(value);
  }

  #lost(socket: net.Socket): void {
    if (socket !== this.#socket) return;
    this.#ready = false;
    this.#socket = null;
    const waiting = this.#waiting.slice(this.#head);
    this.#waiting = [];
    this.#head = 0;
    // The command may have run in Redis and only its reply is lost: for an append the commandId retry settles which.
    for (const w of waiting) w.reject(new RespConnectionError('redis connection lost before the reply'));
    this.#drained?.();
    this.#firstSettled?.();
    if (this.#closed) return;
    this.#reconnect = setTimeout(() => {
      this.#reconnect = null;
      if (!this.#closed) this.#connect();
    }, this.options.reconnectDelayMs(this.#retries++));
  }
}
