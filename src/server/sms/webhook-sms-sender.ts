/**
 * SMS_PROVIDER=webhook: hands each message to an HTTP gateway as
 * `POST {to, text}` (JSON). Resolves only on a 2xx answer within the timeout,
 * so the phone route can answer 502 SMS_FAILED (and keep no code) otherwise.
 */
import type { SmsSender } from './sms-sender';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export class SmsSendError extends Error {
  readonly code = 'SMS_SEND_FAILED';
}

export interface WebhookSmsOptions {
  url: string;
  timeoutMs?: number;
}

export function createWebhookSmsSender(opts: WebhookSmsOptions): SmsSender {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  return {
    name: 'webhook',
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new SmsSendError(`SMS webhook unreachable: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      // Drain the body so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsSendError(`SMS webhook answered ${response.status}`);
    },
  };
}
