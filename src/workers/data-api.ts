/**
 * The typed API of the data worker, the only way the UI reaches the local
 * database. The worker (src/workers/data-worker.ts) implements it and exposes it
 * with comlink; the UI wraps it with comlink (src/app/data/client.ts). This file
 * holds types only, so importing it never pulls rxdb into the UI bundle.
 */
import type { CategoryDoc, Gender, Page, ProductDoc, ProductQuery, ShopDoc, StoreType } from '../domain/catalog';
import type { ReplicatedCollection } from '../sync/protocol';
import type { OutboxEntry, OutboxFailure } from '../db/outbox-entry';
import type { ReviewDoc, ReviewSort, ReviewSummary } from '../domain/social';
import type { Coupon, OrderFilter, ShippingMethod, Totals } from '../domain/commerce';
import type { Cart, OrderDoc, ShippingInfo, WishlistDoc } from '../domain/commerce-schemas';
import type { PostCategory, PostStatus, TimelineUnit } from '../domain/community';
import type { Color } from '../domain/catalog-constants';
import type { CommunityPost, Conversation, Message } from '../domain/community-schemas';
import type { Booking, Tailor, TailorAvailability, TailorSpecialty } from '../domain/tailoring';
import type { SellerShopDoc } from '../domain/seller-mirror-schemas';
import type { SellerOrderFilter, SellerProductFilter } from '../db/seller-mirror';
import type { SellerOrderView, SellerProductView } from '../db/seller-overlay';
import type { SellerProductDraft, SellerProductDraftInput } from '../db/seller-product-draft';

export type { OutboxEntry, OutboxFailure, OutboxKind, OutboxState } from '../db/outbox-entry';
export type { SellerOrderFilter, SellerProductFilter } from '../db/seller-mirror';
export type { SellerOrderView, SellerProductView, SellerRefusal, SellerVariantView } from '../db/seller-overlay';
export type { SellerProductDoc, SellerShopDoc, SellerVariantDoc } from '../domain/seller-mirror-schemas';
export type { SellerProductDraft, SellerProductDraftInput } from '../db/seller-product-draft';

