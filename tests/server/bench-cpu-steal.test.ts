/** The benches read the CPU time the hypervisor took (steal) from /proc/stat's aggregate `cpu` line. */
import { describe, expect, it } from 'vitest';
import { parseCpuTimes, stealPercent } from '../../bench/cpu-steal';

const STAT = [
  'cpu  4705 150 1120 16250 520 0 35 220 40 0',
  'cpu0 2350 75 560 8125 260 0 17 110 20 0',
  'cpu1 2355 75 560 8125 260 0 18 110 20 0',
  'intr 123456 0 0',
].join('\n');

describe('parseCpuTimes', () => {
  it('takes steal (8th figure) and the total of user … steal, leaving guest time counted once (inside user)', () => {
    expect(parseCpuTimes(STAT)).toEqual({ steal: 220, total: 4705 + 150 + 1120 + 16250 + 520 + 0 + 35 + 220 });
  });

  it('reads the aggregate line, not a single CPU, wherever it is', () => {
    expect(parseCpuTimes(`intr 1\n${STAT}`)?.steal).toBe(220);
  });

  it('answers null for a kernel too old to report steal or text without a cpu line', () => {
    expect(parseCpuTimes('cpu  1 2 3 4 5 6 7')).toBeNull();
    expect(parseCpuTimes('intr 1 2 3')).toBeNull();
    expect(parseCpuTimes('cpu  1 2 3 4 5 6 7 x')).toBeNull();
  });
});

describe('stealPercent', () => {
  it('is the stolen share of all CPU time between two readings', () => {
    expect(stealPercent({ steal: 100, total: 10_000 }, { steal: 130, total: 10_200 })).toBe(15);
    expect(stealPercent({ steal: 100, total: 10_000 }, { steal: 100, total: 10_200 })).toBe(0);
  });

  it('is null without both readings or without time between them', () => {
    expect(stealPercent(null, { steal: 1, total: 2 })).toBeNull();
    expect(stealPercent({ steal: 1, total: 2 }, null)).toBeNull();
    expect(stealPercent({ steal: 1, total: 2 }, { steal: 1, total: 2 })).toBeNull();
  });
});
