import type { CommandAnswer } from '../../shared/protocol';
import { fold, namedCopies, type MatchEvent, type MatchState } from '../../shared/index';
import type { Config } from '../config';
import type { Logger } from '../log';
import { createEmbeddedStore } from '../store/embeddedStore';
import type { MatchStore, StoredEvent } from '../store/matchStore';
import { createRedisStore } from '../store/redisStore';
import type { MatchMeta } from './matchMeta';

/** The store as the match room uses it: the engine's events and state, our meta, the protocol's answers. */
export type RoomStore = MatchStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>;

/** A copy of a match's state and the version it reflects (a room's cached copy, the league's kept one). */
export interface StateAt {
  version: number;
  state: MatchState;
}

/**
 * `copy` brought up to date with the events the store holds after it (`eventsAfter`), folded as the room folds them:
 * the copy itself when there are none, null when they do not follow on from it, so that the caller loads the match
 * again rather than fold across a gap.
 */
export function caughtUp(copy: StateAt, events: readonly StoredEvent<MatchEvent>[]): StateAt | null {
  if (events.length === 0) return copy;
  if (events[0]!.version !== copy.version + 1) return null;
  return { version: events.at(-1)!.version, state: fold(copy.state, events.map((e) => e.event), namedCopies) };
}

/**
 * A match's snapshot is written to Redis once every this many versions, not with every command; a load folds the
 * few events after it (at most 31: ~0.1 ms of CPU, one script round trip as before). Writing the whole state with
 * every append was a quarter of the server's busy time under the bench's load (bench/HISTORY.md, "Snapshot checkpoints").
 */
export const SNAPSHOT_EVERY = 32;

/** Redis when REDIS_URL is set (several processes may share it), else the embedded store (one process). */
export async function openStore(config: Config, log: Logger): Promise<RoomStore> {
  if (config.redisUrl) {
    let last = { message: '', at: 0 };
    return createRedisStore({
      url: config.redisUrl,
      prefix: config.redisPrefix,
      checkpoints: { every: SNAPSHOT_EVERY, evolve: (snapshot, events) => fold(snapshot, events, namedCopies) },
      // node-redis reports every failed reconnect attempt: log a message once per 30 s so an outage is a few
      // lines, not one per retry.
      onError: (err) => {
        const now = Date.now();
        if (err.message !== last.message || now - last.at > 30_000) {
          log.warn({ err: err.message }, 'redis store connection problem');
          last = { message: err.message, at: now };
        }
      },
    });
  }
  return createEmbeddedStore({ dir: config.dataDir });
}
