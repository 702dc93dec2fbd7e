import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { EventsMessageSchema, type EventsMessage } from '../../shared/protocol';
import type { Logger } from '../log';
import type { Announcement } from '../store/matchStore';
import { fanOutEvents } from './roomFanOut';
import { matchRoom } from './roomNames';
import type { RoomServer } from './types';

/**
 * Carries room broadcasts between server processes through Redis, so a spectator on process B sees a score a
 * captain entered on process A. We use @socket.io/redis-streams-adapter rather than the pub/sub based
 * @socket.io/redis-adapter:
 * - it works with node-redis 6: since 0.2.3 it reads with a duplicated client instead of node-redis 4's
 *   `commandOptions({ isolated })`, whose absence made it hang silently on node-redis 5+ (adapter issue #34);
 * - broadcasts go into a Redis stream that each process reads with XREAD from the last id it saw, in a loop that
 *   swallows errors and retries. After a Redis restart the loop simply resumes, and a process whose connection
 *   blipped while Redis stayed up catches up from its last id instead of losing the broadcasts pub/sub would
 *   drop. (Both adapters recovered from a Redis restart with node-redis 6 in our probe; the stream is the one
 *   that does not lose what was sent during a blip.)
 * Nothing depends on the adapter for correctness: a missed broadcast shows up as a version gap and the client
 * resyncs from the store.
 *
 * This client keeps node-redis's offline queue (unlike the store's): the adapter's read loop then waits for the
 * reconnection instead of spinning on immediate failures.
 */
/** How long closing waits for replies on their way before it drops the connections. */
const CLOSE_GRACE_MS = 500;

export function redisAdapter(url: string, prefix: string, log: Logger) {
  const client = createClient({
    url,
    // No per-command timeout (node-redis 6 defaults to 5 s per command, one AbortSignal.timeout each): the adapter's
    // XREAD BLOCK 5000 would race it, and its read loop retries by itself anyway. The duplicated reader clients
    // inherit this (RedisClient.duplicate copies commandOptions).
    commandOptions: { timeout: 0 },
    socket: { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 16), 2000) },
  });
  let lastError = '';
  client.on('error', (err: Error) => {
    if (err.message !== lastError) log.warn({ err: err.message }, 'redis adapter connection problem');
    lastError = err.message;
  });
  client.on('ready', () => {
    lastError = '';
  });
  // Not awaited: a process must be able to start (and answer /healthz) while Redis is down. Until connected, the
  // offline queue holds the adapter's commands.
  client.connect().catch((err: unknown) => log.warn({ err: String(err) }, 'redis adapter could not connect'));
  // The room updates' own subscriber (relayRoomEvents). A duplicate: same options, and node-redis subscribes again
  // by itself after a reconnection.
  const subscriber = client.duplicate();
  subscriber.on('error', () => undefined); // reported once by `client` above; the same Redis
  subscriber.connect().catch((err: unknown) => log.warn({ err: String(err) }, 'redis relay subscriber could not connect'));
  return {
    adapter: createAdapter(client, { streamName: `${prefix}socket.io`, channelPrefix: `${prefix}socket.io` }),
    subscriber,
    relayChannel: `${prefix}room-events`,
    // close() first: it lets replies already on their way arrive, so a command the adapter sent without a catch (its
    // PUBLISH of a server-side event) is not rejected into an unhandled rejection, which would fail a test run or
    // end a process. But close() waits for queued commands, which never drain while Redis is down, and nothing the
    // adapter queued (heartbeats, broadcasts) is worth delaying a shutdown for: destroy what is still open after
    // a short bound.
    close: async (): Promise<void> => {
      const graceful = Promise.allSettled([client.close(), subscriber.close()]);
      await Promise.race([graceful, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      for (const c of [client, subscriber]) if (c.isOpen) c.destroy();
    },
  };
}

export type CrossProcess = ReturnType<typeof redisAdapter>;

/**
 * Room updates to the other processes, apart from the local delivery. A room broadcast through the adapter
 * (`socket.to(room).emit`) delivers to this process's own sockets only after the adapter's XADD round trip
 * (ClusterAdapter.broadcast awaits publishAndReturnOffset first), so every spectator here would wait for Redis a
 * second time after the append. Instead, the append itself announces the update: the store's append script
 * PUBLISHes it as JSON on a channel of ours, prefixed with this process's id, in the same atomic step and only if
 * the append succeeded (MatchStore's `announce`). Every other process parses it with the protocol's schema and
 * re-emits it to its own sockets of the room. Nothing is published while this process is the channel's only
 * listener (the script counts them): a process alone on a Redis is not sent its own updates back. When others
 * listen, its own messages come back to it too (Redis pub/sub sends to every subscriber) and are dropped by the
 * prefix before any parsing. A separate PUBLISH after the append cost a second
 * command per update, and a second wake-up of Redis and of this process, on a machine whose two cores are shared
 * by everything (bench/HISTORY.md, "Snapshot checkpoints and the append's own announcement"). (The adapter's
 * `serverSideEmit` also encoded each update with msgpack and decoded it again in every process, the sender
 * included.)
 *
 * Order per match is kept, even across processes: Redis runs appends one at a time and publishes each in that
 * order. An update published while another process's subscriber connection is down is not caught up later, as a
 * stream entry would be; its clients then see a gap at the next update and resync from the store (or get the
 * latest state when they reconnect). That is the trade-off for not making every local spectator wait for a Redis
 * write. An append whose reply this process never got (a timeout) was still announced if Redis ran it.
 *
 * Returns what the desk passes to the store's append for an update.
 */
export function relayRoomEvents(io: RoomServer, cross: CrossProcess, log: Logger): (message: EventsMessage) => Announcement {
  const self = `${randomBytes(8).toString('hex')} `;
  // Whether Redis counts this process among the channel's listeners now (node-redis subscribes again by itself
  // after a reconnection). Claiming one that is not there only costs a missed update elsewhere, which the clients
  // there repair at the next one's gap, as with any update lost while a subscriber is down.
  let subscribed = false;
  cross.subscriber
    .subscribe(cross.relayChannel, (raw: string) => {
      if (raw.startsWith(self)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.slice(raw.indexOf(' ') + 1));
      } catch {
        parsed = undefined;
      }
      const message = EventsMessageSchema.safeParse(parsed);
      if (!message.success) {
        log.warn({ err: message.error.message }, 'ignored a malformed room update from another process');
        return;
      }
      fanOutEvents(io, matchRoom(message.data.matchId), undefined, message.data);
    })
    .then(() => {
      subscribed = true;
    })
    .catch((err: unknown) => log.warn({ err: String(err) }, 'could not subscribe to room updates from other processes'));
  // The store writes the events between head and tail (see Announcement), so the text is the EventsMessage as
  // JSON, key for key, that JSON.stringify(message) would give: `{"matchId":..,"fromVersion":..,"events":[..]}`.
  return (message) => ({
    channel: cross.relayChannel,
    head: `${self}{"matchId":${JSON.stringify(message.matchId)},"fromVersion":${message.fromVersion},"events":`,
    tail: '}',
    ownListeners: subscribed && cross.subscriber.isReady ? 1 : 0,
  });
}
