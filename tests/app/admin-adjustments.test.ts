/**
 * An operator's adjustment is booked once (src/app/admin): each submission carries an Idempotency-Key, the same one
 * when the same adjustment is sent again (a retry after a failure or a lost answer), a new one after it succeeded or
 * when what is sent changed (the server refuses a key reused with another body).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.fn<(...args: unknown[]) => Promise<unknown>>();
vi.mock('../../src/app/auth/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const { addAdjustment } = await import('../../src/app/admin/admin-api');
const { submissionKey } = await import('../../src/app/admin/submission-key');

function counter(): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `key-${n}`;
  };
}

describe('the key of a submission', () => {
  it('stays the same while the same body is sent again, and is new after a success', () => {
    const keys = submissionKey(counter());
    expect(keys.keyFor('[12,-50,"refund"]')).toBe('key-1');
    expect(keys.keyFor('[12,-50,"refund"]')).toBe('key-1');
    keys.succeeded();
    expect(keys.keyFor('[12,-50,"refund"]')).toBe('key-2');
  });

  it('is new when what is sent changed', () => {
    const keys = submissionKey(counter());
    expect(keys.keyFor('[12,-50,"refund"]')).toBe('key-1');
    expect(keys.keyFor('[12,-40,"refund"]')).toBe('key-2');
    expect(keys.keyFor('[12,-40,"refund"]')).toBe('key-2');
  });

  it('is a key the server accepts by default (1 to 100 of A-Z, a-z, 0-9, _ and -), a different one each time', () => {
    const a = submissionKey().keyFor('x');
    const b = submissionKey().keyFor('x');
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(a).not.toBe(b);
  });
});

describe('addAdjustment', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    apiRequest.mockResolvedValue({ data: null });
  });

  it('sends the Idempotency-Key header with the amount and reason', async () => {
    await addAdjustment(12, -50, 'refund', 'key-1');
    expect(apiRequest).toHaveBeenCalledWith('POST', '/api/admin/shops/12/adjustments', { amount: -50, reason: 'refund' }, { headers: { 'Idempotency-Key': 'key-1' } });
  });
});
