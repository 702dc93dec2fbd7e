/**
 * Engine.IO pings every phone every 25 s. On a phone that gets its room's updates straight from its WebSocket
 * (roomFanOut.ts), nothing else goes through Engine.IO between two pings, and nothing comes in but the pong: the two
 * arrays a ping round writes into, Engine.IO's `writeBuffer` (the ping packet is pushed into it, then the array is
 * swapped for a new one and sent) and the `ws` receiver's `_fragments` (the pong's bytes go in, then it too is
 * swapped), are by then 25 s old, in V8's old generation.
 *
 * Writing young objects into an old array that is dropped right after is what makes a scavenge slow: the young
 * generation's collector cannot tell that the old array is garbage (only a full collection can), so it takes the
 * array's pointers as live, and copies the ping packet, the pong's buffer and the arrays' new backing stores, then
 * promotes them at the next scavenge: about 0.5 KB a phone, and for phones that connected together (the bench's, a
 * bar's at the start of the night) all in the same few seconds. At 4,400 phones that was ~2.5 MB copied and then
 * promoted once a round, the two slowest scavenges of every 25 s (bench/HISTORY.md, "A fifty-seventh host"). A server
 * whose broadcasts go through Engine.IO swaps its array every second, and so pays only the pongs' half.
 *
 * So just before a ping is queued, each of the two arrays, if empty (nothing waiting in Engine.IO, no message half
 * read in ws), is swapped for a new empty one: the ping and its pong then go into young arrays and die young with
 * them. Swapping an empty array for another changes nothing either library does: Engine.IO uses `writeBuffer` only to
 * queue and flush, and ws `_fragments` only to gather the frames of the message it is reading.
 * test/server/pingRounds.test.ts checks the swap on a real connection, and that a version of Engine.IO or ws without
 * these members fails there instead of quietly skipping it.
 */

/** What this uses of an Engine.IO 6.6 socket and its ws 8 receiver; any of it may be missing in other versions. */
interface PingedConnection {
  writeBuffer?: unknown;
  transport?: { socket?: { _receiver?: { _fragments?: unknown; _state?: unknown } } };
  on(event: 'packetCreate', listener: (packet: { type?: unknown }) => void): unknown;
}

/** ws's Receiver state between frames (GET_INFO): nothing of a message is being read or inflated. */
const RECEIVER_BETWEEN_FRAMES = 0;

/** Swaps the connection's two empty arrays for new ones, as a ping is about to be queued. */
export function renewBeforePing(conn: Omit<PingedConnection, 'on'>): void {
  if (Array.isArray(conn.writeBuffer) && conn.writeBuffer.length === 0) conn.writeBuffer = [];
  const receiver = conn.transport?.socket?._receiver;
  if (receiver?._state === RECEIVER_BETWEEN_FRAMES && Array.isArray(receiver._fragments) && receiver._fragments.length === 0) receiver._fragments = [];
}

/** Renews each new connection's arrays before each of its pings (`packetCreate` comes before Engine.IO queues it). */
export function renewArraysBeforePings(engine: { on(event: 'connection', listener: (conn: PingedConnection) => void): unknown }): void {
  engine.on('connection', (conn) => {
    conn.on('packetCreate', (packet) => {
      if (packet.type === 'ping') renewBeforePing(conn);
    });
  });
}
