/**
 * Deterministic demo catalogue: categories, shops, products with variants,
 * demo buyers and their reviews (products' rating and review count computed
 * from those rows). Inserts in multi-row batches inside one write
 * transaction, so 50,000 products take seconds on SQLite.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { NewCategory, NewProduct, NewVariant } from '../db/schema';
import { writeTransaction, replicationClock, type Tx } from '../db/write-transaction';
import { categoryImageUrl, shopCoverUrl, shopLogoUrl } from '../media/urls';
import { DEMO_COUPONS, insertCoupons } from '../repositories/coupons';
import { recountCategories, recountShops } from '../repositories/denormalised-counts';
import { ratingX10Of } from '../repositories/review-rating';
import { slugify } from '../repositories/shop-reads';
import { insertShops, type ShopInsert } from '../repositories/shop-writes';
import { categoryNameColumns } from '../repositories/text-columns';
import { categoryNames, shopTexts } from './catalog-texts';
import { SUBCATEGORIES, TOP_CATEGORIES, type SubcategorySeed } from './category-data';
import { createPrng, type Prng } from './prng';
import { generateProduct, SEED_EPOCH_MS, type CategoryChoice, type ShopChoice } from './product-generator';
import { ensureDemoBuyers, generateReviews, type SeedReactionRow, type SeedReviewRow } from './seed-reviews';
import { seedDemoOrders } from './seed-orders';
import { seedDemoCommunity } from './seed-community';
import { seedDemoAdmin } from './seed-admin';
import { seedDemoSellers } from './seed-sellers';
import { seedDemoTailors } from './seed-tailors';
import { SHOPS } from './shop-data';

export const DEFAULT_SEED_PRODUCTS = 360;
const SEED = 20_251_001;
const DAY_MS = 86_400_000;
/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS_PER_STATEMENT = 30_000;

export interface SeedOptions {
  products?: number;
  /** Password of the demo seller accounts (SEED_SELLER_PASSWORD); null or absent: they have none. */
  sellerPassword?: string | null;
  /** Password of the demo admin admin@souk.test (SEED_ADMIN_PASSWORD); null or absent: none. */
  adminPassword?: string | null;
  /** scrypt cost of that password's hash (tests lower it). */
  scryptLog2N?: number;
}

export interface SeedResult {
  categories: number;
  shops: number;
  products: number;
  variants: number;
  /** Demo seller accounts created. */
  sellers: number;
  /** Demo buyer accounts (created or reused) and the reviews they wrote. */
  buyers: number;
  reviews: number;
}

export class SeedError extends Error {
  constructor(
    readonly code: 'SEED_NOT_EMPTY' | 'SEED_BAD_COUNT',
    message: string,
  ) {
    super(message);
  }
}

async function insertBatched<T extends object>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const perRow = Object.keys(first).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / perRow));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function categoryRows(updatedAt: number): { rows: NewCategory[]; subcategories: (CategoryChoice & SubcategorySeed)[] } {
  const rows: NewCategory[] = [];
  const topIds = new Map<string, number>();
  TOP_CATEGORIES.forEach((top, i) => {
    const id = i + 1;
    topIds.set(top.gender, id);
    rows.push({
      id,
      parent_id: null,
      gender: top.gender,
      slug: top.slug,
      ...categoryNameColumns(categoryNames(top.slug)),
      image: categoryImageUrl(top.slug),
      position: i,
      item_count: 0,
      updated_at: updatedAt + rows.length,
      deleted: 0,
    });
  });
  const subcategories: (CategoryChoice & SubcategorySeed)[] = [];
  const positions = new Map<string, number>();
  SUBCATEGORIES.forEach((sub, i) => {
    const id = TOP_CATEGORIES.length + i + 1;
    const position = positions.get(sub.gender) ?? 0;
    positions.set(sub.gender, position + 1);
    rows.push({
      id,
      parent_id: topIds.get(sub.gender) ?? null,
      gender: sub.gender,
      slug: sub.slug,
      ...categoryNameColumns(categoryNames(sub.slug)),
      image: categoryImageUrl(sub.slug),
      position,
      item_count: 0,
      updated_at: updatedAt + rows.length,
      deleted: 0,
    });
    subcategories.push({ ...sub, id });
  });
  return { rows, subcategories };
}

