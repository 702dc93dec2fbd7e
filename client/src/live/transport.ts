import { io, type Socket } from 'socket.io-client';
import type { CommandEnvelope, Draft, Handshake, Sync } from '$shared/protocol';

/**
 * The only file that knows about Socket.IO: one socket to the match room, reopened by itself. Messages from the
 * server are handed on as they came (unknown); the room parses them with the protocol's schemas.
 *
 * Socket.IO retries dropped transports by itself, but not a handshake the server refused (the room gate's
 * `connect_error` with `data.code`) nor a connection the server closed (a restart): those are retried here,
 * except a refusal that cannot change by waiting (no such match) and a seat taken over by a newer connection.
 */
export interface TransportHandlers {
  /** The socket is open; the server's `welcome` follows. */
  opened(): void;
  /** The socket closed; `retrying` says whether it is being reopened. */
  closed(retrying: boolean): void;
  /** The handshake was refused for good (unknown match, bad link). */
  refused(code: string, message: string): void;
  message(name: ServerMessage, payload: unknown): void;
}

export type ServerMessage = 'welcome' | 'events' | 'snapshot' | 'draft' | 'replaced' | 'presence' | 'problem';
const SERVER_MESSAGES: ServerMessage[] = ['welcome', 'events', 'snapshot', 'draft', 'replaced', 'presence', 'problem'];

/** Handshake refusals worth retrying: nothing is wrong with the link, the server just could not answer. */
const RETRY_CODES = new Set(['UNAVAILABLE', 'INTERNAL', 'BUSY', 'RATE_LIMITED']);

export class Transport {
  readonly #socket: Socket;
  #wanted = false;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(handshake: () => Handshake, private readonly on: TransportHandlers) {
    this.#socket = io({
      transports: ['websocket'],
      autoConnect: false,
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      timeout: 8000,
      // A function, so every reconnection tells the server the version the phone holds now.
      auth: (cb) => cb(handshake()),
    });
    const s = this.#socket;
    s.on('connect', () => on.opened());
    s.on('disconnect', (reason) => {
      // 'io server disconnect': the server closed us (restart, or a newer connection of this seat). Not retried by
      // Socket.IO; retried here unless the room said to stop (replaced).
      const retrying = this.#wanted && (s.active || reason === 'io server disconnect');
      if (!s.active && this.#wanted) this.#later(1000);
      on.closed(retrying);
    });
    s.on('connect_error', (err: Error & { data?: { code?: unknown; message?: unknown } }) => {
      const code = typeof err.data?.code === 'string' ? err.data.code : null;
      if (s.active) return on.closed(true); // a transport error: Socket.IO tries again by itself
      if (code === null || RETRY_CODES.has(code)) {
        this.#later(2500);
        return on.closed(this.#wanted);
      }
      this.#wanted = false;
      on.refused(code, typeof err.data?.message === 'string' ? err.data.message : err.message);
    });
    for (const name of SERVER_MESSAGES) s.on(name, (payload: unknown) => on.message(name, payload));
  }

  get connected(): boolean {
    return this.#socket.connected;
  }

  start(): void {
    this.#wanted = true;
    if (!this.#socket.connected && !this.#socket.active) this.#socket.connect();
  }

  /** Closes the socket and keeps it closed (offline, replaced, page left). */
  stop(): void {
    this.#wanted = false;
    this.#clearRetry();
    this.#socket.disconnect();
  }

  /** Drops a connection that stopped answering and opens a fresh one. */
  restart(): void {
    this.#wanted = true;
    this.#clearRetry();
    this.#socket.disconnect();
    this.#socket.connect();
  }

  command(envelope: CommandEnvelope, timeoutMs: number, done: (reply: unknown) => void): void {
    this.#socket.timeout(timeoutMs).emit('command', envelope, (err: Error | null, reply: unknown) => done(err ? null : reply));
  }

  sync(sync: Sync, done: (reply: unknown) => void): void {
    this.#socket.timeout(8000).emit('sync', sync, (err: Error | null, reply: unknown) => done(err ? null : reply));
  }

  draft(draft: Draft, done: (reply: unknown) => void): void {
    this.#socket.timeout(8000).emit('draft', draft, (err: Error | null, reply: unknown) => done(err ? null : reply));
  }

  #later(ms: number): void {
    this.#clearRetry();
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#wanted && !this.#socket.connected && !this.#socket.active) this.#socket.connect();
    }, ms);
  }

  #clearRetry(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }
}