/** Every read the UI can make, by kind. The same shapes serve one-shot and live queries. */
export type DataQuery =
  | { kind: 'products'; query: ProductQuery }
  | { kind: 'product'; id: string }
  | { kind: 'related'; id: string; limit?: number }
  | { kind: 'categories'; gender?: Gender; parentId?: number }
  | { kind: 'category'; slugOrId: string }
  /** Subcategories flattened from the top categories, as on the home strip (max 12). */
  | { kind: 'topSubcategories'; limit?: number }
  | { kind: 'shops'; featured?: boolean; limit?: number }
  /** GET /api/shops on the local database: filters, search and one page with the API's meta (default 12 a page). */
  | {
      kind: 'shopsPage';
      storeType?: StoreType;
      featured?: boolean;
      verified?: boolean;
      status?: ShopDoc['status'];
      search?: string;
      page?: number;
      perPage?: number;
    }
  | { kind: 'shop'; slugOrId: string }
  /**
   * A product's reviews from the local mirror, as GET /api/products/{id}/reviews: filtered (rating, with or
   * without images), sorted (newest, helpful, rating; then newest, then id), one page (limit default 5, at most
   * 50) and the summary over all its reviews.
   */
  | {
      kind: 'reviews';
      productId: string;
      page?: number;
      limit?: number;
      rating?: number;
      withImages?: boolean;
      sort?: ReviewSort;
    }
  /** Whether the signed-in user follows a shop (queued follows/unfollows applied) and whether a change is queued. */
  | { kind: 'following'; shopId: string }
  /** The shops the signed-in user follows (queued changes applied), most recently followed first. */
  | { kind: 'followedShops' }
  /** The queued writes: pending and sending ones, and refused ones until dismissed; in queue order. */
  | { kind: 'outbox' }
  /**
   * The local cart (docs/COMMERCE.md): lines, coupon and totals for a country (default MA) and a shipping method
   * (default standard; express where the country does not offer it counts as standard).
   */
  | { kind: 'cart'; country?: string; method?: ShippingMethod }
  /** The wishlist, newest first, with each product when it is in the local catalogue. */
  | { kind: 'wishlist' }
  /** Whether a product is in the wishlist (queued changes applied). */
  | { kind: 'wishlisted'; productId: string }
  /** The signed-in user's orders, newest first: filter by status, search number or product name; one page. */
  | { kind: 'orders'; status?: OrderFilter; search?: string; page?: number; perPage?: number }
  /** One order by its document id (client ref or server id) or its order number. */
  | { kind: 'order'; id: string }
  /**
   * Community requests (docs/COMMUNITY.md) from the local mirror, newest first: by status, category, the
   * signed-in user's own (mine), a search in title and description; one page (perPage default 12, at most 50).
   */
  | { kind: 'communityPosts'; status?: PostStatus; category?: PostCategory; mine?: boolean; search?: string; page?: number; perPage?: number }
  /** One post by its document id (client ref or server id) or its server post id. */
  | { kind: 'communityPost'; id: string }
  /** The signed-in user's conversations, most recent message first. */
  | { kind: 'conversations' }
  /**
   * The messages of one conversation: the signed-in user's with a shop (the buyer's side), or, with `userId`,
   * between the shop and that buyer (the shop's side). Page 1 is the newest (default 20 a page, at most 50),
   * oldest first within it; queued and failed messages included (local_state). A shopId or userId that is not a
   * positive integer is an invalid query (RangeError; DataError 'invalid_query' in a watch).
   */
  | { kind: 'messages'; shopId: number; userId?: number; page?: number; perPage?: number }
  /** Unread messages over all conversations. */
  | { kind: 'unreadCount' }
  /**
   * The tailors (docs/TAILORING.md) from the local cache (GET /api/v1/tailors, refreshed by refreshTailors when
   * older than 1800 s), filtered by city, specialty and availability, in the server's order.
   */
  | { kind: 'tailors'; city?: string; specialty?: TailorSpecialty; availability?: TailorAvailability }
  /** One tailor of the cache by id or slug. */
  | { kind: 'tailor'; idOrSlug: string }
  /** The signed-in user's bookings, newest first (queued and refused ones with their outbox entry); one tailor's with tailorId. */
  | { kind: 'bookings'; tailorId?: number }
  /**
   * The seller's mirror (issue 23, docs/SELLERS.md "Offline"), refreshed by refreshSellerMirror: the own shop; the
   * shop's products, published or not (search in the names or the exact SKU, status filter as GET
   * /api/seller/products, newest first, one page: perPage default 20, at most 100); its orders (by status, or
   * to_handle: pending and processing). The seller's queued stock, price and shipped writes are applied (or, refused,
   * named with the server's reason) on their variant or order.
   */
  | { kind: 'sellerShop' }
  | { kind: 'sellerProducts'; search?: string; status?: SellerProductFilter; page?: number; perPage?: number }
  | { kind: 'sellerOrders'; status?: SellerOrderFilter };

export interface DataResults {
  products: Page<ProductDoc>;
  product: ProductDoc | null;
  related: ProductDoc[];
  categories: CategoryDoc[];
  category: CategoryDoc | null;
  topSubcategories: CategoryDoc[];
  shops: ShopDoc[];
  shopsPage: ShopsPage;
  shop: ShopDoc | null;
  reviews: ReviewsPage;
  following: FollowingState;
  followedShops: ShopDoc[];
  outbox: OutboxEntry[];
  cart: LocalCart;
  wishlist: WishlistEntry[];
  wishlisted: WishlistedState;
  orders: OrdersPage;
  order: LocalOrder | null;
  communityPosts: CommunityPostsPage;
  communityPost: LocalCommunityPost | null;
  conversations: Conversation[];
  messages: MessagesPage;
  unreadCount: UnreadCount;
  tailors: TailorsView;
  tailor: Tailor | null;
  bookings: BookingView[];
  sellerShop: SellerShopView;
  sellerProducts: SellerProductsPage;
  sellerOrders: SellerOrdersView;
}

