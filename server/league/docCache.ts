import { setRecent } from '../recentMap';
import type { DocEntry } from '../store/matchStore';
import type { LeagueStore } from './leagueStore';

/**
 * The league's documents as its pages read them, kept per process while their collection's stamp holds
 * (MatchStore.collectionStamp: it changes with every write of the collection, from any process). A season page read
 * every player, team, venue and recorded result of the league, the season's rosters and each of its schedule
 * entries, and parsed them all: on a league night with 200 rooms, spectators opening the standings five times a
 * second cost the rooms' event loop ~20 % of a core in these reads alone (BENCHMARKS.md, "A league night"). The
 * documents change a few times an evening; a stamp is one small read.
 *
 * The stamp is read before the documents, so what is kept under a stamp is never older than the stamp says: a
 * write acknowledged before a read starts is always seen by it. A collection without a stamp (never written, or
 * written only by a server from before stamps) is read from the store every time.
 *
 * Kept documents are shared between readers and must not be mutated: readDoc and readAll hand out what their
 * schemas parse out of them (new objects), never the kept ones.
 */

/** Collections kept per store (the evenings' and seasons' lists are collections of their own). */
const MAX_COLLECTIONS = 1_000;

interface Kept {
  stamp: string;
  docs: Map<string, { rev: number; doc: unknown } | null>;
  all: DocEntry<unknown>[] | null;
}

const caches = new WeakMap<LeagueStore, Map<string, Kept>>();

/** What this process keeps of `collection` under its current stamp (null: no stamp, read the store). */
async function kept(store: LeagueStore, collection: string): Promise<Kept | null> {
  const stamp = await store.collectionStamp(collection);
  const byCollection = caches.get(store) ?? new Map<string, Kept>();
  caches.set(store, byCollection);
  if (stamp === null) {
    byCollection.delete(collection);
    return null;
  }
  const known = byCollection.get(collection);
  const current = known && known.stamp === stamp ? known : { stamp, docs: new Map(), all: null };
  setRecent(byCollection, collection, current, MAX_COLLECTIONS);
  return current;
}

/** Reads documents of one collection against one stamp read (a season's schedule entries: one stamp, not 200). */
export interface CollectionReader {
  get(id: string): Promise<{ rev: number; doc: unknown } | null>;
}

export async function collectionReader(store: LeagueStore, collection: string): Promise<CollectionReader> {
  const k = await kept(store, collection);
  return {
    async get(id) {
      const known = k?.docs.get(id);
      if (known !== undefined) return known;
      const found = await store.getDoc<unknown>(collection, id);
      k?.docs.set(id, found);
      return found;
    },
  };
}

/** A document, from what this process keeps while its collection has not changed. */
export async function keptDoc(store: LeagueStore, collection: string, id: string): Promise<{ rev: number; doc: unknown } | null> {
  return (await collectionReader(store, collection)).get(id);
}

/** Every document of a collection, sorted by id, from what this process keeps while it has not changed. */
export async function keptDocs(store: LeagueStore, collection: string): Promise<DocEntry<unknown>[]> {
  const k = await kept(store, collection);
  if (k?.all) return k.all;
  const all = await store.listDocs<unknown>(collection);
  if (k) {
    k.all = all;
    for (const e of all) k.docs.set(e.id, { rev: e.rev, doc: e.doc });
  }
  return all;
}
