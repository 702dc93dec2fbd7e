// The behaviour every MatchStore backend must share. Each backend's test file runs this suite
// against a real backing store (Redis, a temp directory), so the server can swap one for the other
// without the room layer noticing.

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, UnknownMatchError, type MatchStore } from '../../server/store/matchStore';

export interface Ev {
  type: string;
  n: number;
}
export interface Snap {
  total: number;
  seen: string[];
}
export interface Meta {
  home: string;
  away: string;
}
export interface Ans {
  ok: boolean;
  version?: number;
  reason?: string;
}
export type TestStore = MatchStore<Ev, Snap, Meta, Ans>;

export interface StoreHarness {
  /** A fresh store over empty data, not shared with any other open(). */
  open(): Promise<TestStore>;
  /** A new store over the same data as `store`, as after a process restart (closes `store`). */
  reopen(store: TestStore): Promise<TestStore>;
  /** Closes whatever is still open and removes the data. */
  cleanup(): Promise<void>;
}

const META: Meta = { home: 'Flippers', away: 'Tilt Kings' };
const SNAP0: Snap = { total: 0, seen: [] };

const ev = (n: number): Ev => ({ type: 'score', n });
const snapAfter = (...ns: number[]): Snap => ({ total: ns.reduce((a, b) => a + b, 0), seen: ns.map(String) });

/** What every snapshot in this suite is: the events so far, folded. A store keeping snapshots as checkpoints
 * (the Redis store's `checkpoints`) folds the events after its checkpoint with this. */
export const evolveSnap = (snapshot: Snap, events: readonly Ev[]): Snap =>
  events.reduce((s, e) => ({ total: s.total + e.n, seen: [...s.seen, String(e.n)] }), snapshot);

