/**
 * GET /api/products/all in SQL: the same filters and order as the reference
 * implementation runProductQuery (src/domain/product-query.ts). Tests compare
 * the two on many queries.
 */
import { expressionBuilder, sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { NormalizedProductQuery, Page, ProductDoc } from '../../domain/catalog';
import { isGender, SORT_KEYS, type SortField } from '../../domain/product-query';
import { searchTerms } from '../../domain/search';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import type { DB } from '../db/schema';
import { termFoundIn, termsFoundIn } from '../db/search-text';
import { facetMask } from './facets';
import { totalsKey, type ListingTotals } from './listing-totals';
import { maxCentsFor, minCentsFor } from './price-bounds';
import { PRODUCT_DOC_COLUMNS, toProductDocs } from './product-docs';

/** Filters only reference products (and a subquery on categories), so counting needs no join. */
type ListingEB = ExpressionBuilder<DB, 'products'>;

const SORT_COLUMNS = {
  created_at: 'products.created_at',
  effective_price: 'products.effective_cents',
  sales_count: 'products.sales_count',
  rating: 'products.rating_x10',
  reviews_count: 'products.reviews_count',
} as const satisfies Record<SortField, string>;

/** The listing's conditions, ANDed; the first, `deleted = 0`, is always there. */
function listingConditions(db: Database, q: NormalizedProductQuery): Expression<SqlBool>[] {
  const eb: ListingEB = expressionBuilder<DB, 'products'>();
  const and: Expression<SqlBool>[] = [eb('products.deleted', '=', 0)];
  if (q.category !== undefined) {
    and.push(
      isGender(q.category)
        ? eb('products.gender', '=', q.category)
        : // `=` a scalar subquery (slugs are unique), not `in`: the planner then treats the id as one
          // value, so the (category_id, deleted, <sort key>) index yields the page in order.
          eb(
            'products.category_id',
            '=',
            eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', q.category),
          ),
    );
  }
  if (q.gender !== undefined) and.push(eb('products.gender', '=', q.gender));
  if (q.shopId !== undefined) and.push(eb('products.shop_id', '=', q.shopId));
  const facets = [
    ['products.colors_mask', q.colors === undefined ? 0 : facetMask('colors', q.colors)],
    ['products.sizes_mask', q.sizes === undefined ? 0 : facetMask('sizes', q.sizes)],
    ['products.fabrics_mask', q.fabrics === undefined ? 0 : facetMask('fabrics', q.fabrics)],
  ] as const;
  for (const [column, mask] of facets) {
    if (mask !== 0) and.push(sql<SqlBool>`(${sql.ref(column)} & ${mask}) <> 0`);
  }
  if (q.inStock) and.push(eb('products.in_stock', '=', 1));
  if (q.customizable) and.push(eb('products.customizable', '=', 1));
  if (q.handmade) and.push(eb('products.handmade', '=', 1));
  if (q.express) and.push(eb('products.express', '=', 1));
  if (q.onSale) and.push(eb('products.has_discount', '=', 1));
  if (q.minPrice !== undefined) {
    const min = minCentsFor(q.minPrice);
    and.push(min === null ? sql<SqlBool>`1 = 0` : eb('products.effective_cents', '>=', min));
  }
  if (q.maxPrice !== undefined) {
    const max = maxCentsFor(q.maxPrice);
    if (max !== undefined) and.push(eb('products.effective_cents', '<=', max));
  }
  // The search rule (src/domain/search.ts): every term in the product's names (search_text, all six languages)
  // or in its category's (categories.search_text: a few dozen rows, read once per statement).
  for (const spellings of searchTermsOf(q)) {
    and.push(
      eb.or([
        termFoundIn(db.dialect, 'products.search_text', spellings),
        eb(
          'products.category_id',
          'in',
          eb
            .selectFrom('categories')
            .select('categories.id')
            .where(termFoundIn(db.dialect, 'categories.search_text', spellings)),
        ),
      ]),
    );
  }
  return and;
}

function searchTermsOf(q: NormalizedProductQuery): string[][] {
  return q.search === undefined ? [] : searchTerms(q.search);
}

/** The search rank (src/domain/search.ts searchRank): 0 when the product's names hold every term, else 1. */
function searchRankOf(db: Database, terms: readonly (readonly string[])[]) {
  return sql<number>`case when ${termsFoundIn(db.dialect, 'products.search_text', terms)} then 0 else 1 end`;
}

/**
 * The number of live products, for listings without filters: all rows minus the soft-deleted ones. SQLite
 * counts a whole table from its b-tree pages without visiting rows, and the deleted rows sit alone in a
 * partial index (0003_deleted_products). `count(*) ... where deleted = 0` visits every index entry instead:
 * 1.4 ms at 50,000 products, the bulk of an unfiltered listing.
 */
async function countLive(db: Database): Promise<number> {
  const all = db.kysely.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'));
  const deleted = db.kysely
    .selectFrom('products')
    // A literal, not a parameter: SQLite matches it to the partial index's `deleted <> 0` at prepare time
    // (a bound value used for that would make it re-prepare the statement at every run).
    .where('products.deleted', '<>', sql.lit(0))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await db.kysely
    .selectNoFrom(sql<number>`(${all}) - (${deleted})`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The number of products the listing's conditions match. */
async function countMatches(db: Database, conditions: readonly Expression<SqlBool>[]): Promise<number> {
  if (conditions.length === 1) return countLive(db);
  const countRow = await db.kysely
    .selectFrom('products')
    .where((eb) => eb.and([...conditions]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(countRow?.n ?? 0);
}

/** The listing's page and total; the total from `totals` when it holds it (src/server/repositories/listing-totals.ts). */
export async function listProducts(db: Database, q: NormalizedProductQuery, totals?: ListingTotals): Promise<Page<ProductDoc>> {
  const conditions = listingConditions(db, q);
  const where = (eb: ListingEB) => eb.and(conditions);
  const key = totalsKey(q);
  let total = totals?.get(key);
  if (total === undefined) {
    const token = totals?.begin();
    total = await countMatches(db, conditions);
    if (token !== undefined) totals?.set(key, q.inStock === true, token, total);
  }
  const lastPage = Math.max(1, Math.ceil(total / q.perPage));
  const offset = (q.page - 1) * q.perPage;
  if (offset >= total) return { items: [], total, page: q.page, perPage: q.perPage, lastPage };

  // The page in two steps within one statement: the inner query picks the page's ids from a listing
  // index alone (0002_listing_indexes: filters and sort keys are all in it), skipping `offset` matches
  // without touching their rows; only the page's rows are then read and joined to their names.
  // A search ranks name matches before category matches, then the sort (searchRank, runProductQuery).
  const keys = SORT_KEYS[q.sort];
  const lastDir = keys[keys.length - 1]?.dir ?? 'asc';
  const terms = searchTermsOf(q);
  let pageIds = db.kysely
    .selectFrom('products')
    .select(['products.id', (terms.length === 0 ? sql<number>`0` : searchRankOf(db, terms)).as('search_rank')])
    .where(where);
  if (terms.length > 0) pageIds = pageIds.orderBy('search_rank');
  for (const key of keys) pageIds = pageIds.orderBy(SORT_COLUMNS[key.field], key.dir);
  pageIds = pageIds.orderBy(idText(db.dialect, 'products.id'), lastDir).limit(q.perPage).offset(offset);

  let query = db.kysely
    .selectFrom(pageIds.as('page'))
    .innerJoin('products', 'products.id', 'page.id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(PRODUCT_DOC_COLUMNS);
  if (terms.length > 0) query = query.orderBy('page.search_rank');
  for (const key of keys) query = query.orderBy(SORT_COLUMNS[key.field], key.dir);
  query = query.orderBy(idText(db.dialect, 'products.id'), lastDir);
  const rows = await query.execute();
  const items = await toProductDocs(db.kysely, rows);
  return { items, total, page: q.page, perPage: q.perPage, lastPage };
}
