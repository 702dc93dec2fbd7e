import { describe, expect, it } from 'vitest';
import { Histogram, KeyedHistograms } from '../../bench/histogram';

/**
 * The bench's latency histograms (bench/histogram.ts): every figure of BENCHMARKS.md is a percentile of one, merged
 * across load-generator processes and windows, so their percentiles and merges must hold to the stated 1 %.
 */

describe('a latency histogram', () => {
  it('gives percentiles within its 1 % resolution', () => {
    const h = new Histogram();
    for (let i = 1; i <= 1000; i++) h.record(i / 100); // 0.01 .. 10 ms
    expect(h.count).toBe(1000);
    expect(h.percentile(50)).toBeGreaterThanOrEqual(5);
    expect(h.percentile(50)).toBeLessThanOrEqual(5 * 1.01);
    expect(h.percentile(99)).toBeGreaterThanOrEqual(9.9);
    expect(h.percentile(99)).toBeLessThanOrEqual(9.9 * 1.01);
    expect(h.percentile(100)).toBe(10);
  });

  it('merged from two halves equals the whole', () => {
    const whole = new Histogram();
    const a = new Histogram();
    const b = new Histogram();
    for (let i = 1; i <= 400; i++) {
      whole.record(i * 0.37);
      (i % 2 ? a : b).record(i * 0.37);
    }
    const merged = Histogram.from(a.toJSON());
    merged.merge(b.toJSON());
    expect(merged.summary()).toEqual(whole.summary());
  });
});

describe('histograms by key (fan-out per command type)', () => {
  it('keeps each key apart and merges key by key across processes', () => {
    const gen1 = new KeyedHistograms();
    const gen2 = new KeyedHistograms();
    for (let i = 0; i < 99; i++) gen1.record('enterScore', 1);
    gen1.record('enterScore', 8);
    for (let i = 0; i < 10; i++) gen2.record('declareLineup', 4);
    gen2.record('enterScore', 2);

    const all = new KeyedHistograms();
    all.merge(gen1.toJSON());
    all.merge(gen2.toJSON());
    const s = all.summaries();
    expect(Object.keys(s)).toEqual(['declareLineup', 'enterScore']);
    expect(s.declareLineup).toMatchObject({ count: 10, p50: 4, max: 4 });
    expect(s.enterScore!.count).toBe(101);
    expect(s.enterScore!.p50).toBeLessThanOrEqual(1.01);
    expect(s.enterScore!.p99).toBeGreaterThanOrEqual(2);
    expect(s.enterScore!.max).toBe(8);
  });

  it('summarises nothing when nothing was recorded', () => {
    expect(new KeyedHistograms().summaries()).toEqual({});
  });
});
