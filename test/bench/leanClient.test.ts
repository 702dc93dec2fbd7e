import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsMessageSchema, ReplySchema, SnapshotMessageSchema, WelcomeSchema } from '../../shared/protocol';
import { CLIENT_KINDS, type BenchSocket, type BenchSocketOptions, type ClientKind } from '../../bench/benchSocket';
import { openLeanSocket } from '../../bench/leanSocket';
import { fillerStep } from '../../bench/matchScript';
import { openSocketIoSocket } from '../../bench/socketIoSocket';
import { createMatch, type CreatedMatch } from '../helpers/matchScript';
import { deleteKeys, PROCESS_TEST_TIMEOUT, removeTempDirs, ServerProcess, SHARED_REDIS, uniquePrefix } from '../helpers/serverProcess';

/**
 * The bench's client connections (bench/benchSocket.ts) against the real server on real Redis: the lean one speaks
 * the Socket.IO wire protocol by hand, so a mistake there (handshake, auth, ack ids, event parsing) would make the
 * bench measure nothing, or something else. Both kinds must behave the same.
 */

const open: Record<ClientKind, typeof openLeanSocket> = { lean: openLeanSocket, socketio: openSocketIoSocket };

/** A bench socket that records what it receives, with a promise per thing awaited. */
class Recorder {
  readonly events: { name: string; args: unknown[] }[] = [];
  connected = false;
  connectError: { message: string; data: unknown } | null = null;
  disconnectReason: string | null = null;
  readonly socket: BenchSocket;
  #waiters: (() => void)[] = [];

  constructor(kind: ClientKind, options: BenchSocketOptions) {
    this.socket = open[kind](options, {
      event: (name, args) => this.#note(() => this.events.push({ name, args })),
      connect: () => this.#note(() => (this.connected = true)),
      connectError: (message, data) => this.#note(() => (this.connectError = { message, data })),
      disconnect: (reason) => this.#note(() => (this.disconnectReason = reason)),
    });
  }

  #note(change: () => void): void {
    change();
    for (const w of this.#waiters.splice(0)) w();
  }

  named(name: string): unknown[] {
    return this.events.filter((e) => e.name === name).map((e) => e.args[0]);
  }

  async until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events.map((e) => e.name))}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  ack(name: string, arg: unknown, timeoutMs = 10_000): Promise<{ err: Error | null; reply: unknown }> {
    return new Promise((resolve) => this.socket.emitWithAck(name, arg, timeoutMs, (err, reply) => resolve({ err, reply })));
  }
}

const prefix = uniquePrefix('bench-client');
let server: ServerProcess;
const recorders: Recorder[] = [];
const connect = (kind: ClientKind, auth: Record<string, unknown>, onPacket?: BenchSocketOptions['onPacket']) => {
  const r = new Recorder(kind, { url: server.url, auth, ...(onPacket ? { onPacket } : {}) });
  recorders.push(r);
  return r;
};

beforeAll(async () => {
  server = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix });
}, PROCESS_TEST_TIMEOUT);

afterAll(async () => {
  for (const r of recorders) r.socket.close();
  await server?.stop();
  await deleteKeys(prefix);
  removeTempDirs();
}, PROCESS_TEST_TIMEOUT);

