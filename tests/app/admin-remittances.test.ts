/**
 * Recording a COD remittance and downloading the payouts from the console (src/app/admin, issue 24 "Money"): the
 * order numbers as typed, the amount with a comma, the request with its Idempotency-Key, the payouts CSV's path,
 * and the form's fields named in the user's language when the server refuses one.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/app/i18n/locales/en/admin.json';
import { MAX_ID } from '../../src/server/db/ids';

const apiRequest = vi.fn<(...args: unknown[]) => Promise<unknown>>();
vi.mock('../../src/app/auth/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const { payoutsCsvPath, recordRemittance } = await import('../../src/app/admin/admin-api');
const { fieldLabelKey } = await import('../../src/app/admin/admin-errors');
const { madInput, parseOrderIds } = await import('../../src/app/admin/remittance-input');

describe('the order numbers typed', () => {
  it('are read across lines, spaces, commas and semicolons, a leading # allowed, each once in the order typed', () => {
    expect(parseOrderIds('12\n#15, 7;  12\r\n\t30 ')).toEqual({ ok: true, ids: [12, 15, 7, 30] });
    expect(parseOrderIds('  ')).toEqual({ ok: true, ids: [] });
    expect(parseOrderIds(String(MAX_ID))).toEqual({ ok: true, ids: [MAX_ID] });
  });

  it('name back the first one that is not an order number', () => {
    expect(parseOrderIds('12, SK-2026-0001, x')).toEqual({ ok: false, bad: 'SK-2026-0001' });
    for (const bad of ['0', '-3', '1.5', '1e3', '##4', String(MAX_ID + 1), '99999999999', '٣']) expect(parseOrderIds(`5 ${bad}`), bad).toEqual({ ok: false, bad });
  });
});

describe('the amount typed', () => {
  it('reads a dot or a comma', () => {
    expect(madInput(' 1234,50 ')).toBe(1234.5);
    expect(madInput('80.05')).toBe(80.05);
  });
});

describe('recordRemittance', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    apiRequest.mockResolvedValue({ data: null });
  });

  it('sends the remittance with its Idempotency-Key', async () => {
    const body = { courier: 'Amana', amount: 150.5, received_at: 1_780_000_000_000, order_ids: [3, 4] };
    await recordRemittance(body, 'key-1');
    expect(apiRequest).toHaveBeenCalledWith('POST', '/api/admin/cod-remittances', body, { headers: { 'Idempotency-Key': 'key-1' } });
  });
});

describe('the payouts CSV', () => {
  it('is asked with the list’s filters', () => {
    expect(payoutsCsvPath('pending', '')).toBe('/api/admin/payouts.csv?status=pending');
    expect(payoutsCsvPath('paid', '2026-05-15')).toBe('/api/admin/payouts.csv?status=paid&period_end=2026-05-15');
    expect(payoutsCsvPath('', '')).toBe('/api/admin/payouts.csv');
  });
});

describe('a refused field of the remittance', () => {
  it('is named by the form’s own label', () => {
    const label = (key: string | null) => key?.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const [parameter, text] of [
      ['courier', en.money.courier],
      ['received_at', en.money.receivedOn],
      ['order_ids', en.money.orderIds],
    ] as const) {
      expect(label(fieldLabelKey(parameter)), parameter).toBe(text);
    }
  });
});
