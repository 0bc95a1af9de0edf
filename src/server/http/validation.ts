/** Validates request parts with zod and reports bad input as 400s that name the parameter. */
import type { z } from 'zod';
import { withoutEmptyValues } from './query-params';

export type RequestPart = 'query' | 'params';

export interface ParameterIssue {
  parameter: string;
  message: string;
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: RequestPart,
    readonly issues: ParameterIssue[],
  ) {
    const first = issues[0];
    const where = part === 'query' ? 'query parameter' : 'path parameter';
    super(first ? `Invalid ${where} '${first.parameter}': ${first.message}` : 'Invalid request');
  }
}

export function issuesOf(error: z.ZodError): ParameterIssue[] {
  return error.issues.map((issue) => ({
    // The query parameter's own name, also for an element of a list (colors=red,purple → 'colors').
    parameter: issue.path.length > 0 ? String(issue.path[0]) : '(request)',
    message: issue.message,
  }));
}

/** Parses a request part; a query first loses its empty values (query-params.ts: `x=` is absent). */
export function parseRequest<S extends z.ZodType>(schema: S, part: RequestPart, value: unknown): z.output<S> {
  const result = schema.safeParse(part === 'query' ? withoutEmptyValues(value ?? {}) : (value ?? {}));
  if (!result.success) throw new RequestValidationError(part, issuesOf(result.error));
  return result.data;
}
