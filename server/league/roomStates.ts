import type { MatchState } from '../../shared/index';
import { caughtUp, type StateAt } from '../matches/roomStore';
import { RecentMap } from '../recentMap';
import type { LeagueStore } from './leagueStore';

/**
 * The snapshots of match rooms as the league reads them (standings, a room's setup, a commissioner's ruling), kept
 * per process and brought up to date with the room's events since. A season page reads every room of the season:
 * at 300 rooms, loading each was 0.1 s of CPU per page view (the load script's reply, the snapshot's JSON, the fold
 * of the events after its checkpoint), nearly all of it for rooms signed weeks ago that will never change again.
 * On a league night the season's rooms are under way and each moves every few seconds, so a page view found nearly
 * every room moved and loaded it again: ~50 ms of CPU per standings view at 200 rooms, on the event loop the rooms
 * share (bench/HISTORY.md, "A league night"). The events after the kept version are one small read (none for a settled
 * room), folded onto the kept state as the room itself folds them.
 *
 * Snapshots are shared between readers and must not be mutated (the league's code only reads them; the engine's fold
 * makes new states).
 */

/**
 * Rooms kept per store: a few seasons' worth (a finished match's state is ~20 KB in memory, so at most ~40 MB); past
 * it the least recently read room is loaded again when asked.
 */
const MAX_ROOMS = 2_000;

const caches = new WeakMap<LeagueStore, RecentMap<string, StateAt>>();

/**
 * The rooms this process serves, as its room layer holds them (room/liveMatches.ts): a room under way here is
 * brought up to date from that copy, so the league neither folds every room's events a second time on each page
 * view nor keeps a second copy of its state.
 */
export interface LiveRooms {
  /** The copy held, without loading or reordering anything (undefined: not held). */
  peek(matchId: string): StateAt | undefined;
}

/** The current snapshot of each room of `ids` that exists (rooms that do not are left out). */
export async function roomStates(store: LeagueStore, ids: readonly string[], live?: LiveRooms): Promise<Map<string, MatchState>> {
  const kept = caches.get(store) ?? new RecentMap<string, StateAt>(MAX_ROOMS);
  caches.set(store, kept);
  const copies: { id: string; known: StateAt }[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const ours = kept.peek(id);
    const held = live?.peek(id);
    // The newer of the two copies (the room's own moves on with every command here; ours since the last view).
    const known = held && (!ours || held.version >= ours.version) ? held : ours;
    if (known) copies.push({ id, known });
    else unknown.push(id);
  }
  const loadInto = async (id: string): Promise<[string, MatchState] | null> => {
    const loaded = await store.load(id);
    if (!loaded) return null;
    kept.set(id, { version: loaded.version, state: loaded.snapshot });
    return [id, loaded.snapshot];
  };
  // The rooms with a copy: their new events in one read for all (a round trip per room cost a season page more
  // than the events themselves), while the rooms without one load.
  const [newer, loaded] = await Promise.all([
    copies.length > 0 ? store.eventsAfterEach(copies.map(({ id, known }) => ({ matchId: id, version: known.version }))) : [],
    Promise.all(unknown.map(loadInto)),
  ]);
  const found = await Promise.all(
    copies.map(async ({ id, known }, i): Promise<[string, MatchState] | null> => {
      const events = newer[i];
      const current = events ? caughtUp(known, events) : null;
      if (!current) return loadInto(id);
      // Read again: a use, so it is among the last to be dropped.
      kept.set(id, current);
      return [id, current.state];
    }),
  );
  // In the order asked, as before: callers list rooms in the schedule's order.
  const byId = new Map([...found, ...loaded].filter((f) => f !== null));
  return new Map(ids.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!]));
}
