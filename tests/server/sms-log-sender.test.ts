/**
 * SMS_PROVIDER=log (the default): the message goes to the server log at info
 * level, as one line a developer can read the code from; with no sender
 * configured, the app uses it, and the code read from the log verifies.
 */
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/domain/account';
import { createLogSmsSender } from '../../src/server/sms/log-sms-sender';
import { call, registerBuyer, startAccountServer } from './support/account-server';

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
    const lines: LogLine[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    const server = await startAccountServer({ products: 0, sms: null, logger: { level: 'info', stream } });
    try {
      const a = await registerBuyer(server, 'logflow');
      const sent = await call(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '0699887766' } });
      expect(sent.status).toBe(200);
      const line = lines.find((l) => l.msg.startsWith('SMS to +212699887766: '));
      expect(line?.level).toBe(30);
      const code = /^SMS to \+212699887766: Your Souk verification code is (\d{6})$/.exec(line?.msg ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await call<{ user: User }>(server, 'POST', '/api/user/phone/verify', {
        token: a.token,
        body: { phone: '+212699887766', code },
      });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ phone: '+212699887766', phone_verified: true });
    } finally {
      await server.close();
      vi.unstubAllEnvs();
    }
  });
});
