import { z } from 'zod';
import { LocalDateSchema, ScheduledMatchSchema } from '../../shared/season/index';
import { COLLECTIONS, isTombstone, type LeagueStore, readDoc, updateDoc } from './leagueStore';

/**
 * Which matches are scheduled on an evening: one document per date, so that R-VII.P.3.1's check (eveningGuard.ts)
 * reads tonight's matches without listing the schedule of every season the league ever played. The schedule keeps
 * every season, and a lineup declaration that read all of it took 16 ms at 2,000 past entries and 219 ms at 20,000
 * (bench/eveningGuard.ts, BENCHMARKS.md).
 *
 * The index may hold more than the evening (never less): an id is added before its entry is written with that date,
 * and never removed, so a match moved to another date or deleted stays listed and readers check each entry's own
 * date. Removing would need the entry and the index written as one, which the store does not offer; a stale id costs
 * a reader one small read.
 */
export const EveningSchema = z.object({
  date: LocalDateSchema,
  /** Sorted, so readers see the evening in the order of the ids (the order a refusal names clashes in). */
  matchIds: z.array(z.string()),
});
export type Evening = z.infer<typeof EveningSchema>;

/** Adds `ids` to the evening of `date` (compare-and-set: a concurrent addition is kept, not overwritten). */
export async function addToEvening(store: LeagueStore, date: string, ids: readonly string[]): Promise<void> {
  await updateDoc<typeof EveningSchema, null>(store, COLLECTIONS.evenings, date, EveningSchema, async (current) => {
    const have = new Set(current?.matchIds ?? []);
    const missing = ids.filter((id) => !have.has(id));
    return missing.length === 0 ? { stop: null } : { write: { date, matchIds: [...have, ...missing].sort() } };
  });
}

/** The ids of the matches that are (or were) scheduled on `date`; see the note above on what "were" means. */
export async function eveningIds(store: LeagueStore, date: string): Promise<string[]> {
  return (await readDoc(store, COLLECTIONS.evenings, date, EveningSchema))?.doc.matchIds ?? [];
}

/**
 * Indexes every entry of the schedule. Schedules written before the index existed have no evening documents, so a
 * process runs this once before it first relies on the index (eveningGuard.ts); it only adds, so processes running
 * it at once, or beside a commissioner editing the schedule, keep every id. Returns how many dates it read.
 */
export async function indexWholeSchedule(store: LeagueStore): Promise<number> {
  const byDate = new Map<string, string[]>();
  for (const { id, doc } of await store.listDocs<unknown>(COLLECTIONS.matches)) {
    if (isTombstone(doc)) continue;
    const entry = ScheduledMatchSchema.safeParse(doc);
    if (!entry.success) continue;
    byDate.set(entry.data.date, [...(byDate.get(entry.data.date) ?? []), id]);
  }
  await Promise.all([...byDate].map(([date, ids]) => addToEvening(store, date, ids)));
  return byDate.size;
}
