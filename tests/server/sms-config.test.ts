/** Which SMS sender the environment selects, and the configurations refused at start. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config';
import { createSmsSender, smsConfigFromEnv } from '../../src/server/sms/create-sms-sender';

const logger = { info: () => undefined };

describe('SMS configuration', () => {
  it('defaults to the log sender (unset or empty SMS_PROVIDER)', () => {
    expect(smsConfigFromEnv({})).toEqual({ provider: 'log' });
    expect(smsConfigFromEnv({ SMS_PROVIDER: '' })).toEqual({ provider: 'log' });
    expect(createSmsSender(smsConfigFromEnv({}), logger).name).toBe('log');
  });

  it('selects the webhook sender with its URL', () => {
    const config = smsConfigFromEnv({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.test/send' });
    expect(config).toEqual({ provider: 'webhook', webhookUrl: 'https://sms.example.test/send', timeoutMs: 10_000 });
    expect(createSmsSender(config, logger).name).toBe('webhook');
  });

  it.each([
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
    [{ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'not a url' }, 'SMS_WEBHOOK_URL'],
    [{ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'ftp://sms.example.test/' }, 'SMS_WEBHOOK_URL'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => smsConfigFromEnv(env)).toThrow(ConfigError);
    expect(() => smsConfigFromEnv(env)).toThrow(variable);
  });
});
