import { decide, fold, namedCopies, type MatchState } from '../../shared/index';
import { playScript } from '../engine';

/**
 * What the rooms' match states alone leave for a scavenge to copy and promote. ROOMS rooms (default 200, the main
 * session's) play the bench's full match in step, one step each at a time, through `decide` and the server's fold
 * (`namedCopies`), keeping only each room's latest state, as the server's live copy does. Every PER_GC steps (default
 * 7: at one command a second per room, about how far apart ours's scavenges come under the main load) it asks V8 for
 * a scavenge; run it with V8's trace to read what each one copied (`new_space_survived`) and promoted:
 *
 *   node --expose-gc --trace-gc-nvp --max-semi-space-size=64 --min-semi-space-size=64 --import tsx \
 *     bench/experiments/stateSurvivors.ts
 *
 * Compared with the same figures of the server under the bench (`BENCH_NODE_ARGS=--trace-gc-nvp`), it says how much
 * of ours's scavenges is its match states, which the bare relay does not have (bench/HISTORY.md, "A fifty-sixth host").
 */
const ROOMS = Number(process.env.ROOMS ?? 200);
const PER_GC = Number(process.env.PER_GC ?? 7);
const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (see the head of this file)');

const played = playScript();
const states: MatchState[] = Array.from({ length: ROOMS }, () => played.initial);
gc({ type: 'major' });
for (let i = 0; i < played.commands.length; i++) {
  const { command, actor } = played.commands[i]!;
  for (let r = 0; r < ROOMS; r++) {
    const decision = decide(states[r]!, command, actor);
    if (!decision.ok) throw new Error(`step ${i} (${command.type}) refused: ${decision.refusal.rule}`);
    states[r] = fold(states[r]!, decision.events, namedCopies);
  }
  if ((i + 1) % PER_GC === 0) {
    console.log(`-- after step ${i + 1} (${command.type})`);
    gc({ type: 'minor' });
  }
}
