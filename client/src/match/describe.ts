import { clock, playerName, type MatchEvent, type MatchState } from '$shared/index';
import { score } from '../lib/format';
import { agreementText, INCIDENTS, machineName } from './words';

/** The history's sentences: one line per event of the match log, in a captain's words. */

const where = (round: number, game: number) => (round === 5 ? 'tie-breaker' : `R${round} G${game}`);
const names = (state: MatchState, ids: readonly string[]) => ids.map((id) => playerName(state, id)).join(' & ') || 'nobody';

/**
 * One line of the match history. `state` is the match as it is now (names, machines, entries); `before` tells what a
 * score replaced, for "changed from" lines.
 */
export function describeEvent(state: MatchState, e: MatchEvent, before?: number): string {
  switch (e.type) {
    case 'PlayerArrived': return `${playerName(state, e.playerId)} arrived (${clock(state, e.time)})`;
    case 'PlayerDeparted': return `${playerName(state, e.playerId)} left (${clock(state, e.time)})${e.forfeits.length ? `: ${e.forfeits.map((k) => where(k.round, k.game)).join(', ')} forfeited` : ''}`;
    case 'MatchForfeited': return `Match forfeited by ${e.forfeiting.join(' and ')} (R-VII.H.1)`;
    case 'FullEveningClaimed': return `${e.side} played the full evening: 12 points (R-VII.H.1.3)`;
    case 'AgreementProposed': return `Proposed to ${agreementText(state, e.agreement)}`;
    case 'AgreementAccepted': {
      const p = state.proposals.find((x) => x.id === e.proposalId);
      return p ? `Agreed to ${agreementText(state, p.agreement)}` : 'Agreed to a proposal';
    }
    case 'AgreementDeclined': {
      const p = state.proposals.find((x) => x.id === e.proposalId);
      return p ? `Declined to ${agreementText(state, p.agreement)}` : 'Declined a proposal';
    }
    case 'MachineRemoved': return `${machineName(state, e.machineId)} removed from the match`;
    case 'MatchAbandoned': return 'Both teams stopped: unplayed games void (R-VII.D.4.2)';
    case 'MatchRescheduled': return `Rescheduled to ${e.date} at ${e.venue}`;
    case 'LineupFixed': return `Round ${e.round} lineup of ${e.side} corrected (OQ-37)`;
    case 'ExtraBallSet': return `Extra balls: ${e.extraBall === 'ONE' ? 'one allowed' : 'none (plunge them)'} (R-VII.F.1)`;
    case 'BallLimitSet': return `Ball count: ${e.maxThreeBalls ? 'only 3 balls' : 'as set on the machine'} (R-VII.F.2)`;
    case 'TimeLimitEnabled': return 'Selection time limit switched on (R-VII.R.1)';
    case 'LineupDeclared':
      return `Declared round ${e.round}: ${e.games.map((g, i) => `G${i + 1} ${g.players.length ? names(state, g.players) : 'forfeit'}${g.machineId ? ` on ${machineName(state, g.machineId)}` : ''}`).join('; ')}`;
    case 'PlayOrderSet':
      return `Play order ${where(e.round, e.game)}: ${[...e.seats].sort((a, b) => a.position - b.position).map((s) => `P${s.position} ${playerName(state, s.playerId)}`).join(', ')}`;
    case 'GameStarted': return `${where(e.round, e.game)} started`;
    case 'ScoreEntered':
      return before === undefined
        ? `Score ${where(e.round, e.game)}: ${playerName(state, e.playerId)} ${score(e.points)}`
        : `Changed ${playerName(state, e.playerId)}'s score ${where(e.round, e.game)}: ${score(before)} → ${score(e.points)}`;
    case 'EntryConfirmed': return `Confirmed ${entryText(state, e.entryId)}`;
    case 'EntryDisputed': return `Disputed ${entryText(state, e.entryId)}${e.reason ? `: “${e.reason}”` : ''}`;
    case 'IncidentRecorded': {
      const i = e.incident;
      return `Incident ${where(e.round, e.game)}: ${INCIDENTS[i.kind].label} (${i.side}${i.playerId ? `, ${playerName(state, i.playerId)}` : ''}) ${INCIDENTS[i.kind].rule}`;
    }
    case 'LoggedInOptionChosen': return `Logged-in player: ${e.option === 'CONTINUE' ? 'continues' : 'plays a new separate game'} (R-III.C.6.1.1.2)`;
    case 'Ball2Started': return 'Logged-in player started ball 2';
    case 'GameRestarted': return `${where(e.round, e.game)} restarted: ${e.reason}`;
    case 'MachineEliminated': return `${machineName(state, e.machineId)} eliminated; round ${e.round} games ${e.games.join(', ')} need another machine`;
    case 'MachineReplaced': return `Round ${e.round}: ${e.games.map((g) => `G${g.game} moved to ${machineName(state, g.machineId)}`).join(', ')}`;
    case 'GamesRedeclared': return `Round ${e.round}: ${e.games.map((g) => `G${g.game} now ${names(state, g.players)}`).join(', ')}`;
    case 'TiebreakerChosen': return `Tie-breaker: ${e.format === 'SHARED_GAME' ? 'Shared Game' : 'Split Flipper'} on ${machineName(state, e.machineId)}, HOME ${names(state, e.players)}`;
    case 'TiebreakerPlayersDeclared': return `Tie-breaker: AWAY ${names(state, e.players)}`;
    case 'TiebreakerStarted': return 'Tie-breaker started';
    case 'TiebreakerScoreEntered': return `Tie-breaker score ${e.side}: ${score(e.points)}`;
    case 'TiebreakerReplayed': return 'Tie-breaker replayed (OQ-32)';
    case 'TiebreakerMachineFailed': return `${machineName(state, e.machineId)} taken out: the tie-breaker starts again on HOME's next machine (R-VII.L.2.7)`;
    case 'TiebreakerMachineReplaced': return `Tie-breaker moved to ${machineName(state, e.machineId)}`;
    case 'GameChallenged': return `Challenged ${where(e.round, e.game)}: “${e.reason}”`;
    case 'ChallengeWithdrawn': return 'Challenge withdrawn';
    case 'ChallengeRuled': return `League ruling: ${e.ruling}`;
    case 'ChallengePhotoAttached': return `Photo attached to the report on ${challengeText(state, e.challengeId)} (R-VII.D.3.4)`;
    case 'ChallengeReportWritten': return `Report to the league on ${challengeText(state, e.challengeId)}: “${e.text}” (R-VII.D.3.4)`;
    case 'OpponentLeft': return `${e.left} left the match (R-VII.D.4.1)`;
    case 'SignaturesCleared': return 'The scoresheet changed after a signature: signatures cleared (MR-5)';
    case 'SignedOff': return `${e.side} signed the scoresheet${e.flagMinimumPlay ? ' (flagged: minimum play)' : ''}`;
    case 'Relocated': return `Moved to ${e.venueName}`;
    case 'RefusalToMoveRecorded': return `${e.refusing} refused to move (R-VII.A.1.5)`;
    case 'ActingCaptainDesignated': return `${playerName(state, e.playerId)} is acting captain of ${e.side} for this match (OQ-30)`;
    case 'ImproperMoveRecorded': return 'Improper move recorded by the league (R-VII.N.2.1)';
    default: {
      const never: never = e;
      return never;
    }
  }
}

function challengeText(state: MatchState, challengeId: string): string {
  const c = state.challenges.find((x) => x.id === challengeId);
  return c ? `the ${where(c.round, c.game)} challenge` : 'a challenge';
}

function entryText(state: MatchState, entryId: string): string {
  const entry = state.entries.find((x) => x.id === entryId);
  if (!entry) return 'an entry';
  if (entry.kind === 'INCIDENT') return `incident ${where(entry.round, entry.game)}: ${INCIDENTS[entry.incident.kind].label}`;
  const who = entry.playerId ? playerName(state, entry.playerId) : `${entry.side}`;
  return `${who} ${score(entry.points)} (${where(entry.round, entry.game)})`;
}