/** The seller's own shop from the mirror (null: no shop), and when it was fetched (null: never). */
export interface SellerShopView {
  shop: SellerShopDoc | null;
  savedAt: number | null;
}

/** A page of the seller's products from the mirror, and when they were fetched (null: never). */
export interface SellerProductsPage {
  data: SellerProductView[];
  meta: PageMeta;
  savedAt: number | null;
}

/** The seller's orders from the mirror (newest first, the shop's lines only), and when they were fetched (null: never). */
export interface SellerOrdersView {
  data: SellerOrderView[];
  savedAt: number | null;
}

/** How refreshSellerMirror ended: fetched, offline, no session, or failed (kept as it was). */
export type SellerMirrorRefresh = 'fetched' | 'offline' | 'signed_out' | 'failed';

/** The cached tailors and when they were fetched (null: never; the list is then empty). */
export interface TailorsView {
  tailors: Tailor[];
  fetchedAt: number | null;
}

/** A booking with its outbox entry while it is unsettled or refused (the refusal says why). */
export type BookingView = LocalBooking & { entryId: string | null; failure: OutboxFailure | null };

/** What the booking form sends to bookTailor (date and time may be empty on a waitlist). */
export interface NewBookingInput {
  tailorId: number;
  service: string;
  date?: string | null;
  time?: string | null;
  notes?: string;
}

/** How refreshTailors ended: fetched, still fresh (not asked), offline, or failed (code). */
export type TailorsRefresh = 'fetched' | 'fresh' | 'offline' | 'failed';

/** Written here and not yet accepted (queued), refused (failed), or from the server (confirmed). */
export type LocalState = 'confirmed' | 'queued' | 'failed';

/** A community post with its local state (a post created offline: queued, id = its client ref, post_id 0). */
export type LocalCommunityPost = CommunityPost & { local_state: LocalState };

/** A message with its local state (sent offline: queued, id = its client ref, message_id 0). */
export type LocalMessage = Message & { local_state: LocalState };

export interface CommunityPostsPage {
  data: LocalCommunityPost[];
  meta: PageMeta;
}

export interface MessagesPage {
  /** Oldest first within the page; page 1 holds the newest messages. */
  data: LocalMessage[];
  meta: PageMeta;
}

export interface UnreadCount {
  unread_count: number;
}

/** A new community request (POST /api/v1/community/posts, JSON; images as data URLs). */
export interface NewPostInput {
  title: string;
  description: string;
  category?: PostCategory;
  category_id?: number | null;
  budget_min: number;
  budget_max: number;
  timeline_value?: number;
  timeline_unit?: TimelineUnit;
  expected_delivery?: string | null;
  specifications?: string;
  required_skills?: string[];
  preferred_colors?: Color[];
  preferred_styles?: string[];
  /** `data:image/…;base64,…`, at most 5. */
  images_data?: string[];
}

/** A file sent with a message: its name and its bytes as `data:<type>;base64,…` (`attachments_data[]` {name, data}). */
export interface MessageAttachmentInput {
  name: string;
  /** The type shown and stored is the one the bytes say (JPG, PNG, GIF, WebP or PDF), as on the server. */
  data_url: string;
}

export interface SendMessageInput {
  /** The shop written to (buyer's side), or the seller's own shop (with `toUserId`). */
  shopId: number;
  /** May be blank when the message has attachments. */
  content: string;
  postId?: number | null;
  /** The shop's side: the buyer written to (POST /api/v1/seller/messages {user_id, …}). */
  toUserId?: number;
  /** At most 5, each at most 10 MB (docs/COMMUNITY.md "Messages"). */
  attachments?: MessageAttachmentInput[];
}

/** A verified seller's offer on a request (POST /api/v1/seller/community/posts/{post_id}/respond, JSON). */
export interface RespondInput {
  message: string;
  /** MAD, 2 decimals. */
  price: number;
  /** 1–365. */
  delivery_days: number;
  /** `data:image/…;base64,…`, at most 5. */
  images_data?: string[];
}

