/** The signing secret: AUTH_SECRET when given (>= 32 characters), else generated once in server_secrets and shared. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSecretError, resolveAuthSecret } from '../../src/server/auth/secret';
import { readOrCreateSecret } from '../../src/server/repositories/secrets';
import { authHeaders, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';

let first: AuthServer;
beforeAll(async () => {
  // secret: undefined → the generated one.
  first = await startAuthServer({ products: 0, auth: { secret: undefined } });
});
afterAll(async () => {
  await first?.close();
});

describe('signing secret', () => {
  it('is generated once and kept: a second instance on the same database accepts the first one\'s tokens', async () => {
    const { token } = await registerUser(first.url);
    const second = await startAuthServer({ dbUrl: first.dbUrl, auth: { secret: undefined } });
    try {
      const res = await fetch(`${second.url}/api/user/profile`, { headers: authHeaders(token) });
      expect(res.status).toBe(200);
      const rows = await first.db.kysely.selectFrom('server_secrets').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.value.length).toBeGreaterThanOrEqual(43);
    } finally {
      await second.close();
    }
  });

  it('two instances starting together agree (insert-or-read)', async () => {
    const fresh = await Promise.all(Array.from({ length: 4 }, () => readOrCreateSecret(first.db, 'race-test')));
    expect(new Set(fresh).size).toBe(1);
    const secrets = await Promise.all(Array.from({ length: 4 }, () => resolveAuthSecret(first.db, undefined)));
    expect(new Set(secrets).size).toBe(1);
  });

  it('a configured AUTH_SECRET is used instead, and one shorter than 32 characters is refused', async () => {
    await expect(resolveAuthSecret(first.db, 'short')).rejects.toBeInstanceOf(AuthSecretError);
    const other = await startAuthServer({ dbUrl: first.dbUrl, auth: { secret: 'x'.repeat(32) } });
    try {
      const { token } = await registerUser(first.url);
      // Signed with the stored secret: not valid under another one.
      expect((await fetch(`${other.url}/api/user/profile`, { headers: authHeaders(token) })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
