import type { Actor, StampedCommand } from '../commands';
import { SCORESHEET_CHANGES } from '../events';
import type { MatchState } from '../state';
import { designateActingCaptain } from './actingCaptain';
import { acceptProposal, declineProposal, propose } from './agreements';
import { claimForfeit, claimFullEvening, markArrived, markDeparted } from './attendance';
import type { Ctx } from './context';
import { attachChallengePhoto, writeChallengeReport } from './challengeReport';
import { challengeGame, recordOpponentLeft, ruleOnChallenge, withdrawChallenge } from './disputes';
import { chooseLoggedInOption, confirmEntry, disputeEntry, markBall2Started, recordIncident } from './incidents';
import { declareLineup } from './lineup';
import { redeclareGames } from './machineFailure';
import { replaceMachine } from './machines';
import { enableTimeLimit, setBallLimit, setExtraBall } from './matchSettings';
import { setPlayOrder, startGame } from './playOrder';
import { type Decision, refuse } from './refusal';
import { recordImproperMove, recordRefusalToMove, relocate } from './relocation';
import { enterScore, replayGame } from './scoring';
import { signOff } from './signoff';
import { chooseTiebreaker, declareTiebreakerPlayers, enterTiebreakerScore, recordTiebreakerIncident, replaceTiebreakerMachine, replayTiebreaker, startTiebreaker } from './tiebreaker';

type CaptainCommand = Exclude<StampedCommand, { type: 'recordImproperMove' | 'ruleOnChallenge' }>;

function captain(ctx: Ctx, c: CaptainCommand): Decision {
  switch (c.type) {
    case 'markArrived': return markArrived(ctx, c.payload);
    case 'markDeparted': return markDeparted(ctx, c.payload);
    case 'designateActingCaptain': return designateActingCaptain(ctx.state, ctx.at, ctx.side, c.payload);
    case 'claimForfeit': return claimForfeit(ctx);
    case 'claimFullEvening': return claimFullEvening(ctx);
    case 'propose': return propose(ctx, c.payload);
    case 'accept': return acceptProposal(ctx, c.payload);
    case 'decline': return declineProposal(ctx, c.payload);
    case 'setExtraBall': return setExtraBall(ctx, c.payload);
    case 'setBallLimit': return setBallLimit(ctx, c.payload);
    case 'enableTimeLimit': return enableTimeLimit(ctx);
    case 'declareLineup': return declareLineup(ctx, c.payload);
    case 'setPlayOrder': return setPlayOrder(ctx, c.payload);
    case 'startGame': return startGame(ctx, c.payload);
    case 'enterScore': return enterScore(ctx, c.payload);
    case 'replayGame': return replayGame(ctx, c.payload);
    case 'confirmEntry': return confirmEntry(ctx, c.payload);
    case 'disputeEntry': return disputeEntry(ctx, c.payload);
    case 'recordIncident': return recordIncident(ctx, c.payload);
    case 'chooseLoggedInOption': return chooseLoggedInOption(ctx, c.payload);
    case 'markBall2Started': return markBall2Started(ctx, c.payload);
    case 'replaceMachine': return replaceMachine(ctx, c.payload);
    case 'redeclareGames': return redeclareGames(ctx, c.payload);
    case 'chooseTiebreaker': return chooseTiebreaker(ctx, c.payload);
    case 'declareTiebreakerPlayers': return declareTiebreakerPlayers(ctx, c.payload);
    case 'startTiebreaker': return startTiebreaker(ctx);
    case 'enterTiebreakerScore': return enterTiebreakerScore(ctx, c.payload);
    case 'replayTiebreaker': return replayTiebreaker(ctx);
    case 'recordTiebreakerIncident': return recordTiebreakerIncident(ctx, c.payload);
    case 'replaceTiebreakerMachine': return replaceTiebreakerMachine(ctx, c.payload);
    case 'challengeGame': return challengeGame(ctx, c.payload);
    case 'withdrawChallenge': return withdrawChallenge(ctx, c.payload);
    case 'attachChallengePhoto': return attachChallengePhoto(ctx.state, ctx.at, ctx.side, c.payload);
    case 'writeChallengeReport': return writeChallengeReport(ctx, c.payload);
    case 'recordOpponentLeft': return recordOpponentLeft(ctx);
    case 'signOff': return signOff(ctx, c.payload);
    case 'relocate': return relocate(ctx, c.payload);
    case 'recordRefusalToMove': return recordRefusalToMove(ctx);
    default: {
      const never: never = c;
      return never;
    }
  }
}

function byRole(state: MatchState, command: StampedCommand, actor: Actor): Decision {
  if (actor.role === 'spectator') return refuse('MR-1', 'Spectators follow the match; only the captains enter the scoresheet.', 'FORBIDDEN');
  if (actor.role === 'commissioner') {
    if (command.type === 'recordImproperMove') return recordImproperMove(state, command.at, command.payload);
    if (command.type === 'ruleOnChallenge') return ruleOnChallenge(state, command.at, command.payload);
    // R-VII.D.3.4: the official may add photos to a challenge's report (the one who settles it the next morning).
    if (command.type === 'attachChallengePhoto') return attachChallengePhoto(state, command.at, 'LEAGUE', command.payload);
    if (command.type === 'designateActingCaptain') return designateActingCaptain(state, command.at, 'LEAGUE', command.payload);
    return refuse('MR-1', 'Each team acts through its captains; a league official only records rulings.', 'FORBIDDEN');
  }
  if (command.type === 'recordImproperMove' || command.type === 'ruleOnChallenge') {
    return refuse('R-VII.D.2.4', 'A league official records this.', 'FORBIDDEN');
  }
  return captain({ state, side: actor.side, at: command.at }, command);
}

/**
 * The engine's one entry point for commands: the events a command produces, or a refusal naming the rule. Pure:
 * the same state, command and actor always give the same answer. It never throws on a bad command; an exception
 * here is a bug, and is turned into a refusal so a captain is told rather than left without an answer.
 */
export function decide(state: MatchState, command: StampedCommand, actor: Actor): Decision {
  let decision: Decision;
  try {
    decision = byRole(state, command, actor);
  } catch (err) {
    return refuse('MR-1', `The scoresheet could not process this (${err instanceof Error ? err.message : 'unknown error'}).`, 'ENGINE_ERROR');
  }
  // MR-5: any change to scores or incidents after a signature clears every signature.
  if (decision.ok && (state.signoffs.HOME || state.signoffs.AWAY) && decision.events.some((e) => SCORESHEET_CHANGES.has(e.type))) {
    decision.events.push({ type: 'SignaturesCleared', at: command.at, by: decision.events[0]!.by });
  }
  return decision;
}
