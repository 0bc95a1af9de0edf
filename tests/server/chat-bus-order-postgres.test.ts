/**
 * The PostgreSQL chat bus (src/server/chat/pg-chat-bus.ts) delivers one instance's events in the order it
 * published them, even when the publishes are not awaited one by one (the hub fires typing and presence and
 * goes on): a "stopped typing" must not overtake the "typing" before it. Skipped with SOUK_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatBus, ChatEvent } from '../../src/server/chat/chat-bus';
import { createPgChatBus } from '../../src/server/chat/pg-chat-bus';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('PostgreSQL chat bus', () => {
  let test: TestDatabase;
  let db: Database;
  let sender: ChatBus;
  let receiver: ChatBus;

  beforeAll(async () => {
    test = await createTestDatabase({ dialect: 'postgres' });
    db = openDatabase(test.url);
    sender = await createPgChatBus(db);
    receiver = await createPgChatBus(db);
  }, 120_000);

  afterAll(async () => {
    await sender?.close();
    await receiver?.close();
    await db?.close();
    await test?.remove();
  });

  it('delivers an instance’s events in the order it published them', async () => {
    const received: boolean[] = [];
    const unsubscribe = receiver.subscribe((event) => {
      if (event.kind === 'typing' && event.conversationId === 42) received.push(event.isTyping);
    });
    try {
      const sent = Array.from({ length: 200 }, (_, i) => i % 2 === 0);
      const publishes = sent.map((isTyping): Promise<void> => {
        const event: ChatEvent = { kind: 'typing', conversationId: 42, userId: 7, isTyping, origin: null };
        return sender.publish(event);
      });
      await Promise.all(publishes);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(sent.length);
      expect(received).toEqual(sent);
    } finally {
      unsubscribe();
    }
  });
});
