import type { Response } from 'express';
import { setRecent } from '../recentMap';
import type { SeasonBundle } from './seasonData';

/**
 * The standings, bracket and schedule answers of a season, as JSON text, computed again only when what they are
 * computed from changed: the season, its teams, bars and schedule, the counted results and the date (shared/season's SeasonData).
 * On a league night spectators open the standings every few tenths of a second while the results change a few times
 * an evening (a match counts once signed): computing the tables and their JSON was ~4 ms of the rooms' event loop per
 * view at 400 teams (BENCHMARKS.md, "A league night").
 *
 * The key: the season's documents by identity (a season read shares them, frozen, while their collection is
 * unchanged: docCache.ts; a changed document is a new object, and an identity is never given twice), the results by
 * content (they are built on every read), and the date. A read whose documents were not shared (a collection with no
 * stamp) gets new objects every time, so its key never repeats: computed every time, as before.
 */

/** Seasons kept per kind of answer (a league has a few open at once). */
const MAX_SEASONS = 50;

const identities = new WeakMap<object, number>();
let lastIdentity = 0;
const identity = (o: object): number => {
  let id = identities.get(o);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(o, id);
  }
  return id;
};

function inputsKey(b: SeasonBundle): string {
  const parts: (string | number)[] = [identity(b.season), b.today, 'T'];
  for (const t of b.teams) parts.push(identity(t));
  parts.push('V');
  for (const v of b.venues) parts.push(identity(v));
  parts.push('S');
  for (const m of b.schedule) parts.push(identity(m));
  parts.push('R');
  for (const [id, r] of b.results) parts.push(id, JSON.stringify(r));
  return parts.join(',');
}

export type TableKind = 'standings' | 'bracket' | 'schedule';

const answers = new Map<TableKind, Map<string, { key: string; json: string }>>();

/** `build(bundle)` as JSON text, reused while the season's inputs are the same. */
export function tableAnswer(kind: TableKind, bundle: SeasonBundle, build: (b: SeasonBundle) => unknown): string {
  const bySeason = answers.get(kind) ?? new Map<string, { key: string; json: string }>();
  answers.set(kind, bySeason);
  const key = inputsKey(bundle);
  const known = bySeason.get(bundle.season.id);
  if (known && known.key === key) return known.json;
  const json = JSON.stringify(build(bundle));
  setRecent(bySeason, bundle.season.id, { key, json }, MAX_SEASONS);
  return json;
}

/** JSON text made before, with the headers res.json would give it. */
export const sendJson = (res: Response, json: string) => res.type('application/json').send(json);
