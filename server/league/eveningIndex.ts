import { ScheduledMatchSchema } from '../../shared/season/index';
import { COLLECTIONS, isTombstone, type LeagueStore } from './leagueStore';

/**
 * Which matches are scheduled on an evening, listed by date, so that R-VII.P.3.1's check (eveningGuard.ts)
 * reads tonight's matches without listing the schedule of every season the league ever played. The schedule keeps
 * every season, and a lineup declaration that read all of it took 16 ms at 2,000 past entries and 0.2 s at 20,000
 * (bench/eveningGuard.ts, BENCHMARKS.md).
 *
 * One collection per date (`league.evenings.<date>`), one document per match in it: listing a match is a create of
 * its own document, so matches scheduled at once on one evening never contend for a shared list. A list may hold
 * more than its evening (never less): an id is listed before its entry is written with that date, and never removed,
 * so a match moved to another date or deleted stays listed and readers check each entry's own date. Removing would
 * need the entry and the list written as one, which the store does not offer; a stale id costs a reader one read.
 */
const eveningCollection = (date: string) => `${COLLECTIONS.evenings}.${date}`;

/** Lists `ids` on the evening of `date` (create-only: an id already listed stays as it is). */
export async function addToEvening(store: LeagueStore, date: string, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => store.putDoc(eveningCollection(date), id, { date }, null)));
}

/**
 * The ids of the matches that are (or were) scheduled on `date`, sorted (the order a refusal names clashes in); see
 * the note above on what "were" means.
 */
export async function eveningIds(store: LeagueStore, date: string): Promise<string[]> {
  return (await store.listDocs<unknown>(eveningCollection(date))).map((e) => e.id);
}

/**
 * Indexes every entry of the schedule. Schedules written before the index existed have no evening lists, so a
 * process runs this once before it first relies on them (eveningGuard.ts); it only adds, so processes running it at
 * once, or beside a commissioner editing the schedule, keep every id. Returns how many ids it added.
 */
export async function indexWholeSchedule(store: LeagueStore): Promise<number> {
  const byDate = new Map<string, string[]>();
  for (const { id, doc } of await store.listDocs<unknown>(COLLECTIONS.matches)) {
    if (isTombstone(doc)) continue;
    const entry = ScheduledMatchSchema.safeParse(doc);
    if (!entry.success) continue;
    byDate.set(entry.data.date, [...(byDate.get(entry.data.date) ?? []), id]);
  }
  // Read each evening's list first and write only what it lacks: after the first process, a start writes nothing.
  const added = await Promise.all(
    [...byDate].map(async ([date, ids]) => {
      const listed = new Set(await eveningIds(store, date));
      const missing = ids.filter((id) => !listed.has(id));
      await addToEvening(store, date, missing);
      return missing.length;
    }),
  );
  return added.reduce((a, b) => a + b, 0);
}
