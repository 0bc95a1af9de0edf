/**
 * The mail sender (docs/OPERATOR.md "Inbox"): SMTP_URL and MAIL_FROM are read at start (a bad URL stops it);
 * without SMTP_URL the log sender writes the mail to the log and its outbox; with it, nodemailer hands the mail
 * to that SMTP server (a small fake one on loopback here), and a server that refuses makes send reject.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createMailSender } from '../../src/server/mail/create-mail-sender';
import { createLogMailSender, LOG_OUTBOX_SIZE } from '../../src/server/mail/log-mail-sender';

describe('mail configuration', () => {
  it('reads SMTP_URL (smtp or smtps) and MAIL_FROM; unset is the log sender', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.test:465', MAIL_FROM: 'Souk <ops@souk.test>' })).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.test:465',
      mailFrom: 'Souk <ops@souk.test>',
    });
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('chooses the given sender, else SMTP when a URL is set, else the log sender', () => {
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m) };
    expect(createMailSender(undefined, logger).sender.name).toBe('log');
    const smtp = createMailSender({ smtpUrl: 'smtp://127.0.0.1:1' }, logger);
    expect(smtp.sender.name).toBe('smtp');
    smtp.close();
    const given = createLogMailSender(logger);
    expect(createMailSender({ sender: given, smtpUrl: 'smtp://127.0.0.1:1' }, logger).sender).toBe(given);
  });
});

describe('the log sender', () => {
  it('logs each mail and keeps the last ones in its outbox', async () => {
    const logged: string[] = [];
    const sender = createLogMailSender({ info: (m) => logged.push(m) });
    await sender.send({ to: 'a@example.test', subject: 'Re: Hello', text: 'Answer' });
    expect(logged).toEqual(['Mail to a@example.test: Re: Hello\nAnswer']);
    for (let i = 0; i < LOG_OUTBOX_SIZE + 5; i++) await sender.send({ to: `n${i}@example.test`, subject: 's', text: 't' });
    expect(sender.outbox).toHaveLength(LOG_OUTBOX_SIZE);
    expect(sender.outbox.at(-1)?.to).toBe(`n${LOG_OUTBOX_SIZE + 4}@example.test`);
  });
});

/** A minimal SMTP server: records each message's envelope and data; refuses RCPT for `refuse@…`. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: { from: string; to: string[]; data: string }[] }> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          if (line.includes('refuse@')) socket.write('550 No such user\r\n');
          else {
            current.to.push(line);
            socket.write('250 OK\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
    });
  });
}

let closeServer: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeServer?.();
  closeServer = null;
});

describe('the SMTP sender', () => {
  it('hands the mail to the SMTP server of SMTP_URL, from MAIL_FROM', async () => {
    const smtp = await fakeSmtp();
    closeServer = () => new Promise((resolve) => smtp.server.close(() => resolve()));
    const setup = createMailSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Souk <ops@souk.test>' }, { info: () => undefined });
    try {
      await setup.sender.send({ to: 'salma@example.test', subject: 'Re: Caftan sizes', text: 'Yes, up to XXL.' });
      await expect(setup.sender.send({ to: 'refuse@example.test', subject: 'Re: x', text: 'y' })).rejects.toThrow();
    } finally {
      setup.close();
    }
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.from).toContain('<ops@souk.test>');
    expect(mail?.to).toEqual(['RCPT TO:<salma@example.test>']);
    expect(mail?.data).toContain('Subject: Re: Caftan sizes');
    expect(mail?.data).toContain('Yes, up to XXL.');
  });
});
