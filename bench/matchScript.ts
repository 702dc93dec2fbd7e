import type { CommandInput, MatchSetupInput, Side } from '../shared/index';

/**
 * The command mix the load generator plays: the full lawful match of test/engine/fullMatch.test.ts (attendance,
 * lineups, play order, scores and their confirmations, sign-off), as a list of steps a captain client can send
 * against the real server clock. 94 commands, every one accepted by the engine when played in order.
 *
 * The only thing a step needs from the room is the id of the last score entry (confirmEntry names it); the load
 * generator takes it from the `events` broadcasts it receives (ScoreEntered.entryId).
 *
 * A room that has played the whole match but for the sign-offs (92 commands, i.e. after 92 s at 1 command/s) goes
 * on with `fillerStep`s, so long runs never starve: arrival-time corrections, alternately by each captain (R-VI.C.1.2
 * allows correcting an arrival; each is accepted, appends one event and leaves the state's size unchanged).
 */

export interface StepContext {
  /** Epoch ms now (the server stamps its own clock; arrivals must not be in the future). */
  now: number;
  lastEntryId: string | null;
}

export interface Step {
  side: Side;
  type: CommandInput['type'];
  build(ctx: StepContext): CommandInput;
}

const HOME: Side = 'HOME';
const AWAY: Side = 'AWAY';
const otherSide = (s: Side): Side => (s === HOME ? AWAY : HOME);

const players = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, name: `${prefix === 'H' ? 'Hawk' : 'Ace'} ${i + 1}`, status: 'STARTER' as const, captain: i < 2 }));

/**
 * A match setup like the engine tests' (8 players a side, 4 four-player machines), scheduled a minute ago so that
 * round 1 may be declared as soon as both teams have 4 players present.
 */
export function benchSetup(matchId: string, now: number): MatchSetupInput {
  return {
    matchId,
    home: { id: 'hawks', name: 'Hawks', players: players('H', 8) },
    away: { id: 'aces', name: 'Aces', players: players('A', 8) },
    venue: {
      id: 'bench-bar',
      name: 'The Bench Bar',
      machines: Array.from({ length: 4 }, (_, i) => ({ id: `M${i + 1}`, name: `Machine ${i + 1}`, kind: 'FOUR_PLAYER' as const })),
    },
    scheduledStart: now - 60_000,
  };
}

function fixed(side: Side, command: CommandInput): Step {
  return { side, type: command.type, build: () => command };
}

export function fullMatchScript(homeWinsEverything = true): Step[] {
  const steps: Step[] = [];
  const hi = homeWinsEverything ? 2 : 1;
  const lo = homeWinsEverything ? 1 : 2;

  const arrive = (side: Side, ids: string[]) => {
    for (const playerId of ids) {
      steps.push({ side, type: 'markArrived', build: ({ now }) => ({ type: 'markArrived', payload: { playerId, time: now - 1000 } }) });
    }
  };
  const score = (by: Side, round: number, game: number, playerId: string, points: number) => {
    steps.push(fixed(by, { type: 'enterScore', payload: { round, game, playerId, points } }));
    steps.push({
      side: otherSide(by),
      type: 'confirmEntry',
      build: ({ lastEntryId }) => ({ type: 'confirmEntry', payload: { entryId: lastEntryId ?? 'E0' } }),
    });
  };
  const order = (round: number, game: number, turnOrder: string[]) => {
    const sideOf = (id: string): Side => (id.startsWith('H') ? HOME : AWAY);
    for (const side of [HOME, AWAY]) {
      const seats = turnOrder.map((id, i) => ({ playerId: id, position: i + 1 })).filter((s) => sideOf(s.playerId) === side);
      if (seats.length > 1) steps.push(fixed(side, { type: 'setPlayOrder', payload: { round, game, seats } }));
    }
  };

  arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
  arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
  // R1 doubles, AWAY declares first
  steps.push(fixed(AWAY, { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } }));
  steps.push(fixed(HOME, { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } }));
  order(1, 1, ['H1', 'A1', 'H2', 'A2']);
  order(1, 2, ['H3', 'A3', 'H4', 'A4']);
  for (const [g, hs, as] of [[1, ['H1', 'H2'], ['A1', 'A2']], [2, ['H3', 'H4'], ['A3', 'A4']]] as const) {
    for (const p of hs) score(HOME, 1, g, p, hi * 1_000_000);
    for (const p of as) score(AWAY, 1, g, p, lo * 1_000_000);
  }
  // R2 doubles, HOME first
  steps.push(fixed(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } }));
  steps.push(fixed(AWAY, { type: 'declareLineup', payload: { round: 2, games: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }] } }));
  order(2, 1, ['A5', 'H5', 'A6', 'H6']);
  order(2, 2, ['A1', 'H1', 'A3', 'H3']);
  for (const [g, hs, as] of [[1, ['H5', 'H6'], ['A5', 'A6']], [2, ['H1', 'H3'], ['A1', 'A3']]] as const) {
    for (const p of hs) score(HOME, 2, g, p, hi * 1_000_000);
    for (const p of as) score(AWAY, 2, g, p, lo * 1_000_000);
  }
  // R3 singles, AWAY first; R4 singles, HOME first
  for (const round of [3, 4]) {
    const fd = round === 3 ? AWAY : HOME;
    const sd = otherSide(fd);
    const fdIds = fd === AWAY ? ['A1', 'A2', 'A3', 'A4'] : ['H1', 'H2', 'H3', 'H4'];
    const sdIds = sd === AWAY ? ['A5', 'A6', 'A2', 'A4'] : ['H5', 'H6', 'H2', 'H4'];
    steps.push(fixed(fd, { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [p] })) } }));
    steps.push(fixed(sd, { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [p] })) } }));
    for (let g = 1; g <= 4; g++) {
      score(HOME, round, g, (fd === HOME ? fdIds : sdIds)[g - 1]!, hi * 1_000_000);
      score(AWAY, round, g, (fd === AWAY ? fdIds : sdIds)[g - 1]!, lo * 1_000_000);
    }
  }
  steps.push(fixed(HOME, { type: 'signOff', payload: {} }));
  steps.push(fixed(AWAY, { type: 'signOff', payload: {} }));
  return steps;
}

/** The lawful match without its two sign-offs (after which the sheet is final and nothing more is accepted). */
export function playableScript(): Step[] {
  return fullMatchScript().filter((s) => s.type !== 'signOff');
}

/** The k-th filler command (k = 0, 1, ...): an arrival-time correction, HOME and AWAY in turn. */
export function fillerStep(k: number): Step {
  const side: Side = k % 2 === 0 ? HOME : AWAY;
  const playerId = `${side === HOME ? 'H' : 'A'}${(Math.floor(k / 2) % 6) + 1}`;
  return { side, type: 'markArrived', build: ({ now }) => ({ type: 'markArrived', payload: { playerId, time: now - 60_000 } }) };
}
