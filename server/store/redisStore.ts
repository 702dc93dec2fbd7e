// Redis backend of MatchStore (node-redis 6).
//
// Key layout, all under `prefix` (default 'ln:') so several deployments or test runs can share one
// Redis without seeing each other:
//   <prefix>matches                   SET   of match ids (listMatches without SCANning the keyspace)
//   <prefix>match:<id>:state          HASH  meta, version, snapshot, snapshotVersion: one hash so load()
//                                           reads them in one atomic script (meta never changes after
//                                           create, keeping it here costs nothing and saves a round trip)
//   <prefix>match:<id>:events         LIST  JSON events; index i holds version i+1
//   <prefix>match:<id>:answers        HASH  commandId -> JSON answer
//   <prefix>doc:<collection>          HASH  id -> "<rev> <JSON doc>" (rev and doc in one field so the
//                                           CAS script and the readers never see them disagree)
//   <prefix>docstamps                 HASH  collection -> stamp of its last write (collectionStamp)
// Ids may contain ':' without collisions: each key has a fixed head and a fixed, distinct tail.
// Scripts touch several keys, so this assumes one Redis node (not Redis Cluster).
//
// Answers are not bounded: a match is a finite evening of a few hundred commands, and evicting an
// answer would reopen the double-apply window that commandIds exist to close.
//
// Snapshots are checkpoints (option `checkpoints`): an append writes its snapshot only when the
// version, shifted by the match's own offset (checkpointOffset), crosses a multiple of `every`;
// load() reads the snapshot and the events after it in one script and folds them with `evolve`.
// Writing a match's whole state (~15 KB of JSON late in a match) with every command was a quarter
// of the server's busy time in the bench profile: the JSON text, then the copy into the socket to
// Redis (bench/HISTORY.md, "Snapshot checkpoints"). The offset spreads the checkpoints of matches that started together (a
// league night starts at one time everywhere): unshifted, they all fell in the same second. A hash
// without snapshotVersion (written before checkpoints) has its snapshot at `version`.
//
// Durability is whatever the Redis server is configured for (appendfsync): an acknowledged write
// is in Redis memory, not necessarily on its disk.

import { createHash, randomBytes } from 'node:crypto';
import { createClient, ErrorReply, type RedisClientType } from 'redis';
import { checkAppend, checkName, checkRev, checkVersion, storedEvents, toJson } from './codec';
import { OpDeadlines } from './opDeadlines';
import { RespConnection, RespErrorReply, respTarget } from './respConnection';
import {
  StoreUnavailableError,
  UnknownMatchError,
  type AppendResult,
  type Announcement,
  type DocEntry,
  type MatchStore,
  type PutDocResult,
  type RecordResult,
  type StoredEvent,
} from './matchStore';

export interface RedisStoreOptions<E = unknown, S = unknown> {
  /** e.g. redis://127.0.0.1:6379 */
  url: string;
  /** Key prefix, default 'ln:'. */
  prefix?: string;
  /**
   * Upper bound on any single operation, default 2000 ms. disableOfflineQueue only covers a dropped
   * connection; a Redis that accepts TCP but never answers (paused, swapping, stuck script) would
   * otherwise hang every request of the room.
   */
  opTimeoutMs?: number;
  /** Cap of the exponential reconnect backoff, default 2000 ms: recovery is noticed within that. */
  maxReconnectDelayMs?: number;
  /** TCP connect timeout per attempt, default 1000 ms. */
  connectTimeoutMs?: number;
  /**
   * Receives connection errors. node-redis emits one per failed (re)connect attempt; without a
   * listener an 'error' event would crash the process, so one is always attached.
   */
  onError?: (err: Error) => void;
  /** Keep the snapshot only every `every` versions (see the head of this file); default: every append. */
  checkpoints?: Checkpoints<E, S>;
  /**
   * Appends on a connection of their own (respConnection.ts) where the URL allows it (redis://), default true;
   * false sends them through node-redis like every other operation (also what rediss:// and unix: URLs get).
   */
  appendConnection?: boolean;
}

export interface Checkpoints<E, S> {
  every: number;
  /** The snapshot after `events`, from the snapshot before them: must agree with what append is given. */
  evolve: (snapshot: S, events: readonly E[]) => S;
}

interface Script {
  src: string;
  sha: string;
}

function script(src: string): Script {
  return { src, sha: createHash('sha1').update(src).digest('hex') };
}

