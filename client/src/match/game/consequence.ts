import { occurrence, other, playerName, type GameState, type IncidentEntry, type MatchState } from '$shared/index';
import { machineName } from '../words';

/**
 * What an incident does to the game, in the captains' words with the rule: shown on the card before the other
 * captain confirms ("If confirmed: ...") so nobody confirms a penalty without seeing it, and after, so a teammate
 * reading the spectator view sees why a lower score won. It restates what the engine's outcome view applies
 * (CALC-1, `penalties`); it decides nothing.
 */
export function consequence(state: MatchState, g: GameState, e: IncidentEntry): string | null {
  const inc = e.incident;
  const side = inc.side;
  const name = inc.playerId ? playerName(state, inc.playerId) : side;
  // A pending entry is not counted yet (OQ-15: confirmed occurrences per team per match); it would be the next one.
  const nth = occurrence(state, e) + (e.status === 'CONFIRMED' ? 0 : 1);
  const fd = state.rounds[g.round - 1]!.fd;
  switch (inc.kind) {
    case 'OUT_OF_TURN': return `${side}'s whole score in this game is disqualified (R-III.C.5.2)`;
    case 'SLAM_TILT': return `${side} loses this game (R-VII.Q.1)`;
    case 'MACHINE_DAMAGE': return `${side} loses this game (R-VII.Q.3)`;
    case 'TILTED_OPPONENT': return `${side} loses this game (R-VII.B.6)`;
    case 'DEATH_SAVE': return `${name}'s score is disqualified (R-VII.E.2.1)`;
    case 'STUCK_BALL_ADVANTAGE': return `${name}'s score is disqualified (R-VII.L.1.4.1.2.p3, OQ-16)`;
    case 'LOGGED_IN': {
      if (nth >= 2) return `second occurrence for ${side}: ${name}'s score is disqualified (R-III.C.6.1.2.1)`;
      if (inc.phase === 'BEFORE_PLAY') return `a warning: the machine is reset and the game starts again (R-III.C.6.1.1.1)`;
      if (inc.phase === 'AFTER_BALL_2') return `a warning: the game counts as played (R-III.C.6.1.1.3)`;
      const chooser = other(side);
      if (e.loggedInOption === 'CONTINUE') return `${chooser} chose: ${name} continues, the score stands (R-III.C.6.1.1.2)`;
      if (e.loggedInOption === 'NEW_GAME') return `${chooser} chose: ${name} plays a new separate game; its score replaces ${name}'s (R-III.C.6.1.1.2)`;
      if (e.ball2Started) return `${name} started ball 2 before ${chooser} chose: the game counts (R-III.C.6.1.1.3)`;
      return `a warning: ${chooser} chooses before ${name} starts ball 2 (R-III.C.6.1.1.2)`;
    }
    case 'PRACTICE':
      return nth >= 2
        ? `second occurrence for ${side}: ${side} forfeits this game (R-VII.J.2.1.2)`
        : `a warning: ${other(side)}'s players in this game may practise one game (R-VII.J.2.1.1)`;
    case 'MAJOR_FAILURE':
      switch (inc.action) {
        case 'ELIMINATE': {
          // The last working machine: nothing to move the game to, the match moves or is rescheduled (R-VII.L.2.8).
          const othersWork = state.machines.some((m) => m.id !== g.machineId && state.machineStatus[m.id] === 'WORKING');
          return othersWork
            ? `${machineName(state, g.machineId)} is out of the match and this game moves to a machine ${fd} picks (R-VII.L.2.3, R-VII.L.2.7)`
            : `${machineName(state, g.machineId)} is out of the match and no machine works here any more: the match moves or is rescheduled (R-VII.L.2.8)`;
        }
        case 'KEEP': return `both captains keep playing on ${machineName(state, g.machineId)} (R-VII.L.2.3.1)`;
        case 'RESTART_GAME': return 'the game restarts for every player; its scores are discarded (R-VII.L.2.4.1)';
        case 'PLAYER_OPTION': return `${name} chooses: void the score and replay, or a compensation ball (R-VII.L.2.4.2)`;
        case 'RESET_SEGMENTS': return 'the scores so far are part 1; the remaining balls are played on a new game and added (R-VII.L.2.5)';
        default: return null;
      }
    case 'MINOR_FAILURE': return 'recorded; play goes on (R-VII.L.1)';
    case 'SCORE_STEALING': return 'the game restarts, one player at a time (R-III.D.7.3)';
    default: return null;
  }
}

/**
 * The same for an incident in the tie-breaker, which is one game deciding the match: a penalty there costs the
 * match, and a failed machine restarts it or hands HOME the choice of the next one (the engine's tiebreaker.ts).
 */
export function tiebreakerConsequence(state: MatchState, e: IncidentEntry): string | null {
  const inc = e.incident;
  const side = inc.side;
  const name = inc.playerId ? playerName(state, inc.playerId) : side;
  switch (inc.kind) {
    case 'SLAM_TILT': return `${side} loses the tie-breaker and the match (R-VII.Q.1)`;
    case 'MACHINE_DAMAGE': return `${side} loses the tie-breaker and the match (R-VII.Q.3)`;
    case 'TILTED_OPPONENT': return `${side} loses the tie-breaker and the match (R-VII.B.6)`;
    case 'OUT_OF_TURN': return `${side}'s score is disqualified: ${side} loses the tie-breaker (R-III.C.5.2)`;
    case 'DEATH_SAVE': return `${name}'s play is disqualified, and with it ${side}'s one score: ${side} loses the tie-breaker (R-VII.E.2.1)`;
    case 'STUCK_BALL_ADVANTAGE': return `${name}'s play is disqualified: ${side} loses the tie-breaker (R-VII.L.1.4.1.2.p3)`;
    case 'PRACTICE': return occurrence(state, e) + (e.status === 'CONFIRMED' ? 0 : 1) >= 2
      ? `second occurrence for ${side}: ${side} loses the tie-breaker (R-VII.J.2.1.2)`
      : `a warning (R-VII.J.2.1.1)`;
    case 'MAJOR_FAILURE':
      switch (inc.action) {
        case 'ELIMINATE': return `${machineName(state, state.tiebreaker?.machineId ?? null)} is out of the match; HOME picks the next machine and the tie-breaker starts again (R-VII.L.2.7)`;
        case 'KEEP': return 'both captains keep playing on this machine (R-VII.L.2.3.1)';
        case 'RESTART_GAME': return 'the tie-breaker starts again; its scores are discarded (R-VII.L.2.4.1)';
        default: return null;
      }
    case 'MINOR_FAILURE':
    case 'STUCK_BALL': return 'recorded; play goes on (R-VII.L.1)';
    default: return null;
  }
}
