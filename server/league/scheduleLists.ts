import { type ScheduledMatch, ScheduledMatchSchema } from '../../shared/season/index';
import { collectionReader, keptDocs } from './docCache';
import { COLLECTIONS, isTombstone, type LeagueStore } from './leagueStore';

/**
 * The schedule's entries listed by evening and by season, so that a reader needs only its own: R-VII.P.3.1's check
 * (eveningGuard.ts) tonight's matches, a season's pages (seasonData.ts) that season's. The schedule keeps every
 * season the league ever played, and reading all of it cost a lineup declaration 16 ms at 2,000 past entries and
 * 0.2 s at 20,000 (bench/eveningGuard.ts), and a season page 0.15-0.25 s at 20,000
 * (bench/experiments/standingsRead.ts).
 *
 * One collection per list (`league.evenings.<date>`, `league.seasonMatches.<seasonId>`), one document per match in
 * it: listing a match is a create of its own document, so matches scheduled at once never contend for a shared list.
 * A list may hold more than it should (never less): an id is listed before its entry is written with that date and
 * season, and never removed, so a match moved to another date, or deleted (and its id used again in another season),
 * stays listed, and readers keep only the entries that still say so. Removing would need the entry and the list
 * written as one, which the store does not offer; a stale id costs a reader one read.
 */
const eveningList = (date: string) => `${COLLECTIONS.evenings}.${date}`;
const seasonList = (seasonId: string) => `${COLLECTIONS.seasonMatches}.${seasonId}`;

const ids = async (store: LeagueStore, list: string) => (await keptDocs(store, list)).map((e) => e.id);

/** Lists a match on its evening and in its season (create-only: an id already listed stays as it is). */
export async function listMatch(store: LeagueStore, match: Pick<ScheduledMatch, 'id' | 'date' | 'seasonId'>): Promise<void> {
  await Promise.all([store.putDoc(eveningList(match.date), match.id, {}, null), store.putDoc(seasonList(match.seasonId), match.id, {}, null)]);
}

/** The ids listed on the evening of `date`, sorted (the order a refusal names clashes in). */
export const eveningIds = (store: LeagueStore, date: string): Promise<string[]> => ids(store, eveningList(date));

/** The ids listed in season `seasonId`, sorted. */
export const seasonMatchIds = (store: LeagueStore, seasonId: string): Promise<string[]> => ids(store, seasonList(seasonId));

/**
 * The scheduled entries of a season, sorted by id: its list, each entry read, those that still belong to it. The
 * entries are shared and frozen (docCache.ts): copy one to change it.
 */
export async function seasonSchedule(store: LeagueStore, seasonId: string): Promise<ScheduledMatch[]> {
  await scheduleListed(store);
  // One stamp read for all of the season's entries (docCache.ts), then only those written since are read.
  const [listedIds, entriesOf] = await Promise.all([seasonMatchIds(store, seasonId), collectionReader(store, COLLECTIONS.matches)]);
  const entries = await Promise.all(listedIds.map((id) => entriesOf.shared(id, ScheduledMatchSchema)));
  return entries.flatMap((e) => (e && e.doc.seasonId === seasonId ? [e.doc] : []));
}

/**
 * Lists every entry of the schedule. Schedules written before the lists existed have none, so a process runs this
 * once before it first reads a list (scheduleListed); it only adds, so processes running it at once, or beside a
 * commissioner editing the schedule, keep every id. Each list is read first and given only what it lacks: after the
 * first process, a start writes nothing. Returns how many ids it added.
 */
export async function listWholeSchedule(store: LeagueStore): Promise<number> {
  const lists = new Map<string, string[]>();
  const add = (list: string, id: string) => {
    const ids = lists.get(list);
    if (ids) ids.push(id);
    else lists.set(list, [id]);
  };
  for (const { id, doc } of await store.listDocs<unknown>(COLLECTIONS.matches)) {
    if (isTombstone(doc)) continue;
    const entry = ScheduledMatchSchema.safeParse(doc);
    if (!entry.success) continue;
    add(eveningList(entry.data.date), id);
    add(seasonList(entry.data.seasonId), id);
  }
  const added = await Promise.all(
    [...lists].map(async ([list, wanted]) => {
      const listed = new Set(await ids(store, list));
      const missing = wanted.filter((id) => !listed.has(id));
      await Promise.all(missing.map((id) => store.putDoc(list, id, {}, null)));
      return missing.length;
    }),
  );
  return added.reduce((a, b) => a + b, 0);
}

const listed = new WeakMap<LeagueStore, Promise<number>>();

/**
 * Resolves once this process has listed the whole schedule of `store` (listWholeSchedule, once per store). The
 * match rooms start it with the process (eveningGuard.ts), so the night's first lineup or page rarely waits for it
 * (0.65 s at 20,000 past entries, 1.4 s when they all still need listing: bench/eveningGuard.ts). A failure (the
 * store down at start) is tried again by the next reader.
 */
export function scheduleListed(store: LeagueStore): Promise<number> {
  let done = listed.get(store);
  if (!done) {
    done = listWholeSchedule(store).catch((err: unknown) => {
      listed.delete(store);
      throw err;
    });
    listed.set(store, done);
  }
  return done;
}
