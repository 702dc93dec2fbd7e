import type { Target } from './ipc';

/**
 * The order of the targets' windows in a round: each round starts one target further on (A B C, B C A, C A B, A B C),
 * so that with three targets none measures two windows in a row across a round's boundary. With two the rounds
 * alternate (A B, B A), as before, and each target measures two in a row at every other round's boundary.
 *
 * Until 4 Dec the rounds alternated forward and backward (A B C, C B A, ...): the first and the last target each
 * measured two windows back to back twice a session while the middle one never did, and the first one also measured
 * the session's first window after everything connected. On the twenty-seventh host ours, in that first place,
 * measured 1.46-1.7x the durable floor in two sessions and, moved to the middle (`--first`), 1.08x and 1.23x in two
 * more (bench/HISTORY.md, "A twenty-seventh host").
 */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  const k = targets.length === 0 ? 0 : round % targets.length;
  return [...targets.slice(k), ...targets.slice(0, k)];
}

/**
 * The main session's targets, in the order they connect and take their places. The durable floor first: with
 * `roundOrder` it takes the session's first window after everything connected and one more round's first place, and
 * ours and the bare relay, whose ratio is the goal, take the same places otherwise: one round's first window each,
 * neither the first after connecting, neither two in a row.
 */
export const MAIN_TARGETS: readonly Target[] = ['bare-durable', 'ours', 'bare'];
