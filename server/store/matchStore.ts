// The match store: the only place match state survives a process. It is generic over the event,
// snapshot, meta and answer types and never interprets them, so the rules engine can evolve
// without touching persistence, and both backends (Redis, embedded files) can be held to one
// contract suite (test/store/contract.ts).
//
// Everything passed in must be JSON-serialisable: both backends store JSON text, and every read
// returns a freshly parsed copy, so a caller mutating what it got back can never corrupt the store.

export interface StoredEvent<E> {
  /** 1-based position in the match's event log; the match's version is its last event's version. */
  version: number;
  event: E;
}

export type AppendResult<A> =
  /** `version` is the match's version after the append (expectedVersion + events.length). */
  | { kind: 'appended'; version: number }
  /** The match is not at expectedVersion (someone else appended first); nothing was written. */
  | { kind: 'conflict'; version: number }
  /** commandId was already answered; nothing was written and `answer` is the earlier answer. */
  | { kind: 'duplicate'; answer: A };

export type RecordResult<A> =
  /** This call stored `answer`: the command was not answered before. */
  | { kind: 'recorded' }
  /** commandId was already answered (by append or recordAnswer); nothing was written and `answer` is that answer. */
  | { kind: 'duplicate'; answer: A };

export type PutDocResult = { kind: 'ok'; rev: number } | { kind: 'conflict'; rev: number };

export interface DocEntry<D> {
  id: string;
  rev: number;
  doc: D;
}

/**
 * A text to hand to every server process listening on `channel` in the same atomic step as the append (Redis:
 * PUBLISH inside the append's script), and only if the append succeeds. A store with no other process to tell (the
 * embedded one) ignores it.
 *
 * The text is `head`, then the appended events as a JSON array of `{"version":v,"event":<event>}` numbered as the
 * log numbers them, then `tail`. The store writes the events' JSON itself, from the text it stores: the caller
 * never encodes an update a second time, and the events cross to Redis once.
 */
export interface Announcement {
  channel: string;
  head: string;
  tail: string;
  /**
   * How many of the channel's listeners are the announcing process itself (0 or 1). The store publishes only when
   * Redis counts more listeners than that: a process alone on a channel is not sent its own updates back.
   */
  ownListeners: number;
}

export interface MatchStore<E, S, M, A> {
  /**
   * Creates the match at version 0 with `initialSnapshot`. 'exists' leaves the stored match
   * untouched, so two rooms racing to create the same match cannot overwrite each other.
   */
  create(matchId: string, meta: M, initialSnapshot: S): Promise<'created' | 'exists'>;

  meta(matchId: string): Promise<M | null>;

  /** The latest snapshot and the version it reflects, read atomically (never a torn pair). */
  load(matchId: string): Promise<{ meta: M; version: number; snapshot: S } | null>;

  /**
   * Events with a version greater than `version`, oldest first; [] when `version` is at or past the
   * end, null when the match is unknown (so a client can tell "nothing new" from "wrong match").
   */
  eventsAfter(matchId: string, version: number): Promise<StoredEvent<E>[] | null>;

  /**
   * `eventsAfter` for many matches in one read, answers in the order asked. For a reader that keeps many matches'
   * states and brings them up to date together (a season page: every room of the season, roomStates.ts), where one
   * round trip per match cost more than the events themselves. Not one atomic read across matches (nothing needs
   * that: each match's log only grows).
   */
  eventsAfterEach(reads: readonly { matchId: string; version: number }[]): Promise<(StoredEvent<E>[] | null)[]>;

  /**
   * Compare-and-set, atomic. If commandId was answered before, returns that answer and writes
   * nothing. This is checked BEFORE the version: a client retrying after a lost reply (timeout,
   * dropped socket, StoreUnavailableError mid-append) must get its original answer, not a conflict
   * caused by its own first attempt having succeeded.
   * Otherwise, only if the match is at expectedVersion: appends `events` (they get versions
   * expectedVersion+1..), replaces the snapshot with `snapshot` at the new version and records
   * `answer` under commandId.
   * `events` must not be empty: a command that changes nothing goes through recordAnswer, because a
   * snapshot that changed without a version bump would make every version-keyed cache lie.
   * Rejects with UnknownMatchError if the match was never created (a caller bug, not a race).
   * `announce`, if given, goes out with a successful append only (see Announcement).
   */
  append(
    matchId: string,
    expectedVersion: number,
    events: E[],
    snapshot: S,
    commandId: string,
    answer: A,
    announce?: Announcement,
  ): Promise<AppendResult<A>>;

  /**
   * Records the answer to a command that changed nothing (a refusal) so a retry gets the same
   * answer even if the match has moved on meanwhile. First writer wins: 'duplicate' with the earlier
   * answer if commandId was already answered (by this or by append), like append's 'duplicate', so a
   * caller can tell a retry from a first answer even when both answers are alike.
   * Rejects with UnknownMatchError if the match was never created.
   */
  recordAnswer(matchId: string, commandId: string, answer: A): Promise<RecordResult<A>>;

  /** null if commandId has no answer yet, or the match is unknown. */
  answerFor(matchId: string, commandId: string): Promise<A | null>;

  /** All match ids, sorted, so callers and tests get a stable order from either backend. */
  listMatches(): Promise<string[]>;

  // Generic documents for league data (seasons, teams, venues...). A document that does not exist
  // has rev 0; the first put makes rev 1 and each later put adds 1.

  getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null>;

  /**
   * Whole-document put with compare-and-set on the revision: succeeds only if the document's current
   * rev equals `expectedRev ?? 0`, so `null` (or 0) means "create only". A conflict reports the
   * current rev (0 = no such document) so the caller can re-read and retry.
   */
  putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult>;

  /** All documents of a collection, sorted by id. */
  listDocs<D>(collection: string): Promise<DocEntry<D>[]>;

  /**
   * A value that changes with every successful putDoc of the collection and never comes back, from any process:
   * a reader holding documents read after it saw a stamp knows they are still current while the stamp is the same.
   * null when the collection has no stamp (never written, or written only before stamps existed): do not rely on it.
   */
  collectionStamp(collection: string): Promise<string | null>;

  /** Whether the backing store is reachable right now. Never throws: it feeds health checks. */
  ping(): Promise<boolean>;

  /** Waits for acknowledged writes, then releases connections/files. Later ops reject. */
  close(): Promise<void>;
}

/**
 * The backing store cannot be reached (Redis down or hung, disk write failed, store closed).
 * Callers should report "try again" rather than crash. An append that fails this way may or may not
 * have been applied; retrying with the same commandId is safe because duplicates are answered from
 * the recorded answer.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** append/recordAnswer on a match that was never created: a caller bug, so not a result kind. */
export class UnknownMatchError extends Error {
  override name = 'UnknownMatchError';
  constructor(readonly matchId: string) {
    super(`unknown match ${JSON.stringify(matchId)}`);
  }
}