/** A line of the local cart (RxDB cart_items): the variant, a snapshot of its product, the last known stock. */
export interface LocalCartLine {
  /** "v<variantId>". */
  id: string;
  variant_id: number;
  product_id: number;
  quantity: number;
  unit_price: number;
  name: string;
  name_ar: string;
  image: string;
  shop_id: number;
  shop_name: string;
  size: string;
  color: string;
  fabric: string;
  /** The variant's stock as last known (catalogue sync or the server's cart). */
  stock_quantity: number;
  added_at: number;
  /** A change to this line is queued (not yet confirmed by the server). */
  pending: boolean;
}

export interface LocalCart {
  lines: LocalCartLine[];
  coupon: Coupon | null;
  coupon_code: string | null;
  /** Computed with src/domain/commerce.ts totalsOf from the lines, country, coupon and shipping method. */
  totals: Totals;
  country: string;
  /** The shipping method the totals are for: the one asked, when the country offers it, else standard. */
  shipping_method: ShippingMethod;
  /** The server's last answer (its figures win when nothing is pending), null if never fetched. */
  server: Cart | null;
  /** A cart write is queued. */
  pending: boolean;
}

export interface WishlistEntry {
  item: WishlistDoc;
  product: ProductDoc | null;
  pending: boolean;
}

export interface WishlistedState {
  wishlisted: boolean;
  pending: boolean;
}

/** An order with its local state: confirmed (from the server), queued (placed offline) or failed (refused). */
export type LocalOrder = OrderDoc & { local_state: 'confirmed' | 'queued' | 'failed' };

/** A tailoring booking on this device (docs/TAILORING.md): booking_id 0 while it was never accepted. */
export type LocalBooking = Booking & { local_state: LocalState };

export interface OrdersPage {
  data: LocalOrder[];
  meta: PageMeta;
}

/** What the checkout sends to placeOrder (the cart's lines are read by the worker). */
export interface PlaceOrderInput {
  shipping_info: ShippingInfo;
  payment_method: 'cod';
  /** Standard, or express in Morocco (the server refuses express abroad). */
  shipping_method: ShippingMethod;
}

/** Why a local cart change was refused before anything was queued (spec §5 texts by code). */
export interface CartChangeRefusal {
  code: 'OUT_OF_STOCK' | 'STOCK_EXCEEDED' | 'CART_LIMIT' | 'VARIANT_NOT_FOUND' | 'PRODUCT_NOT_FOUND' | 'CART_EMPTY';
  /** How many more may be added (STOCK_EXCEEDED), or the stock (OUT_OF_STOCK: 0). */
  available: number;
}

export type CartChangeResult = { ok: true; entryId: string; quantity: number } | { ok: false; refusal: CartChangeRefusal };
export type ResultOf<Q extends DataQuery> = DataResults[Q['kind']];

/** The pagination meta of the API's lists (spec §7: GET /api/shops). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface ShopsPage {
  data: ShopDoc[];
  meta: PageMeta;
}

/** A page of a product's reviews with the summary of all of them (average with one decimal, count, per star). */
export interface ReviewsPage extends Page<ReviewDoc> {
  summary: ReviewSummary;
}

export interface FollowingState {
  isFollowing: boolean;
  /** A follow or unfollow of this shop is queued (not yet confirmed by the server). */
  pending: boolean;
}

/**
 * The signed-in user's replication: off without a session; unauthorized after the server refused the
 * token (401) on a personal pull or a queued write, until setSession brings another token.
 */
export type PersonalSyncState = 'off' | 'active' | 'unauthorized';

export interface OutboxCounts {
  /** Entries waiting to be sent (pending or sending). */
  pending: number;
  /** Entries the server refused, kept until dismissed. */
  failed: number;
  /**
   * Of `pending`, the writes of a session that ended involuntarily (expiry, a 401, a logout in another tab),
   * kept for that account: sent when it signs in again, discarded when another account signs in. Absent: none.
   */
  held?: number;
}

