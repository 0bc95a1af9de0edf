/**
 * The guest cart's token (docs/COMMERCE.md): the server names a guest cart in the `Guest-Token` header of
 * every /api/cart* answer to a guest; the client keeps it in the local document `guest-token` and sends it
 * with its guest cart writes. An empty header value means the guest cart is gone (merged): the copy is removed.
 *
 * The first guest write carries a token the client made itself (32 random bytes, base64url: the server's
 * format, which it accepts for a cart it does not have yet). Waiting for the server to hand one out would lose
 * it when the first answer is lost: the replay of an idempotent write returns the stored body, not its headers,
 * so the cart the first attempt made would be orphaned and the guest's later writes land in a second one.
 */
import type { SoukDatabase } from '../db/database';

export const GUEST_TOKEN_ID = 'guest-token';
export const GUEST_TOKEN_HEADER = 'guest-token';

export async function readGuestToken(db: SoukDatabase): Promise<string | null> {
  const doc = await db.getLocal(GUEST_TOKEN_ID);
  const token = (doc?.toJSON().data as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

export async function storeGuestToken(db: SoukDatabase, token: string | null): Promise<void> {
  if (token !== null && token !== '') {
    await db.upsertLocal(GUEST_TOKEN_ID, { token });
    return;
  }
  const doc = await db.getLocal(GUEST_TOKEN_ID);
  if (doc) await doc.remove();
}

/** 32 random bytes in base64url without padding (43 characters), like the server's own guest tokens. */
export function newGuestToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The stored guest token, or a new one stored first. */
export async function ensureGuestToken(db: SoukDatabase): Promise<string> {
  const stored = await readGuestToken(db);
  if (stored !== null) return stored;
  const token = newGuestToken();
  await storeGuestToken(db, token);
  return token;
}

/** Applies an answer's Guest-Token header, if it has one (absent: nothing to change). */
export async function applyGuestTokenHeader(db: SoukDatabase, headers: Headers): Promise<void> {
  if (!headers.has(GUEST_TOKEN_HEADER)) return;
  await storeGuestToken(db, (headers.get(GUEST_TOKEN_HEADER) ?? '').trim());
}
