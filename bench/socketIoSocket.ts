import { io } from 'socket.io-client';
import type { BenchSocket, BenchSocketHandlers, BenchSocketOptions } from './benchSocket';

/**
 * The same client connection through socket.io-client 4.8 (`--client=socketio`): WebSocket only, one connection
 * each (`forceNew`), no reconnection (a drop is counted, not hidden). Kept to compare with the lean client and to
 * check that the two measure the same thing.
 */
export function openSocketIoSocket(options: BenchSocketOptions, handlers: BenchSocketHandlers): BenchSocket {
  const socket = io(options.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
    auth: options.auth,
  });
  const onPacket = options.onPacket;
  if (onPacket) {
    socket.io.on('open', () => {
      const engine = socket.io.engine;
      engine.on('packet', (packet: { type: string; data?: unknown }) => {
        if (packet.type === 'message' && typeof packet.data === 'string') onPacket('in', packet.data);
      });
      engine.on('packetCreate', (packet: { type: string; data?: unknown }) => {
        if (packet.type === 'message' && typeof packet.data === 'string') onPacket('out', packet.data);
      });
    });
  }
  let connected = false;
  socket.onAny((name: string, ...args: unknown[]) => handlers.event(name, args));
  socket.on('connect', () => {
    connected = true;
    handlers.connect();
  });
  socket.on('connect_error', (err: Error & { data?: unknown }) => handlers.connectError(err.message, err.data));
  socket.on('disconnect', (reason: string) => {
    if (connected) handlers.disconnect(reason);
    connected = false;
  });
  return {
    emitWithAck(name, arg, timeoutMs, callback) {
      socket.timeout(timeoutMs).emit(name, arg, (err: Error | null, reply: unknown) => callback(err, reply));
    },
    close() {
      socket.disconnect();
    },
  };
}