// KEYS: state, matches   ARGV: matchId, meta, snapshot
const CREATE = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'meta', ARGV[2], 'snapshot', ARGV[3], 'version', '0', 'snapshotVersion', '0')
redis.call('SADD', KEYS[2], ARGV[1])
return 1
`);

// The whole compare-and-set runs inside one script because Redis runs a script atomically: two
// processes appending at the same version are serialised by Redis itself, no WATCH/retry loop.
// ARGV[4] is '' when this append keeps the snapshot where it is (never valid JSON, so never a snapshot).
// ARGV[5..8]: the announcement (MatchStore's Announcement), channel '' for none. It is PUBLISHed once appended, so
// the other server processes learn of the append in the same step, in the order Redis ran the appends, at no extra
// round trip; its text wraps the events' own JSON (ARGV[9..]) so they are sent here once. PUBSUB NUMSUB skips it
// when nobody but the announcing process listens.
// KEYS: state, events, answers
// ARGV: expectedVersion, commandId, answer, snapshot or '', channel, head, tail, ownListeners, event...
const FIRST_EVENT = 9;
const APPEND = script(`
local prev = redis.call('HGET', KEYS[3], ARGV[2])
if prev then return {'duplicate', prev} end
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if tonumber(current) ~= tonumber(ARGV[1]) then return {'conflict', current} end
local from = tonumber(current)
for i = ${FIRST_EVENT}, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
local version = tostring(from + #ARGV - ${FIRST_EVENT - 1})
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'version', version, 'snapshot', ARGV[4], 'snapshotVersion', version)
else
  -- A hash from before checkpoints has no snapshotVersion: its snapshot is at the current version; say so once.
  redis.call('HSETNX', KEYS[1], 'snapshotVersion', current)
  redis.call('HSET', KEYS[1], 'version', version)
end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
if ARGV[5] ~= '' and tonumber(redis.call('PUBSUB', 'NUMSUB', ARGV[5])[2]) > tonumber(ARGV[8]) then
  local items = {}
  for i = ${FIRST_EVENT}, #ARGV do
    items[#items + 1] = '{"version":' .. string.format('%d', from + i - ${FIRST_EVENT - 1}) .. ',"event":' .. ARGV[i] .. '}'
  end
  redis.call('PUBLISH', ARGV[5], ARGV[6] .. '[' .. table.concat(items, ',') .. ']' .. ARGV[7])
end
return {'appended', version}
`);

// Meta, version, the snapshot, its version and the events after it, in one atomic read.
// KEYS: state, events   reply: nil | {meta, version, snapshot, snapshotVersion, {event...}}
const LOAD = script(`
local h = redis.call('HMGET', KEYS[1], 'meta', 'version', 'snapshot', 'snapshotVersion')
if not h[1] or not h[2] or not h[3] then return false end
local at = h[4] or h[2]
local tail = {}
if tonumber(at) < tonumber(h[2]) then tail = redis.call('LRANGE', KEYS[2], tonumber(at), tonumber(h[2]) - 1) end
return {h[1], h[2], h[3], at, tail}
`);

// eventsAfter for many matches: per match 0 when unknown, else its events from ARGV[i] on. One script instead of
// an EXISTS and an LRANGE per match: a season page brings every room of its season up to date (roomStates.ts).
// KEYS: state, events of each match in turn   ARGV: the version of each
const EVENTS_AFTER_EACH = script(`
local out = {}
for i = 1, #ARGV do
  if redis.call('EXISTS', KEYS[2 * i - 1]) == 0 then out[i] = 0
  else out[i] = redis.call('LRANGE', KEYS[2 * i], tonumber(ARGV[i]), -1) end
end
return out
`);

/**
 * Matches per EVENTS_AFTER_EACH script: Redis runs a script to its end before serving anyone else, so a long season
 * is read in several short ones, between which other connections (other processes' appends) are served.
 */
const EVENTS_AFTER_EACH_BATCH = 100;

// The earlier answer wins: {'duplicate', earlier} or {'recorded'}; {'missing'} for an unknown match.
// KEYS: state, answers   ARGV: commandId, answer
const RECORD_ANSWER = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local prev = redis.call('HGET', KEYS[2], ARGV[1])
if prev then return {'duplicate', prev} end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return {'recorded'}
`);

