import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { fold, type MatchEvent, type MatchState } from '../../shared/index';
import type { CommandAnswer } from '../../shared/protocol';
import { SeasonSchema } from '../../shared/season/index';
import { intlZone } from '../../server/league/leagueZone';
import { COLLECTIONS } from '../../server/league/leagueStore';
import { loadSeason } from '../../server/league/seasonData';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { SNAPSHOT_EVERY } from '../../server/matches/roomStore';
import { createRedisStore } from '../../server/store/redisStore';
import { playScript } from '../engine';

/**
 * What one read of a season costs (loadSeason: every standings, schedule, bracket or team page, and every league
 * write), as the season's rooms and the schedules of other seasons grow. Plays the bench's full match once and stores
 * it in `rooms` rooms of the season (in batches of 8 events, checkpoints as the server writes them), writes `past`
 * schedule entries of another season, then reads the season 8 times (the first read finds no room kept yet).
 *
 *   npx tsx bench/experiments/standingsRead.ts [rooms=300] [past=20000]
 *
 * Needs Redis on 127.0.0.1:6379; writes under a prefix of its own and deletes it at the end.
 */
const [rooms = 300, past = 20000] = process.argv.slice(2).map(Number);
const prefix = `bench:standings:${randomUUID().slice(0, 8)}:`;
const url = 'redis://127.0.0.1:6379';
const store = await createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url, prefix, checkpoints: { every: SNAPSHOT_EVERY, evolve: fold } });
const played = playScript();
const season = SeasonSchema.parse({ id: 's1', name: 'S', timeZone: 'America/Chicago', conferences: [{ id: 'c', name: 'C', matchWeekday: 'MON' }], regularSeason: { start: '2026-01-05', end: '2026-12-28' } });
await store.putDoc(COLLECTIONS.seasons, 's1', season, null);
const entry = (id: string, seasonId: string, opened: boolean) => ({ id, seasonId, kind: 'REGULAR', date: '2026-03-02', homeTeamId: 'hawks', awayTeamId: 'aces', venueId: 'bench-bar', week: null, bracket: null, roomOpenedAt: opened ? 1 : null, roomInUseSince: opened ? 1 : null });
const writes: Promise<unknown>[] = [];
for (let i = 0; i < past; i++) writes.push(store.putDoc(COLLECTIONS.matches, `old-${i}`, entry(`old-${i}`, 'old', true), null));
await Promise.all(writes);
for (let i = 0; i < rooms; i++) {
  const id = `r-${i}`;
  await store.create(id, { captainTokenHashes: { HOME: 'h', AWAY: 'a' }, createdAt: 0 }, played.initial);
  // The whole match in batches of events, as the room stores it (a checkpoint every 32 versions).
  let v = 0;
  for (let k = 0; k < played.log.length; k += 8) {
    const events = played.log.slice(k, k + 8);
    const state = played.log.slice(0, k + events.length).reduce((s, e) => fold(s, [e]), played.initial);
    await store.append(id, v, events, state, `c-${id}-${k}`, { status: 'accepted', version: v + events.length });
    v += events.length;
  }
  await store.putDoc(COLLECTIONS.matches, id, entry(id, 's1', true), null);
}
for (let n = 0; n < 8; n++) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const b = await loadSeason(store, 's1', intlZone, Date.now());
  const cpu = process.cpuUsage(cpu0);
  console.log(`rooms ${rooms}, past entries ${past}: loadSeason ${(performance.now() - t0).toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms CPU, ${b!.results.size} results`);
}
await store.close();
const c = createClient({ url });
await c.connect();
for await (const keys of c.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await c.unlink(keys);
await c.quit();