export function describeMatchStoreContract(backend: string, makeHarness: () => StoreHarness): void {
  describe(`MatchStore contract: ${backend}`, () => {
    const harness = makeHarness();
    let store: TestStore;
    let matchId: string;

    beforeEach(async () => {
      store = await harness.open();
      matchId = `m-${randomUUID()}`;
    });
    afterEach(async () => {
      await store.close();
    });
    afterAll(async () => {
      await harness.cleanup();
    });

    it('create makes a match at version 0; a second create changes nothing', async () => {
      expect(await store.create(matchId, META, SNAP0)).toBe('created');
      expect(await store.create(matchId, { home: 'X', away: 'Y' }, snapAfter(9))).toBe('exists');
      expect(await store.load(matchId)).toEqual({ meta: META, version: 0, snapshot: SNAP0 });
      expect(await store.meta(matchId)).toEqual(META);
      expect(await store.eventsAfter(matchId, 0)).toEqual([]);
    });

    it('concurrent creates of one match: exactly one is created', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.create(matchId, { home: `h${i}`, away: 'a' }, snapAfter(i))),
      );
      expect(results.filter((r) => r === 'created')).toHaveLength(1);
      const winner = results.indexOf('created');
      expect(await store.load(matchId)).toEqual({ meta: { home: `h${winner}`, away: 'a' }, version: 0, snapshot: snapAfter(winner) });
    });

    it('unknown match: reads give null, writes reject with UnknownMatchError', async () => {
      expect(await store.meta(matchId)).toBeNull();
      expect(await store.load(matchId)).toBeNull();
      expect(await store.eventsAfter(matchId, 0)).toBeNull();
      expect(await store.answerFor(matchId, 'c1')).toBeNull();
      await expect(store.append(matchId, 0, [ev(1)], snapAfter(1), 'c1', { ok: true })).rejects.toBeInstanceOf(UnknownMatchError);
      await expect(store.recordAnswer(matchId, 'c1', { ok: false })).rejects.toBeInstanceOf(UnknownMatchError);
      expect(await store.listMatches()).toEqual([]);
      expect(await store.answerFor(matchId, 'c1')).toBeNull();
    });

    it('append at the expected version adds events with consecutive versions, the snapshot and the answer', async () => {
      await store.create(matchId, META, SNAP0);
      expect(await store.append(matchId, 0, [ev(10), ev(20)], snapAfter(10, 20), 'c1', { ok: true, version: 2 })).toEqual({
        kind: 'appended',
        version: 2,
      });
      expect(await store.append(matchId, 2, [ev(5)], snapAfter(10, 20, 5), 'c2', { ok: true, version: 3 })).toEqual({
        kind: 'appended',
        version: 3,
      });
      expect(await store.load(matchId)).toEqual({ meta: META, version: 3, snapshot: snapAfter(10, 20, 5) });
      expect(await store.eventsAfter(matchId, 0)).toEqual([
        { version: 1, event: ev(10) },
        { version: 2, event: ev(20) },
        { version: 3, event: ev(5) },
      ]);
      expect(await store.answerFor(matchId, 'c1')).toEqual({ ok: true, version: 2 });
      expect(await store.answerFor(matchId, 'c2')).toEqual({ ok: true, version: 3 });
    });

    it('append at a stale or future version is a conflict that reports the current version and writes nothing', async () => {
      await store.create(matchId, META, SNAP0);
      await store.append(matchId, 0, [ev(1), ev(2)], snapAfter(1, 2), 'c1', { ok: true });
      expect(await store.append(matchId, 0, [ev(99)], snapAfter(99), 'stale', { ok: true })).toEqual({ kind: 'conflict', version: 2 });
      expect(await store.append(matchId, 1, [ev(99)], snapAfter(99), 'stale2', { ok: true })).toEqual({ kind: 'conflict', version: 2 });
      expect(await store.append(matchId, 7, [ev(99)], snapAfter(99), 'future', { ok: true })).toEqual({ kind: 'conflict', version: 2 });
      expect(await store.load(matchId)).toEqual({ meta: META, version: 2, snapshot: snapAfter(1, 2) });
      expect(await store.eventsAfter(matchId, 0)).toEqual([
        { version: 1, event: ev(1) },
        { version: 2, event: ev(2) },
      ]);
      expect(await store.answerFor(matchId, 'stale')).toBeNull();
      expect(await store.answerFor(matchId, 'stale2')).toBeNull();
      expect(await store.answerFor(matchId, 'future')).toBeNull();
    });

    it('a retried commandId gets the earlier answer and writes nothing, even at a now-stale version', async () => {
      await store.create(matchId, META, SNAP0);
      const first = await store.append(matchId, 0, [ev(7)], snapAfter(7), 'retry-me', { ok: true, version: 1 });
      expect(first).toEqual({ kind: 'appended', version: 1 });
      for (let i = 0; i < 5; i++) {
        // Same expectedVersion as the first try (the client never saw the reply), different payload.
        expect(await store.append(matchId, 0, [ev(100 + i)], snapAfter(100 + i), 'retry-me', { ok: false, reason: `try ${i}` })).toEqual({
          kind: 'duplicate',
          answer: { ok: true, version: 1 },
        });
      }
      // At the current version too: the commandId check comes first, so this is still no append.
      expect(await store.append(matchId, 1, [ev(8)], snapAfter(7, 8), 'retry-me', { ok: true })).toEqual({
        kind: 'duplicate',
        answer: { ok: true, version: 1 },
      });
      expect(await store.eventsAfter(matchId, 0)).toEqual([{ version: 1, event: ev(7) }]);
      expect(await store.load(matchId)).toEqual({ meta: META, version: 1, snapshot: snapAfter(7) });
    });

    it('concurrent appends at one expectedVersion from many callers: exactly one wins', async () => {
      await store.create(matchId, META, SNAP0);
      const callers = 25;
      const results = await Promise.all(
        Array.from({ length: callers }, (_, i) => store.append(matchId, 0, [ev(i)], snapAfter(i), `c${i}`, { ok: true, version: i })),
      );
      const winners = results.flatMap((r, i) => (r.kind === 'appended' ? [i] : []));
      expect(winners).toHaveLength(1);
      const w = winners[0] as number;
      expect(results[w]).toEqual({ kind: 'appended', version: 1 });
      expect(results.filter((r) => r.kind === 'conflict')).toEqual(Array.from({ length: callers - 1 }, () => ({ kind: 'conflict', version: 1 })));
      expect(await store.eventsAfter(matchId, 0)).toEqual([{ version: 1, event: ev(w) }]);
      expect(await store.load(matchId)).toEqual({ meta: META, version: 1, snapshot: snapAfter(w) });
      for (let i = 0; i < callers; i++) {
        expect(await store.answerFor(matchId, `c${i}`)).toEqual(i === w ? { ok: true, version: w } : null);
      }
    });

    it('concurrent retries of one commandId: one append, every other call is a duplicate', async () => {
      await store.create(matchId, META, SNAP0);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.append(matchId, 0, [ev(i)], snapAfter(i), 'same', { ok: true, version: i })),
      );
      const appended = results.flatMap((r, i) => (r.kind === 'appended' ? [i] : []));
      expect(appended).toHaveLength(1);
      const w = appended[0] as number;
      expect(results.filter((r) => r.kind === 'duplicate')).toEqual(
        Array.from({ length: 9 }, () => ({ kind: 'duplicate', answer: { ok: true, version: w } })),
      );
      expect(await store.eventsAfter(matchId, 0)).toEqual([{ version: 1, event: ev(w) }]);
    });

    it('eventsAfter returns the events after a version, [] at or past the end', async () => {
      await store.create(matchId, META, SNAP0);
      await store.append(matchId, 0, [ev(1), ev(2)], snapAfter(1, 2), 'c1', { ok: true });
      await store.append(matchId, 2, [ev(3)], snapAfter(1, 2, 3), 'c2', { ok: true });
      await store.append(matchId, 3, [ev(4), ev(5)], snapAfter(1, 2, 3, 4, 5), 'c3', { ok: true });
      expect(await store.eventsAfter(matchId, 2)).toEqual([
        { version: 3, event: ev(3) },
        { version: 4, event: ev(4) },
        { version: 5, event: ev(5) },
      ]);
      expect(await store.eventsAfter(matchId, 4)).toEqual([{ version: 5, event: ev(5) }]);
      expect(await store.eventsAfter(matchId, 5)).toEqual([]);
      expect(await store.eventsAfter(matchId, 50)).toEqual([]);
      expect((await store.eventsAfter(matchId, 0))?.map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
    });

    it('eventsAfterEach answers as eventsAfter for each match asked, in the order asked, unknown ones null', async () => {
      await store.create(matchId, META, SNAP0);
      await store.append(matchId, 0, [ev(1), ev(2)], snapAfter(1, 2), 'c1', { ok: true });
      const other = `${matchId}-b`;
      await store.create(other, META, SNAP0);
      await store.append(other, 0, [ev(7)], snapAfter(7), 'c1', { ok: true });
      const asked = [
        { matchId: other, version: 0 },
        { matchId: `${matchId}-unknown`, version: 0 },
        { matchId, version: 1 },
        { matchId, version: 2 },
        { matchId: other, version: 5 },
      ];
      const each = await store.eventsAfterEach(asked);
      expect(each).toEqual([[{ version: 1, event: ev(7) }], null, [{ version: 2, event: ev(2) }], [], []]);
      expect(each).toEqual(await Promise.all(asked.map(({ matchId: id, version }) => store.eventsAfter(id, version))));
      // More matches than one script reads (the Redis store reads a long season in several): still one answer each.
      const many = Array.from({ length: 250 }, (_, i) => (i % 2 === 0 ? { matchId, version: i % 3 } : { matchId: other, version: 0 }));
      expect((await store.eventsAfterEach(many)).map((events) => events?.length)).toEqual(many.map(({ matchId: id, version }) => (id === matchId ? 2 - version : 1)));
      expect(await store.eventsAfterEach([])).toEqual([]);
    });

    it('recordAnswer: first writer wins, and append with that commandId is a duplicate', async () => {
      await store.create(matchId, META, SNAP0);
      expect(await store.recordAnswer(matchId, 'refused', { ok: false, reason: 'not your turn' })).toEqual({ kind: 'recorded' });
      expect(await store.recordAnswer(matchId, 'refused', { ok: false, reason: 'other' })).toEqual({
        kind: 'duplicate',
        answer: { ok: false, reason: 'not your turn' },
      });
      // The same answer again is still a duplicate: a retry is told apart from a first answer even when they are alike.
      expect(await store.recordAnswer(matchId, 'refused', { ok: false, reason: 'not your turn' })).toEqual({
        kind: 'duplicate',
        answer: { ok: false, reason: 'not your turn' },
      });
      expect(await store.answerFor(matchId, 'refused')).toEqual({ ok: false, reason: 'not your turn' });
      expect(await store.append(matchId, 0, [ev(1)], snapAfter(1), 'refused', { ok: true })).toEqual({
        kind: 'duplicate',
        answer: { ok: false, reason: 'not your turn' },
      });
      expect(await store.load(matchId)).toEqual({ meta: META, version: 0, snapshot: SNAP0 });
      expect(await store.eventsAfter(matchId, 0)).toEqual([]);
    });

    it('recordAnswer never overwrites an answer recorded by append', async () => {
      await store.create(matchId, META, SNAP0);
      await store.append(matchId, 0, [ev(1)], snapAfter(1), 'c1', { ok: true, version: 1 });
      expect(await store.recordAnswer(matchId, 'c1', { ok: false, reason: 'late refusal' })).toEqual({ kind: 'duplicate', answer: { ok: true, version: 1 } });
      expect(await store.answerFor(matchId, 'c1')).toEqual({ ok: true, version: 1 });
    });

    it('concurrent recordAnswer with different answers: one is recorded, every other caller gets it as a duplicate', async () => {
      await store.create(matchId, META, SNAP0);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.recordAnswer(matchId, 'r', { ok: false, reason: `r${i}` })));
      const stored = await store.answerFor(matchId, 'r');
      expect(stored).not.toBeNull();
      expect(results.filter((r) => r.kind === 'recorded')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'duplicate')).toEqual(Array.from({ length: 9 }, () => ({ kind: 'duplicate', answer: stored })));
    });

    it('rejects invalid arguments before writing anything', async () => {
      await store.create(matchId, META, SNAP0);
      await expect(store.append(matchId, 0, [], snapAfter(), 'empty', { ok: true })).rejects.toBeInstanceOf(TypeError);
      await expect(store.append(matchId, -1, [ev(1)], snapAfter(1), 'neg', { ok: true })).rejects.toBeInstanceOf(RangeError);
      await expect(store.append(matchId, 0.5, [ev(1)], snapAfter(1), 'frac', { ok: true })).rejects.toBeInstanceOf(RangeError);
      await expect(store.eventsAfter(matchId, -1)).rejects.toBeInstanceOf(RangeError);
      await expect(store.append(matchId, 0, [ev(1)], snapAfter(1), 'undef', undefined as unknown as Ans)).rejects.toBeInstanceOf(TypeError);
      await expect(store.create('', META, SNAP0)).rejects.toBeInstanceOf(TypeError);
      await expect(store.putDoc('teams', 't1', { name: 'x' }, -2)).rejects.toBeInstanceOf(RangeError);
      expect(await store.load(matchId)).toEqual({ meta: META, version: 0, snapshot: SNAP0 });
      for (const c of ['empty', 'neg', 'frac', 'undef']) expect(await store.answerFor(matchId, c)).toBeNull();
      expect(await store.getDoc('teams', 't1')).toBeNull();
    });

    it('documents: create-only put, CAS on rev, conflict reports the current rev, list by collection', async () => {
      interface Team {
        name: string;
        players: string[];
      }
      expect(await store.getDoc<Team>('teams', 't1')).toBeNull();
      expect(await store.listDocs<Team>('teams')).toEqual([]);
      expect(await store.putDoc<Team>('teams', 't1', { name: 'Flippers', players: ['ann'] }, null)).toEqual({ kind: 'ok', rev: 1 });
      expect(await store.putDoc<Team>('teams', 't1', { name: 'Again', players: [] }, null)).toEqual({ kind: 'conflict', rev: 1 });
      expect(await store.putDoc<Team>('teams', 't1', { name: 'Flippers', players: ['ann', 'bob'] }, 1)).toEqual({ kind: 'ok', rev: 2 });
      expect(await store.putDoc<Team>('teams', 't1', { name: 'Stale', players: [] }, 1)).toEqual({ kind: 'conflict', rev: 2 });
      expect(await store.getDoc<Team>('teams', 't1')).toEqual({ rev: 2, doc: { name: 'Flippers', players: ['ann', 'bob'] } });
      // Expecting a revision of a document that does not exist: conflict at rev 0.
      expect(await store.putDoc<Team>('teams', 'ghost', { name: 'G', players: [] }, 3)).toEqual({ kind: 'conflict', rev: 0 });
      expect(await store.getDoc<Team>('teams', 'ghost')).toBeNull();
      // 0 and null both mean "only if it does not exist yet".
      expect(await store.putDoc<Team>('teams', 'a0', { name: 'Zero', players: [] }, 0)).toEqual({ kind: 'ok', rev: 1 });
      expect(await store.putDoc('venues', 't1', { city: 'Ghent' }, null)).toEqual({ kind: 'ok', rev: 1 });
      expect(await store.listDocs<Team>('teams')).toEqual([
        { id: 'a0', rev: 1, doc: { name: 'Zero', players: [] } },
        { id: 't1', rev: 2, doc: { name: 'Flippers', players: ['ann', 'bob'] } },
      ]);
      expect(await store.listDocs('venues')).toEqual([{ id: 't1', rev: 1, doc: { city: 'Ghent' } }]);
      expect(await store.listDocs('seasons')).toEqual([]);
    });

    it('collectionStamp: changes with every write of its collection, only then, and never comes back (after a reopen too)', async () => {
      const seen = new Set<string | null>();
      const stamp = (c: string) => store.collectionStamp(c);
      const teams0 = await stamp('teams');
      seen.add(teams0);
      expect(await store.putDoc('teams', 't1', { v: 1 }, null)).toMatchObject({ kind: 'ok' });
      const teams1 = await stamp('teams');
      expect(teams1).not.toBeNull();
      expect(seen.has(teams1)).toBe(false);
      seen.add(teams1);
      // Reads, a lost compare-and-set and other collections' writes leave it as it is.
      await store.getDoc('teams', 't1');
      await store.listDocs('teams');
      expect(await store.putDoc('teams', 't1', { v: 'stale' }, null)).toMatchObject({ kind: 'conflict' });
      const venues0 = await stamp('venues');
      expect(await store.putDoc('venues', 'v1', { v: 1 }, null)).toMatchObject({ kind: 'ok' });
      expect(await stamp('teams')).toBe(teams1);
      expect(await stamp('venues')).not.toBe(venues0);
      // Two writes in a row, and the same document written again: a new stamp each time.
      expect(await store.putDoc('teams', 't2', { v: 1 }, null)).toMatchObject({ kind: 'ok' });
      const teams2 = await stamp('teams');
      expect(seen.has(teams2)).toBe(false);
      seen.add(teams2);
      expect(await store.putDoc('teams', 't2', { v: 1 }, 1)).toMatchObject({ kind: 'ok' });
      const teams3 = await stamp('teams');
      expect(seen.has(teams3)).toBe(false);
      seen.add(teams3);
      // Another store object over the same data (a restart, another process) stamps its writes with its own.
      store = await harness.reopen(store);
      expect(await store.putDoc('teams', 't3', { v: 1 }, null)).toMatchObject({ kind: 'ok' });
      const teams4 = await stamp('teams');
      expect(teams4).not.toBeNull();
      expect(seen.has(teams4)).toBe(false);
    });

    it('concurrent putDoc at one rev: exactly one succeeds', async () => {
      expect(await store.putDoc('seasons', 's1', { n: -1 }, null)).toEqual({ kind: 'ok', rev: 1 });
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.putDoc('seasons', 's1', { n: i }, 1)));
      const winners = results.flatMap((r, i) => (r.kind === 'ok' ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'conflict')).toEqual(Array.from({ length: 11 }, () => ({ kind: 'conflict', rev: 2 })));
      expect(await store.getDoc('seasons', 's1')).toEqual({ rev: 2, doc: { n: winners[0] } });
    });

    it('listMatches lists every created match, sorted, whatever characters the ids contain', async () => {
      expect(await store.listMatches()).toEqual([]);
      const ids = ['b/2', 'A:1', '../etc', 'z{tag}', 'éclair 🎱', 'a:1:state'];
      for (const id of ids) expect(await store.create(id, META, SNAP0)).toBe('created');
      await store.append('a:1:state', 0, [ev(1)], snapAfter(1), 'c', { ok: true });
      expect(await store.listMatches()).toEqual([...ids].sort());
      // Ids that look like key suffixes or paths must not alias each other's data.
      expect(await store.load('A:1')).toEqual({ meta: META, version: 0, snapshot: SNAP0 });
      expect(await store.load('a:1:state')).toEqual({ meta: META, version: 1, snapshot: snapAfter(1) });
      expect(await store.eventsAfter('../etc', 0)).toEqual([]);
    });

    it('returns copies: mutating a returned value does not change the store', async () => {
      await store.create(matchId, META, SNAP0);
      await store.append(matchId, 0, [ev(1)], snapAfter(1), 'c1', { ok: true });
      const loaded = await store.load(matchId);
      loaded?.snapshot.seen.push('tampered');
      const events = await store.eventsAfter(matchId, 0);
      if (events?.[0]) events[0].event.n = 999;
      const answer = await store.answerFor(matchId, 'c1');
      if (answer) answer.ok = false;
      await store.putDoc('teams', 't', { tags: ['x'] }, null);
      const doc = await store.getDoc<{ tags: string[] }>('teams', 't');
      doc?.doc.tags.push('tampered');
      expect(await store.load(matchId)).toEqual({ meta: META, version: 1, snapshot: snapAfter(1) });
      expect(await store.eventsAfter(matchId, 0)).toEqual([{ version: 1, event: ev(1) }]);
      expect(await store.answerFor(matchId, 'c1')).toEqual({ ok: true });
      expect(await store.getDoc('teams', 't')).toEqual({ rev: 1, doc: { tags: ['x'] } });
    });

    it('a reopened store has everything that was acknowledged and carries on from there', async () => {
      const other = `${matchId}-b`;
      await store.create(matchId, META, SNAP0);
      await store.create(other, { home: 'B', away: 'C' }, snapAfter(3));
      await store.append(matchId, 0, [ev(1), ev(2)], snapAfter(1, 2), 'c1', { ok: true, version: 2 });
      await store.append(matchId, 2, [ev(3)], snapAfter(1, 2, 3), 'c2', { ok: true, version: 3 });
      await store.recordAnswer(matchId, 'refused', { ok: false, reason: 'no' });
      await store.recordAnswer(other, 'refused', { ok: false, reason: 'other match' });
      await store.putDoc('teams', 't1', { name: 'v1' }, null);
      await store.putDoc('teams', 't1', { name: 'v2' }, 1);
      await store.putDoc('venues', 'v1', { city: 'Ghent' }, null);

      store = await harness.reopen(store);
      expect(await store.listMatches()).toEqual([matchId, other].sort());
      expect(await store.load(matchId)).toEqual({ meta: META, version: 3, snapshot: snapAfter(1, 2, 3) });
      expect(await store.load(other)).toEqual({ meta: { home: 'B', away: 'C' }, version: 0, snapshot: snapAfter(3) });
      expect(await store.eventsAfter(matchId, 0)).toEqual([
        { version: 1, event: ev(1) },
        { version: 2, event: ev(2) },
        { version: 3, event: ev(3) },
      ]);
      expect(await store.answerFor(matchId, 'c1')).toEqual({ ok: true, version: 2 });
      expect(await store.answerFor(matchId, 'c2')).toEqual({ ok: true, version: 3 });
      expect(await store.answerFor(matchId, 'refused')).toEqual({ ok: false, reason: 'no' });
      expect(await store.answerFor(other, 'refused')).toEqual({ ok: false, reason: 'other match' });
      expect(await store.append(matchId, 2, [ev(9)], snapAfter(9), 'late', { ok: true })).toEqual({ kind: 'conflict', version: 3 });
      expect(await store.append(matchId, 0, [ev(9)], snapAfter(9), 'c1', { ok: false })).toEqual({
        kind: 'duplicate',
        answer: { ok: true, version: 2 },
      });
      expect(await store.getDoc('teams', 't1')).toEqual({ rev: 2, doc: { name: 'v2' } });
      expect(await store.listDocs('venues')).toEqual([{ id: 'v1', rev: 1, doc: { city: 'Ghent' } }]);

      expect(await store.append(matchId, 3, [ev(4)], snapAfter(1, 2, 3, 4), 'c3', { ok: true, version: 4 })).toEqual({
        kind: 'appended',
        version: 4,
      });
      expect(await store.putDoc('teams', 't1', { name: 'v3' }, 2)).toEqual({ kind: 'ok', rev: 3 });
      store = await harness.reopen(store);
      expect(await store.load(matchId)).toEqual({ meta: META, version: 4, snapshot: snapAfter(1, 2, 3, 4) });
      expect((await store.eventsAfter(matchId, 0))?.map((e) => e.event.n)).toEqual([1, 2, 3, 4]);
      expect(await store.getDoc('teams', 't1')).toEqual({ rev: 3, doc: { name: 'v3' } });
    });

    it('ping is true while open; after close, ping is false and operations reject with StoreUnavailableError', async () => {
      expect(await store.ping()).toBe(true);
      await store.create(matchId, META, SNAP0);
      await store.close();
      expect(await store.ping()).toBe(false);
      await expect(store.load(matchId)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.append(matchId, 0, [ev(1)], snapAfter(1), 'c', { ok: true })).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.putDoc('teams', 't', {}, null)).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
}
