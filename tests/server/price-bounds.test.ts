/** Centime thresholds must select exactly what the reference's float comparison selects. */
import { describe, expect, it } from 'vitest';
import { maxCentsFor, MAX_CENTS, minCentsFor } from '../../src/server/repositories/price-bounds';

describe('price bounds', () => {
  it('agree with cents / 100 >= min and <= max for awkward decimals', () => {
    const bounds = [0, 0.01, 0.07, 0.29, 0.57, 1.005, 1.15, 9.95, 10.01, 99.999, 120, 1234.56, 0.1 + 0.2];
    for (const b of bounds) {
      const min = minCentsFor(b);
      const max = maxCentsFor(b);
      for (let c = Math.max(0, Math.floor(b * 100) - 3); c <= Math.ceil(b * 100) + 3; c++) {
        expect(min !== null && c >= min, `min ${b} vs ${c}`).toBe(c / 100 >= b);
        expect(max === undefined || c <= max, `max ${b} vs ${c}`).toBe(c / 100 <= b);
      }
    }
  });

  it('handle bounds beyond any storable price', () => {
    expect(minCentsFor(1e12)).toBeNull();
    expect(maxCentsFor(1e12)).toBeUndefined();
    expect(minCentsFor((MAX_CENTS + 10) / 100)).toBeNull();
  });
});
