import { type Agreement, type MatchState } from '$shared/index';
import { agreementText } from '../words';

/**
 * The rule each agreement comes from, shown on the proposal so both captains see what they are agreeing under.
 * The same table as the engine's (shared/engine/agreements.ts), which names it when it refuses: a rescheduling
 * after every machine failed is R-VII.L.2.8.3.1's agreement, after a closed venue R-VII.A.1.4's.
 */
export function agreementRule(state: MatchState, a: Agreement): string {
  switch (a.kind) {
    case 'EXTRA_DELAY': return 'R-VI.C.2.2.1';
    case 'EARLY_START': return 'OQ-28';
    case 'CHALLENGE_MODES': return 'R-VII.G.1';
    case 'ONE_AT_A_TIME': return 'R-VII.O.5.1';
    case 'REMOVE_MACHINE': return 'R-VII.L.1.2.1';
    case 'TIME_LIMIT_OFF': return 'R-VII.R.1.1';
    case 'RESCHEDULE': return noMachineLeft(state) ? 'R-VII.L.2.8.3.1' : 'R-VII.A.1.4';
    case 'RESOLUTION': return 'R-VII.D.2.2';
    case 'ABANDON': return 'R-VII.D.4.2';
    case 'LINEUP_FIX': return 'OQ-37';
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** R-VII.L.2.8: no machine of the venue works any more and the match has not moved. */
export const noMachineLeft = (state: MatchState): boolean =>
  state.machines.length > 0 && !state.machines.some((m) => state.machineStatus[m.id] === 'WORKING') && !state.relocatedTo;

/**
 * What is agreed, in words, without the rule in brackets that the history's sentence ends with: the proposal cards
 * and the list of agreements show the rule on its own.
 */
export const agreementWords = (state: MatchState, a: Agreement): string => agreementText(state, a).replace(/ \((?:R|OQ|MR)-[^)]*\)$/, '');
