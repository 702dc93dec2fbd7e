import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { evolve, type CommandInput, type MatchState } from '../../shared/index';
import {
  DraftMessageSchema,
  EventsMessageSchema,
  PresenceSchema,
  ReplySchema,
  SnapshotMessageSchema,
  WelcomeSchema,
  type ClientToServer,
  type DraftMessage,
  type EventsMessage,
  type Presence,
  type Problem,
  type Reply,
  type ServerToClient,
  type Welcome,
} from '../../shared/protocol';

/**
 * A test phone: a real socket.io-client that follows a match the way the real client must (apply a broadcast only
 * on top of the version it holds, resync otherwise, say its version on every reconnect), and sends commands with
 * acknowledgements.
 */

export interface ClientOptions {
  url: string;
  matchId: string;
  token?: string;
  deviceId?: string;
  /** Reconnect by itself (default true), quickly, as a phone would. */
  reconnection?: boolean;
}

export class RoomClient {
  readonly socket: Socket<ServerToClient, ClientToServer>;
  state: MatchState | null = null;
  version = 0;
  welcome: Welcome | null = null;
  readonly welcomes: Welcome[] = [];
  readonly drafts: DraftMessage[] = [];
  readonly problems: Problem[] = [];
  /** Every `presence` message, in the order received. */
  readonly presences: Presence[] = [];
  replaced = false;
  /** The code of the last refused handshake, if any. */
  connectError: string | null = null;
  snapshots = 0;
  resyncs = 0;
  #listeners = new Set<() => void>();

  constructor(readonly options: ClientOptions) {
    this.socket = io(options.url, {
      transports: ['websocket'],
      // A function: evaluated on every (re)connection, so the server always hears the version we hold now.
      auth: (cb) => cb({ matchId: options.matchId, token: options.token, deviceId: options.deviceId, version: this.state ? this.version : undefined }),
      reconnection: options.reconnection ?? true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      randomizationFactor: 0.2,
      timeout: 5000,
    });
    this.socket.on('welcome', (w) => {
      this.welcome = WelcomeSchema.parse(w);
      this.welcomes.push(this.welcome);
      this.#changed();
    });
    this.socket.on('snapshot', (raw) => {
      const m = SnapshotMessageSchema.parse(raw);
      this.state = m.state;
      this.version = m.version;
      this.snapshots++;
      this.#changed();
    });
    this.socket.on('events', (raw) => this.#onEvents(EventsMessageSchema.parse(raw)));
    this.socket.on('draft', (raw) => {
      this.drafts.push(DraftMessageSchema.parse(raw));
      this.#changed();
    });
    this.socket.on('problem', (p) => {
      this.problems.push(p);
      this.#changed();
    });
    this.socket.on('presence', (raw) => {
      this.presences.push(PresenceSchema.parse(raw));
      this.#changed();
    });
    this.socket.on('replaced', () => {
      this.replaced = true;
      this.#changed();
    });
    this.socket.on('connect', () => this.#changed());
    this.socket.on('disconnect', () => this.#changed());
    this.socket.on('connect_error', (err: Error & { data?: { code?: string } }) => {
      this.connectError = err.data?.code ?? err.message;
      // socket.io-client does not retry a refused handshake by itself; the store being unreachable is worth retrying.
      if (err.data?.code === 'UNAVAILABLE') setTimeout(() => this.socket.connect(), 200);
    });
  }

  static async connect(options: ClientOptions): Promise<RoomClient> {
    const client = new RoomClient(options);
    await client.until(() => client.welcome !== null && client.state !== null, 10_000, 'welcome and state');
    return client;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  #onEvents(m: EventsMessage): void {
    if (!this.state || m.fromVersion > this.version) {
      // A gap (or nothing to apply it to): ask for what we miss rather than guess.
      this.resyncs++;
      this.socket.emit('sync', { matchId: this.options.matchId, version: this.version }, () => undefined);
      return;
    }
    for (const { version, event } of m.events) {
      if (version !== this.version + 1) continue; // already applied (an overlapping batch)
      this.state = evolve(this.state, event);
      this.version = version;
    }
    this.#changed();
  }

  /** Sends a command and resolves with the server's answer. */
  send(command: CommandInput, commandId: string = randomUUID()): Promise<Reply> {
    return this.sendRaw({ commandId, matchId: this.options.matchId, expectedVersion: this.version, ...command });
  }

  /** Sends anything as a `command` (for malformed-message tests). */
  async sendRaw(payload: unknown, timeoutMs = 10_000): Promise<Reply> {
    const reply: unknown = await (this.socket.timeout(timeoutMs) as unknown as Socket).emitWithAck('command', payload);
    return ReplySchema.parse(reply);
  }

  async emitRaw(event: string, ...args: unknown[]): Promise<Reply> {
    const reply: unknown = await (this.socket.timeout(10_000) as unknown as Socket).emitWithAck(event, ...args);
    return ReplySchema.parse(reply);
  }

  /** Resolves when `check` holds (re-checked on every message received). */
  until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const listener = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(new Error(`timed out waiting for ${what} (version ${this.version}, connected ${this.connected}, connect error ${this.connectError})`));
      }, timeoutMs);
      this.#listeners.add(listener);
    });
  }

  untilVersion(version: number, timeoutMs = 10_000): Promise<void> {
    return this.until(() => this.version >= version, timeoutMs, `version ${version}`);
  }

  /** Resolves at the next (re)connection's welcome. */
  nextWelcome(timeoutMs = 15_000): Promise<void> {
    const seen = this.welcomes.length;
    return this.until(() => this.welcomes.length > seen, timeoutMs, 'a new welcome');
  }

  #changed(): void {
    for (const l of [...this.#listeners]) l();
  }

  close(): void {
    this.socket.disconnect();
  }
}