// KEYS: collection hash, stamps   ARGV: id, expectedRev, doc, collection, stamp
const PUT_DOC = script(`
local current = redis.call('HGET', KEYS[1], ARGV[1])
local rev = 0
if current then rev = tonumber(string.sub(current, 1, string.find(current, ' ', 1, true) - 1)) end
if rev ~= tonumber(ARGV[2]) then return {'conflict', tostring(rev)} end
rev = rev + 1
redis.call('HSET', KEYS[1], ARGV[1], tostring(rev) .. ' ' .. ARGV[3])
redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
return {'ok', tostring(rev)}
`);

// Error replies that mean "Redis cannot serve right now" rather than "our command is wrong".
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS|READONLY|OOM|MISCONF)\b/;

/** An error reply of Redis, through node-redis or the appends' own connection: Redis got the command and said no. */
const isErrorReply = (err: unknown): err is Error => err instanceof ErrorReply || err instanceof RespErrorReply;

/** A script run by its SHA, or by its source when Redis no longer has it (NOSCRIPT), whichever client sends it. */
async function bySha<T>(sha: () => Promise<T>, source: () => Promise<T>): Promise<T> {
  try {
    return await sha();
  } catch (err) {
    if (!(isErrorReply(err) && err.message.startsWith('NOSCRIPT'))) throw err;
    return await source();
  }
}

function toUnavailable(err: unknown, what: string): Error {
  if (err instanceof StoreUnavailableError) return err;
  if (isErrorReply(err) && !TRANSIENT_REPLY.test(err.message)) {
    // A script or data bug: reporting it as an outage would hide it behind "try again".
    return err;
  }
  const message = err instanceof Error ? err.message : String(err);
  return new StoreUnavailableError(`redis ${what} failed: ${message}`, { cause: err });
}

/**
 * Where in every `every` versions this match writes its checkpoint: 0 to every - 1, fixed by its id (FNV-1a), so
 * matches played in step write theirs in different commands. Only the moment changes: load() finds the snapshot's
 * version in the hash, whatever it is.
 */
