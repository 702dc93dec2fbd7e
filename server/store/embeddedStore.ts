// Embedded backend of MatchStore: state in memory, durability in append-only JSONL files, for a
// single server process with no Redis (a laptop at the venue).
//
// Layout under `dir`:
//   matches/<sha256(matchId)>.jsonl   one file per match; line 1 is the create record
//   docs.jsonl                        every putDoc, in order; on replay the last line per id wins
// Match ids are arbitrary strings (case, '/', '..', any length) and file names are not, hence the
// hash; the id itself is in the create record.
//
// Record lines:
//   {"t":"create","id":…,"meta":…,"snapshot":…}
//   {"t":"append","v":<version after>,"cmd":…,"answer":…,"snapshot":…,"events":[…]}
//   {"t":"answer","cmd":…,"answer":…}
//   {"t":"doc","c":<collection>,"id":…,"rev":…,"doc":…}          (docs.jsonl)
// Each append record carries the full snapshot. The store cannot recompute a snapshot from events
// (it does not know the rules), so every line must be enough on its own; replay keeps only the last
// snapshot in memory. The price is file size (appends × snapshot size), fine for one league night;
// compaction (rewrite as create + one checkpoint) is left for when it matters.
//
// Durability: a write resolves only after its line is written and fdatasync'ed, and memory is
// updated only after that, so nothing a caller saw acknowledged (or read) can be lost by SIGKILL or
// power loss. A crash mid-write leaves at most one incomplete last line, which was never
// acknowledged: replay drops it and truncates the file so the next record starts on a clean line.
// A complete line that does not parse is corruption, not a crash artefact: opening fails loudly
// rather than silently dropping acknowledged data.
//
// Concurrency: one process owns `dir` (no lock file: a PID-based lock goes stale after SIGKILL and
// containers reuse PIDs, which would block restarts). Inside the process, writes to one match run
// one at a time on a promise chain, which is what makes append's compare-and-set correct.

import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkAppend, checkName, checkRev, checkVersion, storedEvents, toJson } from './codec';
import {
  StoreUnavailableError,
  UnknownMatchError,
  type AppendResult,
  type DocEntry,
  type MatchStore,
  type PutDocResult,
  type RecordResult,
  type StoredEvent,
} from './matchStore';

export interface EmbeddedStoreOptions {
  /** Data directory; created if missing. */
  dir: string;
}

/** Path of a match's log file, for operators and tests that need to look at it. */
export function embeddedMatchFile(dir: string, matchId: string): string {
  return join(dir, 'matches', `${createHash('sha256').update(matchId).digest('hex')}.jsonl`);
}

// In memory everything is kept as JSON text and parsed on every read, like the Redis backend: a
// caller mutating a returned object cannot reach into the store, and both backends behave alike.
interface MatchEntry {
  id: string;
  file: string;
  /** Bytes of the file known to be complete records; a failed write is truncated back to this. */
  size: number;
  meta: string;
  version: number;
  snapshot: string;
  events: string[];
  answers: Map<string, string>;
  /** Set when a failed write could not be rolled back: the file's tail is unknown until reopen. */
  broken: Error | null;
}

interface DocSlot {
  rev: number;
  json: string;
}

class CorruptStoreError extends Error {
  override name = 'CorruptStoreError';
}

