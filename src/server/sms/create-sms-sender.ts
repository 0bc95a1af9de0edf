/**
 * Chooses the SMS sender from the environment (docs/ACCOUNTS.md):
 * SMS_PROVIDER=log (default) or webhook with SMS_WEBHOOK_URL (http or https;
 * the gateway must answer within DEFAULT_WEBHOOK_TIMEOUT_MS). A webhook without
 * a usable URL is a configuration error at start, not a failure at the first
 * verification.
 */
import { ConfigError } from '../config';
import { createLogSmsSender, type SmsLogger } from './log-sms-sender';
import type { SmsSender } from './sms-sender';
import { createWebhookSmsSender, DEFAULT_WEBHOOK_TIMEOUT_MS } from './webhook-sms-sender';

export type SmsConfig = { provider: 'log' } | { provider: 'webhook'; webhookUrl: string; timeoutMs: number };

function present(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function smsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SmsConfig {
  const provider = present(env, 'SMS_PROVIDER') ?? 'log';
  if (provider === 'log') return { provider: 'log' };
  if (provider !== 'webhook') throw new ConfigError(`Invalid configuration:\n  SMS_PROVIDER: must be 'log' or 'webhook'`);

  const url = present(env, 'SMS_WEBHOOK_URL');
  let parsed: URL | null = null;
  try {
    parsed = url === undefined ? null : new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ConfigError('Invalid configuration:\n  SMS_WEBHOOK_URL: must be an http(s) URL when SMS_PROVIDER=webhook');
  }
  return { provider: 'webhook', webhookUrl: parsed.toString(), timeoutMs: DEFAULT_WEBHOOK_TIMEOUT_MS };
}

export function createSmsSender(config: SmsConfig, logger: SmsLogger): SmsSender {
  return config.provider === 'webhook'
    ? createWebhookSmsSender({ url: config.webhookUrl, timeoutMs: config.timeoutMs })
    : createLogSmsSender(logger);
}