export function checkpointOffset(matchId: string, every: number): number {
  if (every <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < matchId.length; i++) hash = Math.imul(hash ^ matchId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % every;
}

function asString(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  throw new Error(`unexpected redis reply for ${what}: ${JSON.stringify(value)}`);
}

function replyTuple(reply: unknown, what: string): [string, string | undefined] {
  if (!Array.isArray(reply) || reply.length === 0) throw new Error(`unexpected redis reply for ${what}: ${JSON.stringify(reply)}`);
  const [kind, value] = reply as unknown[];
  return [asString(kind, what), value === undefined ? undefined : asString(value, what)];
}

function parseDocField(field: string): { rev: number; json: string } {
  const space = field.indexOf(' ');
  return { rev: Number(field.slice(0, space)), json: field.slice(space + 1) };
}

export class RedisMatchStore<E, S, M, A> implements MatchStore<E, S, M, A> {
  readonly prefix: string;
  readonly #client: RedisClientType;
  /** The appends' own connection (respConnection.ts), or null when the URL needs node-redis (TLS, unix sockets). */
  readonly #appendLine: RespConnection | null;
  readonly #opTimeoutMs: number;
  readonly #checkpoints: Checkpoints<E, S> | null;
  readonly #deadlines: OpDeadlines;
  /** What this store object stamps its document writes with (collectionStamp): a random tag and a count. */
  readonly #stampTag = randomBytes(6).toString('base64url');
  #stampCount = 0;
  #closed = false;

  /** Use createRedisStore: it configures the client for fail-fast and self-recovery. */
  constructor(
    client: RedisClientType,
    prefix: string,
    opTimeoutMs: number,
    checkpoints: Checkpoints<E, S> | null = null,
    appendLine: RespConnection | null = null,
  ) {
    if (checkpoints && !(Number.isSafeInteger(checkpoints.every) && checkpoints.every >= 1)) {
      throw new RangeError(`checkpoints.every must be an integer >= 1, got ${checkpoints.every}`);
    }
    this.#client = client;
    this.#appendLine = appendLine;
    this.prefix = prefix;
    this.#opTimeoutMs = opTimeoutMs;
    this.#checkpoints = checkpoints;
    // A tenth of the limit (10-100 ms): a 2 s limit is then kept to within 5 %, at 10 checks a second under load.
    this.#deadlines = new OpDeadlines(
      Math.min(100, Math.max(10, Math.round(opTimeoutMs / 10))),
      (what, limitMs) => new StoreUnavailableError(`redis ${what} timed out after ${limitMs} ms`),
    );
  }

  #key(matchId: string, part: 'state' | 'events' | 'answers'): string {
    return `${this.prefix}match:${matchId}:${part}`;
  }

  #docKey(collection: string): string {
    return `${this.prefix}doc:${collection}`;
  }

  // Every Redis round trip goes through here: one place for the timeout and the error mapping.
  async #op<T>(what: string, run: (client: RedisClientType) => Promise<T>, timeoutMs = this.#opTimeoutMs): Promise<T> {
    if (this.#closed) throw new StoreUnavailableError('store is closed');
    try {
      // If the limit passes first, the command may still complete in Redis later; for append that is
      // exactly the "lost reply" case the commandId retry handles.
      return await this.#deadlines.bound(run(this.#client), what, timeoutMs);
    } catch (err) {
      throw toUnavailable(err, what);
    }
  }

  // EVALSHA first so the script body is not resent each time; EVAL on NOSCRIPT (Redis restarted or
  // SCRIPT FLUSH) loads it again. Same script either way, so atomicity is the same.
  // `ownLine`: on the appends' own connection where there is one (the append only: the one script on every captain's
  // path; the rest keep node-redis, whose batching costs them nothing that matters). Its replies have the shapes
  // node-redis gives a script in RESP2 (strings, integers, arrays, null), so the callers read both alike.
  async #runScript(what: string, s: Script, keys: string[], args: string[], ownLine = false): Promise<unknown> {
    const line = ownLine ? this.#appendLine : null;
    if (line) {
      const call = ['EVALSHA', s.sha, String(keys.length), ...keys, ...args];
      return this.#op(what, () => bySha(() => line.send(call), () => line.send(['EVAL', s.src, ...call.slice(2)])));
    }
    return this.#op(what, (client) =>
      bySha(
        () => client.evalSha(s.sha, { keys, arguments: args }),
        () => client.eval(s.src, { keys, arguments: args }),
      ),
    );
  }

  async create(matchId: string, meta: M, initialSnapshot: S): Promise<'created' | 'exists'> {
    checkName(matchId, 'matchId');
    const args = [matchId, toJson(meta, 'meta'), toJson(initialSnapshot, 'snapshot')];
    const reply = await this.#runScript('create', CREATE, [this.#key(matchId, 'state'), `${this.prefix}matches`], args);
    return reply === 1 ? 'created' : 'exists';
  }

  async meta(matchId: string): Promise<M | null> {
    checkName(matchId, 'matchId');
    const meta = await this.#op('meta', (c) => c.hGet(this.#key(matchId, 'state'), 'meta'));
    return meta == null ? null : (JSON.parse(meta) as M);
  }

  async load(matchId: string): Promise<{ meta: M; version: number; snapshot: S } | null> {
    checkName(matchId, 'matchId');
    const reply = await this.#runScript('load', LOAD, [this.#key(matchId, 'state'), this.#key(matchId, 'events')], []);
    if (reply == null) return null;
    if (!Array.isArray(reply) || reply.length !== 5 || !Array.isArray(reply[4])) {
      throw new Error(`unexpected redis reply for load: ${JSON.stringify(reply)}`);
    }
    const [meta, version, snapshot, at] = (reply.slice(0, 4) as unknown[]).map((v) => asString(v, 'load'));
    const tail = (reply[4] as unknown[]).map((v) => JSON.parse(asString(v, 'load')) as E);
    let state = JSON.parse(snapshot as string) as S;
    if (tail.length > 0) {
      // Without evolve this store cannot bring the snapshot forward; reading a wrong state would be worse than failing.
      if (!this.#checkpoints) throw new Error(`match ${matchId} has events after its snapshot; open the store with checkpoints`);
      state = this.#checkpoints.evolve(state, tail);
    }
    if (Number(at) + tail.length !== Number(version)) throw new Error(`match ${matchId}: log and version disagree`);
    return { meta: JSON.parse(meta as string) as M, version: Number(version), snapshot: state };
  }

  async eventsAfter(matchId: string, version: number): Promise<StoredEvent<E>[] | null> {
    checkName(matchId, 'matchId');
    checkVersion(version, 'version');
    // Not one atomic read, and it need not be: a match is never deleted and its log only grows,
    // and EXISTS is sent before LRANGE on the same connection, so "exists=0" really means unknown.
    const [exists, items] = await this.#op('eventsAfter', (c) =>
      Promise.all([c.exists(this.#key(matchId, 'state')), c.lRange(this.#key(matchId, 'events'), version, -1)]),
    );
    if (exists === 0) return null;
    return storedEvents<E>(items, version);
  }

  async eventsAfterEach(reads: readonly { matchId: string; version: number }[]): Promise<(StoredEvent<E>[] | null)[]> {
    for (const { matchId, version } of reads) {
      checkName(matchId, 'matchId');
      checkVersion(version, 'version');
    }
    const batches: (typeof reads)[] = [];
    for (let i = 0; i < reads.length; i += EVENTS_AFTER_EACH_BATCH) batches.push(reads.slice(i, i + EVENTS_AFTER_EACH_BATCH));
    const replies = await Promise.all(
      batches.map(async (batch) => {
        const keys = batch.flatMap(({ matchId }) => [this.#key(matchId, 'state'), this.#key(matchId, 'events')]);
        const reply = await this.#runScript('eventsAfterEach', EVENTS_AFTER_EACH, keys, batch.map(({ version }) => String(version)));
        if (!Array.isArray(reply) || reply.length !== batch.length) throw new Error(`unexpected redis reply for eventsAfterEach: ${JSON.stringify(reply)}`);
        return reply.map((found: unknown, i) => {
          if (found === 0) return null;
          if (!Array.isArray(found)) throw new Error(`unexpected redis reply for eventsAfterEach: ${JSON.stringify(found)}`);
          return storedEvents<E>(found.map((v: unknown) => asString(v, 'eventsAfterEach')), batch[i]!.version);
        });
      }),
    );
    return replies.flat();
  }

  async append(
    matchId: string,
    expectedVersion: number,
    events: E[],
    snapshot: S,
    commandId: string,
    answer: A,
    announce?: Announcement,
  ): Promise<AppendResult<A>> {
    checkAppend(matchId, expectedVersion, events, commandId);
    if (announce) checkName(announce.channel, 'announce.channel');
    const every = this.#checkpoints?.every ?? 1;
    const shift = checkpointOffset(matchId, every);
    const checkpoint = Math.floor((expectedVersion + shift) / every) !== Math.floor((expectedVersion + events.length + shift) / every);
    const args = [
      String(expectedVersion),
      commandId,
      toJson(answer, 'answer'),
      checkpoint ? toJson(snapshot, 'snapshot') : '',
      announce?.channel ?? '',
      announce?.head ?? '',
      announce?.tail ?? '',
      String(announce?.ownListeners ?? 0),
      ...events.map((e) => toJson(e, 'event')),
    ];
    const keys = [this.#key(matchId, 'state'), this.#key(matchId, 'events'), this.#key(matchId, 'answers')];
    const [kind, value] = replyTuple(await this.#runScript('append', APPEND, keys, args, true), 'append');
    switch (kind) {
      case 'appended':
        return { kind: 'appended', version: Number(value) };
      case 'conflict':
        return { kind: 'conflict', version: Number(value) };
      case 'duplicate':
        return { kind: 'duplicate', answer: JSON.parse(asString(value, 'append')) as A };
      case 'missing':
        throw new UnknownMatchError(matchId);
      default:
        throw new Error(`unexpected redis reply for append: ${kind}`);
    }
  }

  async recordAnswer(matchId: string, commandId: string, answer: A): Promise<RecordResult<A>> {
    checkName(matchId, 'matchId');
    checkName(commandId, 'commandId');
    const keys = [this.#key(matchId, 'state'), this.#key(matchId, 'answers')];
    const reply = await this.#runScript('recordAnswer', RECORD_ANSWER, keys, [commandId, toJson(answer, 'answer')]);
    const [kind, value] = replyTuple(reply, 'recordAnswer');
    switch (kind) {
      case 'recorded':
        return { kind: 'recorded' };
      case 'duplicate':
        return { kind: 'duplicate', answer: JSON.parse(asString(value, 'recordAnswer')) as A };
      case 'missing':
        throw new UnknownMatchError(matchId);
      default:
        throw new Error(`unexpected redis reply for recordAnswer: ${kind}`);
    }
  }

  async answerFor(matchId: string, commandId: string): Promise<A | null> {
    checkName(matchId, 'matchId');
    checkName(commandId, 'commandId');
    const answer = await this.#op('answerFor', (c) => c.hGet(this.#key(matchId, 'answers'), commandId));
    return answer == null ? null : (JSON.parse(answer) as A);
  }

  async listMatches(): Promise<string[]> {
    const ids = await this.#op('listMatches', (c) => c.sMembers(`${this.prefix}matches`));
    return [...ids].sort();
  }

  async getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null> {
    checkName(collection, 'collection');
    checkName(id, 'id');
    const field = await this.#op('getDoc', (c) => c.hGet(this.#docKey(collection), id));
    if (field == null) return null;
    const { rev, json } = parseDocField(field);
    return { rev, doc: JSON.parse(json) as D };
  }

  async putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult> {
    checkName(collection, 'collection');
    checkName(id, 'id');
    checkRev(expectedRev);
    // The stamp: this store object's own random tag and its count of writes, so no two writes share one, from any
    // process, even after Redis lost its data (a counter kept in Redis would start again and repeat).
    const args = [id, String(expectedRev ?? 0), toJson(doc, 'doc'), collection, `${this.#stampTag}.${++this.#stampCount}`];
    const [kind, rev] = replyTuple(await this.#runScript('putDoc', PUT_DOC, [this.#docKey(collection), `${this.prefix}docstamps`], args), 'putDoc');
    if (kind !== 'ok' && kind !== 'conflict') throw new Error(`unexpected redis reply for putDoc: ${kind}`);
    return { kind, rev: Number(rev) };
  }

  async collectionStamp(collection: string): Promise<string | null> {
    checkName(collection, 'collection');
    return (await this.#op('collectionStamp', (c) => c.hGet(`${this.prefix}docstamps`, collection))) ?? null;
  }

  async listDocs<D>(collection: string): Promise<DocEntry<D>[]> {
    checkName(collection, 'collection');
    const all = await this.#op('listDocs', (c) => c.hGetAll(this.#docKey(collection)));
    return Object.entries(all)
      .map(([id, field]) => {
        const { rev, json } = parseDocField(field);
        return { id, rev, doc: JSON.parse(json) as D };
      })
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async ping(): Promise<boolean> {
    // isReady is false while reconnecting: answer at once instead of waiting for a timeout.
    if (this.#closed || !this.#client.isReady || this.#appendLine?.ready === false) return false;
    try {
      return (await this.#op('ping', (c) => c.ping(), Math.min(this.#opTimeoutMs, 1000))) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#appendLine?.close();
    try {
      // close() lets in-flight replies arrive; it cannot when the connection is down, so destroy then.
      if (this.#client.isReady) await this.#client.close();
      else this.#client.destroy();
    } catch {
      this.#client.destroy();
    }
  }
}

/**
 * Creates a store and starts connecting. Resolves once the first connection attempt has either
 * succeeded or failed, so a server can boot (and report ping() false) while Redis is down; the
 * client keeps reconnecting in the background and the same store recovers by itself.
 */
export async function createRedisStore<E, S, M, A>(options: RedisStoreOptions<E, S>): Promise<RedisMatchStore<E, S, M, A>> {
  const maxDelay = options.maxReconnectDelayMs ?? 2000;
  // Never give up (a number, not false), so the store recovers without a restart; the appends' connection alike.
  const reconnectStrategy = (retries: number) => Math.min(50 * 2 ** Math.min(retries, 16), maxDelay);
  const client: RedisClientType = createClient({
    url: options.url,
    // Commands issued while disconnected reject at once (ClientOfflineError) instead of queueing
    // until Redis returns: a scorekeeper must see "not saved" now, not a spinner for minutes.
    disableOfflineQueue: true,
    // No per-command timeout in the client: #op bounds every operation itself (opTimeoutMs). node-redis 6 would
    // otherwise give each command its own 5 s AbortSignal.timeout(), whose timer fires later and builds a
    // DOMException: 26 % of the server's CPU per command in the bench (bench/HISTORY.md, recommendation 1).
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 1000,
      reconnectStrategy,
    },
  });
  client.on('error', (err: Error) => options.onError?.(err));

  const firstAttempt = new Promise<void>((resolve) => {
    const done = (): void => {
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    client.on('ready', done);
    client.on('error', done);
  });
  // connect() only settles once connected or once we close the client; outages are reported per
  // operation instead, so its rejection carries nothing we need.
  client.connect().catch(() => undefined);
  const target = options.appendConnection === false ? null : respTarget(options.url);
  const appendLine = target
    ? new RespConnection(target, {
        connectTimeoutMs: options.connectTimeoutMs ?? 1000,
        reconnectDelayMs: reconnectStrategy,
        onError: (err) => options.onError?.(err),
      })
    : null;
  await Promise.all([firstAttempt, appendLine?.firstAttempt]);
  return new RedisMatchStore<E, S, M, A>(client, options.prefix ?? 'ln:', options.opTimeoutMs ?? 2000, options.checkpoints ?? null, appendLine);
}
