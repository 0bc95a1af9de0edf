/** The bench's figures: nearest-rank percentiles, median and p95 of a few runs, ratios. */
import { describe, expect, it } from 'vitest';
import { medianP95, percentile, ratio } from '../../bench/stats';

describe('percentile', () => {
  it('is nearest-rank over the sorted samples, whatever their order', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 0)).toBe(1);
    expect(percentile([5, 1, 4, 2, 3], 1)).toBe(5);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('medianP95', () => {
  it('gives the middle run and, with fewer than 20 runs, the slowest one as p95', () => {
    expect(medianP95([480, 300, 320, 900, 310, 305, 330])).toEqual({ median: 320, p95: 900 });
  });

  it('takes the 95th of 100 runs', () => {
    const runs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(medianP95(runs)).toEqual({ median: 50, p95: 95 });
  });
});

describe('ratio', () => {
  it('keeps two significant digits below 0.1 and says n/a for a zero baseline', () => {
    expect(ratio(1, 4)).toBe('0.25×');
    expect(ratio(1, 250)).toBe('0.0040×');
    expect(ratio(1, 0)).toBe('n/a');
  });
});
