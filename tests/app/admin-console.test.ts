/**
 * The console's pure rules (src/app/admin): who opens which section (money is the admin's alone), the period a
 * close is for by default, the commission rate as typed, and an audit entry's changes.
 */
import { describe, expect, it } from 'vitest';
import { canOpenConsole, lastEndedPeriodEnd, parseCommissionRate, sectionsFor } from '../../src/app/admin/admin-access';
import { fieldLabelKey } from '../../src/app/admin/admin-errors';
import { auditChanges } from '../../src/app/admin/admin-format';
import { REASON_MAX_LENGTH } from '../../src/app/admin/reason-limit';
import en from '../../src/app/i18n/locales/en/admin.json';
import { REASON_MAX } from '../../src/server/http/moderation-bodies';

describe('console access', () => {
  it('is for admins and managers only', () => {
    expect(canOpenConsole('admin')).toBe(true);
    expect(canOpenConsole('manager')).toBe(true);
    expect(canOpenConsole('seller')).toBe(false);
    expect(canOpenConsole('user')).toBe(false);
    expect(canOpenConsole(undefined)).toBe(false);
  });

  it('leaves money out for a manager, and everything for the others', () => {
    expect(sectionsFor('admin')).toEqual(['shops', 'moderation', 'money', 'inbox', 'audit']);
    expect(sectionsFor('manager')).toEqual(['shops', 'moderation', 'inbox', 'audit']);
    expect(sectionsFor('seller')).toEqual([]);
    expect(sectionsFor('user')).toEqual([]);
  });
});

describe('the period closed by default', () => {
  it('is the latest one over in Casablanca', () => {
    // 2026-03-20 12:00 UTC: the period 16–31 March runs; the one over ends on the 15th.
    expect(lastEndedPeriodEnd(Date.UTC(2026, 2, 20, 12))).toBe('2026-03-15');
    // 2026-03-05: the period over is 16–28 February.
    expect(lastEndedPeriodEnd(Date.UTC(2026, 2, 5, 12))).toBe('2026-02-28');
    // 2025-12-31 23:30 UTC is already 1 January 00:30 in Casablanca (UTC+1): the period 16–31 December is over.
    expect(lastEndedPeriodEnd(Date.UTC(2025, 11, 31, 23, 30))).toBe('2025-12-31');
  });
});

describe('commission rate as typed', () => {
  it('reads percents with at most 2 decimals, a comma too, and blank as the default', () => {
    expect(parseCommissionRate('12.5')).toBe(12.5);
    expect(parseCommissionRate(' 12,75 ')).toBe(12.75);
    expect(parseCommissionRate('0')).toBe(0);
    expect(parseCommissionRate('100')).toBe(100);
    expect(parseCommissionRate('')).toBeNull();
    expect(parseCommissionRate('  ')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const bad of ['100.01', '101', '-1', '1.234', 'ten', '1e2', '10%', '.5']) expect(parseCommissionRate(bad), bad).toBeUndefined();
  });
});

describe('audit changes', () => {
  it('lists the keys whose value changed, in key order', () => {
    expect(auditChanges({ status: 'pending', is_featured: false }, { status: 'active', is_featured: false, reason: 'ok' })).toEqual([
      'reason: — → ok',
      'status: pending → active',
    ]);
    expect(auditChanges(null, { hidden: true })).toEqual(['hidden: — → true']);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('a refused field', () => {
  it("is named by the console's own label, never by the server's parameter name", () => {
    const label = (key: string | null) => key?.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const [parameter, text] of [
      ['amount', en.money.amount],
      ['reason', en.reason.label],
      ['reference', en.money.reference],
      ['period_end', en.money.periodEnd],
      ['commission_rate', en.shops.commission],
      ['body', en.inbox.reply],
    ] as const) {
      expect(label(fieldLabelKey(parameter)), parameter).toBe(text);
    }
  });

  it('has no label when the console does not know it (the translated message alone is shown)', () => {
    expect(fieldLabelKey('hidden')).toBeNull();
    expect(fieldLabelKey('toString')).toBeNull();
    expect(fieldLabelKey(undefined)).toBeNull();
  });
});

describe("an operator's reason", () => {
  it('stops where the server stops', () => {
    expect(REASON_MAX_LENGTH).toBe(REASON_MAX);
  });
});
