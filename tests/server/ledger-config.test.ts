/** COMMISSION_RATE (docs/MONEY.md): a percent with at most 2 decimals, read as basis points; unset is the default. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMISSION_RATE_BP } from '../../src/domain/ledger';
import { ConfigError, loadConfig } from '../../src/server/config';
import { resolveMoney } from '../../src/server/repositories/ledger-booking';

describe('COMMISSION_RATE', () => {
  it('reads a percent as basis points', () => {
    expect(loadConfig({ COMMISSION_RATE: '10' }).commissionRateBp).toBe(1000);
    expect(loadConfig({ COMMISSION_RATE: '12.5' }).commissionRateBp).toBe(1250);
    expect(loadConfig({ COMMISSION_RATE: ' 7.25% ' }).commissionRateBp).toBe(725);
    expect(loadConfig({ COMMISSION_RATE: '0' }).commissionRateBp).toBe(0);
    expect(loadConfig({ COMMISSION_RATE: '100' }).commissionRateBp).toBe(10_000);
  });

  it('is the default 10 % when unset or empty', () => {
    expect(loadConfig({}).commissionRateBp).toBeUndefined();
    expect(loadConfig({ COMMISSION_RATE: '' }).commissionRateBp).toBeUndefined();
    expect(resolveMoney({ commissionRateBp: loadConfig({}).commissionRateBp })).toEqual({ commissionRateBp: DEFAULT_COMMISSION_RATE_BP });
    expect(DEFAULT_COMMISSION_RATE_BP).toBe(1000);
  });

  it('stops start-up with a message naming it for anything else', () => {
    for (const bad of ['ten', '-5', '100.01', '101', '10.125', '0x10', '1e1']) {
      expect(() => loadConfig({ COMMISSION_RATE: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ COMMISSION_RATE: bad }), bad).toThrow('COMMISSION_RATE');
    }
  });
});