export interface CollectionProgress {
  /** Documents pulled in this session. */
  pulled: number;
  /** Documents still on the server after the last batch, when known. */
  remaining: number | null;
  /** True once this collection has caught up with the server at least once (persisted). */
  initialDone: boolean;
}

export interface SyncStatus {
  /**
   * initial: the catalogue's first pull still running (reviews, pulled after it, do not count);
   * live: caught up and listening;
   * offline: no network, waiting for `online`; error: retrying after a failure.
   */
  phase: 'starting' | 'initial' | 'live' | 'offline' | 'error';
  collections: Record<ReplicatedCollection, CollectionProgress>;
  /** When the last pull finished (ms), null if never. */
  lastSyncedAt: number | null;
  /** Error code of the last failure, when phase is 'error'. */
  error: string | null;
  /** Personal collections (follows) and queued writes: see PersonalSyncState. */
  personal: PersonalSyncState;
  outbox: OutboxCounts;
  /**
   * How much of the catalogue this device keeps (issue 25): 'full' replicates every product (the phase and
   * progress above are the catalogue's); 'viewed' keeps only the products the shopper has been shown (pages
   * fetched from GET /api/sync/products/view and stored), and the products collection never replicates.
   */
  catalogueMode: CatalogueMode;
}

/** See SyncStatus.catalogueMode. */
export type CatalogueMode = 'full' | 'viewed';

/** What the sync centre says about the stored catalogue (issue 25). */
export interface CatalogueStorage {
  /** In effect now: the shopper's choice, else 'viewed' with data saving on or a slow connection, else 'full'. */
  mode: CatalogueMode;
  /** The shopper's choice from the sync centre, kept on the device; null: automatic. */
  chosen: CatalogueMode | null;
  /** Live products stored on this device. */
  storedProducts: number;
  /** Live products on the server, when known (asked of the server when online; null offline before any answer). */
  serverProducts: number | null;
  /** About how many bytes keeping the whole catalogue transfers (the server's estimate), when known. */
  fullCatalogueBytes: number | null;
}

export interface DataWorkerOptions {
  /** Origin + path prefix of the API, e.g. 'http://localhost:8080' (no trailing slash). */
  apiBase: string;
  /** IndexedDB database name (tests and benchmarks use their own). */
  dbName?: string;
  /** Start replication (default true). */
  sync?: boolean;
  /**
   * The interface language (one of the six): products are pulled with their descriptions in it alone
   * (docs/CATALOGUE.md, "In the app"). Absent: in every language held.
   */
  language?: string;
  /**
   * The page's data-saving signal at start (issue 25): navigator.connection.saveData, or an effectiveType of
   * slow-2g, 2g or 3g. With it (and no choice of the shopper's) the catalogue mode is 'viewed'. Default false.
   */
  dataSaver?: boolean;
  /**
   * In 'full' mode, on a device whose products have never completed a pull (a first visit), their full pull waits for firstScreenIdle() (at most src/sync/catalogue-mode.ts CATALOGUE_HOLD_MAX_MS), so that on a
   * first visit the first screen has the network and the worker to itself (its reads answer from the view endpoint
   * meanwhile); categories and shops start at once. Default false: the pull starts with the worker.
   */
  holdCatalogue?: boolean;
}


export type Unsubscribe = () => void;

/** Why a live query stopped; plain data, so it crosses comlink by structured clone. */
export interface DataError {
  /**
   * invalid_query: the query breaks the contract (e.g. perPage above the maximum);
   * closed: the database was closed under it; query_failed: anything else.
   */
  code: 'invalid_query' | 'closed' | 'query_failed';
  message: string;
}

