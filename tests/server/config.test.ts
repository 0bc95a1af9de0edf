/** Environment configuration of npm start. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has safe defaults', () => {
    expect(loadConfig({})).toEqual({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, seedProducts: 360, logLevel: 'info' });
  });

  it('reads the variables, treating empty ones as unset', () => {
    expect(
      loadConfig({ PORT: '3000', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@h/db', SEED_PRODUCTS: '50000', LOG_LEVEL: 'warn' }),
    ).toEqual({ port: 3000, host: '127.0.0.1', databaseUrl: 'postgres://u@h/db', seedProducts: 50000, logLevel: 'warn' });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
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
