/**
 * Every DataQuery kind of src/workers/data-api.ts on the RxDB collections,
 * one-shot (runDataQuery) and live (watchDataQuery: same result shapes, a new
 * value after every change that affects it).
 */
import type { Observable } from 'rxjs';
import type { DataQuery, ResultOf } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import {
  findCategories,
  findCategory,
  findTopSubcategories,
  watchCategories,
  watchCategory,
  watchTopSubcategories,
} from './categories';
import { findProduct, findProducts, findRelated, watchProduct, watchProducts, watchRelated } from './products';
import { findFollowedShops, findFollowing, findOutbox, watchFollowedShops, watchFollowing, watchOutbox } from './follows';
import { findCart, watchCart } from './cart';
import {
  findCommunityPost,
  findCommunityPosts,
  findConversations,
  findMessages,
  findUnreadCount,
  watchCommunityPost,
  watchCommunityPosts,
  watchConversations,
  watchMessages,
  watchUnreadCount,
} from './community';
import { findOrder, findOrders, watchOrder, watchOrders } from './orders';
import { findReviews, watchReviews } from './reviews';
import { findWishlist, findWishlisted, watchWishlist, watchWishlisted } from './wishlist';
import { findShop, findShops, findShopsPage, watchShop, watchShops, watchShopsPage } from './shops';
import { findBookings, findTailor, findTailors, watchBookings, watchTailor, watchTailors } from './tailoring';
import { findSellerOrders, findSellerProducts, findSellerShop, watchSellerOrders, watchSellerProducts, watchSellerShop } from './seller';

type QueryOf<K extends DataQuery['kind']> = Extract<DataQuery, { kind: K }>;

/** One entry per kind: how to answer it once and how to watch it. */
const HANDLERS: {
  [K in DataQuery['kind']]: {
    run(db: SoukDatabase, q: QueryOf<K>): Promise<ResultOf<QueryOf<K>>>;
    watch(db: SoukDatabase, q: QueryOf<K>): Observable<ResultOf<QueryOf<K>>>;
  };
} = {
  products: { run: (db, q) => findProducts(db.products, q.query), watch: (db, q) => watchProducts(db.products, q.query) },
  product: { run: (db, q) => findProduct(db.products, q.id), watch: (db, q) => watchProduct(db.products, q.id) },
  related: {
    run: (db, q) => findRelated(db.products, q.id, q.limit),
    watch: (db, q) => watchRelated(db.products, q.id, q.limit),
  },
  categories: {
    run: (db, q) => findCategories(db.categories, { gender: q.gender, parentId: q.parentId }),
    watch: (db, q) => watchCategories(db.categories, { gender: q.gender, parentId: q.parentId }),
  },
  category: {
    run: (db, q) => findCategory(db.categories, q.slugOrId),
    watch: (db, q) => watchCategory(db.categories, q.slugOrId),
  },
  topSubcategories: {
    run: (db, q) => findTopSubcategories(db.categories, q.limit),
    watch: (db, q) => watchTopSubcategories(db.categories, q.limit),
  },
  shops: {
    run: (db, q) => findShops(db.shops, { featured: q.featured, limit: q.limit }),
    watch: (db, q) => watchShops(db.shops, { featured: q.featured, limit: q.limit }),
  },
  shopsPage: { run: (db, q) => findShopsPage(db.shops, q), watch: (db, q) => watchShopsPage(db.shops, q) },
  shop: { run: (db, q) => findShop(db.shops, q.slugOrId), watch: (db, q) => watchShop(db.shops, q.slugOrId) },
  reviews: { run: (db, q) => findReviews(db.reviews, q), watch: (db, q) => watchReviews(db.reviews, q) },
  following: { run: (db, q) => findFollowing(db, q.shopId), watch: (db, q) => watchFollowing(db, q.shopId) },
  followedShops: { run: (db) => findFollowedShops(db), watch: (db) => watchFollowedShops(db) },
  outbox: { run: (db) => findOutbox(db), watch: (db) => watchOutbox(db) },
  cart: { run: (db, q) => findCart(db, q.country, q.method), watch: (db, q) => watchCart(db, q.country, q.method) },
  wishlist: { run: (db) => findWishlist(db), watch: (db) => watchWishlist(db) },
  wishlisted: { run: (db, q) => findWishlisted(db, q.productId), watch: (db, q) => watchWishlisted(db, q.productId) },
  orders: { run: (db, q) => findOrders(db, q), watch: (db, q) => watchOrders(db, q) },
  order: { run: (db, q) => findOrder(db, q.id), watch: (db, q) => watchOrder(db, q.id) },
  communityPosts: { run: (db, q) => findCommunityPosts(db, q), watch: (db, q) => watchCommunityPosts(db, q) },
  communityPost: { run: (db, q) => findCommunityPost(db, q.id), watch: (db, q) => watchCommunityPost(db, q.id) },
  conversations: { run: (db) => findConversations(db), watch: (db) => watchConversations(db) },
  messages: { run: (db, q) => findMessages(db, q), watch: (db, q) => watchMessages(db, q) },
  unreadCount: { run: (db) => findUnreadCount(db), watch: (db) => watchUnreadCount(db) },
  tailors: { run: (db, q) => findTailors(db, q), watch: (db, q) => watchTailors(db, q) },
  tailor: { run: (db, q) => findTailor(db, q.idOrSlug), watch: (db, q) => watchTailor(db, q.idOrSlug) },
  bookings: { run: (db, q) => findBookings(db, q), watch: (db, q) => watchBookings(db, q) },
  sellerShop: { run: (db) => findSellerShop(db), watch: (db) => watchSellerShop(db) },
  sellerProducts: { run: (db, q) => findSellerProducts(db, q), watch: (db, q) => watchSellerProducts(db, q) },
  sellerOrders: { run: (db, q) => findSellerOrders(db, q), watch: (db, q) => watchSellerOrders(db, q) },
};

/** The handler of a query's kind; an unknown kind (a caller outside the types) is an error, not a crash. */
function handlerOf(q: DataQuery) {
  if (!Object.hasOwn(HANDLERS, q.kind)) {
    throw new Error(`Unknown data query kind: ${JSON.stringify((q as { kind?: unknown }).kind)}`);
  }
  return HANDLERS[q.kind] as unknown as {
    run(db: SoukDatabase, q: DataQuery): Promise<unknown>;
    watch(db: SoukDatabase, q: DataQuery): Observable<unknown>;
  };
}

export async function runDataQuery<Q extends DataQuery>(db: SoukDatabase, q: Q): Promise<ResultOf<Q>> {
  return (await handlerOf(q).run(db, q)) as ResultOf<Q>;
}

export function watchDataQuery<Q extends DataQuery>(db: SoukDatabase, q: Q): Observable<ResultOf<Q>> {
  return handlerOf(q).watch(db, q) as Observable<ResultOf<Q>>;
}
