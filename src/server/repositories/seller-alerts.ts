/**
 * The seller's alerts in the database (docs/SELLERS.md "Alerts"): rows of `notifications` (0011) for a shop's
 * owner, of the seller kinds (src/domain/seller-alerts.ts); the low-stock marks (0025) that make a low-stock
 * alert once per crossing; and the reads the alerts are made from. Every write here runs after the write that
 * raised the alert has committed (src/server/alerts/seller-alerts.ts), so none of them can fail that write.
 */
import type { Kysely } from 'kysely';
import { textIn, type LocalizedText } from '../../domain/catalog-text';
import { SELLER_ALERT_KINDS, isSellerAlertKind, type SellerAlert, type SellerAlertKind } from '../../domain/seller-alerts';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { textsOf } from './text-columns';

export interface ShopOwner {
  shopId: number;
  userId: number;
  language: string;
}

/** The owners of live shops among `shopIds` (a shop without an owner has no one to tell). */
export async function shopOwners(db: Kysely<DB>, shopIds: readonly number[]): Promise<ShopOwner[]> {
  if (shopIds.length === 0) return [];
  const rows = await db
    .selectFrom('shops')
    .innerJoin('users', 'users.id', 'shops.owner_user_id')
    .select(['shops.id as shop_id', 'users.id as user_id', 'users.language'])
    .where('shops.id', 'in', [...new Set(shopIds)])
    .where('shops.deleted', '=', 0)
    .execute();
  return rows.map((r) => ({ shopId: Number(r.shop_id), userId: Number(r.user_id), language: r.language }));
}

export interface NewAlert {
  userId: number;
  kind: SellerAlertKind;
  title: string;
  body: string;
  data: Record<string, string>;
}

export async function insertAlerts(db: Kysely<DB>, alerts: readonly NewAlert[], now: number): Promise<void> {
  if (alerts.length === 0) return;
  await db
    .insertInto('notifications')
    .values(alerts.map((a) => ({ user_id: a.userId, kind: a.kind, title: a.title, body: a.body, data_json: JSON.stringify(a.data), created_at: now, read_at: null })))
    .execute();
}

/** The stock of each variant of these products, or of every product of the shop this user owns. */
export async function variantStocks(db: Kysely<DB>, of: { productIds: readonly number[] } | { ownerUserId: number }): Promise<Map<number, number>> {
  let query = db.selectFrom('product_variants').innerJoin('products', 'products.id', 'product_variants.product_id').select(['product_variants.id', 'product_variants.stock']);
  if ('productIds' in of) {
    if (of.productIds.length === 0) return new Map();
    query = query.where('products.id', 'in', [...of.productIds]);
  } else {
    query = query.innerJoin('shops', 'shops.id', 'products.shop_id').where('shops.owner_user_id', '=', of.ownerUserId);
  }
  const rows = await query.execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
}

export interface LowStockCrossing {
  shopId: number;
  productId: number;
  variantId: number;
  /** The product's names, read in the owner's language. */
  names: LocalizedText;
  variant: string;
  stock: number;
  threshold: number;
}

/**
 * The variants among `variantIds` that crossed to at or below their product's threshold, each returned once.
 * `before` gives a variant's stock before the write that called, from its stock now (null: unknown, e.g. a new
 * variant, or a restock: no alert). A crossing takes the variant's mark, and a second detector of the same
 * crossing finds it taken; a variant found above its threshold loses its mark (re-armed). Variants that no
 * longer exist are skipped.
 */
export async function lowStockCrossings(
  db: Database,
  variantIds: readonly number[],
  before: (variantId: number, stockNow: number) => number | null,
  now: number,
): Promise<LowStockCrossing[]> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.stock', 'v.size', 'v.color', 'v.fabric', 'p.id as product_id', 'p.shop_id', 'p.names_json', 'p.name', 'p.name_ar', 'p.low_stock_threshold'])
    .where('v.id', 'in', ids)
    .execute();
  const above = rows.filter((r) => Number(r.stock) > Number(r.low_stock_threshold)).map((r) => Number(r.id));
  if (above.length > 0) await db.kysely.deleteFrom('low_stock_marks').where('variant_id', 'in', above).execute();
  const crossings: LowStockCrossing[] = [];
  for (const r of rows) {
    const stock = Number(r.stock);
    const threshold = Number(r.low_stock_threshold);
    const was = before(Number(r.id), stock);
    if (stock > threshold || was === null || was <= threshold) continue;
    const taken = await db.kysely
      .insertInto('low_stock_marks')
      .values({ variant_id: Number(r.id), created_at: now })
      .onConflict((oc) => oc.column('variant_id').doNothing())
      .returning('variant_id')
      .executeTakeFirst();
    if (!taken) continue;
    crossings.push({
      shopId: Number(r.shop_id),
      productId: Number(r.product_id),
      variantId: Number(r.id),
      names: textsOf(r.names_json, r.name, r.name_ar),
      variant: `${r.size}, ${r.color}, ${r.fabric}`,
      stock,
      threshold,
    });
  }
  return crossings;
}

/** A product's name in `language` (fallback along the catalogue's chain). */
export function productNameIn(names: LocalizedText, language: string): string {
  return textIn(names, language);
}

/** The shop's decisions an alert is raised for, read before and after the operator's write. */
export interface ShopDecisionState {
  status: string;
  verified: boolean;
}

export async function shopDecisionState(db: Kysely<DB>, shopId: number): Promise<ShopDecisionState | null> {
  const row = await db.selectFrom('shops').select(['status', 'is_verified']).where('id', '=', shopId).executeTakeFirst();
  return row ? { status: row.status, verified: Number(row.is_verified) === 1 } : null;
}

export interface AlertPage {
  items: SellerAlert[];
  unread: number;
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

const KINDS = [...SELLER_ALERT_KINDS];

function parseData(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** The user's alerts, newest first, with how many are unread. */
export async function listAlerts(db: Kysely<DB>, userId: number, q: { page: number; perPage: number; unreadOnly: boolean }): Promise<AlertPage> {
  const base = () => {
    let query = db.selectFrom('notifications').where('user_id', '=', userId).where('kind', 'in', KINDS);
    if (q.unreadOnly) query = query.where('read_at', 'is', null);
    return query;
  };
  const [countRow, unreadRow] = await Promise.all([
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db.selectFrom('notifications').where('user_id', '=', userId).where('kind', 'in', KINDS).where('read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const total = Number(countRow?.n ?? 0);
  const rows = await base()
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  const items: SellerAlert[] = [];
  for (const r of rows) {
    if (!isSellerAlertKind(r.kind)) continue;
    items.push({ id: Number(r.id), kind: r.kind, title: r.title, body: r.body, data: parseData(r.data_json), created_at: Number(r.created_at), read: r.read_at !== null });
  }
  return { items, unread: Number(unreadRow?.n ?? 0), total, page: q.page, perPage: q.perPage, lastPage: Math.max(1, Math.ceil(total / q.perPage)) };
}

/** Marks the user's unread alerts read (these ids, or all): how many changed, and how many stay unread. */
export async function markAlertsRead(db: Kysely<DB>, userId: number, which: { ids: readonly number[] } | { all: true }, now: number): Promise<{ updated: number; unread: number }> {
  let update = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('kind', 'in', KINDS).where('read_at', 'is', null);
  if ('ids' in which) update = update.where('id', 'in', [...which.ids]);
  const result = await update.executeTakeFirst();
  const unreadRow = await db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('kind', 'in', KINDS)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows), unread: Number(unreadRow?.n ?? 0) };
}
