/** The seller's buttons come from the domain's legal moves; the PATCH body and the list path. */
import { describe, expect, it } from 'vitest';
import { canMoveOrder, ORDER_STATUSES } from '../../src/domain/commerce';
import { sellerMoves, sellerOrdersPath, sellerPatchBody } from '../../src/app/seller/seller-moves';

describe('sellerMoves', () => {
  it('offers exactly the legal next moves of each status', () => {
    expect(sellerMoves('pending').map((m) => m.action)).toEqual(['process', 'cancel']);
    expect(sellerMoves('processing').map((m) => m.action)).toEqual(['ship', 'cancel']);
    expect(sellerMoves('shipped').map((m) => m.action)).toEqual(['deliver']);
    expect(sellerMoves('delivered')).toEqual([]);
    expect(sellerMoves('cancelled')).toEqual([]);
    for (const from of ORDER_STATUSES) for (const move of sellerMoves(from)) expect(canMoveOrder(from, move.to)).toBe(true);
  });

  it('only shipping asks for a tracking number', () => {
    const all = ORDER_STATUSES.flatMap(sellerMoves);
    expect(all.filter((m) => m.withTracking).map((m) => m.to)).toEqual(['shipped']);
  });
});

describe('sellerPatchBody', () => {
  it('sends the tracking number only when shipping with one typed', () => {
    const [ship] = sellerMoves('processing');
    const [process] = sellerMoves('pending');
    if (!ship || !process) throw new Error('moves missing');
    expect(sellerPatchBody(ship, ' SKT0000000001 ')).toEqual({ status: 'shipped', tracking_number: 'SKT0000000001' });
    expect(sellerPatchBody(ship, '  ')).toEqual({ status: 'shipped' });
    expect(sellerPatchBody(process, 'SKT1')).toEqual({ status: 'processing' });
  });
});

describe('sellerOrdersPath', () => {
  it('adds the status filter unless all', () => {
    expect(sellerOrdersPath('all')).toBe('/api/seller/orders');
    expect(sellerOrdersPath('shipped')).toBe('/api/seller/orders?status=shipped');
  });
});
