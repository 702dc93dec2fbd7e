import type { Refusal } from '../engine/refusal';

/**
 * What a league rule check returns: the new value, or a refusal naming the catalogue rule (the same shape the
 * match engine uses, so the phones show league and match refusals alike).
 */
export type Verdict<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const granted = <T>(value: T): Verdict<T> => ({ ok: true, value });

export const refused = <T = never>(rule: string, message: string, code = 'RULE'): Verdict<T> => ({
  ok: false,
  refusal: { code, rule, message },
});

/** A check that passes returns null, so several checks chain with `??` (as in the match engine). */
export type RuleCheck = Refusal | null;

export const refusal = (rule: string, message: string, code = 'RULE'): Refusal => ({ code, rule, message });
