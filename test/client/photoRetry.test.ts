import { describe, expect, it } from 'vitest';
import { nextStep, retryAfterMs, type Attempt } from '../../client/src/match/play/photoRetry';

/**
 * R-VII.D.3.4, house rule "nothing a captain entered is ever silently dropped": a report photo waiting on the phone
 * leaves its waiting list only when the server stored it or refused it for good; everything else waits and goes again.
 */
const answer = (status: number, stored = false, retryAfter: string | null = null): Attempt => ({ kind: 'answer', status, stored, retryAfter });

describe('R-VII.D.3.4: what a waiting report photo does after an upload attempt', () => {
  it('is forgotten once the server stored it, also when the answer is that of an earlier attempt with the same id', () => {
    expect(nextStep(answer(201, true), 0)).toEqual({ then: 'forget' });
    expect(nextStep(answer(200, true), 3)).toEqual({ then: 'forget' });
  });

  it('is forgotten and told when the server refused it for good (challenge withdrawn, not this team, not a picture, link replaced)', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415]) expect(nextStep(answer(status), 0)).toEqual({ then: 'tell' });
  });

  it('waits for the server on 429: Retry-After in seconds, a minute without one, and a reconnection does not cut it short', () => {
    expect(nextStep(answer(429, false, '12'), 0)).toEqual({ then: 'wait', ms: 12_000, firm: true });
    expect(nextStep(answer(429, false, '0.2'), 0)).toEqual({ then: 'wait', ms: 1_000, firm: true });
    expect(nextStep(answer(429), 0)).toEqual({ then: 'wait', ms: 60_000, firm: true });
    expect(nextStep(answer(429, false, 'soon'), 0)).toEqual({ then: 'wait', ms: 60_000, firm: true });
  });

  it('keeps it and tries again later after no connection, a timeout (408) or a server failure (5xx), longer each time up to two minutes (a reconnection may cut these short)', () => {
    expect(nextStep({ kind: 'network' }, 0)).toEqual({ then: 'wait', ms: 5_000, firm: false });
    expect(nextStep({ kind: 'network' }, 1)).toEqual({ then: 'wait', ms: 10_000, firm: false });
    expect(nextStep(answer(503), 2)).toEqual({ then: 'wait', ms: 20_000, firm: false });
    expect(nextStep(answer(408), 0)).toEqual({ then: 'wait', ms: 5_000, firm: false });
    expect(nextStep(answer(500), 50)).toEqual({ then: 'wait', ms: 120_000, firm: false });
    // A server that asks for longer than the backoff is heard.
    expect(nextStep(answer(503, false, '30'), 0)).toEqual({ then: 'wait', ms: 30_000, firm: false });
  });

  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-03-05T20:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Thu, 05 Mar 2026 20:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 05 Mar 2026 19:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('-3', now)).toBeNull();
    expect(retryAfterMs('later', now)).toBeNull();
  });
});
