import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { pathToFileURL } from 'node:url';
import { CommandSchema, decide, fold, initialState, MatchSetupSchema, type MatchEvent, type MatchState, type StampedCommand } from '../shared/index';
import type { CommandAnswer } from '../shared/protocol';
import type { ScheduledMatch } from '../shared/season/index';
import { createEveningGuard } from '../server/league/eveningGuard';
import { COLLECTIONS } from '../server/league/leagueStore';
import type { MatchMeta } from '../server/matches/matchMeta';
import { SNAPSHOT_EVERY } from '../server/matches/roomStore';
import { createRedisStore } from '../server/store/redisStore';
import { Histogram } from './histogram';
import { benchSetup, fullMatchScript } from './matchScript';

/**
 * What R-VII.P.3.1's check costs a lineup declaration as the league's history grows: the evening guard of a match
 * under way, on the Redis store, with the schedules of past seasons in the store beside tonight's. A league keeps
 * every season's schedule; the check must look at tonight's rooms only, whatever lies behind them.
 *
 *   npx tsx bench/eveningGuard.ts [--past=0,2000,20000] [--tonight=40] [--lineups=300]
 *
 * Needs Redis on 127.0.0.1:6379 (REDIS_URL to change); writes under its own prefix and deletes it at the end.
 */

export interface GuardBenchPoint {
  pastEntries: number;
  tonight: number;
  lineups: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
  /**
   * The process's first lineup: it lists the schedule entries written since the last point (the bench writes them
   * straight into the store, as a server from before the evening lists did) and learns tonight's rooms.
   */
  firstMs: number;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function entry(id: string, date: string, roomOpenedAt: number | null): ScheduledMatch {
  return { id, seasonId: 'bench-season', kind: 'REGULAR', date, homeTeamId: 'hawks', awayTeamId: 'aces', venueId: 'bench-bar', week: null, bracket: null, roomOpenedAt, roomInUseSince: roomOpenedAt };
}

/** The bench's match setup with player ids of this room's own (a league's teams do not share their rosters). */
const own = <T>(value: T, room: number): T => JSON.parse(JSON.stringify(value).replace(/"([HA]\d+)"/g, `"r${room}-$1"`)) as T;

/** The script's first command, decided: an event that puts a room "under way" (what the guard keeps for good). */
function firstEvents(matchId: string, room: number, now: number): { initial: MatchState; state: MatchState; events: MatchEvent[] } {
  const initial = initialState(MatchSetupSchema.parse(own(benchSetup(matchId, now), room)));
  const step = fullMatchScript()[0]!;
  const input = own(step.build({ now, lastEntryId: null }), room);
  const decision = decide(initial, { ...CommandSchema.parse(input), at: now } as StampedCommand, { role: 'captain', side: step.side });
  if (!decision.ok) throw new Error(`bench script refused: ${decision.refusal.message}`);
  return { initial, state: fold(initial, decision.events), events: decision.events };
}

export async function runGuardBench(opts: { past: number[]; tonight: number; lineups: number; redisUrl?: string }): Promise<GuardBenchPoint[]> {
  const prefix = `bench:guard:${randomUUID().slice(0, 8)}:`;
  const url = opts.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const open = () => createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url, prefix, checkpoints: { every: SNAPSHOT_EVERY, evolve: fold } });
  const store = await open();
  const now = Date.now();
  const today = isoDate(now);
  const points: GuardBenchPoint[] = [];
  try {
    // Tonight: `tonight` rooms open and under way, each with the script's first event stored.
    const ids = Array.from({ length: opts.tonight }, (_, i) => `tonight-${i}`);
    for (const [room, id] of ids.entries()) {
      const { initial, state, events } = firstEvents(id, room, now);
      await store.create(id, { captainTokenHashes: { HOME: 'h', AWAY: 'a' }, createdAt: now }, initial);
      await store.append(id, 0, events, state, `first-${id}`, { status: 'accepted', version: events.length });
      await store.putDoc(COLLECTIONS.matches, id, entry(id, today, now), null);
    }
    const lineup = (room: number) => CommandSchema.parse(own({ type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } }, room));
    let written = 0;
    for (const past of [...opts.past].sort((a, b) => a - b)) {
      // Past seasons: ten matches an evening, one evening a week, going back from last week.
      const writes: Promise<unknown>[] = [];
      for (; written < past; written++) {
        const date = isoDate(now - (7 + 7 * Math.floor(written / 10)) * DAY);
        writes.push(store.putDoc(COLLECTIONS.matches, `past-${written}`, entry(`past-${written}`, date, now - 7 * DAY), null));
      }
      await Promise.all(writes);
      // Per point, what a process that just started has: a store connection of its own and a fresh guard. Its first
      // lineup waits for the schedule to be listed (once per process and store) and the first lineup of each room
      // learns that the room is under way and who is on the evening's teams: both before timing, so the figures
      // are a night in progress, the cost of every lineup after a room's first.
      const fresh = await open();
      const guard = createEveningGuard(fresh);
      const f0 = process.hrtime.bigint();
      await guard(ids[0]!, lineup(0));
      const firstMs = Number(process.hrtime.bigint() - f0) / 1e6;
      for (const [room, id] of ids.entries()) await guard(id, lineup(room));
      const h = new Histogram();
      let total = 0;
      for (let i = 0; i < opts.lineups; i++) {
        const t0 = process.hrtime.bigint();
        const verdict = await guard(ids[i % ids.length]!, lineup(i % ids.length));
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        // No room tonight has a lineup yet: nothing to refuse.
        if (verdict) throw new Error(`unexpected refusal: ${verdict.message}`);
        h.record(ms);
        total += ms;
      }
      await fresh.close();
      points.push({ pastEntries: past, tonight: opts.tonight, lineups: opts.lineups, firstMs: Math.round(firstMs * 10) / 10, p50Us: Math.round(h.percentile(50) * 1000), p99Us: Math.round(h.percentile(99) * 1000), meanUs: Math.round((total / opts.lineups) * 1000) });
    }
  } finally {
    await store.close();
    const client = createClient({ url });
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await client.unlink(keys);
    await client.quit();
  }
  return points;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const points = await runGuardBench({
    past: arg('past', '0,2000,20000').split(',').map(Number),
    tonight: Number(arg('tonight', '40')),
    lineups: Number(arg('lineups', '300')),
  });
  for (const p of points) {
    console.log(`past schedule entries ${String(p.pastEntries).padStart(6)}, ${p.tonight} rooms tonight: lineup check p50 ${p.p50Us} µs, p99 ${p.p99Us} µs, mean ${p.meanUs} µs (${p.lineups} lineups); the first lineup after start ${p.firstMs} ms`);
  }
  console.log(JSON.stringify(points));
}