describe.each(CLIENT_KINDS)('bench client %s against the real server', (kind) => {
  let match: CreatedMatch;
  beforeAll(async () => {
    match = await createMatch(server.url, `bench-client-${kind}`);
  });

  it('connects with the captain auth, gets welcome + snapshot; a command is acked and broadcast to a spectator', async () => {
    const packets: string[] = [];
    const captain = connect(kind, { matchId: match.matchId, token: match.tokens.HOME, deviceId: 'bench-test-home' }, (direction, packet) => packets.push(`${direction}:${packet.slice(0, 12)}`));
    const spectator = connect(kind, { matchId: match.matchId });
    await captain.until(() => captain.named('snapshot').length > 0, 'the captain snapshot');
    await spectator.until(() => spectator.named('snapshot').length > 0, 'the spectator snapshot');
    expect(captain.connected).toBe(true);
    expect(WelcomeSchema.parse(captain.named('welcome')[0])).toMatchObject({ role: 'captain', side: 'HOME' });
    expect(WelcomeSchema.parse(spectator.named('welcome')[0]).role).toBe('spectator');
    expect(SnapshotMessageSchema.parse(spectator.named('snapshot')[0]).version).toBe(0);

    const command = fillerStep(0).build({ now: Date.now(), lastEntryId: null });
    const sent = await captain.ack('command', { commandId: `bench-test-${kind}-1`, matchId: match.matchId, expectedVersion: 0, ...command });
    expect(sent.err).toBeNull();
    expect(ReplySchema.parse(sent.reply)).toMatchObject({ status: 'accepted', version: 1 });

    await spectator.until(() => spectator.named('events').length > 0, 'the spectator events');
    const events = EventsMessageSchema.parse(spectator.named('events')[0]);
    expect(events.fromVersion).toBe(0);
    expect(events.events.map((e) => e.version)).toEqual([1]);
    expect(events.events[0]!.event.type).toBe('PlayerArrived');

    // A second command with its own ack id: acks are matched to their command, not to "the last one".
    const [a, b] = await Promise.all([
      captain.ack('command', { commandId: `bench-test-${kind}-2`, matchId: match.matchId, expectedVersion: 1, ...fillerStep(2).build({ now: Date.now(), lastEntryId: null }) }),
      captain.ack('command', { commandId: `bench-test-${kind}-1`, matchId: match.matchId, expectedVersion: 0, ...command }),
    ]);
    expect(ReplySchema.parse(a.reply)).toMatchObject({ status: 'accepted', version: 2 });
    expect(ReplySchema.parse(b.reply)).toMatchObject({ status: 'duplicate', answer: { status: 'accepted', version: 1 } });
    await spectator.until(() => spectator.named('events').length > 1, 'the second update');
    expect(EventsMessageSchema.parse(spectator.named('events')[1]).fromVersion).toBe(1);

    // The byte-counting hook sees the Socket.IO packets both ways (what the bench's wire figures are made of).
    expect(packets).toContain('in:2["snapshot"');
    expect(packets.some((p) => /^out:2\d+\["command/.test(p))).toBe(true);
    expect(packets.some((p) => /^in:3\d+\[\{/.test(p))).toBe(true);
  });

  it('reports a refused handshake with the server error data', async () => {
    const stranger = connect(kind, { matchId: 'no-such-match' });
    await stranger.until(() => stranger.connectError !== null, 'connect error');
    expect(stranger.connected).toBe(false);
    expect(stranger.connectError!.data).toMatchObject({ code: 'UNKNOWN_MATCH' });
  });

  it('reports a disconnect by the server after connecting', async () => {
    const home = connect(kind, { matchId: match.matchId, token: match.tokens.HOME, deviceId: 'bench-test-home-2' });
    await home.until(() => home.connected, 'connected');
    await server.stop();
    await home.until(() => home.disconnectReason !== null, 'the disconnect');
    server = await server.restart();
  }, PROCESS_TEST_TIMEOUT);
});

describe('lean client keep-alive', () => {
  it('answers the server pings, so a server with a short ping timeout keeps it connected', async () => {
    const http = createServer();
    const io = new Server(http, { transports: ['websocket'], pingInterval: 100, pingTimeout: 100 });
    let disconnects = 0;
    io.on('connection', (socket) => socket.on('disconnect', () => disconnects++));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const r = new Recorder('lean', { url, auth: {} });
    try {
      await r.until(() => r.connected, 'connected');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(disconnects).toBe(0);
      expect(r.disconnectReason).toBeNull();
    } finally {
      r.socket.close();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    }
  });
});
