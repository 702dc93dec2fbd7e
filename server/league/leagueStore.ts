import { z } from 'zod';
import type { MatchEvent, MatchState, Side } from '../../shared/index';
import type { DocEntry, PutDocResult, StoredEvent } from '../store/matchStore';
import { isTombstone, keptDoc, keptDocs } from './docCache';

/**
 * What the league needs from the match store: its generic documents, and read access to match snapshots (for
 * signed results and who played). The room's store (RoomStore) satisfies it as is.
 */
export interface LeagueStore {
  getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null>;
  putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult>;
  listDocs<D>(collection: string): Promise<DocEntry<D>[]>;
  /** Changes with every write of the collection (docCache.ts keeps documents while it holds). */
  collectionStamp(collection: string): Promise<string | null>;
  load(matchId: string): Promise<{ version: number; snapshot: MatchState } | null>;
  /**
   * Each room's events after its `version` ([] when none, null for no such room), in the order asked, in one read:
   * to bring kept snapshots up to date (roomStates.ts, a season's rooms).
   */
  eventsAfterEach(reads: readonly { matchId: string; version: number }[]): Promise<(StoredEvent<MatchEvent>[] | null)[]>;
  /** The hashes of a room's captain tokens, to recognise a captain link sent with a roster request. */
  meta(matchId: string): Promise<{ captainTokenHashes: Record<Side, string> } | null>;
}

/** Collection names, prefixed so league documents never collide with anything else kept in the store. */
export const COLLECTIONS = {
  seasons: 'league.seasons',
  players: 'league.players',
  venues: 'league.venues',
  teams: 'league.teams',
  /** One document per season holding every team's roster history (see SeasonRostersSchema). */
  rosters: 'league.rosters',
  matches: 'league.matches',
  /** Prefixes of the schedule's lists (scheduleLists.ts): `league.evenings.<date>`, `league.seasonMatches.<seasonId>`. */
  evenings: 'league.evenings',
  seasonMatches: 'league.seasonMatches',
  results: 'league.results',
  /** Captains' roster change requests waiting for (or answered by) the commissioner, one document each. */
  requests: 'league.requests',
} as const;

/** Two commissioners editing at once: a compare-and-set that lost is retried on fresh data this many times. */
const MAX_ATTEMPTS = 5;

export class BusyError extends Error {
  override name = 'BusyError';
}

// Deleted documents are tombstones (docCache.ts, which reads them first).
export { isTombstone };

/** The raw document including a tombstone (null: never written), for callers that must tell "deleted" apart. */
export async function readRaw(store: LeagueStore, collection: string, id: string): Promise<{ rev: number; doc: unknown } | null> {
  return store.getDoc<unknown>(collection, id);
}

/**
 * A document as its schema parses it (new objects: the caller may change them), from what this process keeps while
 * the collection has not changed (docCache.ts). Read-decide-write goes to the store itself (updateDoc).
 */
export async function readDoc<S extends z.ZodType>(store: LeagueStore, collection: string, id: string, schema: S): Promise<{ rev: number; doc: z.infer<S> } | null> {
  return parsedDoc(await keptDoc(store, collection, id), schema);
}

function parsedDoc<S extends z.ZodType>(found: { rev: number; doc: unknown } | null, schema: S): { rev: number; doc: z.infer<S> } | null {
  return found && !isTombstone(found.doc) ? { rev: found.rev, doc: schema.parse(found.doc) } : null;
}

/** Every document of a collection as its schema parses them, as readDoc. */
export async function readAll<S extends z.ZodType>(store: LeagueStore, collection: string, schema: S): Promise<z.infer<S>[]> {
  return (await keptDocs(store, collection)).filter((e) => !isTombstone(e.doc)).map((e) => schema.parse(e.doc));
}

/**
 * Read-decide-write with compare-and-set: `decide` sees the current document (null if none) and returns the new
 * one, or a value of its own (a refusal) that is handed back without writing. Lost races are decided again.
 */
export async function updateDoc<S extends z.ZodType, R>(
  store: LeagueStore,
  collection: string,
  id: string,
  schema: S,
  decide: (current: z.infer<S> | null) => Promise<{ write: z.infer<S> } | { stop: R }>,
): Promise<{ written: z.infer<S>; rev: number } | { stopped: R }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const raw = await store.getDoc<unknown>(collection, id);
    const current = raw && !isTombstone(raw.doc) ? (schema.parse(raw.doc) as z.infer<S>) : null;
    const next = await decide(current);
    if ('stop' in next) return { stopped: next.stop };
    // A tombstone's revision is the one to compare against: the id was used before.
    const put = await store.putDoc(collection, id, next.write, raw?.rev ?? null);
    if (put.kind === 'ok') return { written: next.write, rev: put.rev };
  }
  throw new BusyError(`${collection}/${id} kept changing; try again`);
}

/**
 * Deletes a document (writes its tombstone) if `decide` agrees on the current one; null = there was none.
 * Compare-and-set like updateDoc, so a document changed since it was judged is judged again.
 */
export async function deleteDoc<S extends z.ZodType, R>(
  store: LeagueStore,
  collection: string,
  id: string,
  schema: S,
  now: number,
  decide: (current: z.infer<S>) => Promise<{ delete: true } | { stop: R }>,
): Promise<{ deleted: z.infer<S> } | { stopped: R } | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const raw = await store.getDoc<unknown>(collection, id);
    if (!raw || isTombstone(raw.doc)) return null;
    const current = schema.parse(raw.doc) as z.infer<S>;
    const verdict = await decide(current);
    if ('stop' in verdict) return { stopped: verdict.stop };
    const put = await store.putDoc(collection, id, { deleted: true, deletedAt: now }, raw.rev);
    if (put.kind === 'ok') return { deleted: current };
  }
  throw new BusyError(`${collection}/${id} kept changing; try again`);
}
