import { afterAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { createMatch, fullMatchSteps, play } from '../helpers/matchScript';
import { RoomClient } from '../helpers/roomClient';
import { deleteKeys, removeTempDirs, SHARED_REDIS, uniquePrefix } from '../helpers/serverProcess';

/**
 * In what order an accepted command's messages leave the server, as Engine.IO hands them to the sockets (its public
 * `flush` event, one per write of a connection). The sender gets its events, then its acknowledgement, and both go
 * before any other phone's copy of the events: the captain who tapped never waits for one socket write per phone of
 * the room (server/room/roomMessages.ts). Checked on both stores, since the Redis one brings the cross-process
 * adapter under the room.
 */

/** One packet as written: the Engine.IO connection it went to and its Socket.IO text. */
interface Written {
  conn: string;
  data: string;
}

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
    const written: Written[] = [];
    server.io.engine.on('flush', (conn: { id: string }, packets: { data?: unknown }[]) => {
      for (const p of packets) if (typeof p.data === 'string') written.push({ conn: conn.id, data: p.data });
    });
    const match = await createMatch(server.url, 'send-order');
    const clients: RoomClient[] = [];
    try {
      const home = await RoomClient.connect({ url: server.url, matchId: match.matchId, token: match.tokens.HOME });
      const away = await RoomClient.connect({ url: server.url, matchId: match.matchId, token: match.tokens.AWAY });
      clients.push(home, away);
      for (let i = 0; i < 5; i++) clients.push(await RoomClient.connect({ url: server.url, matchId: match.matchId }));
      const connOf = (c: RoomClient) => c.socket.io.engine.id;

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
        // The events message this command caused: the one whose batch ends at the version the reply names.
        const isItsEvents = (w: Written) => w.data.startsWith('2["events"') && w.data.includes(`{"version":${reply.version},"event"`);
        const ownEvents = written.findIndex((w) => w.conn === connOf(sender) && isItsEvents(w));
        const ack = written.findIndex((w, at) => at > ownEvents && w.conn === connOf(sender) && w.data.startsWith('3'));
        const others = clients.filter((c) => c !== sender).map((c) => written.findIndex((w) => w.conn === connOf(c) && isItsEvents(w)));
        expect(ownEvents, `step ${i}: the sender's events`).toBeGreaterThanOrEqual(0);
        expect(ack, `step ${i}: the sender's acknowledgement after its events`).toBeGreaterThan(ownEvents);
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