/** The data worker's in-memory listing index (src/db/listing-index.ts): for diagnostics and the benchmark. */
export interface ListingIndexStatus {
  /** building: listing queries wait for it; failed: the next listing query retries the build. */
  state: 'building' | 'ready' | 'failed';
  /** Live products in the index. */
  entries: number;
  /** How the index became ready: restored from its snapshot (plus the writes since) or built from storage. */
  readyBy: 'snapshot' | 'build' | null;
  /** From the start of the restore or build until ready, ms. */
  readyMs: number | null;
  /** 'restored: …' with figures, or why the snapshot was not used ('none', 'format', 'count: …'); null when snapshots are off. */
  snapshotNote: string | null;
  /** How long the last snapshot save took (taking the snapshot and storing it), ms. */
  snapshotSaveMs: number | null;
  /** How long the last completed build took (reading the collection in primary-key chunks), ms. */
  buildMs: number | null;
  /** Of buildMs, the time spent waiting for storage reads (the rest is filling the index). */
  buildReadMs: number | null;
  /** Estimate of the memory the index holds, bytes. */
  approxBytes: number;
  error: string | null;
}

export interface DataApi {
  /** Opens the database and starts replication; safe to call more than once. */
  init(options: DataWorkerOptions): Promise<void>;
  query<Q extends DataQuery>(q: Q): Promise<ResultOf<Q>>;
  /**
   * Calls onResult now and after every change that affects the result. If the
   * query fails, the watch ends and onError (when given) says why; nothing is
   * called after that. Pass callbacks through comlink.proxy.
   */
  watch<Q extends DataQuery>(
    q: Q,
    onResult: (result: ResultOf<Q>) => void,
    onError?: (error: DataError) => void,
  ): Promise<Unsubscribe>;
  syncStatus(): Promise<SyncStatus>;
  watchSyncStatus(onStatus: (status: SyncStatus) => void): Promise<Unsubscribe>;
  /**
   * Resolves once the catalogue (products, categories, shops) has finished its initial pull;
   * reviews replicate after it and are not waited for (see collections.reviews.initialDone).
   */
  awaitInitialSync(): Promise<void>;
  /** Pull now (e.g. on app focus or `online`). */
  resync(): Promise<void>;
  /** State of the in-memory listing index (building or ready, entries, build time). */
  listingIndexStatus(): Promise<ListingIndexStatus>;
  /**
   * Logout: removes every document of the personal collections (src/db/personal-collections.ts:
   * cart, wishlist, orders, messages, outbox…), tombstones included; the public catalogue stays.
   * `keepOutbox` (an involuntary sign-out: expiry, a 401, another tab): the outbox's unsettled entries stay,
   * held for the stored owner (OutboxCounts.held): setSession with the same owner's token sends them, another
   * owner's token discards them. Only an explicit logout discards queued writes.
   */
  clearPersonalData(options?: { keepOutbox?: boolean }): Promise<{ cleared: string[] }>;
  /**
   * The UI's session (docs/ACCOUNTS.md): the bearer token, or null when signed out. With a token the
   * personal replication (follows) and the outbox replayer run with it; null stops them (queued writes wait).
   * A token of another user than the one whose data is stored first wipes the personal collections (after an
   * involuntary sign-out: that user's held writes).
   * Call it at start and on every session change.
   */
  setSession(token: string | null): Promise<void>;
  /** Follows a shop: the local follows document at once, and a queued POST /api/shops/{id}/follow. */
  follow(shopId: string): Promise<{ entryId: string }>;
  /** Unfollows a shop: removes the local document at once, and queues DELETE /api/shops/{id}/follow. */
  unfollow(shopId: string): Promise<{ entryId: string }>;
  /** Removes a failed outbox entry after the UI has shown it (pending entries are not removed). */
  dismissOutboxEntry(id: string): Promise<void>;
  /**
   * The page's `online`/`offline` events (navigator.onLine). A dedicated worker does not get them in
   * Chromium, so the UI forwards them; back online, the waiting sync (replication, outbox) resumes at once.
   */
  networkChanged(online: boolean): Promise<void>;
  /** The interface language changed: the products' descriptions are pulled again in it (a no-op when unchanged). */
  languageChanged(language: string): Promise<void>;
  /** The page's data-saving signal changed (navigator.connection 'change'); see DataWorkerOptions.dataSaver. */
  setDataSaver(on: boolean): Promise<void>;
  /**
   * The shopper's choice in the sync centre, kept on the device: 'full' ("Keep the whole catalogue for offline
   * use") starts the products' replication at once; 'viewed' stops it (what is stored stays); null: automatic.
   */
  setCatalogueMode(mode: CatalogueMode | null): Promise<void>;
  /** How much of the catalogue is stored, and what keeping all of it would cost (see CatalogueStorage). */
  catalogueStorage(): Promise<CatalogueStorage>;
  /** The page's first screen has its content and the page is idle: a held full pull starts (holdCatalogue). */
  firstScreenIdle(): Promise<void>;
  /**
   * A seller sets a variant's stock (issue 23): a queued write (outbox kind seller_stock), sent at once when
   * online and after reconnect when not. Needs a session.
   */
  setVariantStock(input: { productId: number; variantId: number; stock: number }): Promise<{ entryId: string }>;
  /**
   * A seller sets a variant's own price (MAD, 2 decimals at most): a queued write (outbox kind seller_price, PATCH
   * /api/seller/products/{id}/variants/{variant_id} {price}), shown at once in the seller's mirror. Needs a session.
   */
  setVariantPrice(input: { productId: number; variantId: number; price: number }): Promise<{ entryId: string }>;
  /**
   * A seller moves an order to shipped (optionally with a tracking number): a queued write (outbox kind
   * seller_order_status, PATCH /api/seller/orders/{id}), shown at once in the seller's mirror. Refused before
   * queueing (`code`): VALIDATION, ORDER_TRANSITION_INVALID (the order as shown cannot move to shipped, e.g. a move
   * is queued already); UNAUTHENTICATED.
   */
  shipOrder(input: { orderId: number; trackingNumber?: string }): Promise<{ entryId: string }>;
  /**
   * Fetches the seller's mirror (GET /api/seller/shop, every page of /api/seller/products and /api/seller/orders)
   * when online and signed in. The worker also refreshes it after each accepted seller write and on `online`, once
   * the seller's app asked for it.
   */
  refreshSellerMirror(): Promise<SellerMirrorRefresh>;
  /**
   * A seller's new product with its photos (resized already), drafted offline or online: one queued write (outbox
   * kind seller_product_create, POST /api/seller/products as multipart), the photos kept as Blobs on the device
   * until it is sent. `draftId` of a refused draft queues it again in its place. Needs a session.
   */
  queueProductDraft(draft: SellerProductDraftInput): Promise<{ entryId: string; draftId: string }>;
  /** A queued or refused draft as it was queued (to open a refused one again), or null. */
  productDraft(draftId: string): Promise<SellerProductDraft | null>;

