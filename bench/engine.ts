import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import {
  CommandSchema,
  decide,
  fold,
  initialState,
  MatchSetupSchema,
  namedCopies,
  spreadCopies,
  stamp,
  type Actor,
  type MatchEvent,
  type MatchState,
  type StampedCommand,
} from '../shared/index';
import { CommandEnvelopeSchema } from '../shared/protocol';
import { benchSetup, fullMatchScript } from './matchScript';

/**
 * Engine micro-benchmark: the pure work the server does per command, without sockets or Redis.
 * - decide+fold: each command of a full lawful match decided on the current state, its events folded in (what
 *   CommandDesk does per accepted command), with the server's copies (namedCopies);
 * - fold: the whole event log folded from the initial state (a replay / a reload), with the server's copies and with
 *   the phones' (spreadCopies, the default);
 * - parse: the zod parses a command goes through on the server (envelope + CommandSchema);
 * - snapshot JSON: JSON.stringify of the state after each command, averaged over the match (the Redis store writes
 *   the whole snapshot at every SNAPSHOT_EVERY-th version, server/matches/roomStore.ts; it once did on every append),
 *   and JSON.parse of it (every store.load).
 */

export interface EngineBenchResult {
  commands: number;
  events: number;
  decideFold: { usPerCommand: number; commandsPerSec: number; matchesPerSec: number };
  decideOnly: { usPerCommand: number };
  foldLog: { usPerLog: number; usPerEvent: number; logsPerSec: number };
  /** The same fold with the default spread copies, as phones fold. */
  foldLogSpread: { usPerLog: number };
  parse: { usPerCommand: number };
  snapshotJson: { stringifyUs: number; parseUs: number; bytes: number; gzipBytes: number };
  eventBytesAvg: number;
}

interface Played {
  commands: { command: StampedCommand; actor: Actor }[];
  raw: unknown[];
  log: MatchEvent[];
  states: MatchState[];
  initial: MatchState;
}

/** Plays the load generator's script through the engine (as the server would), checking every step is accepted. */
export function playScript(now = Date.now()): Played {
  const initial = initialState(MatchSetupSchema.parse(benchSetup('bench-engine', now)));
  let state = initial;
  const commands: Played['commands'] = [];
  const raw: unknown[] = [];
  const log: MatchEvent[] = [];
  const states: MatchState[] = [];
  let lastEntryId: string | null = null;
  let t = now;
  for (const step of fullMatchScript()) {
    t += 1000;
    const input = step.build({ now: t, lastEntryId });
    raw.push({ commandId: `cmd-${raw.length.toString().padStart(6, '0')}`, matchId: 'bench-engine', expectedVersion: state.version, type: input.type, payload: input.payload });
    const command = stamp(CommandSchema.parse(input), t);
    const actor: Actor = { role: 'captain', side: step.side };
    const d = decide(state, command, actor);
    if (!d.ok) throw new Error(`script step ${commands.length} (${step.type} by ${step.side}) refused: ${d.refusal.rule} ${d.refusal.message}`);
    for (const e of d.events) if (e.type === 'ScoreEntered') lastEntryId = e.entryId;
    state = fold(state, d.events, namedCopies);
    log.push(...d.events);
    commands.push({ command, actor });
    states.push(state);
  }
  return { commands, raw, log, states, initial };
}

function timeIt(minMs: number, fn: () => void): { iterations: number; ms: number } {
  // Warm up, then run whole iterations until minMs has passed.
  for (let i = 0; i < 20; i++) fn();
  let iterations = 0;
  const start = performance.now();
  let ms = 0;
  do {
    fn();
    iterations++;
    ms = performance.now() - start;
  } while (ms < minMs);
  return { iterations, ms };
}

export function runEngineBench(quick = false): EngineBenchResult {
  const played = playScript();
  const { commands, log, initial, states, raw } = played;
  const budget = quick ? 400 : 2000;

  let sink = 0;
  const df = timeIt(budget, () => {
    let s = initial;
    for (const { command, actor } of commands) {
      const d = decide(s, command, actor);
      if (d.ok) s = fold(s, d.events, namedCopies);
    }
    sink += s.version;
  });
  const decideOnly = timeIt(budget, () => {
    for (let i = 0; i < commands.length; i++) {
      const { command, actor } = commands[i]!;
      const d = decide(i === 0 ? initial : states[i - 1]!, command, actor);
      sink += d.ok ? 1 : 0;
    }
  });
  const fl = timeIt(budget, () => {
    sink += fold(initial, log, namedCopies).version;
  });
  const flSpread = timeIt(budget, () => {
    sink += fold(initial, log, spreadCopies).version;
  });
  const parse = timeIt(budget, () => {
    for (const r of raw) {
      const env = CommandEnvelopeSchema.parse(r);
      sink += CommandSchema.parse({ type: env.type, payload: env.payload }).type.length;
    }
  });
  const final = states.at(-1)!;
  const finalJson = JSON.stringify(final);
  const stringify = timeIt(budget / 2, () => {
    for (const s of states) sink += JSON.stringify(s).length;
  });
  const parseJson = timeIt(budget / 2, () => {
    sink += (JSON.parse(finalJson) as MatchState).version;
  });
  if (sink === 42) console.log('');

  const n = commands.length;
  const usPerMatch = (df.ms * 1000) / df.iterations;
  const usFold = (fl.ms * 1000) / fl.iterations;
  return {
    commands: n,
    events: log.length,
    decideFold: { usPerCommand: usPerMatch / n, commandsPerSec: (n * 1e6) / usPerMatch, matchesPerSec: 1e6 / usPerMatch },
    decideOnly: { usPerCommand: (decideOnly.ms * 1000) / decideOnly.iterations / n },
    foldLog: { usPerLog: usFold, usPerEvent: usFold / log.length, logsPerSec: 1e6 / usFold },
    foldLogSpread: { usPerLog: (flSpread.ms * 1000) / flSpread.iterations },
    parse: { usPerCommand: (parse.ms * 1000) / parse.iterations / raw.length },
    snapshotJson: {
      // Average over the states of the match (what the store stringifies per append), and parse of the final one.
      stringifyUs: (stringify.ms * 1000) / stringify.iterations / states.length,
      parseUs: (parseJson.ms * 1000) / parseJson.iterations,
      bytes: Buffer.byteLength(finalJson),
      gzipBytes: gzipSync(finalJson).length,
    },
    eventBytesAvg: log.reduce((a, e) => a + Buffer.byteLength(JSON.stringify(e)), 0) / log.length,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const r = runEngineBench(quick);
  console.log(JSON.stringify(r, null, 2));
}
