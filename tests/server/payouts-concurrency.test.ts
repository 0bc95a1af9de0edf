/**
 * Payout closes at once (docs/MONEY.md "Payouts"): two closes of different period ends running together read the
 * same unpaid entries; they are serialised (payouts.ts, an advisory lock on PostgreSQL), so every entry is paid
 * by at most one payout: what the payouts pay is what was owed, and every shop's balance ends at zero, not below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/server/db/write-transaction';
import { insertEntries } from '../../src/server/repositories/ledger-booking';
import { closePeriod } from '../../src/server/repositories/payouts';
import { startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
let shopIds: number[];

beforeAll(async () => {
  server = await startAuthServer({ products: 4 });
  const shops = await server.db.kysely.selectFrom('shops').select('id').orderBy('id').limit(3).execute();
  shopIds = shops.map((s) => Number(s.id));
});
afterAll(async () => {
  await server?.close();
});

const balanceOf = async (shopId: number) =>
  Number((await server.db.kysely.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number | string>('amount_cents').as('cents')).where('shop_id', '=', shopId).executeTakeFirst())?.cents ?? 0);

describe('closePeriod', () => {
  it('two closes of different periods at once pay every entry once', async () => {
    const owed = new Map<number, number>(shopIds.map((id) => [id, 0]));
    for (let month = 1; month <= 6; month++) {
      // Sales made long before both periods' cutoffs: both closes find them unpaid.
      const sales = shopIds.map((shopId, i) => ({
        shop_id: shopId,
        kind: 'sale' as const,
        order_id: null,
        order_item_id: null,
        amount_cents: 10_000 * (i + 1) + month,
        period_start: '2025-11-01',
        created_at: Date.UTC(2025, 10, month),
        reverses_entry_id: null,
        payout_id: null,
        booking_key: `test-sale:${month}:${shopId}`,
      }));
      await writeTransaction(server.db, [], (tx) => insertEntries(tx, sales));
      for (const s of sales) owed.set(s.shop_id, (owed.get(s.shop_id) ?? 0) + s.amount_cents);
      const mm = String(month).padStart(2, '0');
      const lastDay = new Date(Date.UTC(2026, month, 0)).getUTCDate();
      const now = Date.UTC(2026, 6, 1);
      const results = await Promise.all([closePeriod(server.db, `2026-${mm}-15`, now), closePeriod(server.db, `2026-${mm}-${lastDay}`, now)]);
      const paid = results.flatMap((r) => r.created);
      // Each shop is paid this round's sales once, by one of the two closes.
      expect(paid.map((p) => p.shop_id).sort((a, b) => a - b), `month ${month}`).toEqual([...shopIds].sort((a, b) => a - b));
      for (const shopId of shopIds) expect(await balanceOf(shopId), `shop ${shopId}, month ${month}`).toBe(0);
    }
    const payouts = await server.db.kysely.selectFrom('payouts').select(['shop_id', 'net_cents']).where('shop_id', 'in', shopIds).execute();
    for (const shopId of shopIds) {
      const net = payouts.filter((p) => Number(p.shop_id) === shopId).reduce((sum, p) => sum + Number(p.net_cents), 0);
      expect(net, `shop ${shopId}`).toBe(owed.get(shopId));
    }
  });
});
