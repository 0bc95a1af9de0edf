/**
 * The seller's write model of their own shop's products (issue 23, docs/SELLERS.md "Products", "Variants"):
 * create, edit, unpublish, and a variant's stock and price, added or removed. Every write works on the product's
 * whole next state (nextState below) and writes it through writeState, which derives every stored column from it
 * the way the seed and product-writes.ts do — texts through text-columns.ts (names_json, search_text, the spec's
 * pair), the price fields, the facet masks (facets.ts), stock_quantity and in_stock, the gender of the category —
 * and `deleted`, which 0020 derives from published and the shop's status. A write that changes nothing stamps
 * nothing (an export imported again is a no-op). Each write is one transaction holding the clocks of the tables
 * it stamps; the product's updated_at is bumped and the changes are announced after COMMIT, so sync pulls and the
 * live stream carry them, and the shop's products_count and categories' item_count are recounted when a product
 * enters or leaves the public catalogue or changes category.
 *
 * Another shop's product is "not found" (null), like a missing one: a seller learns nothing about other shops.
 * SKUs are unique across Souk (products.sku and product_variants.sku are unique columns), so a SKU another shop
 * uses is refused too, with the same message as one of the seller's own.
 */
import { randomBytes } from 'node:crypto';
import type { Color, Fabric, Size } from '../../domain/catalog';
import { discountPercent } from '../../domain/catalog';
import { fromCentimes } from '../../domain/money';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  defaultVariantSku,
  variantKey,
  type SellerProductInput,
  type SellerProductPatch,
  type SellerTextsInput,
  type SellerVariantInput,
} from '../../domain/seller-product';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { lockProductRows, replicationClock, writeTransaction, type ReplicationClock, type Tx } from '../db/write-transaction';
import { resolveTexts } from '../http/catalog-texts-body';
import { recountCategories, recountShops } from './denormalised-counts';
import { facetMask } from './facets';
import { MAX_CENTS } from './price-bounds';
import { readProductDoc } from './product-reads';
import { isPublic } from './product-visibility';
import type { ProductDocWithFlag } from './product-docs';
import { descriptionColumns, nameColumns, parseTexts, textsOf } from './text-columns';

/** A refusal the seller can fix: 422 naming the field (`variants.2.sku`), or a missing thing. */
export class SellerProductError extends Error {
  constructor(
    readonly code: 'INVALID' | 'VARIANT_NOT_FOUND' | 'LAST_VARIANT' | 'VARIANT_EXISTS' | 'TOO_MANY_IMAGES' | 'IMAGE_NOT_FOUND' | 'IMAGE_ORDER' | 'MODERATED',
    readonly field: string = '',
    message: string = code,
  ) {
    super(message);
  }
}

const invalid = (field: string, message: string) => new SellerProductError('INVALID', field, message);
export const SKU_TAKEN_MESSAGE = 'The sku has already been taken.';
export const CATEGORY_MESSAGE = 'The selected category id is invalid.';
export const DISCOUNT_MESSAGE = 'The discount price must be less than the price.';

/** PRODUCT_MODERATED's text with the operator's reason (products.moderation_reason). */
export const moderatedMessage = (reason: string) => `This product was unpublished by Souk: ${reason.trim().replace(/\.+$/, '')}. Contact support to publish it again.`;

/**
 * Issue 24: a product the operator unpublished (moderation_reason set) stays unpublished until the operator
 * publishes it again (moderation.ts moderateProduct clears the reason); the seller's published: true is refused.
 */
async function checkNotModerated(tx: Tx, productId: number, state: ProductState): Promise<void> {
  if (!state.published) return;
  const row = await tx.selectFrom('products').select('moderation_reason').where('id', '=', productId).executeTakeFirst();
  const reason = row?.moderation_reason ?? null;
  if (reason !== null) throw new SellerProductError('MODERATED', 'published', moderatedMessage(reason));
}

/** The seller's view of a product: its document and the fields only its seller sees. */
export interface SellerProductDoc {
  doc: ProductDocWithFlag;
  published: boolean;
  lowStockThreshold: number;
  /** Issue 24: why the operator unpublished it (products.moderation_reason), null otherwise. */
  moderationReason?: string | null;
}

export interface SellerShop {
  id: number;
  status: string;
  city: string;
}

