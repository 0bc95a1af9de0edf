/** Dates and audit values as the console shows them, in the interface language. */
import { numberLocale } from '../../domain/money';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment (ms, or an ISO text) as date and time in the interface language; text that is no date is kept. */
export function formatDateTime(value: number | string, language: string): string {
  const at = typeof value === 'number' ? new Date(value) : new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  let f = formatters.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(language, f);
  }
  return f.format(at);
}

/** The fields an audit entry changed: `key: before → after`, one per changed key, in key order. */
export function auditChanges(before: unknown, after: unknown): string[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => `${key}: ${show(b[key])} → ${show(a[key])}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
