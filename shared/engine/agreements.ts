import type { Agreement, PayloadOf } from '../commands';
import type { MatchEvent } from '../events';
import { allGames, gameOutcome, hasOutcome } from '../views/outcome';
import { clock } from '../views/presence';
import { type Ctx, matchOpen, newId, workingMachineIds } from './context';
import { validateLineupFix } from './lineup';
import { accept, type Check, type Decision, refuse } from './refusal';

/**
 * MR-3: what the rules call an agreement of both teams is a proposal by one captain and an acceptance by the other.
 * The agreement is checked when proposed and again when accepted, since the match may have moved on in between.
 */

/** The rule that asks for each agreement, named when one captain tries to settle it alone. */
const RULE_OF: Record<Agreement['kind'], string> = {
  EXTRA_DELAY: 'R-VI.C.2.2.1', EARLY_START: 'OQ-28', CHALLENGE_MODES: 'R-VII.G.1', ONE_AT_A_TIME: 'R-VII.O.5.1',
  REMOVE_MACHINE: 'R-VII.L.1.2.1', TIME_LIMIT_OFF: 'R-VII.R.1.1', RESCHEDULE: 'R-VII.A.1.4', RESOLUTION: 'R-VII.D.2.2',
  ABANDON: 'R-VII.D.4.2', LINEUP_FIX: 'OQ-37',
};

/** R-VII.L.2.8: no machine of the venue works any more and the match has not moved elsewhere. */
const noMachineLeft = (ctx: Ctx) => workingMachineIds(ctx.state).length === 0 && !ctx.state.relocatedTo;

function check(ctx: Ctx, a: Agreement, proposer = ctx.side): Check {
  const { state, at } = ctx;
  const closed = matchOpen(state);
  if (closed) return closed;
  const s = state.setup;
  const r1 = state.rounds[0]!;
  switch (a.kind) {
    case 'EXTRA_DELAY': {
      const firstClose = s.scheduledStart + s.settings.waitMinutes * 60_000;
      if (state.extraDelay) return refuse('R-VI.C.2.2', 'The extra 15 minutes are already agreed.', 'ALREADY_DONE');
      if (at >= firstClose) return refuse('R-VI.C.2.2.1', `The extension had to be agreed before ${clock(state, firstClose)}.`, 'TOO_LATE');
      return null;
    }
    case 'EARLY_START':
      if (at >= s.scheduledStart || r1.declarations.AWAY) return refuse('OQ-28', 'An early start is only needed before the scheduled time.', 'NOT_NEEDED');
      return null;
    case 'CHALLENGE_MODES':
      if (r1.declarations.AWAY) return refuse('R-VII.G.1', "Challenge modes must be agreed before round 1's machines are selected.", 'TOO_LATE');
      return null;
    case 'ONE_AT_A_TIME':
      return state.oneAtATime ? refuse('R-VII.O.5.1', 'One-at-a-time play is already agreed.', 'ALREADY_DONE') : null;
    case 'REMOVE_MACHINE': {
      const working = workingMachineIds(state);
      if (!working.includes(a.machineId)) return refuse('R-VII.L.3', 'That machine is not in play for this match.', 'NO_SUCH_MACHINE');
      if (working.length - 1 < 2) {
        return refuse('R-VII.L.1.2.2', 'A machine can be removed only if at least two other working machines remain.', 'TOO_FEW_MACHINES');
      }
      const busy = allGames(state).some((g) => g.machineId === a.machineId && g.startedAt !== null && !hasOutcome(gameOutcome(state, g)));
      if (busy) return refuse('R-VII.L.1.3', 'A game is under way on that machine; a minor fault found during play is part of normal play.', 'GAME_UNDER_WAY');
      return null;
    }
    case 'TIME_LIMIT_OFF':
      return state.timeLimitSince === null ? refuse('R-VII.R.1.1', 'No time limit is on.', 'NOT_NEEDED') : null;
    case 'RESCHEDULE': {
      const rule = noMachineLeft(ctx) ? 'R-VII.L.2.8.2' : 'R-VII.A.1.4';
      if (a.date.trim() === '' || a.venue.trim() === '') return refuse(rule, 'A rescheduling names the new date and the venue both teams agree on.', 'BAD_SHAPE');
      // R-VII.L.2.8.3: after the machines failed, the match is replayed at its regular bar (once fixed).
      const home = s.venue;
      if (noMachineLeft(ctx) && a.venue.trim() !== home.name && a.venue.trim() !== home.id) {
        return refuse('R-VII.L.2.8.3', `A match rescheduled because the machines failed is played at its regular bar, ${home.name}.`, 'NOT_REGULAR_VENUE');
      }
      return null;
    }
    case 'RESOLUTION':
      return null;
    case 'ABANDON':
      if (!state.challenges.some((c) => c.status === 'OPEN')) {
        return refuse('R-VII.D.4', 'Only a disputed match can be left unfinished; every game must be played (R-IV.0.1).', 'NOT_DISPUTED');
      }
      return null;
    case 'LINEUP_FIX': {
      const v = validateLineupFix({ ...ctx, side: proposer }, a.round, a.games);
      return 'ok' in v ? v : null;
    }
    default: {
      const never: never = a;
      return never;
    }
  }
}

