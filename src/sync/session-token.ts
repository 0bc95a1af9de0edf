/**
 * Who a bearer token belongs to, read from its payload (docs/ACCOUNTS.md:
 * base64url(JSON {v, sid, uid, iat, exp}) + "." + MAC). Not a verification (the
 * server does that): the data worker only needs to know whose personal data is
 * stored, so another user's token never replays or shows the previous user's data.
 */
export function tokenOwner(token: string): string {
  const payload = token.split('.')[0] ?? '';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const uid = (JSON.parse(json) as { uid?: unknown }).uid;
    if (typeof uid === 'number' || typeof uid === 'string') return `u${String(uid)}`;
  } catch {
    // Not our token format: fall through.
  }
  // Unknown format: treat each token as its own owner (a new token wipes, which only costs a re-pull).
  return `t${token.length}:${token.slice(-16)}`;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
