/**
 * Cart and wishlist tests (issue 5): products with known prices and stock,
 * set straight in the test server's database, and small request helpers.
 */
import type { Database } from '../../../src/server/db/database';
import { requestJson, type HttpAnswer } from '../../helpers/auth';

export interface FixedProduct {
  productId: number;
  /** Variant ids by id, with the stock given for each. */
  variantIds: number[];
}

/** The live products that have at least two variants, by id (skipping `skip` of them). */
export async function productWithVariants(db: Database, skip: number): Promise<number> {
  const rows = await db.kysely
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('product_variants.product_id')
    .where('products.deleted', '=', 0)
    .groupBy('product_variants.product_id')
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('product_variants.product_id')
    .execute();
  const row = rows[skip];
  if (!row) throw new Error(`no product with two variants at ${skip}`);
  return Number(row.product_id);
}

/**
 * Gives a product one price (MAD, no discount) on the product and all its variants, and its variants
 * (by id) the stocks given (the rest 0). Returns the variant ids in id order.
 */
export async function fixProduct(db: Database, productId: number, price: number, stocks: number[]): Promise<FixedProduct> {
  const cents = Math.round(price * 100);
  await db.kysely
    .updateTable('products')
    .set({ price_cents: cents, effective_cents: cents, discount_cents: null, has_discount: 0, discount_percent: 0, in_stock: 1 })
    .where('id', '=', productId)
    .execute();
  const variants = await db.kysely.selectFrom('product_variants').select('id').where('product_id', '=', productId).orderBy('id').execute();
  for (const [i, v] of variants.entries()) {
    await db.kysely.updateTable('product_variants').set({ price_cents: cents, stock: stocks[i] ?? 0 }).where('id', '=', v.id).execute();
  }
  return { productId, variantIds: variants.map((v) => Number(v.id)) };
}

export function variantOf(p: FixedProduct, index: number): number {
  const id = p.variantIds[index];
  if (id === undefined) throw new Error(`product ${p.productId} has no variant ${index}`);
  return id;
}

export interface CartLine {
  id: number;
  variant_id: number;
  product_id: number;
  stock_id: number;
  quantity: number;
  unit_price: number;
  line_total: number;
  product: { stock_quantity: number; price: number; name: string; main_image: string; shop_name: string };
}

export interface CartBody {
  items: CartLine[];
  coupon_code: string | null;
  coupon: { code: string; kind: string; value: number; minSubtotal: number } | null;
  country: string;
  subtotal: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  item_count: number;
  updated_at: number;
}

export interface CartAnswer {
  success: boolean;
  status: string;
  message?: string;
  code?: string;
  data: CartBody;
  available?: number;
  errors?: { parameter: string; message: string }[];
  authError?: boolean;
}

export function cartCall(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<CartAnswer>> {
  return requestJson<CartAnswer>(base, method, path, body, headers);
}

export const guestHeaders = (token: string): Record<string, string> => ({ 'guest-token': token });
