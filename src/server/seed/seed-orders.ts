/**
 * Demo orders (docs/COMMERCE.md) for the first demo buyers, so the orders
 * screens have something to show and verified-purchase badges appear: each of
 * buyers 1–12 gets two or three orders of products 1–60 in various states
 * (every one has a delivered order, holding products they reviewed when they
 * did), dated before the seed's clock, priced and totalled by the shared
 * rules. Deterministic: a generator seeded per buyer; ids, order and tracking
 * numbers come from it, updated_at from the orders clock (like the reviews').
 * Only products 1–60 are used, so the demo orders (and which reviews are
 * verified) do not depend on how many products are seeded beyond that.
 *
 * Stock is not taken: the seeded stock is the stock after these orders.
 * Idempotent: an order whose client ref exists is kept (after a catalogue
 * reset the accounts and their orders stay); the reviews of delivered orders
 * are marked verified either way, through the reviews clock.
 */
import { totalsOf, unitPriceOf, estimatedDeliveryOf, type OrderStatus, type PaymentStatus } from '../../domain/commerce';
import type { ShippingInfo } from '../../domain/commerce-schemas';
import { fromCentimes, toCentimes } from '../../domain/money';
import { paymentAfterOrderMove } from '../../machines/payment-status';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { replicationClock, writeTransaction, type Tx } from '../db/write-transaction';
import { markPurchasesVerified } from '../repositories/review-writes';
import { createPrng, hashString, type Prng } from './prng';
import { SEED_EPOCH_MS } from './product-generator';
import { BUYERS } from './review-data';
import { buyerEmail } from './seed-reviews';

export const DEMO_ORDER_BUYERS = 12;
/** Demo orders only use products 1..this. */
export const DEMO_ORDER_MAX_PRODUCT = 60;
const DAY_MS = 86_400_000;
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CITIES = [
  { city: 'Casablanca', state: 'Casablanca-Settat', postal_code: '20250' },
  { city: 'Rabat', state: 'Rabat-Salé-Kénitra', postal_code: '10000' },
  { city: 'Fès', state: 'Fès-Meknès', postal_code: '30000' },
  { city: 'Marrakech', state: 'Marrakech-Safi', postal_code: '40000' },
] as const;

/** The statuses of buyer n's orders, oldest first; each buyer has a delivered one. */
function plan(n: number): OrderStatus[] {
  switch (n % 3) {
    case 0:
      return ['delivered', 'shipped'];
    case 1:
      return ['delivered', 'processing', 'pending'];
    default:
      return ['delivered', 'cancelled'];
  }
}

/** The path an order took to reach `status`. */
function pathTo(status: OrderStatus): OrderStatus[] {
  if (status === 'cancelled') return ['pending', 'cancelled'];
  const steps: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];
  return steps.slice(0, steps.indexOf(status) + 1);
}

const STEP_DAYS: Record<OrderStatus, number> = { pending: 0, processing: 1, shipped: 2, delivered: 5, cancelled: 0.1, returned: 8 };

interface Sellable {
  productId: number;
  variantId: number;
  shopId: number;
  unitPrice: number;
  name: string;
  name_ar: string;
  image: string;
  size: string;
  color: string;
  fabric: string;
}

async function sellables(tx: Tx): Promise<Map<number, Sellable>> {
  const rows = await tx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id as variantId', 'v.product_id as productId', 'v.price_cents as variantCents', 'v.size', 'v.color', 'v.fabric'])
    .select(['p.price_cents', 'p.effective_cents', 'p.shop_id', 'p.name', 'p.name_ar', 'p.images_json'])
    .where('p.deleted', '=', 0)
    .where('p.id', '<=', DEMO_ORDER_MAX_PRODUCT)
    .orderBy('v.id')
    .execute();
  const byProduct = new Map<number, Sellable>();
  for (const r of rows) {
    const productId = Number(r.productId);
    if (byProduct.has(productId)) continue;
    let image = '';
    try {
      const images: unknown = JSON.parse(r.images_json);
      if (Array.isArray(images) && typeof images[0] === 'string') image = images[0];
    } catch {
      // no picture
    }
    byProduct.set(productId, {
      productId,
      variantId: Number(r.variantId),
      shopId: Number(r.shop_id),
      unitPrice: unitPriceOf({ price: fromCentimes(Number(r.price_cents)), effective_price: fromCentimes(Number(r.effective_cents)) }, { price: fromCentimes(Number(r.variantCents)) }),
      name: r.name,
      name_ar: r.name_ar,
      image,
      size: r.size,
      color: r.color,
      fabric: r.fabric,
    });
  }
  return byProduct;
}

function code(rng: Prng, chars: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += chars[rng.int(0, chars.length - 1)];
  return out;
}

function orderNumber(rng: Prng, at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `SK-${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${code(rng, CODE_CHARS, 6)}`;
}

