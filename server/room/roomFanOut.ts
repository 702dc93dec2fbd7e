import type { EventsMessage } from '../../shared/protocol';
import type { RoomServer, RoomSocket } from './types';

/**
 * A room's update, written to each of this process's phones in the room as one pre-computed WebSocket frame, and to
 * the phone that sent the command with the same frame (encoded once per update, not once for the sender and once
 * for the room).
 *
 * `io.to(room).local.emit` hands every phone's connection the same pre-computed frame already, but through Socket.IO's
 * client, Engine.IO's packet queue and its events (packetCreate, flush, drain, twice each with the server's), a write
 * callback per phone and, on that callback, Engine.IO's drain handling again. Under the bench's load that bookkeeping
 * took 18 % of the server's busy time at 22 phones a room, beside 34 % for the socket writes themselves, and about 30 %
 * at 75; without it the server spends 8-17 % less CPU per command (bench/HISTORY.md, "A nineteenth host"). Here a phone
 * whose connection has nothing waiting in Engine.IO gets the frame written straight to its WebSocket, through the same
 * ws call Engine.IO makes for a pre-computed frame (`_sender.sendFrame`), without a callback: the bytes on the wire are
 * the same, and they follow whatever the connection wrote before, in order.
 *
 * A phone whose connection is not plainly open and idle (Engine.IO holds packets for it, it is closing, or the shapes
 * below are not what this version of Engine.IO and ws have) gets the update through `socket.emit` instead, behind
 * what Engine.IO holds: no update is ever skipped or reordered for speed. test/server/roomFanOut.test.ts checks both
 * ways, and test/server/wholeFrames.test.ts that the room's phones get the one frame (so that a version of Engine.IO
 * or ws without the members used here fails a test instead of quietly falling back to the slow way).
 *
 * What this leaves out of Socket.IO's broadcast is only per-connection bookkeeping the server does not use: outgoing
 * listeners (`onAnyOutgoing`) and volatile packets. Socket.IO's connection state recovery, which would number each
 * broadcast, is off (it is only on when the Server is given `connectionStateRecovery`, socketServer.ts).
 */

/** The adapter's encoding of a broadcast (socket.io-adapter 2.5's `_encode`, made whole by wholeFrames.ts). */
interface EncodingAdapter {
  rooms: Map<string, Set<string>>;
  _encode(packet: { type: number; data: unknown[]; nsp: string }, options: { preEncoded: boolean; wsPreEncodedFrame?: Buffer[] }): unknown;
}

/** What Engine.IO (6.6) and ws (8) hold of a connection, as far as writing a frame to it directly goes. */
interface WireConnection {
  readyState?: unknown;
  writeBuffer?: unknown;
  transport?: { socket?: { readyState?: unknown; _sender?: { sendFrame?: unknown; _state?: unknown } } };
}

type SendFrame = (list: Buffer[]) => void;

/** Socket.IO's EVENT packet type (socket.io-parser). */
const EVENT = 2;
/** ws's WebSocket.OPEN. */
const WS_OPEN = 1;
/** ws's Sender state when it holds nothing back (no compression or Blob read under way): what it is given goes out. */
const SENDER_DEFAULT = 0;

/**
 * The ws sender of a connection that may be written to now, or null: Engine.IO holds nothing for it and neither does
 * ws (so everything given earlier is already on its way, ahead of this), and both layers say open.
 */
export function idleSender(conn: unknown): { sendFrame: SendFrame } | null {
  const c = conn as WireConnection;
  if (c.readyState !== 'open' || !Array.isArray(c.writeBuffer) || c.writeBuffer.length !== 0) return null;
  const ws = c.transport?.socket;
  const sender = ws?._sender;
  if (ws?.readyState !== WS_OPEN || sender?._state !== SENDER_DEFAULT || typeof sender.sendFrame !== 'function') return null;
  return sender as { sendFrame: SendFrame };
}

/** An update's frame as the adapter encodes a broadcast: one buffer (wholeFrames.ts), or undefined if it has none. */
export type EventsFrame = Buffer[] | undefined;

/** Encodes `message` as an `events` message once, for every phone it goes to (the sender and its room). */
export function eventsFrame(io: RoomServer, message: EventsMessage): EventsFrame {
  const nsp = io.of('/');
  const options: { preEncoded: boolean; wsPreEncodedFrame?: Buffer[] } = { preEncoded: true };
  (nsp.adapter as unknown as EncodingAdapter)._encode({ type: EVENT, data: ['events', message], nsp: nsp.name }, options);
  return options.wsPreEncodedFrame;
}

/** One phone's copy of an update: the frame written at once if its connection is idle, else through Engine.IO. */
export function sendEvents(socket: RoomSocket, message: EventsMessage, frame: EventsFrame): void {
  const sender = frame && idleSender(socket.conn);
  if (frame && sender) sender.sendFrame(frame);
  else socket.emit('events', message);
}

/**
 * Sends `message` as an `events` message to every phone of `room` in this process but `exceptId`'s, with the frame
 * the caller encoded already if it has one (the sender's copy, roomMessages.ts).
 */
export function fanOutEvents(io: RoomServer, room: string, exceptId: string | undefined, message: EventsMessage, frame = eventsFrame(io, message)): void {
  const nsp = io.of('/');
  const ids = (nsp.adapter as unknown as EncodingAdapter).rooms.get(room);
  if (!ids) return;
  for (const id of ids) {
    if (id === exceptId) continue;
    const socket = nsp.sockets.get(id);
    if (socket) sendEvents(socket, message, frame);
  }
}
