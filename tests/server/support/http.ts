/** Small fetch helpers for the integration tests. */
export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = Record<string, unknown>>(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const res = await fetch(`${base}${path}`, { headers });
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`GET ${path} → ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}
