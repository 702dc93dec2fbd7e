import {
  clock, gameOutcome, type Agreement, type GameOutcome, type GameState, type Incident, type IncidentKind, type MachineKind, type MatchState,
  type Side,
} from '$shared/index';
import { score } from '../lib/format';

/** The scoresheet's words: what captains call things, with the rule each one comes from. */

export const INCIDENTS: Record<IncidentKind, { label: string; rule: string; player: boolean }> = {
  OUT_OF_TURN: { label: 'Played out of turn', rule: 'R-III.C.5.2', player: false },
  LOGGED_IN: { label: 'Player found logged in', rule: 'R-III.C.6.1', player: true },
  SLAM_TILT: { label: 'Slam tilt', rule: 'R-VII.Q.1', player: true },
  MACHINE_DAMAGE: { label: 'Damaged the machine', rule: 'R-VII.Q.3', player: true },
  TILTED_OPPONENT: { label: 'Tilted an opponent', rule: 'R-VII.B.6', player: true },
  DEATH_SAVE: { label: 'Death save / bang-back', rule: 'R-VII.E.2.1', player: true },
  STUCK_BALL_ADVANTAGE: { label: 'Took advantage of a stuck ball', rule: 'R-VII.L.1.4.1.2.p3', player: true },
  PRACTICE: { label: 'Practised on a declared machine', rule: 'R-VII.J.2.1', player: true },
  SCORE_STEALING: { label: 'Machine steals or matches scores', rule: 'R-III.D.7.3', player: false },
  MAJOR_FAILURE: { label: 'Major machine failure', rule: 'R-VII.L.2.3', player: false },
  MINOR_FAILURE: { label: 'Minor machine fault', rule: 'R-VII.L.1', player: false },
  STUCK_BALL: { label: 'Stuck ball, compensation', rule: 'R-VII.L.1.4.1.1.p5', player: false },
  SIDE_BY_SIDE: { label: 'Side-by-side interference', rule: 'R-VII.O.5.2', player: false },
};

/**
 * A machine's own fault concerns no team: nobody is penalised and no team's count of occurrences (OQ-15) reads it
 * (R-VII.L.1, R-VII.L.2.3, R-III.D.7.3). The incident form does not ask for a team for these, and cards do not
 * name one, unless a player is named (a compensation ball after a failure, R-VII.L.2.4.2).
 */
export const MACHINE_FAULTS: ReadonlySet<IncidentKind> = new Set<IncidentKind>(['MAJOR_FAILURE', 'MINOR_FAILURE', 'SCORE_STEALING']);

/** Whether an incident's side means something to show: a team at fault or a named player's, not a machine's fault. */
export const namesTeam = (inc: Incident): boolean => !!inc.playerId || !MACHINE_FAULTS.has(inc.kind);

export const FAILURE_ACTIONS = {
  ELIMINATE: 'Take the machine out, move the game (R-VII.L.2.3)',
  KEEP: 'Both agree to keep playing on it (R-VII.L.2.3.1)',
  RESTART_GAME: 'Failed during ball 1: restart the game (R-VII.L.2.4.1)',
  PLAYER_OPTION: 'One player affected: replay or compensation ball (R-VII.L.2.4.2)',
  RESET_SEGMENTS: 'Machine reset: scores continue in a second part (R-VII.L.2.5)',
} as const;

export const LOGGED_IN_PHASES = {
  BEFORE_PLAY: 'Before anyone played',
  AFTER_BALLS: 'After balls were completed',
  AFTER_BALL_2: 'After the player started ball 2',
} as const;

export const MACHINE_KIND: Record<MachineKind, string> = {
  FOUR_PLAYER: '4-player',
  TWO_PLAYER: '2-player machine',
  ONE_PLAYER: '1-player machine',
  SCORE_STEALING: 'one at a time',
};

export function machineName(state: MatchState, id: string | null): string {
  if (id === null) return 'no machine';
  return state.machines.find((m) => m.id === id)?.name ?? id;
}

export const teamName = (state: MatchState, side: Side): string => (side === 'HOME' ? state.setup.home.name : state.setup.away.name);

export function agreementText(state: MatchState, a: Agreement): string {
  switch (a.kind) {
    case 'EXTRA_DELAY': return 'wait 15 more minutes (R-VI.C.2.2)';
    case 'EARLY_START': return `start before ${clock(state, state.setup.scheduledStart)} (OQ-28)`;
    case 'CHALLENGE_MODES': return 'allow challenge modes (R-VII.G.1)';
    case 'ONE_AT_A_TIME': return 'play one at a time (R-VII.O.5.1)';
    case 'REMOVE_MACHINE': return `remove ${machineName(state, a.machineId)} from the match (R-VII.L.1.2)`;
    case 'TIME_LIMIT_OFF': return 'lift the selection time limit (R-VII.R.1.1)';
    case 'RESCHEDULE': return `reschedule to ${a.date} at ${a.venue}`;
    case 'RESOLUTION': return `agree: ${a.text}`;
    case 'ABANDON': return 'stop the match here (R-VII.D.4.2)';
    case 'LINEUP_FIX': return `correct the round ${a.round} lineup (OQ-37)`;
    default: {
      const never: never = a;
      return never;
    }
  }
}

export function outcomeText(state: MatchState, g: GameState, o: GameOutcome = gameOutcome(state, g)): { text: string; tone: 'done' | 'open' | 'alert' } {
  const worth = state.rounds[g.round - 1]?.format === 'DOUBLES' ? 2 : 1;
  switch (o.kind) {
    case 'WIN': return { text: `${o.side} wins · +${worth}`, tone: 'done' };
    case 'FORFEIT_WIN': return { text: `${o.side} wins by forfeit · +${worth}`, tone: 'done' };
    case 'VOID': return { text: 'Void · no points', tone: 'done' };
    case 'NO_RESULT': return { text: 'No result · no points (OQ-14)', tone: 'done' };
    case 'REPLAY': return { text: `Level at ${score(o.totals.HOME)}: replay (OQ-02)`, tone: 'alert' };
    case 'PENDING':
      if (g.awaitingMachine) return { text: 'Needs a machine', tone: 'alert' };
      return { text: g.startedAt === null ? 'Not started' : 'Playing', tone: 'open' };
    default: {
      const never: never = o;
      return never;
    }
  }
}
