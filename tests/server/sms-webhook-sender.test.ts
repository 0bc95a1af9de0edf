/** SMS_PROVIDER=webhook: the sender POSTs {to, text} as JSON and resolves only on a timely 2xx. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSmsSender, SmsSendError } from '../../src/server/sms/webhook-sms-sender';

interface Received {
  method: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let url: string;
let received: Received[] = [];
let respond: (res: ServerResponse) => void = (res) => res.writeHead(200).end('{}');

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  respond = (res) => res.writeHead(200).end('{}');
});

describe('webhook SMS sender', () => {
  it('POSTs {to, text} as JSON and resolves on 2xx', async () => {
    const sender = createWebhookSmsSender({ url });
    expect(sender.name).toBe('webhook');
    await sender.send('+212612345678', 'Your Souk verification code is 123456');
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.contentType).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ to: '+212612345678', text: 'Your Souk verification code is 123456' });
  });

  it('accepts any 2xx, including an empty 204', async () => {
    respond = (res) => res.writeHead(204).end();
    await expect(createWebhookSmsSender({ url }).send('+212612345678', 'x')).resolves.toBeUndefined();
  });

  it.each([400, 401, 500, 503])('rejects when the gateway answers %i', async (status) => {
    respond = (res) => res.writeHead(status).end('nope');
    await expect(createWebhookSmsSender({ url }).send('+212612345678', 'x')).rejects.toThrow(`SMS webhook answered ${status}`);
  });

  it('rejects a redirect instead of following it', async () => {
    respond = (res) => res.writeHead(302, { location: url }).end();
    await expect(createWebhookSmsSender({ url }).send('+212612345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
    expect(received).toHaveLength(1);
  });

  it('rejects when the gateway does not answer within the timeout', async () => {
    respond = (res) => setTimeout(() => res.writeHead(200).end(), 1_000);
    const started = Date.now();
    await expect(createWebhookSmsSender({ url, timeoutMs: 100 }).send('+212612345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('rejects when nothing listens at the URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createWebhookSmsSender({ url: `http://127.0.0.1:${port}/` }).send('+212612345678', 'x')).rejects.toThrow(
      /SMS webhook unreachable/,
    );
  });
});
