/**
 * What every answer to a junk request must look like: no 5xx, JSON (or
 * nothing for 204) in the contract's error shape, and nothing of the server's
 * insides (stack frames, Node error prefixes, source paths). A marker the
 * request itself contained (an echoed Content-Type, say) does not count.
 */
import { field, isRecord, type Reply } from './authz-http';

const LEAKS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat [^\s"]+ \(?(?:file:\/\/|node:|\/)[^\s"]*:\d+:\d+/],
  ['a stack frame line', /(?:\\n|\n)\s*at \S/],
  ['a "stack" property', /"stack"\s*:/],
  ['a Node error prefix', /"(?:message|error)"\s*:\s*"(?:[A-Z][A-Za-z]*)?Error: /],
  ['a source path', /\/src\/|\\src\\/],
  ['node_modules', /node_modules/],
  ['a TypeScript file', /\.ts:\d+/],
  ['a SQL error', /SQLITE_|sqlite3|syntax error at or near/i],
];

export function leaks(text: string, sent: string): string[] {
  return LEAKS.filter(([, re]) => re.test(text) && !re.test(sent)).map(([name]) => name);
}

/** Allowed 5xx answers: the contract's "not configured" (no Google client id on the test server). */
const DOCUMENTED_5XX: Record<number, string> = { 503: 'GOOGLE_NOT_CONFIGURED' };

/** Problems with one answer ([] when it is fine). `sent` is the request's text (headers, path, body). */
export function answerProblems(reply: Reply, sent: string): string[] {
  const problems: string[] = [];
  if (reply.status >= 500 && field(reply.json, 'code') !== DOCUMENTED_5XX[reply.status]) problems.push(`status ${reply.status}`);
  if (reply.status === 204) {
    if (reply.text !== '') problems.push('a 204 with a body');
  } else {
    const type = reply.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) problems.push(`content-type ${JSON.stringify(type)}`);
    if (reply.json === undefined) problems.push('a body that is not JSON');
  }
  if (reply.status >= 400 && reply.json !== undefined) {
    const body = reply.json;
    if (!isRecord(body) || body.success !== false || body.status !== 'error' || typeof body.code !== 'string' || typeof body.message !== 'string') {
      problems.push('not the error shape {success: false, status: "error", code, message}');
    }
  }
  for (const leak of leaks(reply.text, sent)) problems.push(`leaks ${leak}`);
  return problems;
}
