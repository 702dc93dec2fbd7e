import type { CommandInput, MatchState, Side } from '../../shared/index';

/**
 * The scripted evening the room, browser and league tests replay: plain data with no test-runner import, so both
 * vitest and Playwright can use it.
 */

/** One tap: which captain sends what (computed from that captain's state when it depends on it, e.g. an entry id). */
export interface Step {
  side: Side;
  command: CommandInput | ((state: MatchState) => CommandInput);
}

const other = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

function lastEntryId(state: MatchState): string {
  const entry = state.entries.at(-1);
  if (!entry) throw new Error('no entry to confirm');
  return entry.id;
}

/** Enter a score, and the other captain confirms it (MR-4). */
const scoreSteps = (by: Side, round: number, game: number, playerId: string, points: number): Step[] => [
  { side: by, command: { type: 'enterScore', payload: { round, game, playerId, points } } },
  { side: other(by), command: (s) => ({ type: 'confirmEntry', payload: { entryId: lastEntryId(s) } }) },
];

/** The whole evening, HOME winning every game (16-0), ending with both sign-offs. */
export function fullMatchSteps(arrivalTime = Date.now() - 60_000, id: (player: string) => string = (p) => p): Step[] {
  const steps: Step[] = [];
  const ids = (ps: readonly string[]) => ps.map(id);
  const score = (by: Side, round: number, game: number, playerId: string, points: number) => scoreSteps(by, round, game, id(playerId), points);
  const order = (round: number, game: number, turnOrder: string[]): Step[] =>
    (['HOME', 'AWAY'] as const).map((side) => ({
      side,
      command: {
        type: 'setPlayOrder' as const,
        payload: { round, game, seats: turnOrder.map((p, i) => ({ playerId: id(p), position: i + 1 })).filter((_, i) => turnOrder[i]!.startsWith(side[0]!)) },
      },
    }));
  for (const side of ['HOME', 'AWAY'] as const) {
    for (let i = 1; i <= 6; i++) steps.push({ side, command: { type: 'markArrived', payload: { playerId: id(`${side[0]}${i}`), time: arrivalTime } } });
  }
  const HI = 2_000_000;
  const LO = 1_000_000;
  steps.push({ side: 'AWAY', command: { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ids(['A1', 'A2']) }, { machineId: 'M2', players: ids(['A3', 'A4']) }] } } });
  steps.push({ side: 'HOME', command: { type: 'declareLineup', payload: { round: 1, games: [{ players: ids(['H1', 'H2']) }, { players: ids(['H3', 'H4']) }] } } });
  steps.push(...order(1, 1, ['H1', 'A1', 'H2', 'A2']), ...order(1, 2, ['H3', 'A3', 'H4', 'A4']));
  for (const [g, hs, as] of [[1, ['H1', 'H2'], ['A1', 'A2']], [2, ['H3', 'H4'], ['A3', 'A4']]] as const) {
    for (const p of hs) steps.push(...score('HOME', 1, g, p, HI));
    for (const p of as) steps.push(...score('AWAY', 1, g, p, LO));
  }
  steps.push({ side: 'HOME', command: { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ids(['H5', 'H6']) }, { machineId: 'M4', players: ids(['H1', 'H3']) }] } } });
  steps.push({ side: 'AWAY', command: { type: 'declareLineup', payload: { round: 2, games: [{ players: ids(['A5', 'A6']) }, { players: ids(['A1', 'A3']) }] } } });
  steps.push(...order(2, 1, ['A5', 'H5', 'A6', 'H6']), ...order(2, 2, ['A1', 'H1', 'A3', 'H3']));
  for (const [g, hs, as] of [[1, ['H5', 'H6'], ['A5', 'A6']], [2, ['H1', 'H3'], ['A1', 'A3']]] as const) {
    for (const p of hs) steps.push(...score('HOME', 2, g, p, HI));
    for (const p of as) steps.push(...score('AWAY', 2, g, p, LO));
  }
  for (const round of [3, 4]) {
    const fd: Side = round === 3 ? 'AWAY' : 'HOME';
    const sd = other(fd);
    const fdIds = fd === 'AWAY' ? ['A1', 'A2', 'A3', 'A4'] : ['H1', 'H2', 'H3', 'H4'];
    const sdIds = sd === 'AWAY' ? ['A5', 'A6', 'A2', 'A4'] : ['H5', 'H6', 'H2', 'H4'];
    steps.push({ side: fd, command: { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [id(p)] })) } } });
    steps.push({ side: sd, command: { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [id(p)] })) } } });
    for (let g = 1; g <= 4; g++) {
      steps.push(...score('HOME', round, g, (fd === 'HOME' ? fdIds : sdIds)[g - 1]!, HI));
      steps.push(...score('AWAY', round, g, (fd === 'AWAY' ? fdIds : sdIds)[g - 1]!, LO));
    }
  }
  steps.push({ side: 'HOME', command: { type: 'signOff', payload: {} } }, { side: 'AWAY', command: { type: 'signOff', payload: {} } });
  return steps;
}

