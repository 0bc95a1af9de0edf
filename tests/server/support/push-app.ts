/** An app with push options of the test's choosing, over a fresh migrated test database (no catalogue), driven by inject. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Database } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { PushOptions } from '../../../src/server/push/push-plugin';
import { TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../../helpers/auth';
import { openTestDatabase } from '../../helpers/test-database';

export interface PushApp {
  app: FastifyInstance;
  db: Database;
  /** Registers a buyer; their bearer token and id. */
  register(label: string): Promise<{ token: string; userId: number }>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; json: Record<string, unknown>; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startPushApp(push?: PushOptions): Promise<PushApp> {
  const { db, close } = await openTestDatabase();
  await migrateToLatest(db);
  const app = await buildApp({ db, logger: false, push, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
  const call: PushApp['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
    });
    return { status: res.statusCode, json: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {}, headers: res.headers };
  };
  return {
    app,
    db,
    call,
    async register(label) {
      counter += 1;
      const email = `push-${label}-${process.pid}-${counter}@buyers.souk.test`;
      const password = 'correct horse 1';
      const res = await call('POST', '/api/auth/register', { body: { first_name: label, last_name: 'Test', email, password, password_confirmation: password } });
      if (res.status !== 201) throw new Error(`register → ${res.status}: ${JSON.stringify(res.json)}`);
      const user = res.json.user as { id: number };
      return { token: String(res.json.token), userId: Number(user.id) };
    },
    async close() {
      await app.close();
      await close();
    },
  };
}
