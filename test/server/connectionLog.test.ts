import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConnectionLog } from '../../server/room/connectionLog';
import { createLogger } from '../../server/log';
import { startInProcess } from '../helpers/inProcessServer';
import type { RoomClient } from '../helpers/roomClient';
import { removeTempDirs } from '../helpers/serverProcess';
import { roomWithPhones } from '../helpers/serverWrites';

/**
 * A connection's log lines name the connection (server/room/connectionLog.ts) without a pino child held per socket:
 * the fields are read from the socket when a line is written. Real server, real phones, the lines pino writes.
 */

afterAll(() => removeTempDirs());

type Line = Record<string, unknown>;
const collector = (lines: Line[]) => ({ write: (line: string) => void lines.push(JSON.parse(line) as Line) });

describe('a connection’s log lines', () => {
  it('carry the match, the socket, the role and the captain’s side, from connect to disconnect', async () => {
    const lines: Line[] = [];
    const server = await startInProcess({ LOG_LEVEL: 'info' }, collector(lines));
    const clients: RoomClient[] = [];
    try {
      const { home, others } = await roomWithPhones(server, 'connection-log', 1, clients);
      const spectator = others[1]!;
      const matchId = home.welcome!.matchId;
      const spectatorSid = spectator.socket.id;
      spectator.close();
      await vi.waitFor(() => expect(lines.find((l) => l.msg === 'disconnected' && l.sid === spectatorSid)).toBeDefined());

      expect(lines.find((l) => l.msg === 'connected' && l.sid === home.socket.id)).toMatchObject({ level: 30, matchId, role: 'captain', side: 'HOME' });
      const watching = lines.find((l) => l.msg === 'connected' && l.sid === spectatorSid);
      expect(watching).toMatchObject({ matchId, role: 'spectator' });
      expect(watching).not.toHaveProperty('side');
      expect(lines.find((l) => l.msg === 'disconnected' && l.sid === spectatorSid)).toMatchObject({ matchId, role: 'spectator', reason: 'client namespace disconnect' });
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });

  it('write nothing below the level, and pino still hides a secret and serialises an error in them', async () => {
    const server = await startInProcess();
    const clients: RoomClient[] = [];
    try {
      const { away } = await roomWithPhones(server, 'connection-log-level', 0, clients);
      const socket = server.io.of('/').sockets.get(away.socket.id!)!;
      const lines: Line[] = [];
      const log = new ConnectionLog(createLogger('warn', collector(lines)), socket);
      log.info({ note: 'below the level' }, 'connected');
      log.warn({ token: 'the-captain-link-token' }, 'a line that carried a token');
      log.error({ err: new Error('the store went away') }, 'store read failed');

      expect(lines.map((l) => l.msg)).toEqual(['a line that carried a token', 'store read failed']);
      expect(lines[0]).toMatchObject({ level: 40, role: 'captain', side: 'AWAY', sid: away.socket.id, token: '[secret]' });
      expect(lines[1]).toMatchObject({ level: 50, role: 'captain', side: 'AWAY', err: { type: 'Error', message: 'the store went away' } });
      expect(JSON.stringify(lines)).not.toContain('the-captain-link-token');
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
});
