/** a / b as '1.23×' (or 'n/a' when the baseline is zero). */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  const r = a / b;
  // Small ratios keep two significant digits (0.0041×, not 0.00×).
  return `${r !== 0 && Math.abs(r) < 0.1 ? r.toPrecision(2) : r.toFixed(2)}×`;
}

/** A plain left-aligned text table; the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  const line = (r: string[]) => r.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join('  ').trimEnd();
  const [head, ...body] = rows;
  if (!head) return '';
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The p-quantile (0..1) of the samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** Median and p95 (nearest-rank) of the samples: with fewer than 20 samples the p95 is the slowest one. */
export function medianP95(samples: readonly number[]): { median: number; p95: number } {
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}
