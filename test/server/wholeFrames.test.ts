import { afterAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { fullMatchSteps, play } from '../helpers/matchScript';
import type { RoomClient } from '../helpers/roomClient';
import { deleteKeys, removeTempDirs, SHARED_REDIS, uniquePrefix } from '../helpers/serverProcess';
import { recordWrites, roomWithPhones } from '../helpers/serverWrites';

/**
 * A room's broadcast leaves as one buffer per phone (server/room/wholeFrames.ts): what Engine.IO hands each socket is
 * a single pre-computed WebSocket frame, header and payload together, and the phones still read every update. Checked
 * on both stores, since each brings its own Socket.IO adapter.
 */

const prefix = uniquePrefix('whole-frames');
afterAll(async () => {
  removeTempDirs();
  await deleteKeys(prefix);
});

/** The WebSocket frame of a short unmasked text message (RFC 6455 5.2): FIN + text, then the length. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header = payload.length <= 125 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, payload]);
}

describe.each([
  ['the embedded store', {}],
  ['Redis', { REDIS_URL: SHARED_REDIS, REDIS_PREFIX: prefix }],
])('broadcast frames, on %s', (_store, env) => {
  it('each phone of the room gets the update as one whole frame, and reads it', async () => {
    const server = await startInProcess(env);
    const written = recordWrites(server);
    const clients: RoomClient[] = [];
    try {
      const { home, away } = await roomWithPhones(server, 'whole-frames', 3, clients);
      const acked = { version: 0 };
      await play({ HOME: home, AWAY: away }, fullMatchSteps().slice(0, 4), acked);
      await Promise.all(clients.map((c) => c.untilVersion(acked.version)));
      expect(clients.map((c) => c.state)).toEqual(clients.map(() => home.state));

      // 4 commands: each reached its sender first (its own packet through Engine.IO, test/server/sendOrder.test.ts)
      // and then the 4 other phones as the room's one pre-computed frame each.
      const frames = written.filter((w) => w.data.startsWith('2["events"'));
      expect(frames).toHaveLength(4 * 5);
      const broadcast = frames.filter((f, i) => frames.findIndex((g) => g.data === f.data) !== i);
      expect(broadcast).toHaveLength(4 * 4);
      for (const { data, frame } of broadcast) {
        expect(frame).toHaveLength(1);
        expect(frame[0]).toEqual(textFrame(`4${data}`));
      }
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
});