function shopRows(rng: Prng, updatedAt: number): ShopInsert[] {
  return SHOPS.map((s, i) => {
    const id = i + 1;
    const totalReviews = rng.int(12, 2400);
    const texts = shopTexts(s);
    return {
      id,
      slug: slugify(s.name),
      name: s.name,
      name_ar: s.name_ar,
      names: texts.names,
      descriptions: texts.descriptions,
      status: s.status,
      store_type: s.store_type,
      is_featured: s.is_featured ? 1 : 0,
      is_verified: s.is_verified ? 1 : 0,
      logo: shopLogoUrl(id),
      cover: shopCoverUrl(id),
      description: s.description,
      description_ar: s.description_ar,
      city: s.city,
      address: s.address,
      rating_x10: rng.int(36, 50),
      total_reviews: totalReviews,
      products_count: 0,
      followers: rng.int(40, 25_000),
      response_rate: rng.int(72, 100),
      response_time_hours: rng.int(1, 24),
      joined_at: SEED_EPOCH_MS - s.joinedDaysAgo * DAY_MS,
      updated_at: updatedAt + i,
      deleted: 0,
    };
  });
}

/** Cumulative weights for picking a subcategory in proportion to its weight. */
function weightedPicker<T extends { weight: number }>(items: readonly T[]): (rng: Prng) => T {
  const live = items.filter((i) => i.weight > 0);
  const total = live.reduce((sum, i) => sum + i.weight, 0);
  return (rng) => {
    let r = rng.next() * total;
    for (const item of live) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return live[live.length - 1] as T;
  };
}

async function isEmpty(tx: Tx): Promise<boolean> {
  const row = await tx
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const shops = await tx
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0 && Number(shops?.n ?? 0) === 0;
}

/** PostgreSQL identity columns do not advance on explicit ids: move them past the seeded rows. */
async function advanceIdentities(db: Database, tx: Tx): Promise<void> {
  if (db.dialect !== 'postgres') return;
  for (const table of ['categories', 'shops', 'products', 'product_variants', 'reviews'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      tx,
    );
  }
}

export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const count = options.products ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    throw new SeedError('SEED_BAD_COUNT', `products must be an integer between 0 and 1000000 (got ${count})`);
  }
  const result = await writeTransaction(db, ['categories', 'shops', 'products', 'reviews'], async (tx) => {
    const rng = createPrng(SEED); // here: a deadlock victim runs again (writeTransaction) and must draw the same
    if (!(await isEmpty(tx))) throw new SeedError('SEED_NOT_EMPTY', 'The catalogue is not empty; reset it first');

    const categoryClock = await replicationClock(tx, 'categories');
    const categories = categoryRows(categoryClock.reserve(TOP_CATEGORIES.length + SUBCATEGORIES.length));
    await tx.insertInto('categories').values(categories.rows).execute();

    const shopClock = await replicationClock(tx, 'shops');
    const shops = shopRows(rng, shopClock.reserve(SHOPS.length));
    await insertShops(tx, shops);

    // The suspended shop gets no products: its listings would be for sale from a closed shop.
    const activeShops: (ShopChoice & { kinds: readonly string[] })[] = SHOPS.flatMap((seed, i) =>
      seed.status === 'active' ? [{ id: i + 1, name: seed.name, name_ar: seed.name_ar, city: seed.city, kinds: seed.kinds }] : [],
    );
    const pickCategory = weightedPicker(categories.subcategories);
    const shopsByKind = new Map<string, ShopChoice[]>();
    for (const sub of categories.subcategories) {
      const sellers = activeShops.filter((s) => s.kinds.length === 0 || s.kinds.includes(sub.kind));
      shopsByKind.set(sub.kind, sellers.length > 0 ? sellers : activeShops);
    }

    const buyers = await ensureDemoBuyers(tx);
    const productClock = await replicationClock(tx, 'products');
    const firstUpdatedAt = productClock.reserve(count);
    const reviewClock = await replicationClock(tx, 'reviews');
    const chunk = 5_000;
    let variantId = 1;
    let variantsTotal = 0;
    let reviewId = 1;
    for (let start = 0; start < count; start += chunk) {
      const products: NewProduct[] = [];
      const variants: NewVariant[] = [];
      const reviews: SeedReviewRow[] = [];
      const reactions: SeedReactionRow[] = [];
      for (let i = start; i < Math.min(count, start + chunk); i++) {
        const category = pickCategory(rng);
        const shop = rng.pick(shopsByKind.get(category.kind) ?? activeShops);
        const generated = generateProduct(rng, i + 1, variantId, category, shop);
        generated.product.updated_at = firstUpdatedAt + i;
        variantId += generated.variants.length;
        const written = generateReviews(i + 1, generated.product.created_at, buyers, reviewId);
        reviewId += written.reviews.length;
        // The same numbers a review write would leave (recomputeProductRating).
        generated.product.rating_x10 = ratingX10Of(written.total, written.reviews.length);
        generated.product.reviews_count = written.reviews.length;
        for (const review of written.reviews) review.updated_at = reviewClock.next();
        products.push(generated.product);
        variants.push(...generated.variants);
        reviews.push(...written.reviews);
        reactions.push(...written.reactions);
      }
      await insertBatched(products, (batch) => tx.insertInto('products').values(batch).execute());
      await insertBatched(variants, (batch) => tx.insertInto('product_variants').values(batch).execute());
      await insertBatched(reviews, (batch) => tx.insertInto('reviews').values(batch).execute());
      await insertBatched(reactions, (batch) => tx.insertInto('review_reactions').values(batch).execute());
      variantsTotal += variants.length;
    }

    await recountCategories(tx, categoryClock);
    await recountShops(tx, shopClock);
    await advanceIdentities(db, tx);
    return {
      categories: categories.rows.length,
      shops: shops.length,
      products: count,
      variants: variantsTotal,
      sellers: 0,
      buyers: buyers.length,
      reviews: reviewId - 1,
    };
  });
  for (const collection of ['categories', 'shops', 'products', 'reviews'] as const) {
    const last = await db.kysely
      .selectFrom(collection)
      .select(['id', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) db.changes.publish({ collection, checkpoint: { updatedAt: last.updated_at, id: String(last.id) } });
  }
  const sellers = await seedDemoSellers(db, { password: options.sellerPassword, scryptLog2N: options.scryptLog2N });
  // The demo operator (seed-admin.ts).
  await seedDemoAdmin(db, { password: options.adminPassword, scryptLog2N: options.scryptLog2N });
  // The contract's demo coupons (docs/COMMERCE.md); codes already there are kept.
  await insertCoupons(db, DEMO_COUPONS, Date.now());
  // A few orders of the first demo buyers (some delivered: their reviews of those products become verified).
  await seedDemoOrders(db);
  // A few community requests of the first demo buyers, answered by verified demo shops (docs/COMMUNITY.md).
  await seedDemoCommunity(db);
  // The tailoring services' tailors and their reviews (docs/TAILORING.md).
  await seedDemoTailors(db);
  await settleAfterBulkLoad(db);
  return { ...result, sellers };
}

