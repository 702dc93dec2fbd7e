/**
 * A room's broadcast written to each phone's socket as one buffer instead of two.
 *
 * Socket.IO's adapter encodes a broadcast once and pre-computes its WebSocket frame once (`wsPreEncodedFrame`), as
 * two buffers: the frame's header and the payload. `ws` writes such a pair with cork, two writes and uncork, which
 * goes through Node's stream buffering (an entry per buffer, a chunk list, a write request holding both) for every
 * phone of the room. One buffer holding both goes straight to the socket instead. The bytes on the wire are the same.
 * Under the bench's main load (200 matches x 22 phones) the server allocated 16 % less per command with it (93 -> 78
 * KB: fewer scavenges, each a pause for every room), bench/HISTORY.md "A sixteenth host". The room's own fan-out
 * (roomFanOut.ts) asks the adapter for this frame too, and writes it to each idle phone itself.
 *
 * `_encode` is the adapter's own (socket.io-adapter 2.5, the in-memory adapter every adapter extends). It is
 * replaced on the instance, and a missing one stops the server at start rather than leaving the gain silently gone
 * after an upgrade (test/server/wholeFrames.test.ts checks that each phone is handed one whole frame, and reads it).
 */

/** The adapter's packet options, as far as the pre-computed frame goes. */
interface PacketOptions {
  wsPreEncodedFrame?: Buffer[];
}

interface EncodingAdapter {
  _encode(packet: unknown, options: PacketOptions): unknown;
}

export function writeBroadcastsWhole(adapter: object): void {
  const target = adapter as Partial<EncodingAdapter>;
  const encode = target._encode;
  if (typeof encode !== 'function') throw new Error('socket.io-adapter has no _encode any more: see server/room/wholeFrames.ts');
  target._encode = function (this: EncodingAdapter, packet, options) {
    const encoded = encode.call(this, packet, options);
    const frame = options.wsPreEncodedFrame;
    if (frame?.length === 2) options.wsPreEncodedFrame = [Buffer.concat(frame)];
    return encoded;
  };
}
