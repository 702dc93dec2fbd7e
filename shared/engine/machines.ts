import type { PayloadOf } from '../commands';
import { type MatchState } from '../state';
import { type Ctx, findRound, matchOpen, workingMachineIds } from './context';
import { accept, type Check, type Decision, refuse } from './refusal';

/**
 * R-VII.O and R-VII.L: which machines a round may use. Any working machine may be chosen (R-VII.O.1), and only the
 * round being declared is checked: the same machines may serve every round, with no rotation (R-VII.O.4).
 *
 * Playing one game at a time (R-VII.O.5) is an agreement (agreements.ts) and, when broken, a SIDE_BY_SIDE incident
 * (incidents.ts): a stop was asked (R-VII.O.5.2.1); if every player of the second game had finished ball 1, nothing
 * is restarted (R-VII.O.5.2.1.1), otherwise the incident carries RESTART_GAME. A compensation ball is recorded only
 * for the named first-game player who was set beside opponents (R-VII.O.5.2.2); a player who started a ball while the
 * other game was being played (R-VII.O.5.2.2.1) or who stood beside teammates (R-VII.O.5.2.3) gets none.
 */

/** Why a machine cannot be chosen, or null when it can. */
export function machineUnavailable(state: MatchState, machineId: string): Check {
  const machine = state.machines.find((m) => m.id === machineId);
  if (!machine) return refuse('R-III.B.2', `There is no machine "${machineId}" at this venue.`, 'NO_SUCH_MACHINE');
  const status = state.machineStatus[machineId];
  if (status === 'REMOVED') {
    return refuse('R-VII.L.1.2.3', `${machine.name} was removed from match play by both teams and cannot come back (R-VII.L.3).`, 'MACHINE_REMOVED');
  }
  if (status === 'ELIMINATED') {
    return refuse('R-VII.L.2.3.2', `${machine.name} was eliminated after a major failure and cannot come back.`, 'MACHINE_ELIMINATED');
  }
  return null;
}

/**
 * The machines of one round, as the FD assigns them (R-III.B.2): every one working; with at least two working
 * machines, at least two distinct machines (R-VII.O.2) and no more than two games on one machine (R-VII.O.3);
 * with a single working machine every game is on it. Null entries are slots without a game (a forfeited slot).
 */
export function checkRoundMachines(state: MatchState, machineIds: (string | null)[], chosenNow: (string | null)[] = machineIds): Check {
  for (const id of chosenNow) {
    if (id === null) continue;
    const bad = machineUnavailable(state, id);
    if (bad) return bad;
  }
  const used = machineIds.filter((m): m is string => m !== null);
  const working = workingMachineIds(state).length;
  if (working < 2) return null;
  const perMachine = new Map<string, number>();
  for (const id of used) perMachine.set(id, (perMachine.get(id) ?? 0) + 1);
  for (const [id, n] of perMachine) {
    if (n > 2) {
      const name = state.machines.find((m) => m.id === id)?.name ?? id;
      return refuse('R-VII.O.3', `No more than 2 games of a round may be played on the same machine (${name} has ${n}).`, 'MACHINE_OVERUSED');
    }
  }
  if (used.length >= 2 && perMachine.size < 2) {
    return refuse('R-VII.O.2', 'With more than one working machine, each round must use at least 2 different machines.', 'TOO_FEW_MACHINES');
  }
  return null;
}

/**
 * R-VII.L.2.7: after a machine fails outright, the team that chose it (the round's FD) picks the replacement for the
 * games that were on it; the new assignment must keep the round within R-VII.O.
 */
export function replaceMachine(ctx: Ctx, p: PayloadOf<'replaceMachine'>): Decision {
  const { state, side, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const r = findRound(state, p.round);
  if (!r) return refuse('R-III.0.1', `There is no round ${p.round}.`, 'NO_SUCH_ROUND');
  const waiting = r.games.filter((g) => g.awaitingMachine).map((g) => g.game);
  if (waiting.length === 0) return refuse('R-VII.L.2.7', 'No game of this round is waiting for a replacement machine.', 'NOTHING_TO_REPLACE');
  if (side !== r.fd) {
    return refuse('R-VII.L.2.7', `${r.fd} chose the failed machine, so ${r.fd} chooses its replacement.`, 'NOT_CHOOSER');
  }
  const assigned = new Map(p.games.map((x) => [x.game, x.machineId]));
  for (const g of assigned.keys()) {
    if (!waiting.includes(g)) return refuse('R-VII.L.2.7.1.2', `Game ${g} is not on the failed machine; its machine stays.`, 'NOT_AFFECTED');
  }
  const machines = r.games.map((g) => assigned.get(g.game) ?? (g.awaitingMachine ? null : g.machineId));
  // Only the machines chosen now must be working: a game already completed on the failed machine stands (OQ-38).
  const bad = checkRoundMachines(state, machines, [...assigned.values()]);
  if (bad) return bad;
  return accept({ type: 'MachineReplaced', at, by: side, round: p.round, games: p.games });
}
