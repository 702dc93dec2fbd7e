import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parsePin, pinned } from '../../bench/pinning';

describe('--pin (bench/pinning.ts)', () => {
  it('is off without the flag', () => {
    expect(parsePin(['--only=main', '--no-md'])).toBeNull();
  });

  it('puts the target on the last CPU and everything else, Redis included, on the others', () => {
    const cpus = availableParallelism();
    if (cpus < 2) {
      expect(() => parsePin(['--pin'])).toThrow(/at least 2 CPUs/);
      return;
    }
    const pin = parsePin(['--pin'])!;
    expect(pin.target).toBe(String(cpus - 1));
    expect(pin.redis).toBe(pin.rest);
    expect(pin.rest).toBe(cpus === 2 ? '0' : `0-${cpus - 2}`);
  });

  it('takes the target and the others from two lists, Redis with the others', () => {
    expect(parsePin(['--pin=1:0'])).toEqual({ target: '1', rest: '0', redis: '0' });
  });

  it('takes a third list for the run’s Redis, so the target and its store can share a core', () => {
    expect(parsePin(['--pin=0:1:0'])).toEqual({ target: '0', rest: '1', redis: '0' });
    expect(parsePin(['--pin=2-3:0,1:2-3'])).toEqual({ target: '2-3', rest: '0,1', redis: '2-3' });
  });

  it('refuses anything else, naming the form it takes', () => {
    expect(() => parsePin(['--pin=1'])).toThrow(/<target cpus>:<other cpus>\[:<redis cpus>\]/);
    expect(() => parsePin(['--pin=1:0:0:1'])).toThrow(/--pin=/);
    expect(() => parsePin(['--pin=a:b'])).toThrow(/--pin=/);
  });

  it('starts a pinned program through taskset, and an unpinned one as it is', () => {
    expect(pinned('0', 'node', ['x.js'])).toEqual(['taskset', ['-c', '0', 'node', 'x.js']]);
    expect(pinned(null, 'node', ['x.js'])).toEqual(['node', ['x.js']]);
  });
});
