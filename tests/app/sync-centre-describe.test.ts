import { describe, expect, it } from 'vitest';
import { describeEntry, entrySubject, groupEntries, orderRef } from '../../src/app/sync-centre/describe-entry';
import { formatMAD } from '../../src/domain/money';
import type { OutboxEntry } from '../../src/workers/data-api';

let created = 1000;
function entry(fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind'>): OutboxEntry {
  created += 1;
  return {
    id: `e${created}`,
    method: 'POST',
    path: '/api/cart/items',
    body: null,
    createdAt: created,
    attempts: 0,
    lastError: null,
    state: 'pending',
    failure: null,
    target: '',
    undo: null,
    auth: 'user',
    doneAt: null,
    ...fields,
  };
}

describe('what a queued write acts on', () => {
  it('a cart add: product, variant and quantity from the body', () => {
    const e = entry({ kind: 'cart_add', target: '41', body: JSON.stringify({ product_id: 7, variant_id: 41, quantity: 2 }) });
    expect(entrySubject(e)).toMatchObject({ productId: '7', variantId: 41, quantity: 2 });
    expect(describeEntry(e, 'Kaftan', 'en').params).toMatchObject({ name: 'Kaftan', quantity: 2 });
  });

  it('a cart add by stock id (the product)', () => {
    const e = entry({ kind: 'cart_add', target: 'v9', body: JSON.stringify({ stock_id: 3, quantity: 1 }) });
    expect(entrySubject(e)).toMatchObject({ productId: '3', variantId: 9, quantity: 1 });
  });

  it('a quantity change or a removal: the variant from the path', () => {
    const set = entry({ kind: 'cart_set', method: 'PUT', path: '/api/cart/items/12', target: '12', body: '{"quantity":4}' });
    expect(entrySubject(set)).toMatchObject({ variantId: 12, quantity: 4 });
    const remove = entry({ kind: 'cart_remove', method: 'DELETE', path: '/api/cart/items/13', target: 'v13' });
    expect(entrySubject(remove).variantId).toBe(13);
  });

  it('a coupon: its code; wishlist: the product; follows: the shop; orders: a short reference', () => {
    expect(entrySubject(entry({ kind: 'coupon_apply', path: '/api/cart/coupon', body: '{"code":"WELCOME10"}', target: 'cart' })).code).toBe(
      'WELCOME10',
    );
    expect(entrySubject(entry({ kind: 'wishlist_add', path: '/api/wishlist', body: '{"product_id":5}', target: '5' })).productId).toBe('5');
    expect(entrySubject(entry({ kind: 'wishlist_remove', method: 'DELETE', path: '/api/wishlist/6', target: '6' })).productId).toBe('6');
    expect(entrySubject(entry({ kind: 'follow', path: '/api/shops/3/follow?timestamp=1', target: '3' })).shopId).toBe('3');
    const order = entry({
      kind: 'order_place',
      path: '/api/orders',
      target: '0c5e4a1b-2222-4333-8444-555566667777',
      body: '{"client_ref":"0c5e4a1b-2222-4333-8444-555566667777"}',
    });
    expect(describeEntry(order, '', 'en').params.ref).toBe('0C5E4A1B');
    expect(orderRef('SK-250101-ABC123')).toBe('SK-250101-ABC123');
  });

  it("a seller's price: the amount as MAD in the reader's language (the currency comes with it)", () => {
    const e = entry({ kind: 'seller_price', method: 'PATCH', path: '/api/seller/products/7/variants/71', target: '7', body: '{"price":450}' });
    expect(entrySubject(e)).toMatchObject({ productId: '7', amount: 450 });
    const fr = describeEntry(e, 'Kaftan', 'fr').params.amount;
    expect(fr).toBe(formatMAD(450, 'fr'));
    expect(fr).toMatch(/450,00/);
    expect(fr).toContain('MAD');
    expect(describeEntry(e, 'Kaftan', 'en').params.amount).toMatch(/450\.00/);
  });

  it('copes with a body that is not JSON', () => {
    expect(entrySubject(entry({ kind: 'cart_add', body: '{oops', target: '8' }))).toMatchObject({ variantId: 8, quantity: null });
    expect(describeEntry(entry({ kind: 'cart_clear', method: 'DELETE', path: '/api/cart', target: 'cart' }), '', 'en').params.quantity).toBe(1);
  });
});

describe('the sync centre groups', () => {
  it('waiting in queue order, refused newest first, sent within 24 h most recent first', () => {
    const now = 100 * 24 * 3600 * 1000;
    const a = entry({ kind: 'cart_add', state: 'sending' });
    const b = entry({ kind: 'cart_set', state: 'pending' });
    const f1 = entry({ kind: 'coupon_apply', state: 'failed' });
    const f2 = entry({ kind: 'cart_add', state: 'failed' });
    const d1 = entry({ kind: 'cart_remove', state: 'done', doneAt: now - 1000 });
    const d2 = entry({ kind: 'cart_clear', state: 'done', doneAt: now - 10 });
    const old = entry({ kind: 'follow', state: 'done', doneAt: now - 24 * 3600 * 1000 });
    const groups = groupEntries([f1, d1, b, old, a, f2, d2], now);
    expect(groups.waiting.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(groups.failed.map((e) => e.id)).toEqual([f2.id, f1.id]);
    expect(groups.done.map((e) => e.id)).toEqual([d2.id, d1.id]);
  });
});
