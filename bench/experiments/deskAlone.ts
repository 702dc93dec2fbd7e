import { createClient } from 'redis';
import { CommandSchema, fold, initialState, MatchSetupSchema, type Actor, type MatchEvent, type MatchState } from '../../shared/index';
import type { CommandAnswer } from '../../shared/protocol';
import { createLogger } from '../../server/log';
import type { MatchMeta } from '../../server/matches/matchMeta';
import { SNAPSHOT_EVERY } from '../../server/matches/roomStore';
import { CommandDesk } from '../../server/room/commandDesk';
import { LiveMatches } from '../../server/room/liveMatches';
import { createRedisStore } from '../../server/store/redisStore';
import { benchSetup, fillerStep, playableScript } from '../matchScript';

/**
 * The command path alone: `CommandDesk` with the Redis store and `LiveMatches`, as the server builds them, driven by
 * the bench's script at one command per room per second (the rooms spread over the second, as the load generator
 * sends them), with no socket anywhere. What its scavenges copy and promote is then the command path's own, without
 * the sockets' objects and without the host's noise in a latency: run it with V8's GC trace and read the bytes.
 *
 *   node --max-semi-space-size=64 --min-semi-space-size=64 --heap-growing-percent=300 --trace-gc-nvp \
 *     --import tsx bench/experiments/deskAlone.ts 2>&1 | grep 'gc=s '
 *
 * (the first flags as `npm start` has them; add or remove one to compare). It found that V8's allocation-site
 * pretenuring doubled what the server's scavenges copied (bench/HISTORY.md, "A twenty-second host").
 *
 * DESK_ALONE_SECONDS (default 75): how long it plays. REDIS_URL as the bench's; its keys go under a prefix of their
 * own, deleted at the end. For where the survivors come from, load allocationProfile.ts into it as into a target
 * (ALLOC_PROFILE_LIVE=1 with --expose-gc and `--import ./bench/experiments/allocationProfile.ts`) and send it SIGUSR2
 * once it plays (the profile then goes to ALLOC_PROFILE_DIR, as there).
 */
const ROOMS = 200;
const SECONDS = Number(process.env.DESK_ALONE_SECONDS ?? 75);
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ln:desk-alone:${process.pid}:`;

const store = await createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url, prefix, checkpoints: { every: SNAPSHOT_EVERY, evolve: fold } });
const meta: MatchMeta = { captainTokenHashes: { HOME: 'a'.repeat(64), AWAY: 'b'.repeat(64) }, createdAt: 0 };
const now = Date.now();
for (let r = 0; r < ROOMS; r++) await store.create(`m${r}`, meta, initialState(MatchSetupSchema.parse(benchSetup(`m${r}`, now))));
const desk = new CommandDesk(store, new LiveMatches(store), createLogger('silent'));

const script = playableScript();
const lastEntry: (string | null)[] = Array.from({ length: ROOMS }, () => null);
const pending: Promise<void>[] = [];
let sent = 0;
const t0 = performance.now();
for (let k = 0; k < SECONDS; k++) {
  const step = script[k] ?? fillerStep(k - script.length);
  const actor: Actor = { role: 'captain', side: step.side };
  for (let r = 0; r < ROOMS; r++) {
    const wait = t0 + k * 1000 + (r * 1000) / ROOMS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Through JSON and the schema, as a command from a phone arrives.
    const command = CommandSchema.parse(JSON.parse(JSON.stringify(step.build({ now: Date.now(), lastEntryId: lastEntry[r] ?? null }))));
    const handled = desk.handle({ matchId: `m${r}`, commandId: `c${r}x${k}x${sent++}`, command, actor }).then(({ reply, broadcast }) => {
      if (reply.status !== 'accepted') throw new Error(`room m${r}, step ${k} (${step.type}): ${JSON.stringify(reply)}`);
      for (const { event } of broadcast?.events ?? []) if (event.type === 'ScoreEntered') lastEntry[r] = event.entryId;
    });
    pending.push(handled);
    if (pending.length >= ROOMS * 2) await Promise.all(pending.splice(0, ROOMS));
  }
}
await Promise.all(pending);
console.error(`desk alone: ${sent} commands in ${((performance.now() - t0) / 1000).toFixed(1)} s, all accepted`);
await store.close();
const cleaner = createClient({ url });
await cleaner.connect();
for await (const keys of cleaner.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await cleaner.unlink(keys);
await cleaner.close();

