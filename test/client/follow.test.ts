import { describe, expect, it } from 'vitest';
import { CatchUpRequests, raisedOffset, takeEvents, takeSnapshot } from '../../client/src/live/follow';
import { presentPlayers, type MatchEvent, type MatchState } from '../../shared/index';
import type { EventsMessage, SnapshotMessage } from '../../shared/protocol';
import { Match, MIN, T20 } from '../engine/harness';

/**
 * How a phone follows the server's log (client/src/live/follow.ts). The server here is the engine's harness: HOME
 * marks H1-H4 present at 20:00, one event (one version) each. `states[v]` is the match at version v, as the store
 * would answer a catch-up; `event(v)` the broadcast of version v.
 */
function night() {
  const m = new Match();
  const states: MatchState[] = [m.state];
  for (const id of ['H1', 'H2', 'H3', 'H4']) {
    m.arrive('HOME', [id], T20);
    states.push(m.state);
  }
  const log: MatchEvent[] = m.log;
  const events = (from: number, to: number): EventsMessage => ({
    matchId: 'm1',
    fromVersion: from,
    events: log.slice(from, to).map((event, i) => ({ version: from + i + 1, event })),
  });
  const snapshot = (v: number): SnapshotMessage => ({ matchId: 'm1', version: v, state: states[v]! });
  return { states, events, snapshot };
}

const here = (s: MatchState | null) => (s ? presentPlayers(s, 'HOME', T20 + MIN).length : -1);

/** The phone as the room drives it: applies what it can, asks to catch up on a gap, one request at a time. */
class PhoneCopy {
  held: MatchState | null;
  requests = new CatchUpRequests();
  /** Versions the phone sent catch-up requests from, in order. */
  sent: number[] = [];

  constructor(held: MatchState | null) {
    this.held = held;
  }

  events(m: EventsMessage): void {
    const step = takeEvents(this.held, m);
    if (step.then === 'apply') this.held = step.state;
    if (step.then === 'sync') this.sync();
  }

  snapshot(m: SnapshotMessage): void {
    const { state, thenSync } = takeSnapshot(this.held, m);
    this.held = state;
    if (thenSync) this.sync();
  }

  /** The server answered the oldest request (its events or snapshot, if any, came just before). */
  answered(): void {
    if (this.requests.answered()) this.sync();
  }

  sync(): void {
    if (this.requests.ask()) this.sent.push(this.held?.version ?? 0);
  }
}

describe('a phone following the match log', () => {
  it('applies events in order, skips those it holds, applies only the new part of an overlapping message', () => {
    const { states, events } = night();
    const phone = new PhoneCopy(states[0]!);
    phone.events(events(0, 2));
    expect(phone.held!.version).toBe(2);
    phone.events(events(1, 2));
    expect(phone.held!.version).toBe(2);
    phone.events(events(1, 4));
    expect(phone.held).toEqual(states[4]);
    expect(phone.sent).toEqual([]);
  });

  it('asks to catch up when a message starts after what it holds, or when it holds nothing yet', () => {
    const { states, events } = night();
    expect(takeEvents(states[1]!, events(2, 3))).toEqual({ then: 'sync' });
    expect(takeEvents(null, events(0, 1))).toEqual({ then: 'sync' });
  });

  it('a gap seen while a catch-up is on its way is not forgotten: a second request follows the first answer', () => {
    const { states, events } = night();
    const phone = new PhoneCopy(states[1]!);
    phone.events(events(2, 3)); // v3 overtook v2: ask from v1
    expect(phone.sent).toEqual([1]);
    phone.events(events(3, 4)); // v4, still a gap: one request at a time, remembered
    expect(phone.sent).toEqual([1]);
    phone.events(events(1, 3)); // the answer: v2-v3 (read before v4 was stored)
    phone.answered();
    expect(phone.sent).toEqual([1, 3]);
    expect(here(phone.held)).toBe(3);
    phone.events(events(3, 4));
    phone.answered();
    expect(phone.held).toEqual(states[4]);
    expect(here(phone.held)).toBe(4);
    expect(phone.sent).toEqual([1, 3]);
  });

  it('a catch-up snapshot overtaken by newer broadcasts does not leave the phone behind: it asks again from it', () => {
    const { states, events, snapshot } = night();
    const phone = new PhoneCopy(null);
    phone.events(events(0, 1)); // a broadcast before the phone's first state: ask
    expect(phone.sent).toEqual([0]);
    phone.snapshot(snapshot(1)); // the connection's own catch-up
    phone.events(events(1, 3));
    phone.events(events(3, 4));
    expect(here(phone.held)).toBe(4);
    phone.snapshot(snapshot(2)); // the request's answer, read at v2, arrives after v3 and v4
    expect(phone.held!.version).toBe(2);
    phone.answered();
    expect(phone.sent).toEqual([0, 2]);
    phone.events(events(2, 4));
    phone.answered();
    expect(phone.held).toEqual(states[4]);
    expect(here(phone.held)).toBe(4);
  });

  it('a server really behind the phone (restored from a backup) has the last word: its snapshot stays after "up to date"', () => {
    const { states, snapshot } = night();
    const phone = new PhoneCopy(states[4]!);
    phone.snapshot(snapshot(2));
    expect(phone.sent).toEqual([2]);
    phone.answered(); // nothing newer
    expect(phone.held).toEqual(states[2]);
    expect(phone.sent).toEqual([2]);
  });

  it('a snapshot as new as or newer than what it holds needs no further request', () => {
    const { states, snapshot } = night();
    expect(takeSnapshot(states[2]!, snapshot(2)).thenSync).toBe(false);
    expect(takeSnapshot(states[2]!, snapshot(4))).toEqual({ state: states[4], thenSync: false });
    expect(takeSnapshot(null, snapshot(0)).thenSync).toBe(false);
  });

  it('after the connection closed, the next request goes out at once (the new handshake caught up)', () => {
    const requests = new CatchUpRequests();
    expect(requests.ask()).toBe(true);
    expect(requests.ask()).toBe(false);
    requests.reset();
    expect(requests.ask()).toBe(true);
    expect(requests.answered()).toBe(false);
  });
});

describe("the phone's estimate of the server's clock", () => {
  it('R-VI.C: a player marked present at 20:01 is present at once on a phone whose clock was set back two minutes after it joined', () => {
    const m = new Match();
    const stamp = T20 + MIN + 40; // the server stamps the arrival 40 ms after 20:01
    m.arrive('HOME', ['H1'], T20 + MIN);
    const phoneClock = stamp + 15 - 2 * MIN; // received 15 ms later, by a phone clock now two minutes behind
    const offset = 0; // learnt at the welcome, before the phone's clock moved
    expect(presentPlayers(m.state, 'HOME', phoneClock + offset)).toEqual([]);
    const raised = raisedOffset(offset, stamp, phoneClock);
    expect(presentPlayers(m.state, 'HOME', phoneClock + raised)).toEqual(['H1']);
  });

  it('only ever raises the estimate: an old stamp (a catch-up of earlier events) or a missing one leaves it', () => {
    expect(raisedOffset(5_000, 1_000, 0)).toBe(5_000);
    expect(raisedOffset(5_000, Number.NaN, 0)).toBe(5_000);
    expect(raisedOffset(-300, 10_000, 10_100)).toBe(-100);
  });
});