  // --- Cart, wishlist, orders (docs/COMMERCE.md). Guests may use the cart; the rest needs a session. ---
  /** Adds `quantity` of a variant (or the product's first variant in stock when variantId is omitted). */
  addToCart(input: { productId: string; variantId?: number; quantity: number }): Promise<CartChangeResult>;
  /** Sets a line's quantity (1–99, capped by the last known stock). */
  setCartQuantity(variantId: number, quantity: number): Promise<CartChangeResult>;
  removeFromCart(variantId: number): Promise<{ entryId: string }>;
  clearCart(): Promise<{ entryId: string }>;
  /** Queues the coupon; its validity comes with the server's answer (COUPON_INVALID fails the entry). */
  applyCoupon(code: string): Promise<{ entryId: string }>;
  removeCoupon(): Promise<{ entryId: string }>;
  addToWishlist(productId: string, options?: { notifyPriceDrop?: boolean; notifyBackInStock?: boolean; notes?: string }): Promise<{ entryId: string }>;
  updateWishlistItem(productId: string, patch: { notifyPriceDrop?: boolean; notifyBackInStock?: boolean; notes?: string }): Promise<{ entryId: string }>;
  removeFromWishlist(productId: string): Promise<{ entryId: string }>;
  /** Places a cash-on-delivery order for the whole cart: the local order at once, the request queued. */
  placeOrder(input: PlaceOrderInput): Promise<{ orderId: string; entryId: string }>;
  cancelOrder(orderId: string): Promise<{ entryId: string }>;
  /** Sends a failed entry again under a new key (same body), re-applying its optimistic change. */
  retryOutboxEntry(id: string): Promise<{ entryId: string }>;
  /** Whether the page has the Background Sync API (sent to the service worker with each queued write). */
  setBackgroundSyncSupport(supported: boolean): Promise<void>;

