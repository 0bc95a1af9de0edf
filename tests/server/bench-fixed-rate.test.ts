/** The fixed-rate API bench sends request i at i / rate seconds and reports from the answered requests. */
import { describe, expect, it } from 'vitest';
import { dueCount, fixedRateFigures } from '../../bench/fixed-rate';

describe('dueCount', () => {
  it('has the first request due at the start and one more every 1/rate seconds', () => {
    expect(dueCount(-1, 1000)).toBe(0);
    expect(dueCount(0, 1000)).toBe(1);
    expect(dueCount(0.999, 1000)).toBe(1);
    expect(dueCount(1, 1000)).toBe(2);
    expect(dueCount(999.5, 1000)).toBe(1000);
    expect(dueCount(250, 20)).toBe(6);
  });
});

describe('fixedRateFigures', () => {
  it('takes the achieved rate over the wall time and nearest-rank p50/p99 of the latencies', () => {
    const latencies = Array.from({ length: 200 }, (_, i) => i + 1);
    const figures = fixedRateFigures(100, latencies, { non2xx: 3, errors: 1 }, 2_000);
    expect(figures).toEqual({ rate: 100, achieved: 100, p50: 100, p99: 198, non2xx: 3, errors: 1 });
  });

  it('answers no rate for an empty run rather than dividing by zero', () => {
    expect(fixedRateFigures(1000, [], { non2xx: 0, errors: 5 }, 0).achieved).toBe(0);
  });
});
