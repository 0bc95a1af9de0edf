/** Contact form messages (migration 0015): stored as sent, read by nobody over HTTP yet. */
import type { Database } from '../db/database';

export interface NewContactMessage {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

/** Stores one message; returns its id. */
export async function createContactMessage(db: Database, input: NewContactMessage, now: number): Promise<number> {
  const row = await db.kysely
    .insertInto('contact_messages')
    .values({
      user_id: input.userId,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