  // --- Community and messages (docs/COMMUNITY.md); all need a session. ---
  /** Creates a community request: the local post at once (queued, id = its client ref), the request queued. */
  createPost(input: NewPostInput): Promise<{ postId: string; entryId: string }>;
  /**
   * Tailoring (docs/TAILORING.md). refreshTailors fetches GET /api/v1/tailors (`?locale=` the interface language
   * when given; the answer carries every language's bio either way) into the local cache when it is
   * older than 1800 s (spec §9) or `force`, and online. bookTailor (signed in) writes the booking at once
   * (queued, id = its client ref; requested or waitlisted by the cached availability) and queues
   * booking_create; refused before queueing with BookingError codes VALIDATION, TAILOR_NOT_FOUND, TAILOR_UNAVAILABLE.
   */
  refreshTailors(force?: boolean, locale?: string): Promise<TailorsRefresh>;
  bookTailor(input: NewBookingInput): Promise<{ bookingId: string; entryId: string }>;
  /** The post owner's answer to a response: shown at once (accepting moves the post to in_progress). */
  answerResponse(responseId: string, status: 'accepted' | 'rejected'): Promise<{ entryId: string }>;
  /**
   * Sends a message to a shop (or, with toUserId, from the seller's shop to a buyer): the local message at once
   * (queued, id = its client ref), the request queued (message_send).
   */
  sendMessage(input: SendMessageInput): Promise<{ messageId: string; entryId: string }>;
  /**
   * A verified seller's response to a request (by document id or post id): shown at once in the post's
   * responses (pending, id = its client ref, response_id 0, responses_count + 1), the request queued
   * (response_create); the pull replaces it with the server's under the same id. A refusal (SELLER_NOT_VERIFIED,
   * POST_NOT_OPEN, RESPONSE_EXISTS, …) removes it and the sync centre says why. Refused before queueing (an
   * error with `code`): VALIDATION (the server's texts), POST_NOT_FOUND, RESPONSE_OWN_POST, POST_NOT_SENT (the
   * post is still queued here), POST_NOT_OPEN, RESPONSE_EXISTS (also while one is queued); UNAUTHENTICATED.
   */
  respondToPost(postId: string, input: RespondInput): Promise<{ responseId: string; entryId: string }>;
  /**
   * The owner closes their request (open or in_progress → closed): shown at once, queued (post_close); a
   * refusal restores the status. Refused before queueing (`code`): POST_NOT_FOUND, FORBIDDEN (not the owner),
   * POST_ALREADY_CLOSED, POST_NOT_SENT (the post is still queued here); UNAUTHENTICATED.
   */
  closePost(postId: string): Promise<{ entryId: string }>;
  /**
   * A message that came on the chat socket (a `message` frame): stored at once ('confirmed'), confirming a queued
   * one of the same id, never replacing a newer stored one; the stored conversation's last message moves on; the
   * pull brings the same document later. Ignored when it is not of the signed-in user's conversations (or nobody
   * is signed in); rejects with code VALIDATION when it is not a message.
   */
  receiveMessage(message: Message): Promise<void>;
  /**
   * The user opened the conversation: its unread count is 0 locally at once. The server marks it read when the
   * thread is fetched (GET /api/v1/buyer/messages/shops/{shopId}, GET /api/v1/seller/messages/users/{userId}) and
   * pokes both sides, so the pull agrees; without that fetch the next pull brings the server's count back.
   */
  markConversationRead(conversationId: number): Promise<void>;
}