/** A variant of a state: with its id when it exists. */
export interface StateVariant extends SellerVariantInput {
  id?: number;
  sku: string;
  priceCents: number;
}

/** A product's whole state as a seller sees it; what writeState writes. */
export interface ProductState extends Omit<SellerProductInput, 'variants' | 'names' | 'descriptions' | 'sku'> {
  sku: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  images: string[];
  variants: StateVariant[];
}

const PRODUCT_STATE_COLUMNS = [
  'id',
  'shop_id',
  'category_id',
  'sku',
  'name',
  'name_ar',
  'names_json',
  'description',
  'description_ar',
  'descriptions_json',
  'price_cents',
  'discount_cents',
  'handmade',
  'customizable',
  'express',
  'made_in',
  'shipping_from',
  'low_stock_threshold',
  'published',
  'images_json',
  'deleted',
] as const;

export interface CurrentProduct {
  id: number;
  state: ProductState;
  deleted: number;
}

function parseImages(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The live shop the seller owns (pending and suspended shops too: their seller still prepares them), or null. */
export async function ownShop(tx: Tx, userId: number): Promise<SellerShop | null> {
  const row = await tx
    .selectFrom('shops')
    .select(['id', 'status', 'city'])
    .where('owner_user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}

/** The shop's product `id` with its variants, or null (another shop's product too). */
export async function loadProduct(tx: Tx, shopId: number, id: number): Promise<CurrentProduct | null> {
  const row = await selectProductState(tx).where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  if (!row) return null;
  const variants = await tx
    .selectFrom('product_variants')
    .select(VARIANT_STATE_COLUMNS)
    .where('product_id', '=', id)
    .orderBy('id')
    .execute();
  return { id: row.id, deleted: row.deleted, state: productStateOf(row, variants) };
}

/** What loadProduct and the CSV export read of a variant. */
export const VARIANT_STATE_COLUMNS = ['id', 'sku', 'size', 'color', 'fabric', 'price_cents', 'stock'] as const;
type ProductStateRow = Awaited<ReturnType<ReturnType<typeof selectProductState>['executeTakeFirstOrThrow']>>;
type VariantStateRow = { id: number; sku: string; size: string; color: string; fabric: string; price_cents: number; stock: number };

/** The product columns loadProduct and the CSV export read. */
export function selectProductState(tx: Tx) {
  return tx.selectFrom('products').select(PRODUCT_STATE_COLUMNS);
}

/** A product's rows as the write model's state (the one mapping, for writes and the CSV export alike). */
export function productStateOf(row: ProductStateRow, variants: readonly VariantStateRow[]): CurrentProduct['state'] {
  return {
      sku: row.sku,
      names: textsOf(row.names_json, row.name, row.name_ar),
      descriptions: textsOf(row.descriptions_json, row.description, row.description_ar),
      categoryId: row.category_id,
      priceCents: row.price_cents,
      discountCents: row.discount_cents,
      handmade: row.handmade === 1,
      customizable: row.customizable === 1,
      express: row.express === 1,
      madeIn: row.made_in,
      shippingFrom: row.shipping_from,
      lowStockThreshold: row.low_stock_threshold,
      published: row.published === 1,
      images: parseImages(row.images_json),
      variants: variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        size: v.size as Size,
        color: v.color as Color,
        fabric: v.fabric as Fabric,
        priceCents: v.price_cents,
        stock: v.stock,
      })),
  };
}

const resolved = (current: Record<string, string>, write: SellerTextsInput | undefined) => (write === undefined ? current : resolveTexts(current, write));

/**
 * The state a patch leaves. `variants`, when given, is the whole new list: a variant with the size × colour ×
 * fabric of an existing one keeps its id (orders and carts name it), its SKU unless a new one is given, and
 * takes the product's price when it gives none. A new product price without new variants moves every variant's
 * price by the same amount (as product-writes.ts does).
 */
