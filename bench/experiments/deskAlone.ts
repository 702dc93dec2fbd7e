import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createClient } from 'redis';
import { CommandSchema, fold, initialState, MatchSetupSchema, type MatchEvent, type MatchState } from '../../shared/index';
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
 *
 * DESK_ALONE_BY_TYPE=<n> (n >= 1): instead, the CPU each kind of command costs the process, V8's helper threads
 * included (its compiler and GC threads share the 2 cores with everything else), with neither sockets nor pacing: each
 * step of the script (then fillers up to DESK_ALONE_SECONDS steps) is sent to all 200 rooms at once and timed with
 * process.cpuUsage() until the last answer, for n matches in a row on fresh rooms (the first on cold code). It prints
 * the median and mean per command of every kind, per match. So a kind of command that costs more than its `decide`
 * and `fold` (bench/engine.ts) shows here, on any host, without a quiet machine (bench/HISTORY.md, "A
 * twenty-seventh host").
 * With DESK_ALONE_WINDOWS=<path prefix> as well, it writes each kind's steps of the matches after the first (warm code)
 * as CLOCK_MONOTONIC windows to <prefix>-<kind>.txt, in the form `bench/profileSummary.ts` takes, so that a CPU profile
 * of the run (`node --cpu-prof`) can be cut to one kind of command:
 *
 *   DESK_ALONE_BY_TYPE=3 DESK_ALONE_SECONDS=92 DESK_ALONE_WINDOWS=/tmp/desk node --cpu-prof --cpu-prof-dir=/tmp/prof \
 *     <the flags of npm start> --import tsx bench/experiments/deskAlone.ts
 *   npx tsx bench/profileSummary.ts /tmp/prof/<the larger>.cpuprofile 30 $(cat /tmp/desk-declareLineup.txt)
 *
 * DESK_ALONE_SURVIVORS=<k>:<s>: instead, what the command path keeps alive. It plays steps 0 to k-1 in all 200 rooms
 * (unpaced, as DESK_ALONE_BY_TYPE does), writes a heap snapshot, plays the s steps after them (200 x s commands: at
 * 200 commands/s, s seconds of the bench's load) and writes a second one. The objects of the second snapshot that
 * the first did not have are what those commands left reachable (a snapshot collects all garbage first), i.e. the
 * least a scavenge after them copies. Read them with `npx tsx bench/experiments/heapDiff.ts <first> <second>` (the
 * command is printed; the snapshots go to the system's temporary folder).
 */
const ROOMS = 200;
const SECONDS = Number(process.env.DESK_ALONE_SECONDS ?? 75);
const BY_TYPE = Number(process.env.DESK_ALONE_BY_TYPE ?? 0);
const SURVIVORS = process.env.DESK_ALONE_SURVIVORS?.split(':').map(Number);
const WINDOWS = process.env.DESK_ALONE_WINDOWS;
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const script = playableScript();
const stepAt = (k: number) => script[k] ?? fillerStep(k - script.length);
const kindAt = (k: number) => (k < script.length ? stepAt(k).type : 'filler');

/** Every key prefix the rooms were opened under, deleted at the end. */
const prefixes: string[] = [];

/**
 * 200 fresh rooms on a store under a prefix of their own (this process's, then `tag`), and the desk over them, as the
 * server builds it.
 */
async function openRooms(tag = '') {
  const prefix = `ln:desk-alone:${process.pid}:${tag}`;
  prefixes.push(prefix);
  const store = await createRedisStore<MatchEvent, MatchState, MatchMeta, CommandAnswer>({ url, prefix, checkpoints: { every: SNAPSHOT_EVERY, evolve: fold } });
  const meta: MatchMeta = { captainTokenHashes: { HOME: 'a'.repeat(64), AWAY: 'b'.repeat(64) }, createdAt: 0 };
  const now = Date.now();
  for (let r = 0; r < ROOMS; r++) await store.create(`m${r}`, meta, initialState(MatchSetupSchema.parse(benchSetup(`m${r}`, now))));
  const desk = new CommandDesk(store, new LiveMatches(store), createLogger('silent'));
  const lastEntry: (string | null)[] = Array.from({ length: ROOMS }, () => null);
  let sent = 0;
  /** Step k of room r through JSON and the schema, as a command from a phone arrives; resolves once it is stored. */
  const play = (r: number, k: number): Promise<void> => {
    const step = stepAt(k);
    const command = CommandSchema.parse(JSON.parse(JSON.stringify(step.build({ now: Date.now(), lastEntryId: lastEntry[r] ?? null }))));
    return desk.handle({ matchId: `m${r}`, commandId: `c${r}x${k}x${sent++}`, command, actor: { role: 'captain', side: step.side } }).then(({ reply, broadcast }) => {
      if (reply.status !== 'accepted') throw new Error(`room m${r}, step ${k} (${step.type}): ${JSON.stringify(reply)}`);
      for (const { event } of broadcast?.events ?? []) if (event.type === 'ScoreEntered') lastEntry[r] = event.entryId;
    });
  };
  return { store, play, count: () => sent };
}

/** Steps `from` to `to` - 1 in every room, each step in all rooms at once. */
const playSteps = async (rooms: Awaited<ReturnType<typeof openRooms>>, from: number, to: number) => {
  for (let k = from; k < to; k++) await Promise.all(Array.from({ length: ROOMS }, (_, r) => rooms.play(r, k)));
};
if (SURVIVORS) {
  const [k = 40, s = 5] = SURVIVORS;
  const rooms = await openRooms();
  // Each snapshot after 300 ms idle: the store's deadline list (opDeadlines.ts) keeps a settled round trip's record,
  // and through it its reply, until its next tick (100 ms). Under a steady load that is the last 100 ms of commands,
  // not the seconds of unpaced steps before the snapshot.
  const idle = () => new Promise((resolve) => setTimeout(resolve, 300));
  await playSteps(rooms, 0, k);
  await idle();
  const first = writeHeapSnapshot(join(tmpdir(), `desk-alone-${process.pid}-1.heapsnapshot`));
  await playSteps(rooms, k, k + s);
  await idle();
  const second = writeHeapSnapshot(join(tmpdir(), `desk-alone-${process.pid}-2.heapsnapshot`));
  console.error(`desk alone: steps 0-${k - 1} (${kindAt(k - 1)} last), then ${k}-${k + s - 1} (${[...new Set(Array.from({ length: s }, (_, i) => kindAt(k + i)))].join(', ')}) in ${ROOMS} rooms`);
  console.error(`npx tsx bench/experiments/heapDiff.ts ${first} ${second}`);
  await rooms.store.close();
} else if (BY_TYPE > 0) {
  /** Per kind, the steps' windows (µs of CLOCK_MONOTONIC, as a .cpuprofile's timestamps) of every match but the first. */
  const windows = new Map<string, string[]>();
  const nowUs = () => process.hrtime.bigint() / 1000n;
  for (let match = 1; match <= BY_TYPE; match++) {
    const rooms = await openRooms(`${match}:`);
    const perKind = new Map<string, number[]>();
    for (let k = 0; k < SECONDS; k++) {
      const before = process.cpuUsage();
      const fromUs = nowUs();
      await playSteps(rooms, k, k + 1);
      const used = process.cpuUsage(before);
      if (match > 1) {
        const steps = windows.get(kindAt(k)) ?? [];
        steps.push(`${fromUs}:${nowUs()}`);
        windows.set(kindAt(k), steps);
      }
      const list = perKind.get(kindAt(k)) ?? [];
      list.push((used.user + used.system) / ROOMS);
      perKind.set(kindAt(k), list);
    }
    await rooms.store.close();
    const cells = [...perKind].map(([kind, us]) => {
      const sorted = [...us].sort((a, b) => a - b);
      const mean = us.reduce((a, b) => a + b, 0) / us.length;
      return `${kind} ${sorted[sorted.length >> 1]!.toFixed(0)} / ${mean.toFixed(0)} (${us.length} steps)`;
    });
    console.error(`match ${match}: CPU µs per command, median / mean of its steps: ${cells.join('; ')}`);
  }
  if (WINDOWS) {
    for (const [kind, list] of windows) writeFileSync(`${WINDOWS}-${kind}.txt`, list.join(','));
    console.error(`steps' windows written to ${WINDOWS}-<kind>.txt (${[...windows.keys()].join(', ')})`);
  }
} else {
  const rooms = await openRooms();
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let k = 0; k < SECONDS; k++) {
    for (let r = 0; r < ROOMS; r++) {
      const wait = t0 + k * 1000 + (r * 1000) / ROOMS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(rooms.play(r, k));
      if (pending.length >= ROOMS * 2) await Promise.all(pending.splice(0, ROOMS));
    }
  }
  await Promise.all(pending);
  console.error(`desk alone: ${rooms.count()} commands in ${((performance.now() - t0) / 1000).toFixed(1)} s, all accepted`);
  await rooms.store.close();
}
const cleaner = createClient({ url });
await cleaner.connect();
for (const prefix of prefixes) {
  for await (const keys of cleaner.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await cleaner.unlink(keys);
}
await cleaner.close();
