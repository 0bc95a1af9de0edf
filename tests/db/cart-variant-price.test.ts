/**
 * A cart line is priced at what its variant states it charges (decisions.md "Prices": `effective_price`, the
 * `unit_price` the order will send), never recomputed on the client from the product's sale. The variants below
 * state prices no product-wide rule would give, so a client working the price out itself is caught.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { queueCartAdd } from '../../src/db/cart';
import type { SoukDatabase } from '../../src/db/database';
import { findCart } from '../../src/db/queries/cart';
import type { ProductDoc } from '../../src/domain/catalog';
import { makeProducts } from './support/catalog-fixtures';
import { insertCatalog, openTestDatabase } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('cart line prices', () => {
  it("take each variant's stated charged price", async () => {
    db = await openTestDatabase();
    const [base] = makeProducts(1, 5);
    const variant = { ...base!.variants[0]!, stock_quantity: 5 };
    const product: ProductDoc = {
      ...base!,
      price: 500,
      discount_price: 400,
      has_discount: true,
      discount_percent: 20,
      effective_price: 400,
      variants: [
        { ...variant, id: 201, sku: 'P-1', price: 500, discount_price: 389.9, has_discount: true, discount_percent: 22, effective_price: 389.9 },
        { ...variant, id: 202, sku: 'P-2', price: 550, discount_price: 412.5, has_discount: true, discount_percent: 25, effective_price: 412.5 },
      ],
    };
    await insertCatalog(db, { products: [product] });

    expect(await queueCartAdd(db, { productId: product.id, variantId: 201, quantity: 1 }, 'guest')).toMatchObject({ ok: true });
    expect(await queueCartAdd(db, { productId: product.id, variantId: 202, quantity: 2 }, 'guest')).toMatchObject({ ok: true });
    const cart = await findCart(db, 'MA');
    expect(cart.lines.map((l) => [l.variant_id, l.unit_price]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [201, 389.9],
      [202, 412.5],
    ]);
    expect(cart.totals.subtotal).toBe(1214.9);
  });
});