/** Complete lines of a JSONL file and the byte length they span (the rest is a torn tail). */
function completeLines(buf: Buffer): { lines: string[]; size: number } {
  const end = buf.lastIndexOf(0x0a) + 1;
  const text = buf.subarray(0, end).toString('utf8');
  const lines = text.length === 0 ? [] : text.slice(0, -1).split('\n');
  return { lines, size: end };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function syncDir(dir: string): Promise<void> {
  // A new file's directory entry is only durable once the directory itself is synced.
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Drops a torn tail found at open, so the next append does not glue onto it. */
async function truncateTo(file: string, size: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(size);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export class EmbeddedMatchStore<E, S, M, A> implements MatchStore<E, S, M, A> {
  readonly dir: string;
  readonly #matchesDir: string;
  readonly #docsFile: string;
  readonly #matches = new Map<string, MatchEntry>();
  readonly #docs = new Map<string, Map<string, DocSlot>>();
  /** Writes per collection since this object opened the files, and its tag (collectionStamp). */
  readonly #writes = new Map<string, number>();
  readonly #stampTag = randomBytes(6).toString('base64url');
  #docsSize = 0;
  #docsBroken: Error | null = null;
  // Tail of each match's write chain, keyed by id even before the match exists (create races).
  readonly #chains = new Map<string, Promise<void>>();
  #docsChain: Promise<void> = Promise.resolve();
  #closed = false;

  /** Use createEmbeddedStore: it replays the files before the store is usable. */
  constructor(dir: string) {
    this.dir = dir;
    this.#matchesDir = join(dir, 'matches');
    this.#docsFile = join(dir, 'docs.jsonl');
  }

  async open(): Promise<void> {
    await mkdir(this.#matchesDir, { recursive: true });
    for (const name of (await readdir(this.#matchesDir)).sort()) {
      if (name.endsWith('.jsonl')) await this.#replayMatch(join(this.#matchesDir, name));
    }
    await this.#replayDocs();
  }

  async #replayMatch(file: string): Promise<void> {
    const buf = await readFile(file);
    const { lines, size } = completeLines(buf);
    if (lines.length === 0) {
      // Only a torn create record: that create was never acknowledged, so the match never existed.
      await unlink(file);
      return;
    }
    let entry: MatchEntry | undefined;
    lines.forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      let rec: unknown;
      try {
        rec = JSON.parse(line);
      } catch {
        throw new CorruptStoreError(`corrupt record at ${where}`);
      }
      if (!isRecord(rec)) throw new CorruptStoreError(`corrupt record at ${where}`);
      if (index === 0) {
        if (rec.t !== 'create' || typeof rec.id !== 'string' || embeddedMatchFile(this.dir, rec.id) !== file) {
          throw new CorruptStoreError(`first record at ${where} is not this file's create record`);
        }
        entry = {
          id: rec.id,
          file,
          size,
          meta: toJson(rec.meta, 'meta'),
          version: 0,
          snapshot: toJson(rec.snapshot, 'snapshot'),
          events: [],
          answers: new Map(),
          broken: null,
        };
        return;
      }
      const m = entry as MatchEntry;
      if (rec.t === 'append' && Array.isArray(rec.events) && typeof rec.cmd === 'string') {
        if (rec.v !== m.version + rec.events.length) throw new CorruptStoreError(`version gap at ${where}`);
        for (const event of rec.events) m.events.push(toJson(event, 'event'));
        m.version = rec.v;
        m.snapshot = toJson(rec.snapshot, 'snapshot');
        m.answers.set(rec.cmd, toJson(rec.answer, 'answer'));
      } else if (rec.t === 'answer' && typeof rec.cmd === 'string') {
        if (!m.answers.has(rec.cmd)) m.answers.set(rec.cmd, toJson(rec.answer, 'answer'));
      } else {
        throw new CorruptStoreError(`unknown record at ${where}`);
      }
    });
    const m = entry as MatchEntry;
    if (buf.length !== size) await truncateTo(file, size);
    this.#matches.set(m.id, m);
  }

  async #replayDocs(): Promise<void> {
    let buf: Buffer;
    try {
      buf = await readFile(this.#docsFile);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const { lines, size } = completeLines(buf);
    lines.forEach((line, index) => {
      const where = `${this.#docsFile}:${index + 1}`;
      let rec: unknown;
      try {
        rec = JSON.parse(line);
      } catch {
        throw new CorruptStoreError(`corrupt record at ${where}`);
      }
      if (!isRecord(rec) || rec.t !== 'doc' || typeof rec.c !== 'string' || typeof rec.id !== 'string' || typeof rec.rev !== 'number') {
        throw new CorruptStoreError(`corrupt record at ${where}`);
      }
      const collection = this.#collection(rec.c);
      if (rec.rev !== (collection.get(rec.id)?.rev ?? 0) + 1) throw new CorruptStoreError(`revision gap at ${where}`);
      collection.set(rec.id, { rev: rec.rev, json: toJson(rec.doc, 'doc') });
    });
    this.#docsSize = size;
    if (buf.length !== size) await truncateTo(this.#docsFile, size);
  }

  #collection(name: string): Map<string, DocSlot> {
    let collection = this.#docs.get(name);
    if (!collection) {
      collection = new Map();
      this.#docs.set(name, collection);
    }
    return collection;
  }

  #checkOpen(): void {
    if (this.#closed) throw new StoreUnavailableError('store is closed');
  }

  /** Runs `task` after every earlier write to the same match, whatever their outcome. */
  #serial<T>(matchId: string, task: () => Promise<T>): Promise<T> {
    this.#checkOpen();
    const result = (this.#chains.get(matchId) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#chains.set(matchId, tail);
    void tail.then(() => {
      if (this.#chains.get(matchId) === tail) this.#chains.delete(matchId);
    });
    return result;
  }

  /**
   * Appends `line` durably at byte offset `size`. On failure, truncates back to `size` so a partial
   * write cannot corrupt the records that follow; returns the error to record if even that fails.
   */
  async #durableAppend(file: string, line: string, size: number): Promise<{ size: number } | { error: Error; broken: boolean }> {
    let handle;
    try {
      handle = await open(file, 'a');
      await handle.appendFile(line, 'utf8');
      await handle.datasync();
      return { size: size + Buffer.byteLength(line) };
    } catch (err) {
      const error = new StoreUnavailableError(`write to ${file} failed: ${(err as Error).message}`, { cause: err });
      try {
        if (handle) {
          await handle.truncate(size);
          await handle.datasync();
        }
        return { error, broken: false };
      } catch {
        return { error, broken: true };
      }
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  async #writeMatch(m: MatchEntry, line: string): Promise<void> {
    if (m.broken) throw new StoreUnavailableError(`match ${m.id} is read-only after a failed write; reopen the store`, { cause: m.broken });
    const outcome = await this.#durableAppend(m.file, line, m.size);
    if ('error' in outcome) {
      if (outcome.broken) m.broken = outcome.error;
      throw outcome.error;
    }
    m.size = outcome.size;
  }

  async create(matchId: string, meta: M, initialSnapshot: S): Promise<'created' | 'exists'> {
    checkName(matchId, 'matchId');
    const metaJson = toJson(meta, 'meta');
    const snapshotJson = toJson(initialSnapshot, 'snapshot');
    return this.#serial(matchId, async () => {
      if (this.#matches.has(matchId)) return 'exists';
      const file = embeddedMatchFile(this.dir, matchId);
      const line = `{"t":"create","id":${toJson(matchId, 'matchId')},"meta":${metaJson},"snapshot":${snapshotJson}}\n`;
      let handle;
      try {
        // 'w': a file here without a create record in memory is a leftover of a failed create.
        handle = await open(file, 'w');
        await handle.writeFile(line, 'utf8');
        await handle.datasync();
        await handle.close();
        handle = undefined;
        await syncDir(this.#matchesDir);
      } catch (err) {
        await handle?.close().catch(() => undefined);
        await unlink(file).catch(() => undefined);
        throw new StoreUnavailableError(`creating ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      this.#matches.set(matchId, {
        id: matchId,
        file,
        size: Buffer.byteLength(line),
        meta: metaJson,
        version: 0,
        snapshot: snapshotJson,
        events: [],
        answers: new Map(),
        broken: null,
      });
      return 'created';
    });
  }

  async meta(matchId: string): Promise<M | null> {
    checkName(matchId, 'matchId');
    this.#checkOpen();
    const m = this.#matches.get(matchId);
    return m ? (JSON.parse(m.meta) as M) : null;
  }

  async load(matchId: string): Promise<{ meta: M; version: number; snapshot: S } | null> {
    checkName(matchId, 'matchId');
    this.#checkOpen();
    const m = this.#matches.get(matchId);
    if (!m) return null;
    return { meta: JSON.parse(m.meta) as M, version: m.version, snapshot: JSON.parse(m.snapshot) as S };
  }

  async eventsAfter(matchId: string, version: number): Promise<StoredEvent<E>[] | null> {
    checkName(matchId, 'matchId');
    checkVersion(version, 'version');
    this.#checkOpen();
    const m = this.#matches.get(matchId);
    if (!m) return null;
    return storedEvents<E>(m.events.slice(version), version);
  }

  async eventsAfterEach(reads: readonly { matchId: string; version: number }[]): Promise<(StoredEvent<E>[] | null)[]> {
    return Promise.all(reads.map(({ matchId, version }) => this.eventsAfter(matchId, version)));
  }

  async append(
    matchId: string,
    expectedVersion: number,
    events: E[],
    snapshot: S,
    commandId: string,
    answer: A,
  ): Promise<AppendResult<A>> {
    checkAppend(matchId, expectedVersion, events, commandId);
    const eventJsons = events.map((e) => toJson(e, 'event'));
    const snapshotJson = toJson(snapshot, 'snapshot');
    const answerJson = toJson(answer, 'answer');
    return this.#serial(matchId, async (): Promise<AppendResult<A>> => {
      const m = this.#matches.get(matchId);
      if (!m) throw new UnknownMatchError(matchId);
      const earlier = m.answers.get(commandId);
      if (earlier !== undefined) return { kind: 'duplicate', answer: JSON.parse(earlier) as A };
      if (m.version !== expectedVersion) return { kind: 'conflict', version: m.version };
      const version = expectedVersion + eventJsons.length;
      await this.#writeMatch(
        m,
        `{"t":"append","v":${version},"cmd":${toJson(commandId, 'commandId')},"answer":${answerJson},` +
          `"snapshot":${snapshotJson},"events":[${eventJsons.join(',')}]}\n`,
      );
      m.events.push(...eventJsons);
      m.version = version;
      m.snapshot = snapshotJson;
      m.answers.set(commandId, answerJson);
      return { kind: 'appended', version };
    });
  }

  async recordAnswer(matchId: string, commandId: string, answer: A): Promise<RecordResult<A>> {
    checkName(matchId, 'matchId');
    checkName(commandId, 'commandId');
    const answerJson = toJson(answer, 'answer');
    return this.#serial(matchId, async () => {
      const m = this.#matches.get(matchId);
      if (!m) throw new UnknownMatchError(matchId);
      const earlier = m.answers.get(commandId);
      if (earlier !== undefined) return { kind: 'duplicate', answer: JSON.parse(earlier) as A };
      await this.#writeMatch(m, `{"t":"answer","cmd":${toJson(commandId, 'commandId')},"answer":${answerJson}}\n`);
      m.answers.set(commandId, answerJson);
      return { kind: 'recorded' };
    });
  }

  async answerFor(matchId: string, commandId: string): Promise<A | null> {
    checkName(matchId, 'matchId');
    checkName(commandId, 'commandId');
    this.#checkOpen();
    const answer = this.#matches.get(matchId)?.answers.get(commandId);
    return answer === undefined ? null : (JSON.parse(answer) as A);
  }

  async listMatches(): Promise<string[]> {
    this.#checkOpen();
    return [...this.#matches.keys()].sort();
  }

  async getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null> {
    checkName(collection, 'collection');
    checkName(id, 'id');
    this.#checkOpen();
    const slot = this.#docs.get(collection)?.get(id);
    return slot ? { rev: slot.rev, doc: JSON.parse(slot.json) as D } : null;
  }

  async putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult> {
    checkName(collection, 'collection');
    checkName(id, 'id');
    checkRev(expectedRev);
    const json = toJson(doc, 'doc');
    this.#checkOpen();
    // One chain for all documents: they share one file, and puts are rare.
    const result = this.#docsChain.then(async (): Promise<PutDocResult> => {
      const current = this.#docs.get(collection)?.get(id)?.rev ?? 0;
      if (current !== (expectedRev ?? 0)) return { kind: 'conflict', rev: current };
      if (this.#docsBroken) throw new StoreUnavailableError('documents are read-only after a failed write; reopen the store', { cause: this.#docsBroken });
      const rev = current + 1;
      const line = `{"t":"doc","c":${toJson(collection, 'collection')},"id":${toJson(id, 'id')},"rev":${rev},"doc":${json}}\n`;
      const outcome = await this.#durableAppend(this.#docsFile, line, this.#docsSize);
      if ('error' in outcome) {
        if (outcome.broken) this.#docsBroken = outcome.error;
        throw outcome.error;
      }
      this.#docsSize = outcome.size;
      this.#collection(collection).set(id, { rev, json });
      this.#writes.set(collection, (this.#writes.get(collection) ?? 0) + 1);
      return { kind: 'ok', rev };
    });
    this.#docsChain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  async collectionStamp(collection: string): Promise<string | null> {
    checkName(collection, 'collection');
    this.#checkOpen();
    // One process holds the files: this object's own tag and its count of writes since it opened them.
    return `${this.#stampTag}.${this.#writes.get(collection) ?? 0}`;
  }

  async listDocs<D>(collection: string): Promise<DocEntry<D>[]> {
    checkName(collection, 'collection');
    this.#checkOpen();
    const entries = [...(this.#docs.get(collection) ?? new Map<string, DocSlot>()).entries()];
    return entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, slot]) => ({ id, rev: slot.rev, doc: JSON.parse(slot.json) as D }));
  }

  async ping(): Promise<boolean> {
    if (this.#closed) return false;
    try {
      await access(this.#matchesDir, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    // Writes already queued were accepted before close: let them finish (and be acknowledged).
    await Promise.all([...this.#chains.values(), this.#docsChain]);
  }
}

/** Opens (creating if needed) the store in `dir`, replaying its files before resolving. */
export async function createEmbeddedStore<E, S, M, A>(options: EmbeddedStoreOptions): Promise<EmbeddedMatchStore<E, S, M, A>> {
  const store = new EmbeddedMatchStore<E, S, M, A>(options.dir);
  await store.open();
  return store;
}
