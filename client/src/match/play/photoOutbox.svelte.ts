import { untrack } from 'svelte';
import type { MatchRoom } from '../../live/matchRoom.svelte';
import { newCommandId } from '../../live/ids';
import { forget, keep, waiting, type PendingPhoto } from './pendingPhotos';
import { nextStep } from './photoRetry';
import { uploadPhoto } from './reportPhoto';

/**
 * The report photos (R-VII.D.3.4) of one match that wait on this phone, and their sending: the HTTP counterpart of
 * the command outbox (live/outbox.ts). A photo is kept on disk (pendingPhotos.ts) before its first attempt, goes out
 * one at a time with the same X-Command-Id on every attempt, by itself when the page opens, when the match room is
 * live again and when a wait the server asked for is over; the captain may also send it at once ("Try again"). It is
 * forgotten only when the server stored it or refused it for good, and a refusal is told in the server's words.
 */

/** One waiting photo as the challenge's photo list shows it. */
export interface WaitingPhoto {
  commandId: string;
  challengeId: string;
  label: string;
  /** blob: URL of the photo itself, revoked when it leaves the list. */
  thumbnail: string;
  sending: boolean;
  /** Why the last attempt did not store it (it goes again by itself), null before the first answer. */
  problem: string | null;
  /** False when this phone could not keep it on disk (no IndexedDB): it is lost if the page closes. */
  kept: boolean;
}

interface Entry {
  photo: PendingPhoto;
  blob: Blob;
  thumbnail: string;
  kept: boolean;
  failures: number;
  /** Not sent by itself before this time (this phone's clock): a server's Retry-After or the backoff. */
  notBefore: number;
  /** The wait is the server's (429 Retry-After), not a backoff of ours: a connection coming back does not cut it. */
  serverAskedWait: boolean;
  problem: string | null;
}

export class PhotoOutbox {
  items = $state.raw<readonly WaitingPhoto[]>([]);

  #entries = new Map<string, Entry>();
  #sending: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #disposed = false;
  #stopWatching: () => void;

  constructor(private readonly room: MatchRoom) {
    // Back online and welcomed by the server: whatever waits goes now, without waiting out a backoff that was only
    // about the dead spot. A server's Retry-After still holds (#pump keeps notBefore for those).
    this.#stopWatching = $effect.root(() => {
      $effect(() => {
        if (room.link !== 'live') return;
        untrack(() => {
          for (const e of this.#entries.values()) if (!e.serverAskedWait) e.notBefore = 0;
          this.#pump();
        });
      });
    });
    void this.#load();
  }

  /** Keeps the photo on disk, then sends it. Resolves once it is in the waiting list. */
  async add(challengeId: string, photo: Blob, label: string): Promise<void> {
    const pending: PendingPhoto = { commandId: newCommandId(), matchId: this.room.matchId, challengeId, contentType: photo.type, bytes: await photo.arrayBuffer(), label, addedAt: Date.now() };
    const kept = await keep(pending);
    this.#put(pending, kept);
    this.#pump();
  }

  /** "Try again": this one now, whatever wait was set (a 429 may answer again; the same id makes it harmless). */
  sendNow(commandId: string): void {
    const e = this.#entries.get(commandId);
    if (!e) return;
    e.notBefore = 0;
    e.serverAskedWait = false;
    this.#pump();
  }

  dispose(): void {
    this.#disposed = true;
    this.#stopWatching();
    if (this.#timer) clearTimeout(this.#timer);
    for (const e of this.#entries.values()) URL.revokeObjectURL(e.thumbnail);
    this.#entries.clear();
  }

  async #load(): Promise<void> {
    for (const p of await waiting(this.room.matchId)) if (!this.#entries.has(p.commandId)) this.#put(p, true);
    this.#pump();
  }

  #put(photo: PendingPhoto, kept: boolean): void {
    if (this.#disposed) return;
    const blob = new Blob([photo.bytes], { type: photo.contentType });
    this.#entries.set(photo.commandId, { photo, blob, thumbnail: URL.createObjectURL(blob), kept, failures: 0, notBefore: 0, serverAskedWait: false, problem: null });
    this.#show();
  }

  #show(): void {
    this.items = [...this.#entries.values()].map((e) => ({
      commandId: e.photo.commandId,
      challengeId: e.photo.challengeId,
      label: e.photo.label,
      thumbnail: e.thumbnail,
      sending: this.#sending === e.photo.commandId,
      problem: e.problem,
      kept: e.kept,
    }));
  }

  /** Sends the oldest photo whose wait is over, one at a time (in the order taken; the rate limit counts each). */
  #pump(): void {
    if (this.#disposed || this.#sending !== null) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const token = this.room.linkToken;
    if (!token || this.#entries.size === 0) return;
    const now = Date.now();
    const entries = [...this.#entries.values()];
    const next = entries.find((e) => e.notBefore <= now);
    if (!next) {
      const soonest = Math.min(...entries.map((e) => e.notBefore));
      this.#timer = setTimeout(() => this.#pump(), soonest - now);
      return;
    }
    if (navigator.onLine === false) {
      // The room says when it is live again (the effect above); a timer would only fail in the meantime.
      for (const e of entries) e.problem ??= 'Not sent yet: no connection. It goes by itself when the phone is back online.';
      this.#show();
      return;
    }
    void this.#attempt(next, token);
  }

  async #attempt(e: Entry, token: string): Promise<void> {
    const id = e.photo.commandId;
    this.#sending = id;
    this.#show();
    const outcome = await uploadPhoto(this.room.matchId, e.photo.challengeId, token, e.blob, id);
    this.#sending = null;
    if (this.#disposed || !this.#entries.has(id)) return;
    const step = nextStep(outcome.attempt, e.failures);
    if (step.then === 'wait') {
      e.failures++;
      e.notBefore = Date.now() + step.ms;
      e.serverAskedWait = step.firm;
      e.problem = outcome.ok ? null : outcome.message;
    } else {
      this.#entries.delete(id);
      URL.revokeObjectURL(e.thumbnail);
      await forget(id);
      if (step.then === 'tell' && !outcome.ok) this.room.tell({ kind: 'refused', label: e.photo.label, message: `Not attached: ${outcome.message}`, ...(outcome.rule ? { rule: outcome.rule } : {}) });
    }
    this.#show();
    this.#pump();
  }
}

const outboxes = new WeakMap<MatchRoom, PhotoOutbox>();

/** The room's photo outbox, made (and its waiting photos read from disk and sent) on first use. */
export function photoOutbox(room: MatchRoom): PhotoOutbox {
  let out = outboxes.get(room);
  if (!out) {
    out = new PhotoOutbox(room);
    outboxes.set(room, out);
    const made = out;
    room.onDispose(() => made.dispose());
  }
  return out;
}
