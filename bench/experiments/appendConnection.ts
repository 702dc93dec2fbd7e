import { createRedisStore, type RedisMatchStore } from '../../server/store/redisStore';

/**
 * The store's append through node-redis against the same append on its own connection (server/store/respConnection.ts),
 * one process, real Redis, turn by turn: CPU of this process per append and the append's round trip (p50/p99), with
 * `rooms` matches each appending one command after the other, as the desk does.
 *
 *   npx tsx bench/experiments/appendConnection.ts [rooms=200] [appends per room per turn=50] [turns=6]
 *
 * Each append carries an event of the bench's size (~300 bytes) and an answer; no snapshot (as 31 of 32 appends).
 */
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const [rooms = 200, perRoom = 50, turns = 6] = process.argv.slice(2).map(Number);
const prefix = `bench:append-conn:${process.pid}:`;

type Store = RedisMatchStore<unknown, unknown, unknown, unknown>;
const EVENT = { type: 'ScoreEntered', round: 2, game: 3, side: 'HOME', player: 'home-player-4', score: 123456780, at: 1764600000000, by: 'captain', note: 'x'.repeat(150) };

async function turn(store: Store, label: string, versions: Map<string, number>): Promise<{ cpuUs: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  await Promise.all(
    [...versions.keys()].map(async (id) => {
      for (let i = 0; i < perRoom; i++) {
        const v = versions.get(id)!;
        const t = performance.now();
        const r = await store.append(id, v, [EVENT], {}, `${label}-${v}`, { ok: true, version: v + 1 });
        latencies.push(performance.now() - t);
        if (r.kind !== 'appended') throw new Error(`append ${id}@${v}: ${r.kind}`);
        versions.set(id, v + 1);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    cpuUs: (used.user + used.system) / latencies.length,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}

const stores: Record<string, Store> = {
  'node-redis': await createRedisStore({ url, prefix: `${prefix}a:`, appendConnection: false }),
  'own connection': await createRedisStore({ url, prefix: `${prefix}b:`, appendConnection: true }),
};
const versions: Record<string, Map<string, number>> = {};
for (const [label, store] of Object.entries(stores)) {
  versions[label] = new Map();
  for (let r = 0; r < rooms; r++) {
    await store.create(`m${r}`, {}, {});
    versions[label].set(`m${r}`, 0);
  }
}
const results: Record<string, { cpuUs: number; p50: number; p99: number }[]> = { 'node-redis': [], 'own connection': [] };
for (let t = 0; t < turns; t++) {
  const order = t % 2 === 0 ? Object.keys(stores) : Object.keys(stores).reverse();
  for (const label of order) {
    const r = await turn(stores[label]!, `${label}-${t}`, versions[label]!);
    // The first turn of each warms the JIT and the connection: reported, left out of the medians.
    console.log(`turn ${t} ${label.padEnd(14)} cpu ${r.cpuUs.toFixed(1)} µs/append  p50 ${r.p50.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms`);
    if (t > 0) results[label]!.push(r);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [label, rs] of Object.entries(results)) {
  console.log(
    `median ${label.padEnd(14)} cpu ${median(rs.map((r) => r.cpuUs)).toFixed(1)} µs/append  p50 ${median(rs.map((r) => r.p50)).toFixed(3)} ms  p99 ${median(rs.map((r) => r.p99)).toFixed(3)} ms`,
  );
}
const { createClient } = await import('redis');
const admin = createClient({ url });
await admin.connect();
for await (const keys of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await admin.del(keys);
await admin.close();
for (const store of Object.values(stores)) await store.close();
