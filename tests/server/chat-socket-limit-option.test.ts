/**
 * The per-user socket limit is an option (ChatOptions.maxSocketsPerUser) only so that the chat fan-out bench
 * can hold 1,000 sockets of two users in one room: by default it stays MAX_SOCKETS_PER_USER (10; the eleventh
 * socket closes the oldest with 4409, tests/server/chat-limits.test.ts), a raised limit is honoured the same
 * way, and a limit that is not a positive whole number is refused when the app is built.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { CLOSE_TOO_MANY_SOCKETS, MAX_SOCKETS_PER_USER } from '../../src/server/chat/chat-hub';
import { migrateToLatest } from '../../src/server/db/migrate';
import { registerUser, startAuthServer, TEST_AUTH_SECRET, type AuthServer } from '../helpers/auth';
import { openTestDatabase } from '../helpers/test-database';
import { closeCode, connectChat, type ChatTestClient } from './support/chat-client';

const servers: AuthServer[] = [];
const sockets: ChatTestClient[] = [];
afterAll(async () => {
  for (const s of sockets) await s.close();
  for (const s of servers) await s.close();
});

async function server(chat?: { maxSocketsPerUser: number }): Promise<AuthServer> {
  const s = await startAuthServer({ products: 0, ...(chat === undefined ? {} : { chat }) });
  servers.push(s);
  return s;
}

describe('ChatOptions.maxSocketsPerUser', () => {
  it('defaults to MAX_SOCKETS_PER_USER, 10', async () => {
    expect(MAX_SOCKETS_PER_USER).toBe(10);
    expect((await server()).app.chat.maxSocketsPerUser).toBe(10);
  });

  it('a raised limit keeps that many sockets of one user open; one more closes the oldest with 4409', async () => {
    const s = await server({ maxSocketsPerUser: 12 });
    expect(s.app.chat.maxSocketsPerUser).toBe(12);
    const user = await registerUser(s.url);
    const mine: ChatTestClient[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await connectChat(s.url, user.token);
      sockets.push(c);
      mine.push(c);
    }
    // The hub takes a socket in once its token is checked: all 12 are held, none closed.
    await vi.waitFor(() => expect(s.app.chat.count()).toBe(12));
    expect(mine.every((c) => c.ws.readyState === c.ws.OPEN)).toBe(true);

    const oldest = closeCode(mine[0] as ChatTestClient);
    sockets.push(await connectChat(s.url, user.token));
    expect(await oldest).toBe(CLOSE_TOO_MANY_SOCKETS);
    expect(mine.slice(1).every((c) => c.ws.readyState === c.ws.OPEN)).toBe(true);
  });

  it('"oldest" is the earliest connected, whatever order the token checks ended in (PostgreSQL checks them concurrently)', async () => {
    const s = await server({ maxSocketsPerUser: 2 });
    const closed: number[] = [];
    const fake = (n: number) =>
      ({ OPEN: 1, CONNECTING: 0, readyState: 1, close: () => closed.push(n) }) as unknown as Parameters<typeof s.app.chat.add>[0];
    const first = s.app.chat.connected();
    const second = s.app.chat.connected();
    const third = s.app.chat.connected();
    // The second socket's check ends first, then the first's, then the third's.
    s.app.chat.add(fake(2), 999_001, null, 'session', second);
    s.app.chat.add(fake(1), 999_001, null, 'session', first);
    s.app.chat.add(fake(3), 999_001, null, 'session', third);
    expect(closed).toEqual([1]);
  });

  it('refuses a limit that is not a positive whole number', async () => {
    const { db, close } = await openTestDatabase();
    try {
      await migrateToLatest(db);
      for (const bad of [0, -1, 1.5, Number.NaN]) {
        await expect(buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, google: null }, chat: { maxSocketsPerUser: bad } })).rejects.toThrow(RangeError);
      }
    } finally {
      await close();
    }
  });
});
