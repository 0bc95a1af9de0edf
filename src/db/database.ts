/**
 * The client database: RxDB on the free Dexie (IndexedDB) storage.
 * Collections are planned in collections-plan.md (at most 13 per realm; all 13 open).
 */
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { isDevModeLoaded, loadDevMode } from './dev-mode';
import { withKnownKeys } from './known-keys-storage';
import { withPullOnlyMeta } from './pull-only-meta-storage';
import type { WishlistDoc } from '../domain/commerce-schemas';
import type { FollowDoc, ReviewDoc } from '../domain/social';
import type { Conversation } from '../domain/community-schemas';
import type { LocalBooking, LocalCommunityPost, LocalMessage, LocalOrder } from '../workers/data-api';
import type { CartLineDoc } from './cart-line';
import type { StoredCategory, StoredProduct, StoredShop } from './query-fields';
import { bookingRxSchema } from './schemas/booking-schema';
import { cartItemSchema } from './schemas/cart-item-schema';
import { categoryMigrationStrategies, categorySchema } from './schemas/category-schema';
import { communityPostRxSchema, conversationRxSchema, messageRxSchema } from './schemas/community-schemas';
import { followSchema } from './schemas/follow-schema';
import { orderMigrationStrategies, orderSchema } from './schemas/order-schema';
import { outboxSchema, type OutboxEntry } from './schemas/outbox-schema';
import { productMigrationStrategies } from './schemas/product-migrations';
import { productSchema } from './schemas/product-schema';
import { reviewMigrationStrategies, reviewSchema } from './schemas/review-schema';
import { shopMigrationStrategies, shopSchema } from './schemas/shop-schema';
import { wishlistSchema } from './schemas/wishlist-schema';

addRxPlugin(RxDBLocalDocumentsPlugin);
// Collections whose schema version went up migrate their stored documents when they open (migrationStrategies).
addRxPlugin(RxDBMigrationSchemaPlugin);

export type ProductCollection = RxCollection<StoredProduct>;
export type CategoryCollection = RxCollection<StoredCategory>;
export type ShopCollection = RxCollection<StoredShop>;
export type ReviewCollection = RxCollection<ReviewDoc>;
export type FollowCollection = RxCollection<FollowDoc>;
export type OutboxCollection = RxCollection<OutboxEntry>;
export type CartItemCollection = RxCollection<CartLineDoc>;
export type WishlistCollection = RxCollection<WishlistDoc>;
export type OrderCollection = RxCollection<LocalOrder>;
export type CommunityPostCollection = RxCollection<LocalCommunityPost>;
export type ConversationCollection = RxCollection<Conversation>;
export type MessageCollection = RxCollection<LocalMessage>;
export type BookingCollection = RxCollection<LocalBooking>;

export interface SoukCollections {
  products: ProductCollection;
  categories: CategoryCollection;
  shops: ShopCollection;
  reviews: ReviewCollection;
  follows: FollowCollection;
  outbox: OutboxCollection;
  cart_items: CartItemCollection;
  wishlist: WishlistCollection;
  orders: OrderCollection;
  community_posts: CommunityPostCollection;
  conversations: ConversationCollection;
  messages: MessageCollection;
  bookings: BookingCollection;
}
export type SoukDatabase = RxDatabase<SoukCollections>;

export const DEFAULT_DB_NAME = 'souk';

/** The collections only the replication writes (known-keys-storage.ts): the catalogue and its reviews. */
const KNOWN_KEYS_COLLECTIONS = ['products', 'categories', 'shops', 'reviews'] as const;

export interface CreateSoukDatabaseOptions {
  /** IndexedDB database name: lowercase letters, digits, _ $ - (RxDB rule), starting with a letter. */
  name?: string;
  /**
   * Storage to use; default getRxStorageDexie(). In Node pass
   * getRxStorageDexie({ indexedDB, IDBKeyRange }) from fake-indexeddb, or import 'fake-indexeddb/auto'.
   */
  storage?: RxStorage<unknown, unknown>;
  /** Tests only: RxDB dev-mode checks and ajv schema validation on every write. */
  devMode?: boolean;
  /**
   * Several tabs open the same IndexedDB: true shares change events between them
   * (BroadcastChannel) and lets only the elected leader replicate. Default false.
   */
  multiInstance?: boolean;
  /** Tests only (dev-mode): open the same database name twice in one realm, as two tabs would. */
  ignoreDuplicate?: boolean;
  /**
   * Tests only: open just these collections (the others are absent although the type lists them). Two
   * instances of the whole database (13 collections) do not fit one realm's 13 (COL23).
   */
  only?: readonly (keyof SoukCollections)[];
}

export async function createSoukDatabase(options: CreateSoukDatabaseOptions = {}): Promise<SoukDatabase> {
  let storage: RxStorage<unknown, unknown> = options.storage ?? getRxStorageDexie();
  if (options.devMode || isDevModeLoaded()) {
    const wrap = await loadDevMode();
    storage = wrap(storage);
  }
  // Every replication pulls only: their meta instances skip the per-document reads (pull-only-meta-storage.ts).
  storage = withPullOnlyMeta(storage);
  // The replicated catalogue, filled from empty by a first sync, skips its reads of keys never stored.
  storage = withKnownKeys(storage, KNOWN_KEYS_COLLECTIONS);
  const db = await createRxDatabase<SoukCollections>({
    name: options.name ?? DEFAULT_DB_NAME,
    storage,
    multiInstance: options.multiInstance ?? false,
    ignoreDuplicate: options.ignoreDuplicate ?? false,
    eventReduce: true,
    // Sync progress and "initial sync done" live in local documents, not in a collection.
    localDocuments: true,
  });
  const all = {
    products: { schema: productSchema, migrationStrategies: productMigrationStrategies },
    categories: { schema: categorySchema, migrationStrategies: categoryMigrationStrategies },
    shops: { schema: shopSchema, migrationStrategies: shopMigrationStrategies },
    reviews: { schema: reviewSchema, migrationStrategies: reviewMigrationStrategies },
    follows: { schema: followSchema },
    outbox: { schema: outboxSchema, migrationStrategies: { 1: (doc: OutboxEntry) => doc, 2: (doc: OutboxEntry) => doc } },
    cart_items: { schema: cartItemSchema },
    wishlist: { schema: wishlistSchema },
    orders: { schema: orderSchema, migrationStrategies: orderMigrationStrategies },
    community_posts: { schema: communityPostRxSchema },
    conversations: { schema: conversationRxSchema },
    messages: { schema: messageRxSchema },
    bookings: { schema: bookingRxSchema },
  };
  const only = options.only;
  await db.addCollections(only ? (Object.fromEntries(only.map((name) => [name, all[name]])) as typeof all) : all);
  return db;
}
