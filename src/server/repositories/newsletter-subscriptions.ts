/**
 * Newsletter sign-ups (migration 0015): one row per lowercased email. A second
 * sign-up with the same address (even racing the first) inserts nothing, the
 * unique index decides, and is told it was already subscribed.
 */
import type { Database } from '../db/database';

export interface SubscribeOutcome {
  /** True when this call added the row; false when the email was already subscribed. */
  created: boolean;
}

/** Subscribes `email` (already trimmed and lowercased by the route). */
export async function subscribeToNewsletter(db: Database, email: string, userId: number | null, now: number): Promise<SubscribeOutcome> {
  const inserted = await db.kysely
    .insertInto('newsletter_subscriptions')
    .values({ email, user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return { created: inserted !== undefined };
}