export function nextState(current: ProductState | null, patch: SellerProductPatch, shop: SellerShop, sku: string): ProductState {
  const base: ProductState = current ?? {
    sku,
    names: {},
    descriptions: {},
    categoryId: 0,
    priceCents: 0,
    discountCents: null,
    handmade: false,
    customizable: false,
    express: false,
    madeIn: 'Morocco',
    shippingFrom: shop.city === '' ? 'Morocco' : `${shop.city}, Morocco`,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    published: true,
    images: [],
    variants: [],
  };
  const next: ProductState = {
    ...base,
    sku: patch.sku ?? base.sku,
    names: resolved(base.names, patch.names),
    descriptions: resolved(base.descriptions, patch.descriptions),
    categoryId: patch.categoryId ?? base.categoryId,
    priceCents: patch.priceCents ?? base.priceCents,
    discountCents: patch.discountCents === undefined ? base.discountCents : patch.discountCents,
    handmade: patch.handmade ?? base.handmade,
    customizable: patch.customizable ?? base.customizable,
    express: patch.express ?? base.express,
    madeIn: patch.madeIn ?? base.madeIn,
    shippingFrom: patch.shippingFrom ?? base.shippingFrom,
    lowStockThreshold: patch.lowStockThreshold ?? base.lowStockThreshold,
    published: patch.published ?? base.published,
  };
  if (patch.variants !== undefined) {
    const byKey = new Map(base.variants.map((v) => [variantKey(v), v]));
    next.variants = patch.variants.map((v) => {
      const existing = byKey.get(variantKey(v));
      return {
        ...v,
        ...(existing?.id === undefined ? {} : { id: existing.id }),
        sku: v.sku ?? existing?.sku ?? defaultVariantSku(next.sku, v),
        priceCents: v.priceCents ?? next.priceCents,
      };
    });
  } else if (next.priceCents !== base.priceCents) {
    const delta = next.priceCents - base.priceCents;
    next.variants = base.variants.map((v) => ({ ...v, priceCents: Math.min(MAX_CENTS, Math.max(0, v.priceCents + delta)) }));
  }
  return next;
}

/** Checks what needs the database: the category, the discount, the SKUs. Throws the first refusal. */
async function checkState(tx: Tx, productId: number | null, state: ProductState): Promise<void> {
  const category = await tx
    .selectFrom('categories')
    .select(['gender', 'parent_id'])
    .where('id', '=', state.categoryId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!category || category.parent_id === null) throw invalid('category_id', CATEGORY_MESSAGE);
  if (state.discountCents !== null && state.discountCents >= state.priceCents) throw invalid('discount_price', DISCOUNT_MESSAGE);
  if (state.variants.length === 0) throw new SellerProductError('LAST_VARIANT', 'variants');
  let skuQuery = tx.selectFrom('products').select('id').where('sku', '=', state.sku);
  if (productId !== null) skuQuery = skuQuery.where('id', '<>', productId);
  if (await skuQuery.executeTakeFirst()) throw invalid('sku', SKU_TAKEN_MESSAGE);
  const skus = state.variants.map((v) => v.sku);
  const seen = new Set<string>();
  for (const [i, s] of skus.entries()) {
    if (seen.has(s)) throw invalid(`variants.${i}.sku`, SKU_TAKEN_MESSAGE);
    seen.add(s);
  }
  const keys = new Set<string>();
  for (const [i, v] of state.variants.entries()) {
    if (keys.has(variantKey(v))) throw new SellerProductError('VARIANT_EXISTS', `variants.${i}.size`);
    keys.add(variantKey(v));
  }
  for (let at = 0; at < skus.length; at += 500) {
    const chunk = skus.slice(at, at + 500);
    let q = tx.selectFrom('product_variants').select('sku').where('sku', 'in', chunk);
    if (productId !== null) q = q.where('product_id', '<>', productId);
    const taken = await q.executeTakeFirst();
    if (taken) throw invalid(`variants.${skus.indexOf(taken.sku)}.sku`, SKU_TAKEN_MESSAGE);
  }
}

