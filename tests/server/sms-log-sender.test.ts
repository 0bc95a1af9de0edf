/**
 * SMS_PROVIDER=log (the default): the message goes to the server log at info
 * level, as one line a developer can read the code from; with no sender
 * configured, the app uses it, and the code read from the log verifies.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/domain/account';
import { buildApp } from '../../src/server/app';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createLogSmsSender } from '../../src/server/sms/log-sms-sender';
import { authHeaders, postJson, registerUser, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { openTestDatabase } from '../helpers/test-database';

interface LogLine {
  level: number;
  msg: string;
}

function capturingLogger(level = 'info') {
  const lines: LogLine[] = [];
  const app = Fastify({ logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } } });
  return { log: app.log, lines };
}

describe('log SMS sender', () => {
  it("writes 'SMS to <phone>: <text>' at info level", async () => {
    const { log, lines } = capturingLogger();
    const sender = createLogSmsSender(log);
    expect(sender.name).toBe('log');
    await sender.send('+212612345678', 'Your Souk verification code is 123456');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'SMS to +212612345678: Your Souk verification code is 123456' });
  });

  it('is silent when the log level is above info (and still resolves)', async () => {
    const { log, lines } = capturingLogger('warn');
    await expect(createLogSmsSender(log).send('+212612345678', 'x')).resolves.toBeUndefined();
    expect(lines).toHaveLength(0);
  });
});

describe('default sender end to end', () => {
  it('send-code → read the code from the server log → verify', async () => {
    vi.stubEnv('SMS_PROVIDER', '');
    const { db, close } = await openTestDatabase();
    const lines: LogLine[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    let app: FastifyInstance | undefined;
    try {
      await migrateToLatest(db);
      // No auth.sms: the phone routes pick the sender SMS_PROVIDER selects, the log one by default.
      app = await buildApp({
        db,
        logger: { level: 'info', stream },
        auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null },
      });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const a = await registerUser(url);
      const sent = await postJson(url, '/api/user/phone/send-code', { phone: '0699887766' }, authHeaders(a.token));
      expect(sent.status).toBe(200);
      const line = lines.find((l) => l.msg.startsWith('SMS to +212699887766: '));
      expect(line?.level).toBe(30);
      const code = /^SMS to \+212699887766: Your Souk verification code is (\d{6})$/.exec(line?.msg ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await postJson<{ user: User }>(url, '/api/user/phone/verify', { phone: '+212699887766', code }, authHeaders(a.token));
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ phone: '+212699887766', phone_verified: true });
    } finally {
      await app?.close();
      await close();
      vi.unstubAllEnvs();
    }
  });
});
