/**
 * What a report photo waiting on the phone (R-VII.D.3.4) does after one upload attempt. Pure, so the decisions are
 * tested without a browser: the house rule is that nothing a captain entered is ever dropped silently, so a photo
 * leaves the phone's waiting list only when the server stored it, or refused it for good and the captain is told.
 */

/** How one attempt ended, as far as the decision needs it. */
export type Attempt =
  /** No answer at all: offline, server unreachable, connection cut mid-upload. */
  | { kind: 'network' }
  /** The server answered; `stored` when it says the photo is attached (a repeated upload id included). */
  | { kind: 'answer'; status: number; stored: boolean; retryAfter: string | null };

export type Next =
  /** Stored: forget it here, the room's event shows it. */
  | { then: 'forget' }
  /** Refused for good (the challenge was withdrawn, not this team's, not a picture...): forget it and say why. */
  | { then: 'tell' }
  /**
   * Nothing was stored and the same upload may succeed later: keep it, and send it by itself after `ms`. `firm`: the
   * wait is the server's upload limit (429), which a connection coming back does not lift; other waits it cuts short.
   */
  | { then: 'wait'; ms: number; firm: boolean };

/** First wait after a failure with no hint from the server; doubled each time, up to the ceiling. */
const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 120_000;
/** A 429 without a usable Retry-After: the server's limit refills one upload in 15 s, so a minute is ample. */
const RATE_LIMIT_DEFAULT_MS = 60_000;

/** `failures` counts the attempts that failed before this one (0 for the first). */
export function nextStep(attempt: Attempt, failures: number): Next {
  if (attempt.kind === 'network') return { then: 'wait', ms: backoff(failures), firm: false };
  if (attempt.stored) return { then: 'forget' };
  // Too many uploads from this link lately: the server says when it takes the next one (server/http/uploadLimit.ts).
  if (attempt.status === 429) return { then: 'wait', ms: retryAfterMs(attempt.retryAfter) ?? RATE_LIMIT_DEFAULT_MS, firm: true };
  // 408: the body did not arrive in time; 5xx: the store or a proxy failed. Nothing was stored, the same id may
  // try again (and if it was stored after all, the server answers the id's first answer).
  if (attempt.status === 408 || attempt.status >= 500) {
    return { then: 'wait', ms: Math.max(backoff(failures), retryAfterMs(attempt.retryAfter) ?? 0), firm: false };
  }
  // Any other answer is the server's last word on this upload: sending the same bytes again changes nothing.
  return { then: 'tell' };
}

function backoff(failures: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures, 10));
}

/** Retry-After in seconds (the form our server sends) or as an HTTP date; null when missing or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds) * 1000 : null;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}
