/**
 * The guest cart's token (docs/COMMERCE.md): the server names a guest cart in the `Guest-Token` header of
 * every /api/cart* answer to a guest; the client keeps it in the local document `guest-token` and sends it
 * with its guest cart writes. An empty header value means the guest cart is gone (merged): the copy is removed.
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

/** Applies an answer's Guest-Token header, if it has one (absent: nothing to change). */
export async function applyGuestTokenHeader(db: SoukDatabase, headers: Headers): Promise<void> {
  if (!headers.has(GUEST_TOKEN_HEADER)) return;
  await storeGuestToken(db, (headers.get(GUEST_TOKEN_HEADER) ?? '').trim());
}