/** The stored columns a state gives (all but ids, counts of reviews and sales, and stamps). */
function stateColumns(state: ProductState, gender: string, shop: SellerShop) {
  const stockQuantity = state.variants.reduce((sum, v) => sum + v.stock, 0);
  const discount = state.discountCents;
  return {
    category_id: state.categoryId,
    gender,
    sku: state.sku,
    ...nameColumns(state.names),
    ...descriptionColumns(state.descriptions),
    price_cents: state.priceCents,
    discount_cents: discount,
    effective_cents: discount ?? state.priceCents,
    has_discount: discount === null ? 0 : 1,
    discount_percent: discountPercent(fromCentimes(state.priceCents), discount === null ? null : fromCentimes(discount)),
    colors_mask: facetMask('colors', state.variants.map((v) => v.color)),
    sizes_mask: facetMask('sizes', state.variants.map((v) => v.size)),
    fabrics_mask: facetMask('fabrics', state.variants.map((v) => v.fabric)),
    stock_quantity: stockQuantity,
    in_stock: stockQuantity > 0 ? 1 : 0,
    handmade: state.handmade ? 1 : 0,
    customizable: state.customizable ? 1 : 0,
    express: state.express ? 1 : 0,
    images_json: JSON.stringify(state.images),
    made_in: state.madeIn,
    shipping_from: state.shippingFrom,
    low_stock_threshold: state.lowStockThreshold,
    published: state.published ? 1 : 0,
    // 0020: not public unless published and its shop is active (product-visibility.ts).
    deleted: isPublic(state.published ? 1 : 0, shop.status, 0) ? 0 : 1,
  } as const;
}

type StateColumns = ReturnType<typeof stateColumns>;

/** The clocks and changes of one write transaction (an import writes many products in one). */
export class WriteBatch {
  readonly changes: CollectionChange[] = [];
  private clock: ReplicationClock | null = null;
  /** Whether a product entered or left the public catalogue, or moved category: counts to redo. */
  recount = false;
  constructor(readonly shop: SellerShop) {}

  /** The next updated_at of a product. */
  async stamp(tx: Tx): Promise<number> {
    this.clock ??= await replicationClock(tx, 'products');
    return this.clock.next();
  }

  written(id: number, updatedAt: number): void {
    this.changes.push({ collection: 'products', checkpoint: { updatedAt, id: String(id) } });
  }

  /** Recounts when needed; the last change of each collection is what is announced. */
  async finish(tx: Tx): Promise<CollectionChange[]> {
    if (this.recount) {
      const categories = await recountCategories(tx, await replicationClock(tx, 'categories'));
      const shops = await recountShops(tx, await replicationClock(tx, 'shops'), [this.shop.id]);
      const lastCategory = categories[categories.length - 1];
      const lastShop = shops[shops.length - 1];
      if (lastCategory) this.changes.push({ collection: 'categories', checkpoint: { updatedAt: lastCategory.updatedAt, id: String(lastCategory.id) } });
      if (lastShop) this.changes.push({ collection: 'shops', checkpoint: { updatedAt: lastShop.updatedAt, id: String(lastShop.id) } });
    }
    const last = this.changes.filter((c) => c.collection === 'products').pop();
    return [...this.changes.filter((c) => c.collection !== 'products'), ...(last ? [last] : [])];
  }
}

/** Columns derived from the maps alone: equal maps give equal columns (a map's key order aside). */
const FROM_MAPS = new Set<string>(['name', 'name_ar', 'search_text', 'description', 'description_ar']);
const MAPS = new Set<string>(['names_json', 'descriptions_json']);

/** Whether the stored row already holds these columns; maps compare by their texts, not their JSON's key order. */
function sameColumns(a: StateColumns, b: Record<string, unknown>): boolean {
  return (Object.keys(a) as (keyof StateColumns)[]).every((k) => {
    if (FROM_MAPS.has(k)) return true;
    if (MAPS.has(k)) return JSON.stringify(parseTexts(String(a[k]))) === JSON.stringify(parseTexts(typeof b[k] === 'string' ? b[k] : ''));
    return a[k] === b[k];
  });
}

/**
 * Writes `state` over `current` (null: a new product): checks it, then writes only what differs. The product's id
 * and whether anything changed.
 */
