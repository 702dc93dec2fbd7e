import { afterAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { fullMatchSteps, play } from '../helpers/matchScript';
import type { RoomClient } from '../helpers/roomClient';
import { deleteKeys, removeTempDirs, SHARED_REDIS, sleep, uniquePrefix } from '../helpers/serverProcess';
import { connOf, recordWrites, roomWithPhones, type Written } from '../helpers/serverWrites';
import { killProcess, startVolatileRedis } from '../helpers/throwawayRedis';

/**
 * In what order an accepted command's messages leave the server, as Engine.IO hands them to the sockets (its public
 * `flush` event, one per write of a connection). The sender gets its events, then its acknowledgement, and both go
 * before any other phone's copy of the events: the captain who tapped never waits for one socket write per phone of
 * the room (server/room/roomMessages.ts). Checked on both stores, since the Redis one brings the cross-process
 * adapter under the room; and for commands whose store replies arrive together, whose answers all go before any of
 * their rooms' fan-outs.
 */

/** An events message whose batch ends at `version` (the one the command answered with that version caused). */
const endsAt = (version: number) => (w: Written) => w.data.startsWith('2["events"') && w.data.includes(`{"version":${version},"event"`);

/** Where the sender's own events ending at `version` were written, and its next acknowledgement after them (-1: none). */
function senderWrites(written: Written[], sender: RoomClient, version: number): { events: number; ack: number } {
  const events = written.findIndex((w) => w.conn === connOf(sender) && endsAt(version)(w));
  const ack = written.findIndex((w, at) => at > events && w.conn === connOf(sender) && w.data.startsWith('3'));
  return { events, ack };
}

/** Where each of `clients` was handed the events ending at `version` (-1: never). */
const copiesOf = (written: Written[], clients: RoomClient[], version: number) =>
  clients.map((c) => written.findIndex((w) => w.conn === connOf(c) && endsAt(version)(w)));

const prefix = uniquePrefix('send-order');
afterAll(async () => {
  removeTempDirs();
  await deleteKeys(prefix);
});

describe.each([
  ['the embedded store', {}],
  ['Redis', { REDIS_URL: SHARED_REDIS, REDIS_PREFIX: prefix }],
])('the order of an accepted command\'s messages, on %s', (_store, env) => {
  it("the sender's events, then its acknowledgement, then the room's copies", async () => {
    const server = await startInProcess(env);
    const written = recordWrites(server);
    const clients: RoomClient[] = [];
    try {
      const { home, away } = await roomWithPhones(server, 'send-order', 5, clients);

      const steps = fullMatchSteps().slice(0, 6);
      // play() checks that every reply is an acceptance; `acked` ends at the last one's version.
      const acked = { version: 0 };
      const replies = await play({ HOME: home, AWAY: away }, steps, acked);
      await Promise.all(clients.map((c) => c.untilVersion(acked.version)));

      let checked = 0;
      for (const [i, step] of steps.entries()) {
        const sender = step.side === 'HOME' ? home : away;
        const reply = replies[i]!;
        if (reply.status !== 'accepted') throw new Error(`step ${i} not accepted`);
        const { events, ack } = senderWrites(written, sender, reply.version);
        const others = copiesOf(written, clients.filter((c) => c !== sender), reply.version);
        expect(events, `step ${i}: the sender's events`).toBeGreaterThanOrEqual(0);
        expect(ack, `step ${i}: the sender's acknowledgement after its events`).toBeGreaterThan(events);
        expect(others, `step ${i}: every other phone got the events`).not.toContain(-1);
        expect(Math.min(...others), `step ${i}: the acknowledgement before any other phone's copy`).toBeGreaterThan(ack);
        checked++;
      }
      expect(checked).toBe(6);
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
});

describe('commands whose store replies arrive together', () => {
  // A private redis-server, stopped with SIGSTOP while two rooms' captains tap, so that both appends wait in its
  // socket and it answers them in one write: the server then finishes both commands in one turn.
  const PORT = 6395;

  it("every captain's acknowledgement leaves before either room's fan-out", async () => {
    const redis = await startVolatileRedis(PORT);
    const server = await startInProcess({ REDIS_URL: `redis://127.0.0.1:${PORT}`, REDIS_PREFIX: 'ln:' });
    const written = recordWrites(server);
    const clients: RoomClient[] = [];
    try {
      const rooms = await Promise.all(['together-1', 'together-2'].map(async (id) => {
        const { home: captain, others } = await roomWithPhones(server, id, 3, clients);
        // A first command, so that the next one's only round trip to the store is its append.
        expect(await captain.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 60_000 } })).toMatchObject({ status: 'accepted' });
        return { captain, others };
      }));

      redis.kill('SIGSTOP');
      const replies = rooms.map(({ captain }) => captain.send({ type: 'markArrived', payload: { playerId: 'H2', time: Date.now() - 30_000 } }));
      await sleep(300);
      redis.kill('SIGCONT');
      const answered = await Promise.all(replies);
      const versions = answered.map((r) => (r.status === 'accepted' ? r.version : -1));
      expect(versions).toEqual([2, 2]);
      await Promise.all(rooms.flatMap(({ others }) => others.map((s) => s.untilVersion(2))));

      const acks = rooms.map(({ captain }) => senderWrites(written, captain, 2).ack);
      const fanOuts = copiesOf(written, rooms.flatMap(({ others }) => others), 2);
      expect(acks).not.toContain(-1);
      expect(fanOuts).not.toContain(-1);
      expect(Math.min(...fanOuts)).toBeGreaterThan(Math.max(...acks));
    } finally {
      for (const c of clients) c.close();
      await server.close();
      await killProcess(redis);
    }
  });
});
