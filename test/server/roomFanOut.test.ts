import { afterAll, describe, expect, it } from 'vitest';
import type { EventsMessage, Presence } from '../../shared/protocol';
import { fanOutEvents, idleSender } from '../../server/room/roomFanOut';
import { matchRoom } from '../../server/room/roomNames';
import { startInProcess } from '../helpers/inProcessServer';
import type { RoomClient } from '../helpers/roomClient';
import { deleteKeys, removeTempDirs, SHARED_REDIS, sleep, uniquePrefix } from '../helpers/serverProcess';
import { connOf, recordWrites, roomWithPhones } from '../helpers/serverWrites';

/**
 * The room's fan-out (server/room/roomFanOut.ts) writes an update's pre-computed frame straight to each phone whose
 * connection has nothing waiting in Engine.IO, and hands it to Engine.IO, behind what waits there, for any other.
 * Both ways are checked on real connections: what the server wrote to each, in order, and what each phone read.
 * On both stores, since each brings its own Socket.IO adapter.
 */

const prefix = uniquePrefix('room-fan-out');
afterAll(async () => {
  removeTempDirs();
  await deleteKeys(prefix);
});

type InProcessServer = Awaited<ReturnType<typeof startInProcess>>;

function serverSocketOf(server: InProcessServer, phone: RoomClient) {
  const socket = server.io.of('/').sockets.get(phone.socket.id ?? '');
  if (!socket) throw new Error('no server socket for this phone');
  return socket;
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe.each([
  ['the embedded store', {}],
  ['Redis', { REDIS_URL: SHARED_REDIS, REDIS_PREFIX: prefix }],
])('the room fan-out, on %s', (_store, env) => {
  it('writes an idle phone its frame at once, and a busy one its update behind what Engine.IO holds for it', async () => {
    const server = await startInProcess(env);
    const written = recordWrites(server);
    const clients: RoomClient[] = [];
    try {
      const { home, others } = await roomWithPhones(server, 'fan-out', 2, clients);
      const [, busy, idle] = others as [RoomClient, RoomClient, RoomClient];
      const matchId = home.options.matchId;
      expect(await home.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 60_000 } })).toMatchObject({ status: 'accepted' });
      await Promise.all(clients.map((c) => c.untilVersion(1)));
      // The room's first update once more: every phone holds it already and reads it as an overlapping batch.
      const events = await server.store.eventsAfter(matchId, 0);
      if (!events) throw new Error('no events stored');
      const update: EventsMessage = { matchId, fromVersion: 0, events };

      const read: Record<'busy' | 'idle', string[]> = { busy: [], idle: [] };
      busy.socket.onAny((name: string) => read.busy.push(name));
      idle.socket.onAny((name: string) => read.idle.push(name));
      // Two messages to one phone in one turn: the first is written at once, the second waits in Engine.IO until
      // the first write has called back.
      const busySocket = serverSocketOf(server, busy);
      const presence: Presence = { matchId, captains: { HOME: 1, AWAY: 1 } };
      busySocket.emit('presence', presence);
      busySocket.emit('presence', presence);
      expect(idleSender(busySocket.conn)).toBeNull();
      expect(idleSender(serverSocketOf(server, idle).conn)).not.toBeNull();

      const before = written.length;
      fanOutEvents(server.io, matchRoom(matchId), home.socket.id, update);
      const isUpdate = (data: string) => data.startsWith('2["events"');
      // The idle phones' frames are written during the call, each as the one pre-computed buffer; the busy one's not.
      const atOnce = written.slice(before).filter((w) => isUpdate(w.data));
      expect(atOnce.map((w) => w.conn).sort()).toEqual([connOf(others[0]!), connOf(idle)].sort());
      for (const w of atOnce) expect(w.frame).toHaveLength(1);

      await until('every phone to read the update', () => read.busy.includes('events') && read.idle.includes('events'));
      const toBusy = written.slice(before).filter((w) => w.conn === connOf(busy)).map((w) => (isUpdate(w.data) ? 'events' : w.data.slice(0, 12)));
      expect(toBusy).toEqual(['2["presence"', 'events']);
      expect(read.busy).toEqual(['presence', 'presence', 'events']);
      expect(read.idle).toEqual(['events']);
      // Not to the sender, and nobody took the repeat for a gap.
      expect(written.slice(before).some((w) => w.conn === connOf(home) && isUpdate(w.data))).toBe(false);
      expect(clients.map((c) => [c.version, c.resyncs])).toEqual(clients.map(() => [1, 0]));
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });

  it('gives the sender the same one frame as its room, ahead of its acknowledgement', async () => {
    const server = await startInProcess(env);
    const written = recordWrites(server);
    const clients: RoomClient[] = [];
    try {
      const { home, others } = await roomWithPhones(server, 'fan-out-sender', 2, clients);
      const before = written.length;
      expect(await home.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 60_000 } })).toMatchObject({ status: 'accepted', version: 1 });
      await Promise.all(clients.map((c) => c.untilVersion(1)));
      const updates = written.slice(before).filter((w) => w.data.startsWith('2["events"'));
      // Socket.IO's acknowledgement packets start with 3: the sender's update comes first, then its answer.
      const toSender = written.slice(before).filter((w) => w.conn === connOf(home) && (w.data.startsWith('2["events"') || w.data.startsWith('3')));
      expect(toSender.map((w) => w.data.slice(0, 1))).toEqual(['2', '3']);
      expect(updates.map((w) => w.conn).sort()).toEqual([home, ...others].map(connOf).sort());
      // One encoding for all of them: every phone, the sender included, is written the very same buffer.
      const [first] = updates[0]!.frame;
      for (const w of updates) expect(w.frame).toEqual([first]);
      expect(new Set(updates.map((w) => w.frame[0])).size).toBe(1);
      expect(clients.map((c) => c.resyncs)).toEqual(clients.map(() => 0));
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });

  it('skips no phone of the room and reaches no phone of another room', async () => {
    const server = await startInProcess(env);
    const clients: RoomClient[] = [];
    try {
      const room = await roomWithPhones(server, 'fan-out-a', 4, clients);
      const other = await roomWithPhones(server, 'fan-out-b', 2, clients);
      const acked = await room.home.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 60_000 } });
      expect(acked).toMatchObject({ status: 'accepted', version: 1 });
      await Promise.all([room.home, ...room.others].map((c) => c.untilVersion(1)));
      await sleep(100);
      expect([other.home, ...other.others].map((c) => c.version)).toEqual([0, 0, 0, 0]);
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
});