/**
 * PostgreSQL after a bulk load: VACUUM sets the visibility map, so counts and listings are answered by
 * index-only scans instead of visiting every row (the load bench's profile: an unfiltered listing's count
 * of 20,000 freshly seeded products took 64 ms a call and half the database's time), and ANALYZE gives the
 * planner the tables' statistics. Autovacuum would get there eventually; a just-seeded marketplace is used at once.
 * VACUUM marks a page all-visible only when its rows' inserting transactions are hinted committed, and a
 * transaction committed with synchronous_commit off cannot be hinted until the WAL writer has flushed its
 * commit record (within wal_writer_delay): it waits for that first, or on such a server the pages would
 * stay unmarked, depending on timing.
 */
async function settleAfterBulkLoad(db: Database): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await waitForWalFlush(db);
  await sql`vacuum (analyze) categories, shops, products, product_variants, reviews, review_reactions`.execute(db.kysely);
}

const WAL_FLUSH_POLL_MS = 20;
const WAL_FLUSH_WAIT_MS = 5_000;

/**
 * Waits until the WAL written so far is flushed (at once with synchronous commits). A transaction
 * cannot force it: one that wrote nothing but its commit record commits asynchronously whatever its
 * synchronous_commit, and CHECKPOINT needs a superuser. Gives up after 5 s: the vacuum still
 * helps, and autovacuum marks the rest later.
 */
async function waitForWalFlush(db: Database): Promise<void> {
  const target = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db.kysely);
  const lsn = target.rows[0]?.lsn;
  if (lsn === undefined) return;
  const deadline = Date.now() + WAL_FLUSH_WAIT_MS;
  for (;;) {
    const flushed = await sql<{ done: boolean }>`select pg_current_wal_flush_lsn() >= ${lsn}::pg_lsn as done`.execute(db.kysely);
    if (flushed.rows[0]?.done === true || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, WAL_FLUSH_POLL_MS));
  }
}

/**
 * Empties the catalogue tables and what hangs off them: reviews (with their
 * reactions and images), shop follows, cart lines and wishlists. Accounts stay. Demo resets only:
 * clients that already synced keep stale copies.
 */
export async function resetCatalog(db: Database): Promise<void> {
  await writeTransaction(db, ['categories', 'shops', 'products', 'reviews'], async (tx) => {
    await tx.deleteFrom('review_reactions').execute();
    await tx.deleteFrom('review_images').execute();
    await tx.deleteFrom('reviews').execute();
    await tx.deleteFrom('follows').execute();
    await tx.deleteFrom('cart_items').execute();
    await tx.deleteFrom('wishlist_items').execute();
    await tx.deleteFrom('product_variants').execute();
    await tx.deleteFrom('products').execute();
    await tx.deleteFrom('shops').execute();
    await tx.deleteFrom('categories').execute();
  });
}
