/** The dashboard's alerts and replies rules (src/app/seller/seller-alerts-api.ts): unread first, marking read, a reply's length. */
import { describe, expect, it } from 'vitest';
import type { SellerAlert } from '../../src/domain/seller-alerts';
import { replyProblem, unreadFirst, withRead } from '../../src/app/seller/seller-alerts-api';

const alert = (id: number, read: boolean): SellerAlert => ({ id, kind: 'new_order', title: `#${id}`, body: '', data: {}, created_at: 1000 - id, read });

describe('alerts', () => {
  it('lists the unread first, each group in the order the server gave (newest first)', () => {
    const list = [alert(1, true), alert(2, false), alert(3, true), alert(4, false)];
    expect(unreadFirst(list).map((a) => a.id)).toEqual([2, 4, 1, 3]);
  });

  it('marks some or all read without touching the others', () => {
    const list = [alert(1, false), alert(2, false)];
    expect(withRead(list, new Set([2])).map((a) => a.read)).toEqual([false, true]);
    expect(withRead(list, 'all').every((a) => a.read)).toBe(true);
    expect(list.every((a) => !a.read)).toBe(true);
  });
});

describe('a reply', () => {
  it('is required once trimmed and at most 1000 characters', () => {
    expect(replyProblem('')).toBe('required');
    expect(replyProblem('  \n ')).toBe('required');
    expect(replyProblem('Thanks!')).toBeNull();
    expect(replyProblem(` ${'x'.repeat(1000)} `)).toBeNull();
    expect(replyProblem('x'.repeat(1001))).toBe('tooLong');
  });
});
