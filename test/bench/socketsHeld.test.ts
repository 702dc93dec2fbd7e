import { describe, expect, it } from 'vitest';
import { mostSocketsUnder, socketsHeldAtEveryStep, type SweepPoint } from '../../bench/socketsHeld';

/**
 * Issue 6's sockets goal (15,000 per process under 100 ms p99) is read from the spectators sweep, and a size counts
 * only if every smaller point held too: a run whose 15,000 point missed must not pass on its 18,000 point.
 */

const point = (sockets: number, fanoutP99Ms: number, clean = true): SweepPoint => ({ sockets, fanoutP99Ms, clean });

describe('sockets held under the fan-out limit', () => {
  // The forty-third host's third run: 15,000 missed (174.51 ms), 18,000 held (57.83 ms).
  const missedInTheMiddle = [point(1_400, 4.2), point(4_400, 14.9), point(9_400, 28.3), point(15_000, 174.51), point(18_000, 57.83)];

  it('stops at the first size that missed, where the old count took the largest that held', () => {
    expect(socketsHeldAtEveryStep(missedInTheMiddle, 100)).toBe(9_400);
    expect(mostSocketsUnder(missedInTheMiddle, 100)).toBe(18_000);
  });

  it('counts every size when all held, in whatever order they were measured', () => {
    const held = [point(18_000, 65.16), point(1_400, 3), point(15_000, 51.83), point(4_400, 10.87), point(9_400, 30)];
    expect(socketsHeldAtEveryStep(held, 100)).toBe(18_000);
    expect(mostSocketsUnder(held, 100)).toBe(18_000);
  });

  it('does not count a size that lost an update, even under the limit', () => {
    const lossy = [point(1_400, 3), point(4_400, 10), point(9_400, 30, false), point(15_000, 60)];
    expect(socketsHeldAtEveryStep(lossy, 100)).toBe(4_400);
    expect(mostSocketsUnder(lossy, 100)).toBe(15_000);
  });

  it('needs every point of one size to hold, and is 0 when the smallest missed', () => {
    expect(socketsHeldAtEveryStep([point(1_400, 3), point(4_400, 10), point(4_400, 101), point(9_400, 30)], 100)).toBe(1_400);
    expect(socketsHeldAtEveryStep([point(1_400, 100), point(4_400, 10)], 100)).toBe(0);
    expect(socketsHeldAtEveryStep([], 100)).toBe(0);
    expect(mostSocketsUnder([], 100)).toBe(0);
  });
});
