import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Entry, gameOutcome, type IncidentKind, matchResult, type MatchState, type Side } from '../../../shared';
import { at, Match } from '../harness';
import { Dice, randomEvening } from './lawfulMatch';

const seat = (round: number, game: number, seats: [string, number][]) => ({
  type: 'setPlayOrder' as const,
  payload: { round, game, seats: seats.map(([playerId, position]) => ({ playerId, position })) },
});

interface Script {
  points: number[];
  reverseAway: boolean;
  reverseHome: boolean;
  scoreOrder: number[];
  enteredBy: Side[];
  penalty: { kind: IncidentKind; side: Side; who: number } | null;
}

/** Round 1 game 1: A1/A2 (positions 2 and 4) against H1/H2 (1 and 3), names entered in the order the script says. */
function playScript(s: Script) {
  const m = new Match();
  for (const side of ['HOME', 'AWAY'] as const) m.arrive(side, side === 'HOME' ? ['H1', 'H2', 'H3', 'H4'] : ['A1', 'A2', 'A3', 'A4'], at('19:55'));
  m.clock = at('20:01');
  const away = s.reverseAway ? ['A2', 'A1'] : ['A1', 'A2'];
  const home = s.reverseHome ? ['H2', 'H1'] : ['H1', 'H2'];
  m.ok('AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: away }, { machineId: 'M2', players: ['A3', 'A4'] }] } });
  m.ok('HOME', { type: 'declareLineup', payload: { round: 1, games: [{ players: home }, { players: ['H3', 'H4'] }] } });
  m.ok('HOME', seat(1, 1, [['H1', 1], ['H2', 3]]));
  m.ok('AWAY', seat(1, 1, [['A1', 2], ['A2', 4]]));
  const players = ['H1', 'A1', 'H2', 'A2'];
  for (const i of s.scoreOrder) {
    const by = s.enteredBy[i]!;
    m.ok(by, { type: 'enterScore', payload: { round: 1, game: 1, playerId: players[i]!, points: s.points[i]! } });
    m.ok(by === 'HOME' ? 'AWAY' : 'HOME', { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
  }
  if (s.penalty) {
    const playerId = s.penalty.side === 'HOME' ? ['H1', 'H2'][s.penalty.who]! : ['A1', 'A2'][s.penalty.who]!;
    m.ok('HOME', { type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: s.penalty.kind, side: s.penalty.side, playerId } } });
    m.ok('AWAY', { type: 'confirmEntry', payload: { entryId: m.lastEntryId() } });
  }
  return gameOutcome(m.state, m.state.rounds[0]!.games[0]!);
}

const side = fc.constantFrom<Side>('HOME', 'AWAY');
const script = fc.record({
  points: fc.array(fc.integer({ min: 0, max: 4 }).map((n) => n * 1_000_000), { minLength: 4, maxLength: 4 }),
  reverseAway: fc.boolean(),
  reverseHome: fc.boolean(),
  scoreOrder: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
  enteredBy: fc.array(side, { minLength: 4, maxLength: 4 }),
  penalty: fc.option(fc.record({ kind: fc.constantFrom<IncidentKind>('OUT_OF_TURN', 'SLAM_TILT', 'TILTED_OPPONENT', 'DEATH_SAVE'), side, who: fc.integer({ min: 0, max: 1 }) }), { nil: null }),
});

/** The same final scoresheet, with names listed in another order and score entries (of different players) interleaved otherwise. */
function reshuffled(s: MatchState, dice: Dice): MatchState {
  const scoreKey = (e: Entry) => (e.kind === 'SCORE' ? `${e.round}/${e.game}/${e.generation}/${e.playerId ?? e.side}/${e.segment}` : 'incident');
  // keep the relative order of entries sharing a key (an edit replaces the earlier entry; incidents count in order)
  const queues = new Map<string, Entry[]>();
  for (const e of s.entries) queues.set(scoreKey(e), [...(queues.get(scoreKey(e)) ?? []), e]);
  const slots = dice.shuffle(s.entries.map(scoreKey));
  const entries = slots.map((k) => queues.get(k)!.shift()!);
  const flip = (names: string[]) => (dice.chance(0.5) ? [...names].reverse() : names);
  return {
    ...s,
    entries,
    rounds: s.rounds.map((r) => ({
      ...r,
      games: r.games.map((g) => ({
        ...g,
        players: { HOME: flip(g.players.HOME), AWAY: flip(g.players.AWAY) },
        seated: g.seated && { HOME: flip(g.seated.HOME), AWAY: flip(g.seated.AWAY) },
      })),
    })),
  };
}

describe('entry-order invariance (INV-20)', () => {
  it('INV-20: the order a team enters its names in (same positions) and the order scores are entered leave the game outcome unchanged', () => {
    fc.assert(
      fc.property(script, (s) => {
        const canonical = playScript({ ...s, reverseAway: false, reverseHome: false, scoreOrder: [0, 1, 2, 3], enteredBy: ['HOME', 'AWAY', 'HOME', 'AWAY'] });
        expect(playScript(s)).toEqual(canonical);
      }),
      { numRuns: 60 },
    );
  });

  it('INV-20: over random lawful evenings, every outcome and the match result are a function of the final state, not of the order of names or entries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { runner } = randomEvening(seed);
        const s = runner.state;
        const other = reshuffled(s, new Dice(seed ^ 0x5eed));
        for (const r of s.rounds) {
          for (const g of r.games) expect(gameOutcome(other, other.rounds[r.round - 1]!.games[g.game - 1]!), `R${r.round}G${g.game}`).toEqual(gameOutcome(s, g));
        }
        expect(matchResult(other)).toEqual(matchResult(s));
      }),
      { numRuns: 40 },
    );
  });
});
