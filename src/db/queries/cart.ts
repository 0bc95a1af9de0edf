/**
 * The cart the UI sees (DataQuery 'cart'): the local lines (optimistic changes applied), which of them
 * have a change queued, the coupon from cart-meta, the totals of src/domain/commerce.ts for the country and
 * the shipping method, and the server's last answer.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { DEFAULT_CART_COUNTRY, shippingMethodsFor, totalsOf, type ShippingMethod } from '../../domain/commerce';
import type { LocalCart, LocalCartLine } from '../../workers/data-api';
import { plainLine, readCartMeta, watchCartMeta, type CartMeta } from '../cart';
import type { CartLineDoc } from '../cart-line';
import type { SoukDatabase } from '../database';
import { CART_KINDS, SEND_STATES } from '../outbox';
import type { OutboxEntry } from '../outbox-entry';
import { distinctResults } from './live';

const LINE_KINDS = ['cart_add', 'cart_set', 'cart_remove'];

function unsettledCartEntries(db: SoukDatabase) {
  return db.outbox.find({ selector: { kind: { $in: [...CART_KINDS] }, state: { $in: [...SEND_STATES] } }, sort: [{ createdAt: 'asc' }] });
}

function linesQuery(db: SoukDatabase) {
  return db.cart_items.find({ selector: {}, sort: [{ id: 'asc' }] });
}

/** The method the totals are for: the one asked when the country offers it, else standard (express is Morocco's). */
function offeredMethod(country: string, method: ShippingMethod): ShippingMethod {
  return shippingMethodsFor(country).includes(method) ? method : 'standard';
}

export function cartView(
  lines: readonly CartLineDoc[],
  entries: readonly OutboxEntry[],
  meta: CartMeta,
  country = DEFAULT_CART_COUNTRY,
  method: ShippingMethod = 'standard',
): LocalCart {
  const shipping_method = offeredMethod(country, method);
  const pendingLines = new Set(entries.filter((e) => LINE_KINDS.includes(e.kind)).map((e) => `v${e.target}`));
  const ordered: LocalCartLine[] = [...lines]
    .sort((a, b) => a.added_at - b.added_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((l) => ({ ...l, pending: pendingLines.has(l.id) }));
  return {
    lines: ordered,
    coupon: meta.coupon,
    coupon_code: meta.coupon_code,
    totals: totalsOf(
      ordered.map((l) => ({ unitPrice: l.unit_price, quantity: l.quantity })),
      country,
      meta.coupon,
      shipping_method,
    ),
    country,
    shipping_method,
    server: meta.server,
    pending: entries.length > 0,
  };
}

export async function findCart(db: SoukDatabase, country?: string, method?: ShippingMethod): Promise<LocalCart> {
  const [lines, entries, meta] = await Promise.all([linesQuery(db).exec(), unsettledCartEntries(db).exec(), readCartMeta(db)]);
  return cartView(lines.map(plainLine), entries.map((e) => e.toMutableJSON()), meta, country, method);
}

export function watchCart(db: SoukDatabase, country?: string, method?: ShippingMethod): Observable<LocalCart> {
  return combineLatest([linesQuery(db).$, unsettledCartEntries(db).$, watchCartMeta(db)]).pipe(
    map(([lines, entries, meta]) => cartView(lines.map(plainLine), entries.map((e) => e.toMutableJSON()), meta, country, method)),
    distinctResults(),
  );
}
