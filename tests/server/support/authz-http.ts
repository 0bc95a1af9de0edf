/**
 * The raw HTTP the authorisation matrix and the write fuzz speak: one fetch per
 * call, nothing added that the caller did not ask for (no default content type,
 * no cookies), the body read as text so a non-JSON answer can be reported.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RawRequest {
  method: Method;
  /** Path and query, e.g. '/api/user/addresses/7?x=1'. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as is. Use jsonRequest for a JSON body. */
  body?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
}

export async function send(base: string, req: RawRequest): Promise<Reply> {
  const res = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers: req.headers ?? {},
    body: req.body,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A call with an optional bearer token and an optional JSON body. */
export function jsonRequest(method: Method, path: string, token: string | null, body?: unknown): RawRequest {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property of a JSON object reply, or undefined. */
export function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function describeReply(req: RawRequest, reply: Reply): string {
  return `${req.method} ${req.path} → ${reply.status} ${reply.text.slice(0, 300)}`;
}
