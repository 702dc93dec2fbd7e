import type { GenStats } from './ipc';

/**
 * What the load generators saw go wrong, summed over windows: events never received, received twice or out of
 * order, malformed messages, dropped connections, commands never answered.
 *
 * Latency is measured on the counted windows only, but these are summed over every window a target ran, the
 * windows `--wait-quiet` measured again included: a window is measured again because the machine was disturbed,
 * and an update lost or repeated in it is still one a phone would have missed or seen twice. Before 4 Dec such a
 * window's counts were dropped with its latencies; a client left behind then showed up as out of order in the next
 * window, but a duplicate or a window at the end of a session did not.
 */
const FIELDS = [
  'lostEvents',
  'clientsBehind',
  'duplicateEvents',
  'outOfOrder',
  'outOfOrderCaptains',
  'malformed',
  'eventsBeforeSnapshot',
  'disconnects',
  'ackTimeouts',
] as const satisfies readonly (keyof GenStats)[];

/** The generator's own fields (bench/ipc.ts): renaming one there fails the type check here. */
export type Correctness = Pick<GenStats, (typeof FIELDS)[number]>;

export function correctness(stats: readonly Correctness[]): Correctness {
  const out = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Correctness;
  for (const s of stats) for (const f of FIELDS) out[f] += s[f];
  return out;
}

/** The fields of `c` that are not 0, for a log line ("" when all are). */
export function describeProblems(c: Correctness): string {
  return FIELDS.filter((f) => c[f] !== 0)
    .map((f) => `${f} ${c[f]}`)
    .join(', ');
}
