/**
 * SMS_PROVIDER=log (the default): the message goes to the server log at info
 * level, as one line a developer can read the code from.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogSmsSender } from '../../src/server/sms/log-sms-sender';

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