export function propose(ctx: Ctx, a: PayloadOf<'propose'>): Decision {
  const { state, side, at } = ctx;
  const failed = check(ctx, a);
  if (failed) return failed;
  if (state.proposals.some((p) => p.status === 'OPEN' && p.by === side && JSON.stringify(p.agreement) === JSON.stringify(a))) {
    return refuse('MR-3', 'You have already proposed this; waiting for the other captain.', 'ALREADY_PROPOSED');
  }
  return accept({ type: 'AgreementProposed', at, by: side, proposalId: newId(state, 'P'), agreement: a });
}

function openProposal(ctx: Ctx, proposalId: string) {
  const p = ctx.state.proposals.find((x) => x.id === proposalId);
  if (!p || p.status !== 'OPEN') return refuse('MR-3', 'There is no open proposal with that id.', 'NO_SUCH_PROPOSAL');
  // A rescheduling after every machine failed is R-VII.L.2.8.3.1's agreement; after a closed venue, R-VII.A.1.4's.
  const rule = p.agreement.kind === 'RESCHEDULE' && noMachineLeft(ctx) ? 'R-VII.L.2.8.3.1' : RULE_OF[p.agreement.kind];
  if (p.by === ctx.side) return refuse(rule, 'This needs both teams: the other captain must agree to your proposal (MR-3).', 'OWN_PROPOSAL');
  return p;
}

export function acceptProposal(ctx: Ctx, { proposalId }: PayloadOf<'accept'>): Decision {
  const p = openProposal(ctx, proposalId);
  if ('ok' in p) return p;
  const failed = check(ctx, p.agreement, p.by);
  if (failed) return failed;
  const { state, side, at } = ctx;
  const events: MatchEvent[] = [{ type: 'AgreementAccepted', at, by: side, proposalId }];
  const a = p.agreement;
  if (a.kind === 'REMOVE_MACHINE') events.push({ type: 'MachineRemoved', at, by: side, machineId: a.machineId });
  if (a.kind === 'RESCHEDULE') events.push({ type: 'MatchRescheduled', at, by: side, date: a.date, venue: a.venue });
  if (a.kind === 'LINEUP_FIX') {
    const v = validateLineupFix({ ...ctx, side: p.by }, a.round, a.games);
    if ('ok' in v) return v;
    events.push({ type: 'LineupFixed', at, by: p.by, round: a.round, side: p.by, games: a.games, forfeited: v.forfeited });
  }
  if (a.kind === 'ABANDON') {
    // R-VII.D.4.2: both teams forfeit the unclaimed points: every slot without an outcome becomes VOID.
    const voided = allGames(state).filter((g) => !hasOutcome(gameOutcome(state, g))).map((g) => ({ round: g.round, game: g.game }));
    events.push({ type: 'MatchAbandoned', at, by: side, voided });
  }
  return accept(...events);
}

export function declineProposal(ctx: Ctx, { proposalId }: PayloadOf<'decline'>): Decision {
  const p = openProposal(ctx, proposalId);
  if ('ok' in p) return p;
  return accept({ type: 'AgreementDeclined', at: ctx.at, by: ctx.side, proposalId });
}
