/**
 * The repositories over the query layer, bound to one database handle. The app
 * decorates them on the Fastify instance (app.repos); routes use nothing else.
 */
import { sql } from 'kysely';
import type { Gender, NormalizedProductQuery, ProductDoc } from '../../domain/catalog';
import type { ReplicatedCollection } from '../../sync/protocol';
import type { Database } from '../db/database';
import { findCategory, liveCategories } from './category-reads';
import { categoryPictureFacts, productPictureFacts, shopPictureFacts } from './media-reads';
import { listProducts } from './product-listing';
import { findProductDoc, findStock, relatedProducts, shopArabicNames } from './product-reads';
import { updateProduct, type ProductPatch } from './product-writes';
import { findShop, listShops, type ShopFilters } from './shop-reads';
import { pull, type PullRequest } from './sync-pull';

export function createRepositories(db: Database) {
  return {
    health: {
      ping: async (): Promise<void> => {
        await sql`select 1`.execute(db.kysely);
      },
    },
    products: {
      list: (q: NormalizedProductQuery) => listProducts(db, q),
      find: (id: number) => findProductDoc(db, id),
      related: (product: ProductDoc, limit: number) => relatedProducts(db, product, limit),
      stock: (id: number) => findStock(db, id),
      shopArabicNames: (shopIds: readonly number[]) => shopArabicNames(db, shopIds),
      update: (id: number, patch: ProductPatch) => updateProduct(db, id, patch),
    },
    categories: {
      live: (gender?: Gender) => liveCategories(db, gender),
      find: (key: { id: number } | { slug: string }) => findCategory(db, key),
    },
    shops: {
      list: (filters: ShopFilters) => listShops(db, filters),
      find: (key: string) => findShop(db, key),
    },
    sync: {
      pull: <C extends ReplicatedCollection>(collection: C, req: PullRequest) => pull(db, collection, req),
      changes: db.changes,
    },
    media: {
      product: (id: number) => productPictureFacts(db, id),
      category: (slug: string) => categoryPictureFacts(db, slug),
      shop: (id: number) => shopPictureFacts(db, id),
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
