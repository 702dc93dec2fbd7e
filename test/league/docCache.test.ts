import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { LeaguePlayerSchema } from '../../shared/season/index';
import { COLLECTIONS, readAll, readDoc, updateDoc } from '../../server/league/leagueStore';
import { redisRoomStores } from '../helpers/redisRoomStores';
import { SHARED_REDIS } from '../helpers/serverProcess';
import { recordingReads } from './readLog';

/**
 * The league's documents kept per process (server/league/docCache.ts), on the shared Redis as two server processes
 * see it: two store connections under one prefix. What one writes, the other reads at its next read; while nothing
 * is written, a read costs the collection's stamp and no document.
 */

const player = (id: string, name: string) => ({ id, name, ifpaNumber: null, ifpaRank: null });

describe('league documents kept per process (docCache.ts)', async () => {
  const { prefix, open } = redisRoomStores('doccache');
  const one = await open();
  const two = await open();

  it('a season page read twice reads the documents once; a write from another process is read at once, by id and whole', async () => {
    const write = (store: typeof one, id: string, name: string) => updateDoc(store, COLLECTIONS.players, id, LeaguePlayerSchema, async () => ({ write: player(id, name) }));
    await write(one, 'p1', 'Ann');
    await write(one, 'p2', 'Bob');
    const a = recordingReads(one);
    const names = async () => (await readAll(a.store, COLLECTIONS.players, LeaguePlayerSchema)).map((p) => p.name);
    expect(await names()).toEqual(['Ann', 'Bob']);
    expect(a.read).toEqual([`stamp ${COLLECTIONS.players}`, `${COLLECTIONS.players}/*`]);
    a.read.length = 0;
    expect(await names()).toEqual(['Ann', 'Bob']);
    expect((await readDoc(a.store, COLLECTIONS.players, 'p2', LeaguePlayerSchema))?.doc.name).toBe('Bob');
    expect(a.read).toEqual([`stamp ${COLLECTIONS.players}`, `stamp ${COLLECTIONS.players}`]);

    // The other process renames Bob and adds Cy: the first process's next reads see both, by id and in the listing.
    await write(two, 'p2', 'Robert');
    await write(two, 'p3', 'Cy');
    a.read.length = 0;
    expect((await readDoc(a.store, COLLECTIONS.players, 'p2', LeaguePlayerSchema))?.doc).toMatchObject({ name: 'Robert' });
    expect(await names()).toEqual(['Ann', 'Robert', 'Cy']);
    expect(a.read).toContain(`${COLLECTIONS.players}/p2`);
    expect(a.read).toContain(`${COLLECTIONS.players}/*`);
  });

  it('what a reader is handed is its own: changing it changes nothing kept', async () => {
    await updateDoc(one, COLLECTIONS.venues, 'bar', LeaguePlayerSchema, async () => ({ write: player('bar', 'The Bar') }));
    const first = await readDoc(one, COLLECTIONS.venues, 'bar', LeaguePlayerSchema);
    first!.doc.name = 'changed by a caller';
    const all = await readAll(one, COLLECTIONS.venues, LeaguePlayerSchema);
    all[0]!.name = 'changed too';
    all.pop();
    expect((await readDoc(one, COLLECTIONS.venues, 'bar', LeaguePlayerSchema))?.doc.name).toBe('The Bar');
    expect(await readAll(one, COLLECTIONS.venues, LeaguePlayerSchema)).toEqual([player('bar', 'The Bar')]);
  });

  it('a collection written only before stamps existed is read from the store every time', async () => {
    // What an older server left: a document in the collection's hash, and no stamp for the collection.
    const raw = createClient({ url: SHARED_REDIS });
    await raw.connect();
    await raw.hSet(`${prefix}doc:${COLLECTIONS.results}`, 'old-1', `1 ${JSON.stringify({ any: 'thing' })}`);
    const a = recordingReads(one);
    expect(await a.store.collectionStamp(COLLECTIONS.results)).toBeNull();
    await readDoc(a.store, COLLECTIONS.results, 'old-1', LeaguePlayerSchema.partial());
    await readDoc(a.store, COLLECTIONS.results, 'old-1', LeaguePlayerSchema.partial());
    expect(a.read.filter((r) => r === `${COLLECTIONS.results}/old-1`)).toHaveLength(2);
    // An older server writing beside this one: seen at once, since nothing was kept.
    await raw.hSet(`${prefix}doc:${COLLECTIONS.results}`, 'old-1', `2 ${JSON.stringify({ name: 'new' })}`);
    expect(await readDoc(one, COLLECTIONS.results, 'old-1', LeaguePlayerSchema.partial())).toMatchObject({ rev: 2, doc: { name: 'new' } });
    await raw.close();
  });
});
