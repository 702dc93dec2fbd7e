import type { MatchEvent } from '../events';

/**
 * A refusal names the catalogue rule it applies (`R-III.B.3`, `MR-4`, `OQ-09`) and says why in a captain's words.
 * `code` is a stable machine-readable reason the client can switch on.
 */
export interface Refusal {
  code: string;
  rule: string;
  message: string;
}

export type Decision = { ok: true; events: MatchEvent[] } | { ok: false; refusal: Refusal };

export const refuse = (rule: string, message: string, code = 'RULE'): Decision => ({
  ok: false,
  refusal: { code, rule, message },
});

export const accept = (...events: MatchEvent[]): Decision => ({ ok: true, events });

/** A check returns null when it passes, so several checks chain with `??`. */
export type Check = Decision | null;
