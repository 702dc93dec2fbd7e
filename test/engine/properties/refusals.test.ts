import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Actor, CommandSchema, decide, type MatchState } from '../../../shared';
import { InvariantChecker, type InvariantId } from './invariants';
import { randomEvening } from './lawfulMatch';
import { COMMAND_TYPES, emptyStats, probe } from './randomCommands';

/** Wrong, random and malformed commands, at every step of random lawful evenings (see randomCommands.ts). */

const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

describe('wrong commands are refused without changing the state (fast-check)', () => {
  it('MR-1, MR-2: random and unlawful commands from any actor (captains, spectators, the commissioner), sent at every step of random evenings, never throw, are refused without a change, and any accepted one keeps the invariants', () => {
    const stats = emptyStats();
    const checker = new InvariantChecker(new Set<InvariantId>(['INV-01', 'INV-02', 'INV-03', 'INV-05', 'INV-08', 'INV-09', 'INV-10', 'INV-11', 'INV-12', 'INV-13', 'INV-14', 'INV-15', 'INV-16', 'INV-17', 'INV-18', 'INV-19', 'INV-21', 'INV-26', 'INV-27']));
    fc.assert(
      fc.property(seed, (s) => {
        randomEvening(s, { onProbe: (run) => probe(run, 3, stats, checker.step) });
      }),
      { numRuns: 30, endOnFailure: true },
    );
    expect(stats.schemaRefused).toBeGreaterThan(50);
    expect(stats.refused).toBeGreaterThan(500);
    expect(stats.accepted).toBeGreaterThan(5);
    expect(stats.byActor.spectator).toBeGreaterThan(50);
    expect(stats.byActor.commissioner).toBeGreaterThan(50);
  });

  it('MR-1: any JSON at all, under any command type, is either refused by the schema or answered by decide without throwing or changing the state', () => {
    // states along one lawful evening: before the first declaration, during the rounds, signed
    const states: MatchState[] = [];
    const e = randomEvening(7, { onStep: ({ post }) => states.push(post) });
    const samples = states.filter((_, i) => i % 15 === 0).concat(e.runner.state);
    const actor = fc.constantFrom<Actor>({ role: 'captain', side: 'HOME' }, { role: 'captain', side: 'AWAY' }, { role: 'spectator' }, { role: 'commissioner' });
    let parsed = 0;
    fc.assert(
      // An empty payload is valid for the commands that take none, so some of every run reach decide.
      fc.property(fc.constantFrom(...COMMAND_TYPES), fc.oneof(fc.jsonValue(), fc.constant({})), fc.nat(samples.length - 1), actor, (type, payload, i, who) => {
        const result = CommandSchema.safeParse({ type, payload });
        if (!result.success) return;
        parsed += 1;
        const state = samples[i]!;
        const before = JSON.stringify(state);
        const d = decide(state, { ...result.data, at: e.runner.clock }, who);
        expect(d.ok || d.refusal.code !== 'ENGINE_ERROR').toBe(true);
        if (who.role === 'spectator') expect(d.ok).toBe(false);
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: 400 },
    );
    expect(parsed).toBeGreaterThan(0);
  });
});
