import type { startInProcess } from './inProcessServer';
import { createMatch } from './matchScript';
import { RoomClient } from './roomClient';

/**
 * What an in-process server writes to each connection, in order, as WebSocket frames, and a room of phones to watch it
 * with: for tests of how the room's messages leave the server. Every frame a connection sends goes through its ws
 * sender's `sendFrame`, whether Engine.IO wrote it (a packet of its queue) or the room's fan-out did directly
 * (server/room/roomFanOut.ts); each connection's is wrapped as it opens, and calls through unchanged.
 */

type InProcessServer = Awaited<ReturnType<typeof startInProcess>>;

/**
 * One Socket.IO packet as written: the Engine.IO connection, its Socket.IO text, and the parts of its frame as ws got
 * them (a header and the text for a message Engine.IO encodes, one buffer for a pre-computed frame).
 */
export interface Written {
  conn: string;
  data: string;
  frame: (Buffer | string)[];
}

interface EngineConnection {
  id: string;
  transport: { socket: { _sender: { sendFrame: (list: (Buffer | string)[], cb?: unknown) => void } } };
}

/** The text of an unmasked WebSocket text frame (RFC 6455 5.2), or null for any other frame. */
function frameText(frame: Buffer): string | null {
  if ((frame[0]! & 0x0f) !== 1) return null;
  const short = frame[1]! & 0x7f;
  const start = short === 126 ? 4 : short === 127 ? 10 : 2;
  return frame.subarray(start).toString('utf8');
}

export function recordWrites(server: InProcessServer): Written[] {
  const written: Written[] = [];
  server.io.engine.on('connection', (conn: EngineConnection) => {
    const sender = conn.transport.socket._sender;
    const sendFrame = sender.sendFrame;
    sender.sendFrame = function (list, cb) {
      const text = frameText(Buffer.concat(list.map((part) => Buffer.from(part))));
      // Engine.IO's message packets are '4' and the Socket.IO packet; its pings and the like are left out.
      if (text?.startsWith('4')) written.push({ conn: conn.id, data: text.slice(1), frame: list });
      sendFrame.call(this, list, cb);
    };
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
