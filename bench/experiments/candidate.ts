import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds a patched copy of the server outside the repository, to A/B a proposed change against the real server in
 * one interleaved bench session (the repository's server/ is never touched):
 *
 *   npx tsx bench/experiments/candidate.ts /tmp/ln-candidate redis-timeout
 *   BENCH_CANDIDATE=/tmp/ln-candidate/server/main.ts npm run bench -- --config=ours+candidate:200:20:40
 *
 * Patches (each a literal search/replace that must match, so a stale patch fails loudly):
 * - redis-timeout: node-redis 6 gives every command a 5 s timeout by default (one AbortSignal.timeout per command,
 *   whose timer later fires and builds a DOMException); the store already times its operations out itself, so
 *   turn the client's off for the store and the adapter clients.
 * - local-first: deliver a room broadcast to this process's sockets at once, and to other processes through
 *   serverSideEmit, instead of the adapter's broadcast, whose local delivery waits for the XADD round trip.
 * - no-answerfor: drop the answerFor read that precedes every command (see below).
 * - sparse-snapshot: an UPPER BOUND, not a correct implementation: the append writes the snapshot only every 32nd
 *   version (the events always). A real change must then fold the log tail after the snapshot on load; this patch
 *   does not, so a process that reloads a match from Redis gets a stale state. Only for measuring what the
 *   snapshot write costs under load, where every match stays in the process's cache.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Patch {
  file: string;
  search: string;
  replace: string;
}

const PATCHES: Record<string, Patch[]> = {
  'redis-timeout': [
    {
      file: 'server/store/redisStore.ts',
      search: 'disableOfflineQueue: true,',
      replace: 'disableOfflineQueue: true,\n    commandOptions: { timeout: 0 },',
    },
    {
      file: 'server/room/crossProcess.ts',
      search: 'const client = createClient({\n    url,',
      replace: 'const client = createClient({\n    url,\n    commandOptions: { timeout: 0 },',
    },
  ],
  'local-first': [
    {
      file: 'server/room/roomMessages.ts',
      search: "socket.to(matchRoom(matchId)).emit('events', result.broadcast);",
      replace:
        "socket.to(matchRoom(matchId)).local.emit('events', result.broadcast);\n    (deps.io as unknown as { serverSideEmit(e: string, m: unknown): void }).serverSideEmit('roomEvents', result.broadcast);",
    },
    {
      file: 'server/room/socketServer.ts',
      search: "io.on('connection',",
      replace:
        "(io as unknown as { on(e: string, f: (m: { matchId: string }) => void): void }).on('roomEvents', (m) => {\n    io.local.to(`match:${m.matchId}`).emit('events', m as never);\n  });\n  io.on('connection',",
    },
  ],
};

PATCHES['sparse-snapshot'] = [
  {
    file: 'server/store/redisStore.ts',
    search: "redis.call('HSET', KEYS[1], 'version', version, 'snapshot', ARGV[4])",
    replace: "if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'version', version, 'snapshot', ARGV[4]) else redis.call('HSET', KEYS[1], 'version', version) end",
  },
  {
    file: 'server/store/redisStore.ts',
    search: "      toJson(snapshot, 'snapshot'),",
    replace: "      (expectedVersion + events.length) % 32 === 0 ? toJson(snapshot, 'snapshot') : '',",
  },
];

// One Redis round trip less per command: the separate answerFor read before deciding. The append script checks the
// commandId before anything else and recordAnswer keeps the first answer, so a retry still gets its earlier
// answer; only a retried command is decided once more (and then answered 'duplicate').
PATCHES['no-answerfor'] = [
  {
    file: 'server/room/commandDesk.ts',
    search: "      const earlier = await this.store.answerFor(incoming.matchId, incoming.commandId);\n      if (earlier) return { reply: { status: 'duplicate', answer: earlier } };\n",
    replace: '',
  },
];

const [target, ...names] = process.argv.slice(2);
if (!target || names.length === 0 || names.some((n) => !PATCHES[n])) {
  console.error(`usage: tsx bench/experiments/candidate.ts <dir> <patch>...  (patches: ${Object.keys(PATCHES).join(', ')})`);
  process.exit(2);
}
const dir = resolve(target);
if (dir.startsWith(ROOT)) {
  console.error('the candidate must live outside the repository');
  process.exit(2);
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
for (const part of ['server', 'shared', 'package.json', 'tsconfig.base.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
for (const name of names) {
  for (const p of PATCHES[name]!) {
    const file = join(dir, p.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(p.search)) {
      console.error(`patch ${name}: ${p.file} no longer contains ${JSON.stringify(p.search)}`);
      process.exit(1);
    }
    writeFileSync(file, text.replace(p.search, p.replace));
  }
  console.error(`applied ${name}`);
}
console.log(join(dir, 'server', 'main.ts'));
