/**
 * The real server the matrix and the fuzz run against: a temp dir with a real
 * SQLite file, migrated and demo-seeded (shops come with their seller
 * accounts), the app on 127.0.0.1 at a free port, built with a known signing
 * secret, cheap scrypt, rate limits off and an SMS sender that keeps the
 * messages, so the tests can read verification codes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/seed/seed-demo';
import type { SmsSender } from '../../../src/server/sms/sms-sender';

export const TEST_SECRET = 'authz-matrix-test-secret-0123456789abcdef';

export interface SentSms {
  to: string;
  text: string;
}

export interface AuthzServer {
  url: string;
  app: FastifyInstance;
  db: Database;
  dbFile: string;
  /** Every text message the app sent, oldest first. */
  sms: SentSms[];
  close(): Promise<void>;
}

export async function startAuthzServer(opts: { products?: number } = {}): Promise<AuthzServer> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-authz-'));
  const dbFile = join(dir, 'souk.sqlite');
  const db = openDatabase(dbFile);
  const sms: SentSms[] = [];
  const sender: SmsSender = {
    name: 'test',
    async send(to, text) {
      sms.push({ to, text });
    },
  };
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    await seedDemo(db, { products: opts.products ?? 10 });
    app = await buildApp({
      db,
      staticDir: null,
      logger: false,
      auth: { secret: TEST_SECRET, rateLimits: false, scryptLog2N: 10, sms: sender, google: null },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const started = app;
  let closed = false;
  return {
    url: `http://127.0.0.1:${address.port}`,
    app: started,
    db,
    dbFile,
    sms,
    async close() {
      if (closed) return;
      closed = true;
      await started.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The 6-digit code of the last message sent to `phone`, or undefined. */
export function lastCodeFor(server: Pick<AuthzServer, 'sms'>, phone: string): string | undefined {
  const message = server.sms.filter((m) => m.to === phone).at(-1);
  return message === undefined ? undefined : /\b(\d{6})\b/.exec(message.text)?.[1];
}
