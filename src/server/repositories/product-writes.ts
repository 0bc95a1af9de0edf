/**
 * Internal writes to products (price, discount, stock, soft delete). Each
 * write bumps updated_at through the replication clock and, after COMMIT,
 * announces the change so live clients pull it.
 */
import { discountPercent } from '../../domain/catalog';
import { fromCentimes, toCentimes } from '../../domain/money';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { lockProductRows, replicationClock, writeTransaction, type Tx } from '../db/write-transaction';
import { recountCategories, recountShops } from './denormalised-counts';
import { MAX_CENTS } from './price-bounds';
import { readProductDoc } from './product-reads';
import type { ProductDocWithFlag } from './product-docs';

export interface ProductPatch {
  /** New list price in MAD; variant prices move by the same amount. */
  price?: number;
  /** New sale price in MAD, or null to end the sale. Must stay below the price. */
  discountPrice?: number | null;
  /** New stock of some variants. */
  stock?: readonly { variantId: number; quantity: number }[];
  /** Soft delete (true) or restore (false). */
  deleted?: boolean;
}

export type ProductWriteErrorCode = 'INVALID_PRICE' | 'INVALID_DISCOUNT' | 'INVALID_QUANTITY' | 'VARIANT_NOT_FOUND';

export class ProductWriteError extends Error {
  constructor(readonly code: ProductWriteErrorCode) {
    super(code);
  }
}

function centsOrThrow(amount: number, code: ProductWriteErrorCode): number {
  const cents = toCentimes(amount);
  if (!Number.isFinite(amount) || amount < 0 || cents > MAX_CENTS) throw new ProductWriteError(code);
  return cents;
}

/**
 * Applies the patch; returns the product as this write left it (read before COMMIT, so a concurrent later
 * write cannot show through), or null when no such product exists.
 */
export async function updateProduct(db: Database, id: number, patch: ProductPatch): Promise<ProductDocWithFlag | null> {
  const changes: CollectionChange[] = [];
  // The product's row before the clocks and its variants' rows (lockProductRows: the order every product writer keeps).
  const rowsFirst = (tx: Tx) => lockProductRows(db, tx, [id]);
  const written = await writeTransaction(db, ['categories', 'shops', 'products'], async (tx) => {
    changes.length = 0; // a deadlock victim runs again (writeTransaction)
    const current = await tx
      .selectFrom('products')
      .select(['id', 'shop_id', 'price_cents', 'discount_cents', 'deleted'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return null;

    const priceCents = patch.price === undefined ? current.price_cents : centsOrThrow(patch.price, 'INVALID_PRICE');
    const discountCents =
      patch.discountPrice === undefined
        ? current.discount_cents
        : patch.discountPrice === null
          ? null
          : centsOrThrow(patch.discountPrice, 'INVALID_DISCOUNT');
    if (discountCents !== null && discountCents >= priceCents) throw new ProductWriteError('INVALID_DISCOUNT');

    const variants = await tx
      .selectFrom('product_variants')
      .select(['id', 'price_cents', 'stock'])
      .where('product_id', '=', id)
      .execute();
    const delta = priceCents - current.price_cents;
    const stockById = new Map(variants.map((v) => [v.id, v.stock]));
    for (const s of patch.stock ?? []) {
      if (!stockById.has(s.variantId)) throw new ProductWriteError('VARIANT_NOT_FOUND');
      if (!Number.isInteger(s.quantity) || s.quantity < 0 || s.quantity > MAX_CENTS) {
        throw new ProductWriteError('INVALID_QUANTITY');
      }
      stockById.set(s.variantId, s.quantity);
    }
    for (const v of variants) {
      const stock = stockById.get(v.id) ?? v.stock;
      const price = Math.min(MAX_CENTS, Math.max(0, v.price_cents + delta));
      if (stock !== v.stock || price !== v.price_cents) {
        await tx.updateTable('product_variants').set({ stock, price_cents: price }).where('id', '=', v.id).execute();
      }
    }
    const stockQuantity = [...stockById.values()].reduce((a, b) => a + b, 0);
    const deleted = patch.deleted === undefined ? current.deleted : patch.deleted ? 1 : 0;

    const productClock = await replicationClock(tx, 'products');
    const updatedAt = productClock.next();
    await tx
      .updateTable('products')
      .set({
        price_cents: priceCents,
        discount_cents: discountCents,
        effective_cents: discountCents ?? priceCents,
        has_discount: discountCents === null ? 0 : 1,
        discount_percent: discountPercent(
          fromCentimes(priceCents),
          discountCents === null ? null : fromCentimes(discountCents),
        ),
        stock_quantity: stockQuantity,
        in_stock: stockQuantity > 0 ? 1 : 0,
        deleted,
        updated_at: updatedAt,
      })
      .where('id', '=', id)
      .execute();
    changes.push({ collection: 'products', checkpoint: { updatedAt, id: String(id) } });

    if (deleted !== current.deleted) {
      const categoryChanges = await recountCategories(tx, await replicationClock(tx, 'categories'));
      const shopChanges = await recountShops(tx, await replicationClock(tx, 'shops'), [current.shop_id]);
      const lastCategory = categoryChanges[categoryChanges.length - 1];
      const lastShop = shopChanges[shopChanges.length - 1];
      if (lastCategory) {
        changes.push({ collection: 'categories', checkpoint: { updatedAt: lastCategory.updatedAt, id: String(lastCategory.id) } });
      }
      if (lastShop) {
        changes.push({ collection: 'shops', checkpoint: { updatedAt: lastShop.updatedAt, id: String(lastShop.id) } });
      }
    }
    return readProductDoc(tx, id, { includeDeleted: true });
  }, { rowsFirst });
  if (!written) return null;
  for (const change of changes) db.changes.publish(change);
  return written;
}
