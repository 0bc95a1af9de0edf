/** Errors of live queries → DataError, the plain shape the UI receives (src/workers/data-api.ts). */
import { ZodError } from 'zod';
import type { DataError } from './data-api';

export function toDataError(error: unknown): DataError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ZodError || error instanceof RangeError) return { code: 'invalid_query', message };
  if (/\bclosed\b/i.test(message) || (error as { code?: unknown } | null)?.code === 'COL21') return { code: 'closed', message };
  return { code: 'query_failed', message };
}
