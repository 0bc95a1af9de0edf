/**
 * A sellable variant at a chosen price (no sale on its product), for tests whose totals must fall on a
 * known side of a threshold such as free standard delivery at 500 MAD.
 */
import type { Database } from '../../../src/server/db/database';
import { updateProduct } from '../../../src/server/repositories/product-writes';
import { toCentimes } from '../../../src/domain/money';
import { sellableVariant, type SellableVariant } from './order-fixtures';

export async function pricedVariant(db: Database, n: number, unitPrice: number, stock = 50): Promise<SellableVariant> {
  const v = await sellableVariant(db, stock, n);
  await updateProduct(db, v.productId, { discountPrice: null });
  await db.kysely.updateTable('product_variants').set({ price_cents: toCentimes(unitPrice) }).where('id', '=', v.variantId).execute();
  return { ...v, unitPrice };
}
