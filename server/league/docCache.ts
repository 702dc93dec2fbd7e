import { z } from 'zod';
import { RecentMap } from '../recentMap';
import type { DocEntry } from '../store/matchStore';
import type { LeagueStore } from './leagueStore';

/**
 * The league's documents as its pages read them, kept per process while their collection's stamp holds
 * (MatchStore.collectionStamp: it changes with every write of the collection, from any process). A season page read
 * every player, team, venue and recorded result of the league, the season's rosters and each of its schedule
 * entries, and parsed them all: on a league night with 200 rooms, spectators opening the standings five times a
 * second cost the rooms' event loop ~20 % of a core in these reads alone (bench/HISTORY.md, "A league night"). The
 * documents change a few times an evening; a stamp is one small read.
 *
 * The stamp is read before the documents, so what is kept under a stamp is never older than the stamp says: a
 * write acknowledged before a read starts is always seen by it. A collection without a stamp (never written, or
 * written only by a server from before stamps) is read from the store every time.
 *
 * Kept documents are shared between readers and must not be mutated: readDoc and readAll hand out what their
 * schemas parse out of them (new objects), never the kept ones. A season's reads (seasonData.ts) take the parsed
 * documents themselves (sharedDoc, sharedDocs; parsing the league's players, teams and rosters was ~7 ms of every
 * page view on a league night): those are frozen, so code changing one fails loudly instead of changing it for every
 * later reader.
 */

/** Collections kept per store (the evenings' and seasons' lists are collections of their own). */
const MAX_COLLECTIONS = 1_000;

interface Kept {
  stamp: string;
  docs: Map<string, { rev: number; doc: unknown } | null>;
  all: DocEntry<unknown>[] | null;
  /** Documents as a schema parses them, frozen (sharedDoc, sharedDocs). */
  parsed: Map<z.ZodType, { all: readonly unknown[] | null; byId: Map<string, Shared<unknown> | null> }>;
}

export interface Shared<D> {
  rev: number;
  doc: D;
}

const caches = new WeakMap<LeagueStore, RecentMap<string, Kept>>();

/** What this process keeps of `collection` under its current stamp (null: no stamp, read the store). */
async function kept(store: LeagueStore, collection: string): Promise<Kept | null> {
  const stamp = await store.collectionStamp(collection);
  const byCollection = caches.get(store) ?? new RecentMap<string, Kept>(MAX_COLLECTIONS);
  caches.set(store, byCollection);
  if (stamp === null) {
    byCollection.delete(collection);
    return null;
  }
  const known = byCollection.peek(collection);
  const current = known && known.stamp === stamp ? known : { stamp, docs: new Map(), all: null, parsed: new Map() };
  byCollection.set(collection, current);
  return current;
}

/** Reads documents of one collection against one stamp read (a season's schedule entries: one stamp, not 200). */
export interface CollectionReader {
  get(id: string): Promise<{ rev: number; doc: unknown } | null>;
  /** The document as `schema` parses it, frozen and shared (null: none, or deleted). */
  shared<S extends z.ZodType>(id: string, schema: S): Promise<Shared<z.infer<S>> | null>;
}

export async function collectionReader(store: LeagueStore, collection: string): Promise<CollectionReader> {
  const k = await kept(store, collection);
  const get = async (id: string) => {
    const known = k?.docs.get(id);
    if (known !== undefined) return known;
    const found = await store.getDoc<unknown>(collection, id);
    k?.docs.set(id, found);
    return found;
  };
  return {
    get,
    async shared<S extends z.ZodType>(id: string, schema: S) {
      const byId = k && parsedOf(k, schema).byId;
      const known = byId?.get(id);
      if (known !== undefined) return known as Shared<z.infer<S>> | null;
      const found = await get(id);
      const parsed = found && !isTombstone(found.doc) ? { rev: found.rev, doc: deepFreeze(schema.parse(found.doc) as z.infer<S>) } : null;
      byId?.set(id, parsed);
      return parsed;
    },
  };
}

/** One document of a collection, parsed, frozen and shared (see the head of this file). */
export async function sharedDoc<S extends z.ZodType>(store: LeagueStore, collection: string, id: string, schema: S): Promise<Shared<z.infer<S>> | null> {
  return (await collectionReader(store, collection)).shared(id, schema);
}

/** Every live document of a collection, parsed, frozen and shared, sorted by id. */
export async function sharedDocs<S extends z.ZodType>(store: LeagueStore, collection: string, schema: S): Promise<readonly z.infer<S>[]> {
  const k = await kept(store, collection);
  const parse = (all: DocEntry<unknown>[]) => deepFreeze(all.filter((e) => !isTombstone(e.doc)).map((e) => schema.parse(e.doc) as z.infer<S>));
  if (!k) return parse(await store.listDocs<unknown>(collection));
  const p = parsedOf(k, schema);
  p.all ??= parse(await listed(store, collection, k));
  return p.all as readonly z.infer<S>[];
}

function parsedOf(k: Kept, schema: z.ZodType) {
  let p = k.parsed.get(schema);
  if (!p) {
    p = { all: null, byId: new Map() };
    k.parsed.set(schema, p);
  }
  return p;
}

/**
 * The store has no delete (its contract keeps every revision counter going up), so a deleted league document is
 * overwritten by a tombstone: reads treat it as absent, and a later write of the same id continues its revision.
 */
const TombstoneSchema = z.object({ deleted: z.literal(true), deletedAt: z.number().int().nonnegative() });
/** Every document read is asked this: a failing zod parse builds its issues, so the common answer (no) is a field test. */
export const isTombstone = (doc: unknown): boolean =>
  typeof doc === 'object' && doc !== null && (doc as { deleted?: unknown }).deleted === true && TombstoneSchema.safeParse(doc).success;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A document, from what this process keeps while its collection has not changed. */
export async function keptDoc(store: LeagueStore, collection: string, id: string): Promise<{ rev: number; doc: unknown } | null> {
  return (await collectionReader(store, collection)).get(id);
}

/** Every document of a collection, sorted by id, from what this process keeps while it has not changed. */
export async function keptDocs(store: LeagueStore, collection: string): Promise<DocEntry<unknown>[]> {
  const k = await kept(store, collection);
  return k ? listed(store, collection, k) : store.listDocs<unknown>(collection);
}

async function listed(store: LeagueStore, collection: string, k: Kept): Promise<DocEntry<unknown>[]> {
  if (k.all) return k.all;
  const all = await store.listDocs<unknown>(collection);
  k.all = all;
  for (const e of all) k.docs.set(e.id, { rev: e.rev, doc: e.doc });
  return all;
}
