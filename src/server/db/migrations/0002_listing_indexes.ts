/**
 * Indexes for product listings (GET /api/products/all and the gender
 * sections, src/server/repositories/product-listing.ts).
 *
 * 0001 only had (gender, deleted) and (category_id, deleted): a category page
 * read every product of the gender from the table (27,000 of 50,000 rows for
 * "women"), checked prices and facet masks row by row, then sorted the
 * survivors with all their columns. Measured on 50,000 products, the bench
 * query spent ~18 ms counting and ~20 ms fetching its page.
 *
 * Each index here starts with the listing's equality filter (gender or
 * category_id) and `deleted`, then one sort's keys (with no such filter: the
 * sort's keys, then `deleted`), so a page is read in order and stops after
 * the rows it shows; a price filter on the price-ordered index is a range. Every index then carries all the other
 * columns a listing filters or sorts on, so counting the matches and
 * choosing the page's ids never read a table row (a covering index on
 * SQLite; an index-only scan on PostgreSQL once the visibility map is set),
 * whichever of them the planner takes. Facet masks and 0/1 flags are a byte
 * or less each: an index is ~2.5 MB per 50,000 products, the twelve add
 * ~30 MB to that 72 MB database (the four dropped below give back ~3.4 MB).
 *
 * Shop listings keep (shop_id, deleted): a shop's few thousand products sort
 * quickly. 0001's (gender, deleted) and (category_id, deleted) stay too: a
 * count with no other filter scans the narrowest index with that prefix, and
 * PostgreSQL's index tuples are wide (27,707 women: 2.3 ms through
 * products_gender, 5.0 ms through a listing index). 0001's single-sort
 * indexes are superseded by the listing indexes and dropped.
 */
import type { Kysely, Migration } from 'kysely';

/** Sort keys of SORT_KEYS (src/domain/product-query.ts), as columns, each one index per prefix. */
const SORTS = {
  created: ['created_at'],
  price: ['effective_cents'],
  sales: ['sales_count'],
  rating: ['rating_x10', 'reviews_count'],
} as const;

const PREFIXES = {
  all: [],
  gender: ['gender'],
  category: ['category_id'],
} as const;

/**
 * Every column a listing filters or sorts on, except search's names; the usual filters first (a record is
 * decoded from the left: ~6% off a count), `id` last (the page's rows are fetched by it).
 */
const LISTING_COLUMNS = [
  'effective_cents',
  'colors_mask',
  'sizes_mask',
  'fabrics_mask',
  'in_stock',
  'has_discount',
  'customizable',
  'handmade',
  'express',
  'gender',
  'category_id',
  'shop_id',
  'created_at',
  'sales_count',
  'rating_x10',
  'reviews_count',
  'id',
] as const;

export function listingIndexes(): { name: string; columns: string[] }[] {
  const out: { name: string; columns: string[] }[] = [];
  for (const [prefixName, prefix] of Object.entries(PREFIXES)) {
    for (const [sortName, sort] of Object.entries(SORTS)) {
      // Without an equality filter the sort key leads: `deleted = 0` holds for nearly every row, and as a
      // leading equality it would lure SQLite into walking an index with a table lookup per row for
      // searches (which must read names from the table: a plain table scan is 2-3x faster there).
      const lead: string[] = prefix.length === 0 ? [...sort, 'deleted'] : [...prefix, 'deleted', ...sort];
      out.push({
        name: `products_list_${prefixName}_${sortName}`,
        columns: [...lead, ...LISTING_COLUMNS.filter((c) => !lead.includes(c))],
      });
    }
  }
  return out;
}

/** 0001's sort indexes: each begins with the same sort key as a products_list_all_* index. */
const SUPERSEDED = [
  { name: 'products_created_at_id', columns: ['created_at', 'id'] },
  { name: 'products_effective_id', columns: ['effective_cents', 'id'] },
  { name: 'products_sales_id', columns: ['sales_count', 'id'] },
  { name: 'products_rating_reviews_id', columns: ['rating_x10', 'reviews_count', 'id'] },
];

export function listingIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const { name, columns } of listingIndexes()) {
        await db.schema.createIndex(name).on('products').columns(columns).execute();
      }
      for (const { name } of SUPERSEDED) await db.schema.dropIndex(name).execute();
    },

    async down(db: Kysely<unknown>) {
      for (const { name, columns } of SUPERSEDED) await db.schema.createIndex(name).on('products').columns(columns).execute();
      for (const { name } of listingIndexes().reverse()) {
        await db.schema.dropIndex(name).execute();
      }
    },
  };
}
