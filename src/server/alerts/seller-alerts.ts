/**
 * Raising the seller's alerts (docs/SELLERS.md "Alerts"): routes call these after the write that raises one
 * has committed. Each records the alert for the shop's owner (a `notifications` row, listed by
 * GET /api/seller/alerts) and pushes it (app.push, in the owner's language). None of them throws: an alert that
 * cannot be raised is logged, and the order, edit or decision that raised it stands. The push is not awaited
 * (the FCM sender may take a while; it never throws either).
 *
 * - a new order: one alert per shop with items in it (alertNewOrder);
 * - a variant reaching its product's low-stock threshold, once per crossing, after an order, a seller's edit or
 *   a CSV import (alertLowStock, with stocksBefore read before the edit);
 * - the operator deciding the shop's status or verification (alertShopDecision);
 * - a custom request in the shop's categories: made by the community's writes already (kind community_post).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { OrderDoc } from '../../domain/commerce-schemas';
import { sellerAlertPath, type SellerAlertKind } from '../../domain/seller-alerts';
import type { NewAlert, ShopDecisionState } from '../repositories/seller-alerts';
import { alertLanguage, lowStockText, newOrderText, shopDecisionText, type ShopDecision } from './seller-alert-texts';

/** Records the alerts, then pushes each to its user (not awaited). */
async function raise(app: FastifyInstance, log: FastifyBaseLogger, alerts: readonly NewAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  await app.repos.sellerAlerts.insert(alerts, app.authOptions.now());
  for (const alert of alerts) {
    app.push
      .notify([alert.userId], { title: alert.title, body: alert.body, data: alert.data })
      .catch((error: unknown) => log.error({ err: error }, 'seller alert push failed'));
  }
}

function dataOf(kind: SellerAlertKind, fields: Record<string, string>): Record<string, string> {
  return { ...fields, kind, url: sellerAlertPath(kind, fields) };
}

async function guarded(log: FastifyBaseLogger, what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    log.error({ err: error }, `seller alert (${what}) failed`);
  }
}

/** The stock of the variants a seller's write may change, read before it; null when it cannot be read. */
export async function stocksBefore(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  of: { productIds: readonly number[] } | { ownerUserId: number },
): Promise<Map<number, number> | null> {
  try {
    return await app.repos.sellerAlerts.variantStocks(of);
  } catch (error) {
    log.error({ err: error }, 'seller alert (stock before) failed');
    return null;
  }
}

/**
 * Low-stock alerts for the variants in `before` (a seller's edit or import: their stock before it) or of an
 * order (`ordered`: the quantities it took; `restocked`: put back, which only re-arms).
 */
export function alertLowStock(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  change: { before: ReadonlyMap<number, number> | null } | { ordered: readonly { variant_id: number; quantity: number }[] } | { restocked: readonly number[] },
): Promise<void> {
  return guarded(log, 'low stock', async () => {
    let ids: number[];
    let beforeOf: (variantId: number, stockNow: number) => number | null;
    if ('before' in change) {
      if (change.before === null) return;
      const before = change.before;
      ids = [...before.keys()];
      beforeOf = (id) => before.get(id) ?? null;
    } else if ('ordered' in change) {
      const taken = new Map<number, number>();
      for (const item of change.ordered) taken.set(item.variant_id, (taken.get(item.variant_id) ?? 0) + item.quantity);
      ids = [...taken.keys()];
      beforeOf = (id, now) => now + (taken.get(id) ?? 0);
    } else {
      ids = [...change.restocked];
      beforeOf = () => null;
    }
    const crossings = await app.repos.sellerAlerts.lowStockCrossings(ids, beforeOf, app.authOptions.now());
    if (crossings.length === 0) return;
    const owners = await app.repos.sellerAlerts.owners(crossings.map((c) => c.shopId));
    const alerts: NewAlert[] = [];
    for (const crossing of crossings) {
      for (const owner of owners.filter((o) => o.shopId === crossing.shopId)) {
        const language = alertLanguage(owner.language);
        const name = app.repos.sellerAlerts.productName(crossing.names, language);
        alerts.push({
          userId: owner.userId,
          kind: 'low_stock',
          ...lowStockText(language, name, crossing.variant, crossing.stock),
          data: dataOf('low_stock', {
            product_id: String(crossing.productId),
            variant_id: String(crossing.variantId),
            stock: String(crossing.stock),
            threshold: String(crossing.threshold),
            product_name: name,
          }),
        });
      }
    }
    await raise(app, log, alerts);
  });
}

/** A new order: its shops' owners are told (one alert per shop), then its low-stock crossings. */
export function alertNewOrder(app: FastifyInstance, log: FastifyBaseLogger, order: OrderDoc): Promise<void> {
  return guarded(log, 'new order', async () => {
    const perShop = new Map<number, number>();
    for (const item of order.items) perShop.set(item.store_id, (perShop.get(item.store_id) ?? 0) + item.quantity);
    const owners = await app.repos.sellerAlerts.owners([...perShop.keys()]);
    await raise(
      app,
      log,
      owners.map((owner) => ({
        userId: owner.userId,
        kind: 'new_order',
        ...newOrderText(alertLanguage(owner.language), order.order_number, perShop.get(owner.shopId) ?? 0),
        data: dataOf('new_order', { order_id: String(order.order_id), order_number: order.order_number, shop_id: String(owner.shopId) }),
      })),
    );
  }).then(() => alertLowStock(app, log, { ordered: order.items }));
}

/** The shop's status and verification before the operator's write (null: unknown, nothing is raised). */
export async function shopStateBefore(app: FastifyInstance, log: FastifyBaseLogger, shopId: number): Promise<ShopDecisionState | null> {
  try {
    return await app.repos.sellerAlerts.shopState(shopId);
  } catch (error) {
    log.error({ err: error }, 'seller alert (shop state) failed');
    return null;
  }
}

/** The operator's decision on a shop: an alert per change (status to active or suspended, verification). */
export function alertShopDecision(app: FastifyInstance, log: FastifyBaseLogger, shopId: number, before: ShopDecisionState | null): Promise<void> {
  return guarded(log, 'shop decision', async () => {
    if (before === null) return;
    const after = await app.repos.sellerAlerts.shopState(shopId);
    if (after === null) return;
    const decisions: ShopDecision[] = [];
    if (after.status !== before.status && (after.status === 'active' || after.status === 'suspended')) decisions.push(after.status);
    if (after.verified !== before.verified) decisions.push(after.verified ? 'verified' : 'unverified');
    if (decisions.length === 0) return;
    const owners = await app.repos.sellerAlerts.owners([shopId]);
    const alerts: NewAlert[] = [];
    for (const owner of owners) {
      for (const decision of decisions) {
        alerts.push({
          userId: owner.userId,
          kind: 'shop_status',
          ...shopDecisionText(alertLanguage(owner.language), decision),
          data: dataOf('shop_status', { shop_id: String(shopId), decision, status: after.status, verified: after.verified ? 'true' : 'false' }),
        });
      }
    }
    await raise(app, log, alerts);
  });
}
