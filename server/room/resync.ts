import type { EventsMessage, SnapshotMessage } from '../../shared/protocol';
import type { LiveMatches } from './liveMatches';
import type { RoomStore } from '../matches/roomStore';

/**
 * What a (re)connecting client needs to catch up from the version it holds. Always read from the store, never
 * from this process's cache: another process may be ahead, and answering "you are up to date" or "you are ahead"
 * from a stale cache would strand the client.
 *
 * - same version: nothing to send;
 * - 0 < version < current, and not too far behind: the events after it;
 * - anything else (no version, unknown to the server, newer than the server after a crash or a restore): the full
 *   snapshot. Never wrong, at the cost of a bigger message.
 */
export type CatchUp =
  | { kind: 'upToDate'; version: number }
  | { kind: 'events'; message: EventsMessage }
  | { kind: 'snapshot'; message: SnapshotMessage }
  | { kind: 'unknownMatch' };

/** Beyond this many missing events a snapshot is smaller than the events and as quick to apply. */
export const MAX_CATCH_UP_EVENTS = 200;

export async function catchUp(
  store: RoomStore,
  live: LiveMatches,
  matchId: string,
  clientVersion: number | undefined,
): Promise<CatchUp> {
  const loaded = await store.load(matchId);
  if (!loaded) return { kind: 'unknownMatch' };
  live.remember(matchId, { version: loaded.version, state: loaded.snapshot });
  const current = loaded.version;
  if (clientVersion === current) return { kind: 'upToDate', version: current };

  if (clientVersion !== undefined && clientVersion > 0 && clientVersion < current && current - clientVersion <= MAX_CATCH_UP_EVENTS) {
    const events = await store.eventsAfter(matchId, clientVersion);
    // Events appended since load() make the list longer, never broken; a gap would be a store bug -> snapshot.
    if (events && events.length > 0 && events[0]?.version === clientVersion + 1) {
      return { kind: 'events', message: { matchId, fromVersion: clientVersion, events } };
    }
  }
  return { kind: 'snapshot', message: { matchId, version: current, state: loaded.snapshot } };
}