export async function writeState(tx: Tx, batch: WriteBatch, current: CurrentProduct | null, state: ProductState, now: number): Promise<{ id: number; changed: boolean }> {
  if (current !== null) await checkNotModerated(tx, current.id, state);
  await checkState(tx, current?.id ?? null, state);
  const category = await tx.selectFrom('categories').select('gender').where('id', '=', state.categoryId).executeTakeFirstOrThrow();
  const columns = stateColumns(state, category.gender, batch.shop);
  let id: number;
  if (current === null) {
    const updatedAt = await batch.stamp(tx);
    const inserted = await tx
      .insertInto('products')
      .values({ shop_id: batch.shop.id, ...columns, rating_x10: 0, reviews_count: 0, sales_count: 0, created_at: now, updated_at: updatedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
    batch.written(id, updatedAt);
    await insertVariants(tx, id, state.variants);
    if (columns.deleted === 0) batch.recount = true;
    return { id, changed: true };
  }
  id = current.id;
  const row = await tx.selectFrom('products').select(Object.keys(columns) as (keyof StateColumns)[]).where('id', '=', id).executeTakeFirstOrThrow();
  const variantsChanged = await writeVariants(tx, id, current.state.variants, state.variants);
  if (!variantsChanged && sameColumns(columns, row)) return { id, changed: false };
  if (row.deleted !== columns.deleted || (row.category_id !== columns.category_id && columns.deleted === 0)) batch.recount = true;
  const updatedAt = await batch.stamp(tx);
  await tx.updateTable('products').set({ ...columns, updated_at: updatedAt }).where('id', '=', id).execute();
  batch.written(id, updatedAt);
  return { id, changed: true };
}

async function insertVariants(tx: Tx, productId: number, variants: readonly StateVariant[]): Promise<void> {
  for (let at = 0; at < variants.length; at += 200) {
    await tx
      .insertInto('product_variants')
      .values(
        variants.slice(at, at + 200).map((v) => ({ product_id: productId, sku: v.sku, size: v.size, color: v.color, fabric: v.fabric, price_cents: v.priceCents, stock: v.stock })),
      )
      .execute();
  }
}

/** Brings the product's variant rows from `before` to `after` (matched by id); whether any row changed. */
async function writeVariants(tx: Tx, productId: number, before: readonly StateVariant[], after: readonly StateVariant[]): Promise<boolean> {
  const kept = new Set(after.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const removed = before.filter((v) => v.id !== undefined && !kept.has(v.id)).map((v) => v.id as number);
  const byId = new Map(before.map((v) => [v.id, v]));
  const updated = after.filter((v) => {
    if (v.id === undefined) return false;
    const old = byId.get(v.id);
    return old !== undefined && (old.sku !== v.sku || old.priceCents !== v.priceCents || old.stock !== v.stock);
  });
  const added = after.filter((v) => v.id === undefined);
  if (removed.length > 0) await tx.deleteFrom('product_variants').where('id', 'in', removed).execute();
  // SKUs may swap between variants: free the changed ones first (the column is unique).
  const renamed = updated.filter((v) => byId.get(v.id)?.sku !== v.sku);
  for (const v of renamed) {
    await tx.updateTable('product_variants').set({ sku: `~${randomBytes(12).toString('hex')}` }).where('id', '=', v.id as number).execute();
  }
  for (const v of updated) {
    await tx.updateTable('product_variants').set({ sku: v.sku, price_cents: v.priceCents, stock: v.stock }).where('id', '=', v.id as number).execute();
  }
  await insertVariants(tx, productId, added);
  return removed.length > 0 || updated.length > 0 || added.length > 0;
}

/** A product SKU no product has yet: P{shop}-{random}. */
export async function freshProductSku(tx: Tx, shopId: number): Promise<string> {
  for (;;) {
    const sku = `P${shopId}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const taken = await tx.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst();
    if (!taken) return sku;
  }
}

/** The seller's view of product `id` as this transaction sees it. */
export async function readSellerProduct(tx: Tx, id: number): Promise<SellerProductDoc | null> {
  const doc = await readProductDoc(tx, id, { includeDeleted: true });
  if (!doc) return null;
  const row = await tx.selectFrom('products').select(['published', 'low_stock_threshold', 'moderation_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  return { doc, published: row.published === 1, lowStockThreshold: row.low_stock_threshold, moderationReason: row.moderation_reason };
}

/** Thrown when the user has no shop (a seller whose shop was removed). */
export class NoShopError extends Error {
  constructor() {
    super('no shop');
  }
}

/**
 * Runs `fn` in one write transaction over the seller's shop (products and the counts' clocks), then announces the
 * changes. `productIds`: rows locked first on PostgreSQL (lockProductRows).
 */
export async function sellerWrite<T>(
  db: Database,
  userId: number,
  productIds: readonly number[],
  fn: (tx: Tx, batch: WriteBatch) => Promise<T>,
): Promise<T> {
  let changes: CollectionChange[] = [];
  const result = await writeTransaction(
    db,
    ['categories', 'shops', 'products'],
    async (tx) => {
      const shop = await ownShop(tx, userId);
      if (!shop) throw new NoShopError();
      const batch = new WriteBatch(shop);
      const value = await fn(tx, batch);
      changes = await batch.finish(tx);
      return value;
    },
    { rowsFirst: (tx) => lockProductRows(db, tx, productIds) },
  );
  for (const change of changes) db.changes.publish(change);
  return result;
}

/** POST /api/seller/products: the new product as the seller sees it. */
export async function createSellerProduct(db: Database, userId: number, input: SellerProductPatch): Promise<SellerProductDoc> {
  return sellerWrite(db, userId, [], async (tx, batch) => {
    const sku = input.sku ?? (await freshProductSku(tx, batch.shop.id));
    const state = nextState(null, input, batch.shop, sku);
    const { id } = await writeState(tx, batch, null, state, Date.now());
    return (await readSellerProduct(tx, id)) as SellerProductDoc;
  });
}

/** Applies `change` to the shop's product `id`; null when the shop has no such product. */
export async function changeSellerProduct(
  db: Database,
  userId: number,
  id: number,
  change: (current: CurrentProduct, shop: SellerShop) => ProductState,
): Promise<SellerProductDoc | null> {
  return sellerWrite(db, userId, [id], async (tx, batch) => {
    const current = await loadProduct(tx, batch.shop.id, id);
    if (!current) return null;
    await writeState(tx, batch, current, change(current, batch.shop), Date.now());
    return readSellerProduct(tx, id);
  });
}

/** PATCH /api/seller/products/{id}. */
export const updateSellerProduct = (db: Database, userId: number, id: number, patch: SellerProductPatch) =>
  changeSellerProduct(db, userId, id, (current, shop) => nextState(current.state, patch, shop, current.state.sku));

/** DELETE /api/seller/products/{id}: published = 0 (orders keep their lines; the rows stay). Idempotent. */
export const unpublishSellerProduct = (db: Database, userId: number, id: number) =>
  changeSellerProduct(db, userId, id, (current) => ({ ...current.state, published: false }));

/** PATCH .../variants/{variantId}: stock and/or list price (null: the product's price). */
export const updateSellerVariant = (db: Database, userId: number, id: number, variantId: number, patch: { stock?: number; priceCents?: number | null }) =>
  changeSellerProduct(db, userId, id, (current) => {
    const state = current.state;
    if (!state.variants.some((v) => v.id === variantId)) throw new SellerProductError('VARIANT_NOT_FOUND');
    return {
      ...state,
      variants: state.variants.map((v) =>
        v.id !== variantId
          ? v
          : { ...v, stock: patch.stock ?? v.stock, priceCents: patch.priceCents === undefined ? v.priceCents : (patch.priceCents ?? state.priceCents) },
      ),
    };
  });

/** POST .../variants: a new size × colour × fabric (VARIANT_EXISTS when the product has it). */
export const addSellerVariant = (db: Database, userId: number, id: number, variant: SellerVariantInput) =>
  changeSellerProduct(db, userId, id, (current) => {
    const state = current.state;
    if (state.variants.some((v) => variantKey(v) === variantKey(variant))) throw new SellerProductError('VARIANT_EXISTS', 'size');
    return {
      ...state,
      variants: [...state.variants, { ...variant, sku: variant.sku ?? defaultVariantSku(state.sku, variant), priceCents: variant.priceCents ?? state.priceCents }],
    };
  });

/** DELETE .../variants/{variantId}: the last one cannot go (LAST_VARIANT). */
export const removeSellerVariant = (db: Database, userId: number, id: number, variantId: number) =>
  changeSellerProduct(db, userId, id, (current) => {
    const state = current.state;
    if (!state.variants.some((v) => v.id === variantId)) throw new SellerProductError('VARIANT_NOT_FOUND');
    if (state.variants.length === 1) throw new SellerProductError('LAST_VARIANT');
    return { ...state, variants: state.variants.filter((v) => v.id !== variantId) };
  });

/** GET /api/seller/products/{id}: the shop's product (published or not), or null. */
export async function findSellerProduct(db: Database, userId: number, id: number): Promise<SellerProductDoc | null> {
  const shop = await ownShop(db.kysely, userId);
  if (!shop) return null;
  const row = await db.kysely.selectFrom('products').select('id').where('id', '=', id).where('shop_id', '=', shop.id).executeTakeFirst();
  return row ? readSellerProduct(db.kysely, id) : null;
}
