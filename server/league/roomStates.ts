import type { MatchState } from '../../shared/index';
import { setRecent } from '../recentMap';
import type { LeagueStore } from './leagueStore';

/**
 * The snapshots of match rooms as the league reads them (standings, a room's setup, a commissioner's ruling), kept
 * per process and used again while the room's version has not moved. A season page reads every room of the season:
 * at 300 rooms that was 0.1 s of CPU per page view (the load script's reply, the snapshot's JSON, the fold of the
 * events after its checkpoint), nearly all of it for rooms signed weeks ago that will never change again. A version
 * is one small read.
 *
 * Snapshots are shared between readers and must not be mutated (the league's code only reads them).
 */

/**
 * Rooms kept per store: a few seasons' worth (a finished match's state is ~20 KB in memory, so at most ~40 MB); past
 * it the least recently read room is loaded again when asked.
 */
const MAX_ROOMS = 2_000;

const caches = new WeakMap<LeagueStore, Map<string, { version: number; state: MatchState }>>();

/** The current snapshot of each room of `ids` that exists (rooms that do not are left out). */
export async function roomStates(store: LeagueStore, ids: readonly string[]): Promise<Map<string, MatchState>> {
  const kept = caches.get(store) ?? new Map<string, { version: number; state: MatchState }>();
  caches.set(store, kept);
  const found = await Promise.all(
    ids.map(async (id): Promise<[string, MatchState] | null> => {
      const known = kept.get(id);
      if (known && (await store.version(id)) === known.version) {
        // Read again: to the back of the eviction order.
        setRecent(kept, id, known, MAX_ROOMS);
        return [id, known.state];
      }
      const loaded = await store.load(id);
      if (!loaded) return null;
      setRecent(kept, id, { version: loaded.version, state: loaded.snapshot }, MAX_ROOMS);
      return [id, loaded.snapshot];
    }),
  );
  return new Map(found.filter((f) => f !== null));
}
