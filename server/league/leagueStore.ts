import type { z } from 'zod';
import type { MatchState } from '../../shared/index';
import type { DocEntry, PutDocResult } from '../store/matchStore';

/**
 * What the league needs from the match store: its generic documents, and read access to match snapshots (for
 * signed results and who played). The room's store (RoomStore) satisfies it as is.
 */
export interface LeagueStore {
  getDoc<D>(collection: string, id: string): Promise<{ rev: number; doc: D } | null>;
  putDoc<D>(collection: string, id: string, doc: D, expectedRev: number | null): Promise<PutDocResult>;
  listDocs<D>(collection: string): Promise<DocEntry<D>[]>;
  load(matchId: string): Promise<{ version: number; snapshot: MatchState } | null>;
}

/**
 * Collection names, prefixed so league documents never collide with anything else kept in the store (the demo
 * seed writes plain 'teams' and 'venues' in the match-setup shape).
 */
export const COLLECTIONS = {
  seasons: 'league.seasons',
  players: 'league.players',
  venues: 'league.venues',
  teams: 'league.teams',
  /** One document per season holding every team's roster history (see SeasonRostersSchema). */
  rosters: 'league.rosters',
  matches: 'league.matches',
  results: 'league.results',
} as const;

/** Two commissioners editing at once: a compare-and-set that lost is retried on fresh data this many times. */
const MAX_ATTEMPTS = 5;

export class BusyError extends Error {
  override name = 'BusyError';
}

export async function readDoc<S extends z.ZodType>(store: LeagueStore, collection: string, id: string, schema: S): Promise<{ rev: number; doc: z.infer<S> } | null> {
  const found = await store.getDoc<unknown>(collection, id);
  return found ? { rev: found.rev, doc: schema.parse(found.doc) } : null;
}

export async function readAll<S extends z.ZodType>(store: LeagueStore, collection: string, schema: S): Promise<z.infer<S>[]> {
  return (await store.listDocs<unknown>(collection)).map((e) => schema.parse(e.doc));
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
    const current = await readDoc(store, collection, id, schema);
    const next = await decide(current?.doc ?? null);
    if ('stop' in next) return { stopped: next.stop };
    const put = await store.putDoc(collection, id, next.write, current?.rev ?? null);
    if (put.kind === 'ok') return { written: next.write, rev: put.rev };
  }
  throw new BusyError(`${collection}/${id} kept changing; try again`);
}
