/**
 * What a load generator needs from one client connection, whichever client library speaks the protocol:
 * `leanSocket.ts` (Engine.IO v4 / Socket.IO v5 frames written and read directly on a `ws` WebSocket) or
 * `socketIoSocket.ts` (socket.io-client 4.8, what the phones' library does). The bench drives the bare relay and
 * the server with the same kind in one session, so the client's own cost is the same on both sides.
 */

export type ClientKind = 'lean' | 'socketio';
export const CLIENT_KINDS: readonly ClientKind[] = ['lean', 'socketio'];

export interface BenchSocketOptions {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Sent with the namespace connect (Socket.IO `auth`). */
  auth: Record<string, unknown>;
  /** Called with every Socket.IO packet (without Engine.IO's leading "4") received / sent: byte counting. */
  onPacket?: (direction: 'in' | 'out', packet: string) => void;
}

export interface BenchSocketHandlers {
  /** A server-sent event (`42["name", ...args]`). */
  event(name: string, args: unknown[]): void;
  /** The namespace connect was accepted. */
  connect(): void;
  /** The namespace connect was refused (the server's middleware error), or the transport failed before it. */
  connectError(message: string, data: unknown): void;
  /** The connection ended after having been connected (by either side). */
  disconnect(reason: string): void;
}

export interface BenchSocket {
  /** Sends `name` with one argument and calls `callback` with the acknowledgement, or an error after `timeoutMs`. */
  emitWithAck(name: string, arg: unknown, timeoutMs: number, callback: (err: Error | null, reply: unknown) => void): void;
  close(): void;
}

export type OpenBenchSocket = (options: BenchSocketOptions, handlers: BenchSocketHandlers) => BenchSocket;
