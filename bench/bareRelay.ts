import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';

/**
 * The floor: a bare Socket.IO 4.8 relay speaking just enough of the League Night protocol for the same load
 * generator to drive it. Rooms, no validation, no store, no engine: a `command` is numbered (a per-room counter),
 * broadcast to the room as an `events` message and acknowledged. A connection gets a `snapshot` with the room's
 * counter so clients start from a version, as they do with the real server.
 *
 * Started by bench/run.ts with PORT (0 = any) and HOST (127.0.0.1); prints "(port N)" once listening.
 *
 * RELAY_ADAPTER=redis-streams (with REDIS_URL, REDIS_PREFIX) puts the same Redis streams adapter under it as the
 * real server uses (server/room/crossProcess.ts), to tell the adapter's share of the cost from the room's.
 *
 * RELAY_DURABLE=1 (with REDIS_URL, REDIS_PREFIX) makes it the floor of any server that keeps the house rule
 * (nothing acknowledged or broadcast before it is stored): each event is first appended to the room's list in Redis
 * (one RPUSH, the cheapest write there is, on a node-redis client set up as the real store's is), and only then
 * numbered, broadcast and acknowledged. Still no validation, no engine, no compare-and-set: what it adds to the bare
 * relay is the one round trip to the store and nothing else (BENCHMARKS.md: "What is measured", and the durable
 * floor's sessions in bench/HISTORY.md, "A thirteenth host").
 */
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const http = createServer((_req, res) => {
  res.writeHead(404).end();
});
let adapter: ReturnType<typeof createAdapter> | undefined;
let redis: ReturnType<typeof createClient> | undefined;
const prefix = process.env.REDIS_PREFIX ?? 'bench:relay:';
const durable = process.env.RELAY_DURABLE === '1';
const withAdapter = process.env.RELAY_ADAPTER === 'redis-streams';
if (withAdapter || durable) {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // The durable floor's client is set up as server/store/redisStore.ts sets up the store's: no offline queue, no
  // per-command timeout (each would arm an AbortSignal timer per command, the real store's largest client cost before
  // it turned them off). The adapter's relay keeps node-redis's defaults, as it always had.
  redis = createClient(durable ? { url, disableOfflineQueue: true, commandOptions: { timeout: 0 } } : { url });
  redis.on('error', () => undefined);
  await redis.connect();
  if (withAdapter) adapter = createAdapter(redis, { streamName: `${prefix}socket.io`, channelPrefix: `${prefix}socket.io` });
}
const io = new Server(http, { transports: ['websocket'], serveClient: false, ...(adapter ? { adapter } : {}) });
const versions = new Map<string, number>();
/** RELAY_DURABLE: each room's appends in order, one after the other, as the real server's per-match queue runs them. */
const queues = new Map<string, Promise<void>>();

io.on('connection', (socket) => {
  const matchId = String((socket.handshake.auth as { matchId?: unknown }).matchId ?? '');
  const room = `match:${matchId}`;
  void socket.join(room);
  socket.emit('welcome', { role: 'spectator', matchId, protocolVersion: 1 });
  socket.emit('snapshot', { matchId, version: versions.get(matchId) ?? 0, state: {} });
  socket.on('command', (envelope: { type?: unknown; payload?: unknown }, ack: unknown) => {
    const payload = typeof envelope?.payload === 'object' && envelope.payload !== null ? envelope.payload : {};
    const event = { type: envelope?.type, at: Date.now(), ...payload };
    const relay = () => {
      const fromVersion = versions.get(matchId) ?? 0;
      const version = fromVersion + 1;
      versions.set(matchId, version);
      io.to(room).emit('events', { matchId, fromVersion, events: [{ version, event }] });
      if (typeof ack === 'function') ack({ status: 'accepted', version });
    };
    if (!durable || !redis) return relay();
    const store = redis;
    const previous = queues.get(matchId) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        await store.rPush(`${prefix}log:${matchId}`, JSON.stringify(event));
      } catch {
        // Not stored: nothing is broadcast, and the phone is told so (the real server's NOT_SAVED).
        if (typeof ack === 'function') ack({ status: 'error', code: 'NOT_SAVED', message: 'not saved' });
        return;
      }
      relay();
    });
    queues.set(matchId, next);
  });
});

http.listen(port, host, () => {
  console.log(`Bare relay listening (port ${(http.address() as AddressInfo).port})`);
});

const stop = () => {
  io.disconnectSockets(true);
  void io.close(() => {
    void (redis?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