/** Inserts the demo orders that are missing; returns how many orders the demo buyers have now. */
export async function seedDemoOrders(db: Database): Promise<number> {
  const changes: CollectionChange[] = [];
  const total = await writeTransaction(db, ['products', 'reviews', 'orders'], async (tx) => {
    changes.length = 0; // a deadlock victim runs again (writeTransaction)
    const products = await sellables(tx);
    if (products.size === 0) return 0;
    const productIds = [...products.keys()].sort((a, b) => a - b);
    const clock = await replicationClock(tx, 'orders');
    let count = 0;
    for (let n = 1; n <= Math.min(DEMO_ORDER_BUYERS, BUYERS.length); n++) {
      const user = await tx.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('email', '=', buyerEmail(n)).executeTakeFirst();
      if (!user) continue;
      const userId = Number(user.id);
      const rng = createPrng(hashString(`orders:${n}`));
      const reviewed = (
        await tx
          .selectFrom('reviews')
          .select('product_id')
          .where('user_id', '=', userId)
          .where('deleted', '=', 0)
          .where('product_id', '<=', DEMO_ORDER_MAX_PRODUCT)
          .orderBy('product_id')
          .execute()
      )
        .map((r) => Number(r.product_id))
        .filter((id) => products.has(id));
      const city = rng.pick(CITIES);
      const shipping: ShippingInfo = {
        first_name: user.first_name || 'Souk',
        last_name: user.last_name || 'Buyer',
        email: user.email,
        phone: `+2126${String(10_000_000 + n * 7919).slice(-8)}`,
        street: `${rng.int(1, 200)} Rue ${rng.pick(['Tarik Ibn Ziad', 'Moulay Youssef', 'Allal El Fassi', 'Ibn Sina'])}`,
        apartment: rng.chance(0.4) ? `Apt ${rng.int(1, 40)}` : '',
        ...city,
        country: 'MA',
      };
      const statuses = plan(n);
      let daysAgo = rng.int(40, 90);
      for (const [k, status] of statuses.entries()) {
        const ref = `seed-order-${n}-${k + 1}`;
        // Delivered: products they reviewed (so the badge shows), else any; the others: any product.
        const wanted = status === 'delivered' && reviewed.length > 0 ? reviewed.slice(0, 2) : rng.sample(productIds, Math.min(productIds.length, rng.int(1, 2)));
        const lines = wanted.flatMap((id) => {
          const p = products.get(id);
          return p ? [{ p, quantity: rng.int(1, 2) }] : [];
        });
        const createdAt = SEED_EPOCH_MS - daysAgo * DAY_MS + rng.int(0, 12) * 3_600_000;
        daysAgo = Math.max(1, daysAgo - rng.int(8, 20));
        const number = orderNumber(rng, createdAt);
        const tracking = `SKT${code(rng, '0123456789', 10)}`;
        const exists = await tx.selectFrom('orders').select('id').where('user_id', '=', userId).where('client_ref', '=', ref).executeTakeFirst();
        if (exists || lines.length === 0) {
          if (exists) count += 1;
          continue;
        }
        const history = pathTo(status).map((s) => ({ status: s, at: createdAt + Math.round(STEP_DAYS[s] * DAY_MS) }));
        let payment: PaymentStatus = 'pending';
        for (const step of pathTo(status).slice(1)) payment = paymentAfterOrderMove(payment, step);
        const totals = totalsOf(
          lines.map((l) => ({ unitPrice: l.p.unitPrice, quantity: l.quantity })),
          'MA',
          null,
        );
        const updatedAt = clock.next();
        const inserted = await tx
          .insertInto('orders')
          .values({
            user_id: userId,
            client_ref: ref,
            order_number: number,
            status,
            payment_method: 'cod',
            payment_status: payment,
            shipping_json: JSON.stringify(shipping),
            country: 'MA',
            subtotal_cents: toCentimes(totals.subtotal),
            discount_cents: toCentimes(totals.discount_amount),
            shipping_cents: toCentimes(totals.shipping_amount),
            tax_cents: toCentimes(totals.tax_amount),
            total_cents: toCentimes(totals.total_amount),
            coupon_code: null,
            tracking_number: tracking,
            estimated_delivery: estimatedDeliveryOf(createdAt, 'MA'),
            history_json: JSON.stringify(history),
            created_at: createdAt,
            updated_at: updatedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('order_items')
          .values(
            lines.map((l, position) => ({
              order_id: Number(inserted.id),
              position,
              product_id: l.p.productId,
              variant_id: l.p.variantId,
              shop_id: l.p.shopId,
              name: l.p.name,
              name_ar: l.p.name_ar,
              image: l.p.image,
              color: l.p.color,
              size: l.p.size,
              fabric: l.p.fabric,
              quantity: l.quantity,
              unit_cents: toCentimes(l.p.unitPrice),
            })),
          )
          .execute();
        changes.push({ collection: 'orders', userId, checkpoint: { updatedAt, id: ref } });
        count += 1;
      }
      // Their reviews of delivered products become verified purchases (new rows now, or after a catalogue reset).
      const delivered = await tx
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.product_id')
        .distinct()
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'delivered')
        .execute();
      const verified = await markPurchasesVerified(
        tx,
        userId,
        delivered.map((d) => Number(d.product_id)),
        Date.now(),
      );
      if (verified) changes.push(verified);
    }
    return count;
  });
  for (const change of changes) db.changes.publish(change);
  return total;
}
