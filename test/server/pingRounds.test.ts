import { afterAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { fullMatchSteps, play } from '../helpers/matchScript';
import type { RoomClient } from '../helpers/roomClient';
import { removeTempDirs } from '../helpers/serverProcess';
import { connOf, roomWithPhones } from '../helpers/serverWrites';

/**
 * Before each ping, a phone's Engine.IO write buffer and its ws receiver's fragments array are swapped for new empty
 * ones (server/room/pingRounds.ts), so that the ping and its pong go into young arrays: checked on a real connection
 * with pings every 150 ms. If Engine.IO or ws no longer have these members, the first test fails here.
 */

afterAll(() => removeTempDirs());

interface Receiver {
  _fragments: unknown[];
  _state: number;
}
interface EngineConnection {
  writeBuffer: unknown[];
  transport: { socket: { _receiver: Receiver } };
  on(event: 'packetCreate', listener: (packet: { type: string; data?: unknown }) => void): void;
  on(event: 'heartbeat', listener: () => void): void;
  sendPacket(type: string): void;
}

async function serverWithPings() {
  const server = await startInProcess();
  // Engine.IO reads its pingInterval each time it schedules a connection's next ping.
  (server.io.engine as unknown as { opts: { pingInterval: number } }).opts.pingInterval = 150;
  return server;
}

function engineConnection(server: Awaited<ReturnType<typeof startInProcess>>, phone: RoomClient): EngineConnection {
  const conn = (server.io.engine as unknown as { clients: Record<string, EngineConnection> }).clients[connOf(phone)];
  if (!conn) throw new Error('no Engine.IO connection for the phone');
  return conn;
}

describe('ping rounds (server/room/pingRounds.ts)', () => {
  it('each ping finds new empty arrays, and the phone stays live and up to date', async () => {
    const server = await serverWithPings();
    const clients: RoomClient[] = [];
    try {
      const { home, away, others } = await roomWithPhones(server, 'ping-rounds', 1, clients);
      const spectator = others[1]!;
      const conn = engineConnection(server, spectator);
      expect(Array.isArray(conn.writeBuffer)).toBe(true);
      expect(Array.isArray(conn.transport.socket._receiver._fragments)).toBe(true);

      // What the arrays were after a pong (the last thing in before the next ping), and what the next ping found.
      interface Arrays {
        writeBuffer: unknown[];
        fragments: unknown[];
      }
      const last: { afterPong: Arrays | null } = { afterPong: null };
      const pings: { before: Arrays; at: Arrays & { lengths: number[] } }[] = [];
      conn.on('heartbeat', () => {
        last.afterPong = { writeBuffer: conn.writeBuffer, fragments: conn.transport.socket._receiver._fragments };
      });
      // Registered after the server's own listener, so it sees the arrays the ping is about to go into.
      conn.on('packetCreate', (packet) => {
        const before = last.afterPong;
        if (packet.type !== 'ping' || !before) return;
        const fragments = conn.transport.socket._receiver._fragments;
        pings.push({ before, at: { writeBuffer: conn.writeBuffer, fragments, lengths: [conn.writeBuffer.length, fragments.length] } });
      });
      await expect.poll(() => pings.length, { timeout: 5000, interval: 50 }).toBeGreaterThanOrEqual(3);

      for (const { before, at } of pings) {
        expect(at.writeBuffer).not.toBe(before.writeBuffer);
        expect(at.fragments).not.toBe(before.fragments);
        expect(at.lengths).toEqual([0, 0]);
      }

      // The phone answered every ping (Engine.IO would have closed it after a missed pong) and still gets the room.
      const acked = { version: 0 };
      await play({ HOME: home, AWAY: away }, fullMatchSteps().slice(0, 3), acked);
      await spectator.untilVersion(acked.version);
      expect(spectator.state).toEqual(home.state);
      expect(spectator.socket.connected).toBe(true);
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });

  it('a ping queued behind packets Engine.IO holds goes into their array, after them', async () => {
    const server = await serverWithPings();
    const clients: RoomClient[] = [];
    try {
      const { others } = await roomWithPhones(server, 'ping-behind', 1, clients);
      const phone = others[1]!;
      const conn = engineConnection(server, phone);
      const socket = [...server.io.of('/').sockets.values()].find((s) => (s.conn as unknown as { id: string }).id === connOf(phone));
      if (!socket) throw new Error('no Socket.IO socket for the phone');
      const heard: unknown[] = [];
      phone.socket.on('probe' as never, (n: unknown) => {
        heard.push(n);
      });

      let found: unknown[] | null = null;
      conn.on('packetCreate', (packet) => {
        if (packet.type === 'ping' && found === null) found = conn.writeBuffer;
      });
      // The first emit goes out at once and leaves the transport busy until its write completes, so the second waits
      // in Engine.IO's buffer; a ping queued now must not swap that buffer away from under it.
      (socket as unknown as { emit(event: string, n: number): void }).emit('probe', 1);
      (socket as unknown as { emit(event: string, n: number): void }).emit('probe', 2);
      const holding = conn.writeBuffer;
      expect(holding).toHaveLength(1);
      conn.sendPacket('ping');
      expect(found).toBe(holding);
      expect(holding).toHaveLength(2);

      await expect.poll(() => heard, { timeout: 2000, interval: 20 }).toEqual([1, 2]);
      expect(phone.socket.connected).toBe(true);
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
});
