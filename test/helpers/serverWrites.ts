import type { startInProcess } from './inProcessServer';
import { createMatch } from './matchScript';
import { RoomClient } from './roomClient';

/**
 * What an in-process server hands each connection, in order, through Engine.IO's public `flush` event (one per write
 * of a connection), and a room of phones to watch it with: for tests of how the room's messages leave the server.
 */

type InProcessServer = Awaited<ReturnType<typeof startInProcess>>;

/** One packet as written: the Engine.IO connection, its Socket.IO text, and the pre-computed WebSocket frame if any. */
export interface Written {
  conn: string;
  data: string;
  frame: unknown;
}

export function recordWrites(server: InProcessServer): Written[] {
  const written: Written[] = [];
  server.io.engine.on('flush', (conn: { id: string }, packets: { data?: unknown; options?: { wsPreEncodedFrame?: unknown } }[]) => {
    for (const p of packets) if (typeof p.data === 'string') written.push({ conn: conn.id, data: p.data, frame: p.options?.wsPreEncodedFrame });
  });
  return written;
}

/** The Engine.IO id of a phone's connection, as `Written.conn` names it. */
export const connOf = (c: RoomClient): string => c.socket.io.engine.id;

/**
 * A new match with both captains' phones and `spectators` more connected. Each phone is added to `opened` as it
 * connects, so the caller closes every one of them even when a later one fails to connect.
 */
export async function roomWithPhones(server: InProcessServer, matchId: string, spectators: number, opened: RoomClient[]) {
  const match = await createMatch(server.url, matchId);
  const open = async (token?: string) => {
    const phone = await RoomClient.connect({ url: server.url, matchId: match.matchId, token });
    opened.push(phone);
    return phone;
  };
  const home = await open(match.tokens.HOME);
  const away = await open(match.tokens.AWAY);
  const others: RoomClient[] = [away];
  for (let i = 0; i < spectators; i++) others.push(await open());
  return { home, away, others };
}
