/**
 * A size in megabytes in the conventions of the interface language (its digits, decimal sign and unit:
 * "3.4 MB", "3,4 Mo", "3,4 م.ب"): one decimal under 10 MB, whole megabytes above; never "0" for a size
 * that is not nothing. 1 MB = 1,000,000 bytes (the unit Intl names megabyte).
 */
import { numberLocale } from '../../domain/money';

const BYTES_PER_MB = 1_000_000;
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

export function formatMegabytes(bytes: number, language: string): string {
  const mb = Math.max(0, bytes) / BYTES_PER_MB;
  if (mb >= 10) return formatter(language, 0).format(Math.round(mb));
  const tenths = Math.round(mb * 10) / 10;
  return formatter(language, 1).format(bytes > 0 ? Math.max(0.1, tenths) : 0);
}
