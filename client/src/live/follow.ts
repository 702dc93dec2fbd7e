import { fold, type MatchState } from '$shared/index';
import type { EventsMessage, SnapshotMessage } from '$shared/protocol';

/**
 * How a phone keeps its copy of the match in step with the server's log: what it does with each `events` and
 * `snapshot` message, and when it asks to catch up (`sync`). Apart from the room (no socket, no Svelte), so the
 * races between live broadcasts and catch-up answers are unit-tested (test/client/follow.test.ts).
 *
 * The races come from one thing: a catch-up answer is read from the store, and broadcasts of newer events can
 * overtake it on the socket. So an answer may be older than what the phone already holds, and a broadcast may
 * arrive with a gap while a catch-up is on its way. Neither may leave the phone behind with nothing coming to
 * wake it (a spectator's screen would then show a player missing until the next event of the match).
 */

type Fresh = EventsMessage['events'];

export type EventsStep =
  /** Fold `fresh` (what the phone did not have yet) into the state. */
  | { then: 'apply'; state: MatchState; fresh: Fresh }
  /** Everything in it is held already. */
  | { then: 'skip' }
  /** It starts after the held version (or nothing is held yet): ask for what is missing. */
  | { then: 'sync' };

export function takeEvents(held: MatchState | null, m: EventsMessage): EventsStep {
  if (!held || m.fromVersion > held.version) return { then: 'sync' };
  if (m.fromVersion + m.events.length <= held.version) return { then: 'skip' };
  const fresh = m.events.slice(held.version - m.fromVersion);
  return { then: 'apply', state: fold(held, fresh.map((e) => e.event)), fresh };
}

/**
 * A snapshot is the server's word and always replaces the held state. One older than what the phone holds is
 * either a catch-up answer overtaken by broadcasts (the phone should catch up from it again at once) or the server
 * really is behind the phone (restored from a backup); the phone cannot tell which, so it takes the snapshot and
 * asks for anything newer: the first case ends one round trip later with the newer events, the second with
 * "up to date".
 */
export function takeSnapshot(held: MatchState | null, m: SnapshotMessage): { state: MatchState; thenSync: boolean } {
  return { state: m.state, thenSync: held !== null && m.version < held.version };
}

/**
 * One catch-up request at a time, and never a lost one: a request made while another is on its way is remembered
 * and goes out when the first is answered (the gap that caused it may lie beyond what the first one brings).
 */
export class CatchUpRequests {
  #inFlight = false;
  #again = false;

  /** True: send a request now. False: one is on its way; another follows its answer. */
  ask(): boolean {
    if (this.#inFlight) {
      this.#again = true;
      return false;
    }
    this.#inFlight = true;
    return true;
  }

  /** The request was answered (or timed out): true when another should go out now. */
  answered(): boolean {
    this.#inFlight = false;
    const again = this.#again;
    this.#again = false;
    return again;
  }

  /** The connection closed: the next one's handshake carries the held version, which serves as the catch-up. */
  reset(): void {
    this.#inFlight = false;
    this.#again = false;
  }
}

/**
 * The phone's estimate of server time minus its own clock, raised by a server stamp it just received: the server's
 * clock had reached `stampedAt` when it sent it, so the estimate may never be lower. The welcome's estimate lags by
 * the message's delay, and a phone clock changed while the page is open (set back by the network's time) leaves it
 * behind by minutes: without this, a player marked present a moment ago would not yet be present on that phone.
 */
export function raisedOffset(offset: number, stampedAt: number, localNow: number): number {
  return Number.isFinite(stampedAt) ? Math.max(offset, stampedAt - localNow) : offset;
}
