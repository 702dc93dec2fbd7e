import type { Command } from '$shared/index';
import type { CommandAnswer, ErrorCode, Reply } from '$shared/protocol';
import { asReply } from './wire';
import { outboxKey, readJson, writeJson } from './storage';

/**
 * Commands a captain made that the server has not answered yet, oldest first, kept in localStorage so that closing
 * the page in a dead spot loses nothing. They go out one at a time, in order, each waiting for its answer: the
 * server decides each against the state the previous one left, exactly as the captain tapped them. A command whose
 * answer never came (the connection dropped) is sent again with the same id; the server then answers with its
 * first answer and applies nothing twice.
 */
export interface Queued {
  commandId: string;
  command: Command;
  /** When the captain tapped, on the server's clock as far as the phone knows it (for the local preview). */
  at: number;
  /** What the captain did, in words, to show while it waits and if it is refused. */
  label: string;
  /** The version the captain saw when tapping. */
  expectedVersion: number;
}

export interface OutboxHost {
  /** Connected and welcomed as a captain: commands may go out. */
  ready(): boolean;
  /** Sends one command; `done(null)` when no answer came in time. */
  send(item: Queued, done: (reply: unknown) => void): void;
  /** The server accepted or refused it (a stored answer of a repeated id included). */
  answered(item: Queued, answer: CommandAnswer): void;
  /** It can never be stored as it is (bad message, wrong match...): dropped, and the captain is told. */
  dropped(item: Queued, code: ErrorCode | 'NO_ANSWER', message: string): void;
  /** It could not be stored right now (store down, busy): kept, sent again later. Null when that clears. */
  stalled(message: string | null): void;
  /** No answer in time: the connection is probably dead and should be reopened. */
  silent(): void;
  /** The queue changed (persisted already). */
  changed(items: readonly Queued[]): void;
}

/** Errors after which the same command may succeed later: nothing was stored. */
const RETRYABLE = new Set<ErrorCode>(['NOT_SAVED', 'BUSY', 'UNAVAILABLE', 'RATE_LIMITED', 'INTERNAL']);
const MAX_RETRY_MS = 15_000;

export class Outbox {
  #items: Queued[];
  /** Bumped whenever an answer in flight stops mattering (connection lost): a late callback is then ignored. */
  #attempt = 0;
  #inFlight = false;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;

  constructor(
    private readonly matchId: string,
    private readonly host: OutboxHost,
  ) {
    this.#items = (readJson<Queued[]>(outboxKey(matchId)) ?? []).filter((q) => typeof q?.commandId === 'string');
  }

  get items(): readonly Queued[] {
    return this.#items;
  }

  add(item: Queued): void {
    this.#items = [...this.#items, item];
    this.#changed();
    this.pump();
  }

  /** Drops everything waiting (the phone is not a captain's after all); returns what was dropped. */
  clear(): Queued[] {
    const gone = this.#items;
    this.#items = [];
    this.#attempt++;
    this.#inFlight = false;
    this.#changed();
    return gone;
  }

  /** The connection dropped: whatever is in flight will be sent again, with the same id, when it returns. */
  connectionLost(): void {
    this.#attempt++;
    this.#inFlight = false;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  /** Sends the oldest command if the connection is ready and nothing is in flight. */
  pump(): void {
    if (this.#inFlight || this.#retryTimer || !this.host.ready()) return;
    const head = this.#items[0];
    if (!head) return;
    this.#inFlight = true;
    const attempt = ++this.#attempt;
    this.host.send(head, (raw) => {
      if (attempt !== this.#attempt) return;
      this.#inFlight = false;
      if (raw === null) {
        this.host.silent();
        return;
      }
      this.#settle(head, raw);
      this.pump();
    });
  }

  #settle(item: Queued, raw: unknown): void {
    const reply: Reply | null = asReply(raw);
    if (!reply) return this.#retry('The server sent an answer this phone does not understand; trying again.');
    switch (reply.status) {
      case 'accepted':
      case 'refused':
        return this.#done(item, () => this.host.answered(item, reply));
      case 'duplicate':
        return this.#done(item, () => this.host.answered(item, reply.answer));
      case 'ok':
        return this.#done(item, () => undefined);
      case 'error':
        if (RETRYABLE.has(reply.code)) return this.#retry(reply.message);
        return this.#done(item, () => this.host.dropped(item, reply.code, reply.message));
      default: {
        const never: never = reply;
        return never;
      }
    }
  }

  #done(item: Queued, tell: () => void): void {
    this.#items = this.#items.filter((q) => q.commandId !== item.commandId);
    if (this.#failures > 0) this.host.stalled(null);
    this.#failures = 0;
    this.#changed();
    tell();
  }

  #retry(message: string): void {
    this.#failures++;
    const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** (this.#failures - 1));
    this.host.stalled(`Not saved yet: ${message}`);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.pump();
    }, wait);
  }

  #changed(): void {
    writeJson(outboxKey(this.matchId), this.#items);
    this.host.changed(this.#items);
  }

  dispose(): void {
    this.#attempt++;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
  }
}
