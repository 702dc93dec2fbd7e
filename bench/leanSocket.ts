import WebSocket from 'ws';
import type { BenchSocket, BenchSocketHandlers, BenchSocketOptions } from './benchSocket';

/**
 * A Socket.IO client reduced to what the bench needs, speaking the real wire protocol (Engine.IO v4, Socket.IO v5,
 * default namespace, no binary attachments) over one `ws` WebSocket, as socket.io-client does with
 * `transports: ['websocket']`:
 *
 *   server -> `0{"sid":..,"pingInterval":..}`  Engine.IO open      client -> `40{auth json}`  namespace connect
 *   server -> `40{"sid":..}`                   connected           server -> `44{"message":..,"data":..}` refused
 *   server -> `2`                              ping                client -> `3`              pong
 *   server -> `42["name",...args]`             event               client -> `42<id>["name",arg]`  event with ack id
 *   server -> `43<id>[reply]`                  acknowledgement     server -> `41` / `1`        namespace / transport close
 *
 * It exists because socket.io-client's layers (Engine.IO socket, Manager, emitters, the packet decoder, one
 * ping-timeout timer per socket) cost the load generator more CPU than the server spends on the same messages:
 * with thousands of sockets per process the generators' event-loop delay was a large part of every latency
 * measured. There is no reconnection (a drop is counted by the caller, as with `reconnection: false`), no
 * ping-timeout watchdog (the server is on this machine: a dead peer closes the TCP connection) and no buffering
 * of emits before connect (the bench sends only on connected sockets).
 */
export function openLeanSocket(options: BenchSocketOptions, handlers: BenchSocketHandlers): BenchSocket {
  const url = `${options.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const acks = new Map<number, { callback: (err: Error | null, reply: unknown) => void; timer: NodeJS.Timeout }>();
  const onPacket = options.onPacket;
  let nextAckId = 0;
  let state: 'opening' | 'connecting' | 'connected' | 'closed' = 'opening';

  const end = (reason: string) => {
    if (state === 'closed') return;
    const was = state;
    state = 'closed';
    for (const [, pending] of acks) clearTimeout(pending.timer);
    acks.clear();
    if (was === 'connected') handlers.disconnect(reason);
    else handlers.connectError(reason, null);
  };

  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) return; // Socket.IO binary attachments: never sent by these servers
    const frame = data.toString('utf8');
    const type = frame.charCodeAt(0);
    if (type === 52 /* '4' Engine.IO message: a Socket.IO packet */) {
      if (onPacket) onPacket('in', frame.slice(1));
      onSocketIoPacket(frame);
    } else if (type === 50 /* '2' ping */) {
      ws.send('3');
    } else if (type === 48 /* '0' open */) {
      if (state !== 'opening') return;
      state = 'connecting';
      ws.send(`40${JSON.stringify(options.auth)}`);
    } else if (type === 49 /* '1' close */) {
      ws.close();
    }
  });
  ws.on('close', () => end('transport close'));
  ws.on('error', (err: Error) => {
    end(`transport error: ${err.message}`);
    ws.terminate();
  });

  function onSocketIoPacket(frame: string): void {
    const kind = frame.charCodeAt(1);
    if (kind === 50 /* '2' EVENT */) {
      // `42["name",...]` (the server sends no ack ids to clients here; skip any digits all the same)
      let i = 2;
      while (i < frame.length && isDigit(frame.charCodeAt(i))) i++;
      const packet: unknown = JSON.parse(frame.slice(i));
      if (!Array.isArray(packet) || typeof packet[0] !== 'string') throw new Error(`malformed event packet ${frame.slice(0, 80)}`);
      handlers.event(packet[0], packet.slice(1));
    } else if (kind === 51 /* '3' ACK */) {
      let i = 2;
      while (i < frame.length && isDigit(frame.charCodeAt(i))) i++;
      const id = Number(frame.slice(2, i));
      const pending = acks.get(id);
      if (!pending) return; // answered after its timeout: socket.io-client drops it too
      acks.delete(id);
      clearTimeout(pending.timer);
      const args: unknown = JSON.parse(frame.slice(i));
      pending.callback(null, Array.isArray(args) ? args[0] : undefined);
    } else if (kind === 48 /* '0' CONNECT */) {
      if (state !== 'connecting') return;
      state = 'connected';
      handlers.connect();
    } else if (kind === 52 /* '4' CONNECT_ERROR */) {
      const body = JSON.parse(frame.slice(2) || '{}') as { message?: unknown; data?: unknown };
      state = 'closed';
      handlers.connectError(String(body.message ?? 'connect error'), body.data);
      ws.close();
    } else if (kind === 49 /* '1' DISCONNECT */) {
      end('io server disconnect');
      ws.close();
    }
  }

  return {
    emitWithAck(name, arg, timeoutMs, callback) {
      if (state !== 'connected') {
        // Like socket.io-client with reconnection off: an emit on a closed socket is never answered.
        setTimeout(() => callback(new Error('operation has timed out'), undefined), timeoutMs);
        return;
      }
      const id = nextAckId++;
      const timer = setTimeout(() => {
        acks.delete(id);
        callback(new Error('operation has timed out'), undefined);
      }, timeoutMs);
      acks.set(id, { callback, timer });
      const packet = `2${id}${JSON.stringify([name, arg])}`;
      if (onPacket) onPacket('out', packet);
      ws.send(`4${packet}`);
    },
    close() {
      if (state === 'connected') ws.send('41');
      state = 'closed';
      for (const [, pending] of acks) clearTimeout(pending.timer);
      acks.clear();
      ws.close();
    },
  };
}

const isDigit = (c: number) => c >= 48 && c <= 57;
