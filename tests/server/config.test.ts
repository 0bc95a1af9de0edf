/** Environment configuration of npm start. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const AUTH_DEFAULTS = {
  authSecret: undefined,
  googleClientId: undefined,
  seedSellerPassword: undefined,
  authRateLimits: true,
  smsProvider: 'log',
  smsWebhookUrl: undefined,
  trustProxy: false,
  push: { firebase: null, vapidKey: null, fcm: null, fcmEndpoint: null, logEndpoint: false },
};

describe('loadConfig', () => {
  it('has safe defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      seedProducts: 360,
      logLevel: 'info',
      ...AUTH_DEFAULTS,
    });
  });

  it('reads the variables, treating empty ones as unset', () => {
    expect(
      loadConfig({ PORT: '3000', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@h/db', SEED_PRODUCTS: '50000', LOG_LEVEL: 'warn' }),
    ).toEqual({ port: 3000, host: '127.0.0.1', databaseUrl: 'postgres://u@h/db', seedProducts: 50000, logLevel: 'warn', ...AUTH_DEFAULTS });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
    expect(loadConfig({ AUTH_SECRET: '', GOOGLE_CLIENT_ID: '', SEED_SELLER_PASSWORD: '', SMS_PROVIDER: '' })).toMatchObject(AUTH_DEFAULTS);
  });

  it('reads the account variables', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({
        AUTH_SECRET: secret,
        GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
        SEED_SELLER_PASSWORD: 'demo-sellers-1',
        AUTH_RATE_LIMITS: 'off',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.test/send',
      }),
    ).toMatchObject({
      authSecret: secret,
      googleClientId: '1234-abc.apps.googleusercontent.com',
      seedSellerPassword: 'demo-sellers-1',
      authRateLimits: false,
      smsProvider: 'webhook',
      smsWebhookUrl: 'https://sms.example.test/send',
    });
    expect(loadConfig({ AUTH_RATE_LIMITS: 'on', NODE_ENV: 'production' }).authRateLimits).toBe(true);
  });

  it('reads TRUST_PROXY: unset trusts no proxy; a hop count; a comma list of addresses and CIDR blocks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '1,,2', 'proxy.example.test', '10.0.0.256', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY');
    }
  });

  it('refuses unsafe or incomplete account settings, naming the variable', () => {
    for (const [env, name] of [
      [{ AUTH_SECRET: 'short-secret' }, 'AUTH_SECRET'],
      [{ AUTH_SECRET: 'x'.repeat(31) }, 'AUTH_SECRET'],
      [{ SEED_SELLER_PASSWORD: 'short' }, 'SEED_SELLER_PASSWORD'],
      [{ AUTH_RATE_LIMITS: 'maybe' }, 'AUTH_RATE_LIMITS'],
      [{ AUTH_RATE_LIMITS: 'off', NODE_ENV: 'production' }, 'AUTH_RATE_LIMITS'],
      [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
      [{ SMS_PROVIDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
      [{ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'ftp://sms.example.test' }, 'SMS_WEBHOOK_URL'],
      [{ GOOGLE_CLIENT_ID: 'not a client id' }, 'GOOGLE_CLIENT_ID'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(name);
    }
  });

  it('reads each accepted DATABASE_URL as given, and refuses another scheme naming DATABASE_URL and the accepted forms', () => {
    for (const url of ['sqlite:/tmp/x.db', 'sqlite:///tmp/x.db', 'sqlite:data/x.db', 'postgres://u@h/db', 'postgresql://u:p@h:5432/db']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl, url).toBe(url);
    }
    for (const bad of ['mysql://u:p@h/db', 'file:/tmp/x.db', 'sqlite:', 'sqlite://data/x.db', 'postgres:/h/db']) {
      let error: unknown = null;
      try {
        loadConfig({ DATABASE_URL: bad });
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message, bad).toMatch(/^Invalid configuration:\n {2}DATABASE_URL: /);
      for (const form of ['unset', 'sqlite:/absolute', 'sqlite:///absolute', 'sqlite:relative', 'postgres://', 'postgresql://']) {
        expect(message, `${bad}: ${form}`).toContain(form);
      }
    }
  });

  it('refuses bad values with a message naming the variable', () => {
    for (const [env, name] of [
      [{ PORT: 'http' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ SEED_PRODUCTS: '-4' }, 'SEED_PRODUCTS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
  });
});
