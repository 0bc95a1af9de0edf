/**
 * Table types of the server database, as kysely sees them. Columns are
 * portable across SQLite and PostgreSQL: money in integer centimes, times in
 * epoch milliseconds (bigint), flags as integers 0/1, lists as JSON text.
 *
 * Every replicated table carries `updated_at` (server-assigned, strictly
 * increasing per table, see write-transaction.ts) and a `deleted` soft-delete
 * flag; pulls page through (updated_at, id).
 */
import type { Generated, Insertable, Selectable } from 'kysely';

/** 0 or 1. */
export type Flag = number;

export interface CategoriesTable {
  id: Generated<number>;
  /** null for the three top categories. */
  parent_id: number | null;
  gender: string;
  slug: string;
  /** names.en of names_json (else the first name along the fallback chain): the spec's field, read in many places. */
  name_en: string;
  /** names.ar (else along the chain from ar). */
  name_ar: string;
  /** 0019: JSON LocalizedText, the name in every language held (src/domain/catalog-text.ts). */
  names_json: Generated<string>;
  /** 0019: searchText (src/domain/search.ts) of the names in every language, for product search by category. */
  search_text: Generated<string>;
  image: string;
  position: number;
  /** Denormalised: live products in the category and its subcategories. */
  item_count: number;
  updated_at: number;
  deleted: Flag;
}

export interface ShopsTable {
  id: Generated<number>;
  slug: string;
  /** names.en (else along the fallback chain); name_ar: names.ar (else along the chain from ar). */
  name: string;
  name_ar: string;
  /** 0019: JSON LocalizedText of the names and of the descriptions. */
  names_json: string;
  descriptions_json: string;
  /** 0019: searchText (src/domain/search.ts) of the names in every language (0004's search_name before). */
  search_text: string;
  /** 'pending' (0020: signed up, not yet activated), 'active' or 'suspended'. */
  status: string;
  store_type: string;
  is_featured: Flag;
  is_verified: Flag;
  logo: string;
  cover: string;
  description: string;
  description_ar: string;
  city: string;
  address: string;
  /** 0020: the phone given at seller sign-up ('' for shops from before); activation wants it verified. */
  phone: Generated<string>;
  /** 0022: the operator's commission rate for this shop (basis points); null: the default (COMMISSION_RATE). */
  commission_rate_bp: Generated<number | null>;
  /** Rating × 10 (one decimal, exact). */
  rating_x10: number;
  total_reviews: number;
  /** Denormalised: live products of the shop. */
  products_count: number;
  followers: number;
  response_rate: number;
  response_time_hours: number;
  joined_at: number;
  updated_at: number;
  deleted: Flag;
  /** The seller account that owns the shop (0005); null when none. Not replicated. */
  owner_user_id: number | null;
  /** 0023: the operator's reason for the last rejection or suspension (the seller sees it); null when none. Not replicated. */
  status_reason: Generated<string | null>;
  /** 0023: when the operator rejected the shop while pending (activating it wants the phone check again). Not replicated. */
  rejected_at: Generated<number | null>;
}

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  /** A subcategory. */
  category_id: number;
  /** Denormalised from the category, for the gender filter. */
  gender: string;
  sku: string;
  /** names.en (else along the fallback chain): the spec's field, read by orders, carts, messages. */
  name: string;
  /** names.ar (else along the chain from ar). */
  name_ar: string;
  /** 0019: JSON LocalizedText, the name in every language held (src/domain/catalog-text.ts). */
  names_json: string;
  /** 0019: searchText (src/domain/search.ts) of the names in every language, computed in JavaScript. */
  search_text: string;
  /** descriptions.en and .ar, as name and name_ar. */
  description: string;
  description_ar: string;
  /** 0019: JSON LocalizedText of the descriptions. */
  descriptions_json: string;
  price_cents: number;
  discount_cents: number | null;
  /** discount_cents when discounted, else price_cents: what sorts and price filters use. */
  effective_cents: number;
  has_discount: Flag;
  discount_percent: number;
  /** Bit i set when some variant has COLORS[i] (likewise sizes, fabrics). */
  colors_mask: number;
  sizes_mask: number;
  fabrics_mask: number;
  stock_quantity: number;
  in_stock: Flag;
  handmade: Flag;
  customizable: Flag;
  express: Flag;
  rating_x10: number;
  reviews_count: number;
  sales_count: number;
  /** JSON array of relative image URLs; the first is the main image. */
  images_json: string;
  made_in: string;
  shipping_from: string;
  /** 0020: 0 when its seller or the operator unpublished it. */
  published: Generated<Flag>;
  /** 0020: a variant's stock at or below this is low (the seller's dashboard and alerts). */
  low_stock_threshold: Generated<number>;
  /** 0023: why the operator unpublished it (the seller sees it); null otherwise. Not replicated. */
  moderation_reason: Generated<string | null>;
  created_at: number;
  updated_at: number;
  /**
   * Not public: 1 unless published and the shop is active (0020, repositories/product-visibility.ts). Listings,
   * counts and pulls read only this; a pull carries a product that stops being public as a tombstone.
   */
  deleted: Flag;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  size: string;
  color: string;
  fabric: string;
  price_cents: number;
  stock: number;
}

export type Role = 'user' | 'seller' | 'admin' | 'manager';

/** Accounts (0005, docs/ACCOUNTS.md). Email is stored trimmed and lowercased. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  full_name_en: string;
  full_name_ar: string;
  /** scrypt$… (auth/passwords.ts); null for an account made by Google sign-in or a demo seller without one. */
  password_hash: string | null;
  google_sub: string | null;
  role: Role;
  /** E.164, set only by a verified code. */
  phone: string | null;
  phone_verified_at: number | null;
  email_notifications: Flag;
  marketing_emails: Flag;
  order_updates: Flag;
  newsletter: Flag;
  language: string;
  timezone: string;
  created_at: number;
  updated_at: number;
}

/** A signed-in session; the token carries its id (sid). Deleting the row revokes the token. */
export interface SessionsTable {
  id: string;
  user_id: number;
  kind: 'bearer' | 'cookie';
  created_at: number;
  expires_at: number;
  /** 0006: the bearer session a cookie session was minted from (set-cookie); logout ends both. */
  parent_session_id: string | null;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  type: 'shipping' | 'billing';
  full_name: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  is_default: Flag;
  created_at: number;
  updated_at: number;
}

/** The pending phone verification code of a user (at most one live row per user). */
export interface PhoneCodesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  /** HMAC of the code: a database read does not reveal it. */
  code_mac: string;
  attempts: number;
  created_at: number;
  expires_at: number;
}

/** 0006: failed password logins of one (lowercased) email in the window that began at window_start. */
export interface LoginFailuresTable {
  email: string;
  window_start: number;
  failures: number;
}

/** 0006: verification codes sent to one number (E.164) in the window that began at window_start. */
export interface PhoneSendCountsTable {
  phone: string;
  window_start: number;
  sends: number;
}

/** 0007: a review (docs/REVIEWS-FOLLOWS.md); replicated, one live row per (product, user). */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** The author's display name when written (kept with the review). */
  author_name: string;
  rating: number;
  title: string;
  content: string;
  verified_purchase: Flag;
  /** Denormalised from review_reactions, in the same transaction. */
  helpful_count: number;
  not_helpful_count: number;
  created_at: number;
  updated_at: number;
  deleted: Flag;
  /** 0023: 1 when the operator hid it: out of public reads, ratings and pulls; its author still sees it. */
  hidden: Generated<Flag>;
  hidden_reason: Generated<string | null>;
  /** 0025: the product's shop's reply (docs/SELLERS.md "Replies to reviews"); null: none. */
  reply: Generated<string | null>;
  reply_created_at: Generated<number | null>;
  reply_updated_at: Generated<number | null>;
}

export interface ReviewReactionsTable {
  review_id: number;
  user_id: number;
  reaction: 'helpful' | 'not_helpful';
  created_at: number;
}

/** A re-encoded review image (WebP) under /media/reviews/{file}. */
export interface ReviewImagesTable {
  id: Generated<number>;
  review_id: number;
  position: number;
  file: string;
  width: number;
  height: number;
  bytes: number;
  /** The WebP bytes. */
  data: Buffer;
  created_at: number;
}

/** 0007: a user follows a shop; unfollow is a soft delete (personal replication). */
export interface FollowsTable {
  user_id: number;
  shop_id: number;
  created_at: number;
  updated_at: number;
  deleted: Flag;
}

/** 0007: the stored answer of an idempotent write (plugins/idempotency.ts); status 0 while in flight. */
export interface IdempotencyKeysTable {
  principal: string;
  key: string;
  method: string;
  path: string;
  status: number;
  content_type: string;
  body: string;
  created_at: number;
  /** 0008: SHA-256 (hex) of the claiming request's canonical body; null when not hashed (multipart, older rows). */
  body_hash: string | null;
}

/** 0009: a cart (docs/COMMERCE.md): a signed-in user's (user_id) or a guest's (guest_token_hash), never both. */
export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  /** SHA-256 (hex) of the guest's Guest-Token. */
  guest_token_hash: string | null;
  coupon_code: string | null;
  created_at: number;
  /** The last change (guest carts untouched for 30 days are swept). */
  updated_at: number;
}

/** 0009: one line per (cart, variant); the line's id on the wire is the variant id. */
export interface CartItemsTable {
  cart_id: number;
  variant_id: number;
  product_id: number;
  quantity: number;
  added_at: number;
  updated_at: number;
}

/** 0009: a coupon; code upper case; value is the percent (1–100) or the centimes off. */
export interface CouponsTable {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_subtotal_cents: number;
  expires_at: number | null;
  active: Flag;
  created_at: number;
}

/** 0009: a wishlisted product (personal replication like follows; removal is a soft delete). */
export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  notify_price_drop: Flag;
  notify_back_in_stock: Flag;
  notes: string;
  created_at: number;
  updated_at: number;
  deleted: Flag;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** 0010: an order (docs/COMMERCE.md); personal, pulled by its buyer; updated_at from the 'orders' clock. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  /** The app's id of the order (its document id); null when placed without one. */
  client_ref: string | null;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  /** JSON ShippingInfo. */
  shipping_json: string;
  country: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  coupon_code: string | null;
  /** 0018: standard or express; shipping_cents and estimated_delivery follow it. */
  shipping_method: Generated<string>;
  tracking_number: string;
  estimated_delivery: number;
  /** JSON [{status, at}]. */
  history_json: string;
  created_at: number;
  updated_at: number;
}

/** 0010: what an order bought, as it was when bought. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number;
  variant_id: number;
  shop_id: number;
  name: string;
  name_ar: string;
  image: string;
  color: string;
  size: string;
  fabric: string;
  quantity: number;
  unit_cents: number;
  /** 0022: the shop's commission rate (basis points) frozen when the order was placed; null before 0022 (the default). */
  commission_rate_bp: Generated<number | null>;
}

/** 0012: a buyer ↔ shop conversation (docs/COMMUNITY.md); personal to both sides; updated_at from its own clock. */
export interface ConversationsTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  /** The newest message's text (≤120 characters), or null before any. */
  last_message: string | null;
  last_message_at: number | null;
  /** Messages from the shop the buyer has not read, and from the buyer the shop has not read. */
  buyer_unread: number;
  shop_unread: number;
  created_at: number;
  updated_at: number;
}

/** 0012: a message; client_ref unique across senders (the document id); updated_at from the messages' clock. */
export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'buyer' | 'shop';
  sender_user_id: number;
  client_ref: string | null;
  content: string;
  post_id: number | null;
  created_at: number;
  read_at: number | null;
  updated_at: number;
}

/** 0012: a message's file, served under /media/messages/{file}. */
export interface MessageAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  position: number;
  file: string;
  name: string;
  type: string;
  size: number;
  data: Buffer;
  created_at: number;
}

export interface DB {
  categories: CategoriesTable;
  shops: ShopsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  addresses: AddressesTable;
  phone_codes: PhoneCodesTable;
  server_secrets: ServerSecretsTable;
  reviews: ReviewsTable;
  review_reactions: ReviewReactionsTable;
  review_images: ReviewImagesTable;
  follows: FollowsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  wishlist_items: WishlistItemsTable;
  idempotency_keys: IdempotencyKeysTable;
  login_failures: LoginFailuresTable;
  phone_send_counts: PhoneSendCountsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_attachments: MessageAttachmentsTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type ShopRow = Selectable<ShopsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type UserRow = Selectable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type NewShop = Insertable<ShopsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type NewVariant = Insertable<ProductVariantsTable>;

/** Tables replicated to clients, each with updated_at + deleted. */
export type ReplicatedTable = 'categories' | 'shops' | 'products' | 'reviews';
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

/** 0011: a custom request (docs/COMMUNITY.md); pulled per user; updated_at from the table's one clock. */
export interface CommunityPostsTable {
  id: Generated<number>;
  user_id: number;
  /** The app's id of the post (its document id); null when made without one. */
  client_ref: string | null;
  author_name: string;
  title: string;
  description: string;
  category: string;
  category_id: number | null;
  budget_min_cents: number;
  budget_max_cents: number;
  timeline_value: number;
  timeline_unit: string;
  /** YYYY-MM-DD or null. */
  expected_delivery: string | null;
  specifications: string;
  required_skills_json: string;
  preferred_colors_json: string;
  preferred_styles_json: string;
  /** foldForSearch(title + newline + description). */
  search_text: string;
  /** Newline, then each folded style followed by a newline (the style filter). */
  styles_search: string;
  status: string;
  responses_count: number;
  accepted_response_id: number | null;
  created_at: number;
  updated_at: number;
  /** 0023: 1 when the operator hid it: out of public lists and reads; its author still sees it. */
  hidden: Generated<Flag>;
  hidden_reason: Generated<string | null>;
}

/** 0011: a shop's response to a post; one per (post, shop). */
export interface CommunityResponsesTable {
  id: Generated<number>;
  post_id: number;
  shop_id: number;
  seller_user_id: number;
  client_ref: string | null;
  message: string;
  price_cents: number;
  delivery_days: number;
  status: string;
  created_at: number;
  updated_at: number;
}

/** 0011: a re-encoded post or response image (WebP) under /media/community/{file}. */
export interface CommunityImagesTable {
  id: Generated<number>;
  post_id: number | null;
  response_id: number | null;
  position: number;
  file: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
  created_at: number;
}

/** 0011: a notification recorded for a user (title, body, data as a JSON object of strings). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  data_json: string;
  created_at: number;
  read_at: number | null;
}

/** The community tables, merged into DB above (one block). */
export interface DB {
  community_posts: CommunityPostsTable;
  community_responses: CommunityResponsesTable;
  community_images: CommunityImagesTable;
  notifications: NotificationsTable;
}

/** 0013: a device's FCM registration token (docs/COMMUNITY.md "Push"); at most 10 per user. */
export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  /** The session that saved it (deleted with it); null only for tokens saved outside a request. */
  session_id: string | null;
  created_at: number;
  last_used_at: number;
}

/** 0013: what the local push sender would have sent, one row per user and notification. */
export interface PushLogTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  /** JSON object of strings. */
  data_json: string;
  tokens: number;
  created_at: number;
}

/** The push tables, merged into DB above (kept here so the push block stays in one place). */
export interface DB {
  device_tokens: DeviceTokensTable;
  push_log: PushLogTable;
}

/** 0014: a request rate-limit counter shared by every instance (auth/rate-limit-store.ts), one fixed window per key. */
export interface RateLimitCountersTable {
  /** The limit's name and the client key, e.g. `register:203.0.113.7` (repositories/rate-limit-counters.ts). */
  key: string;
  /** Requests counted in the window, refused ones included. */
  hits: number;
  /** Epoch ms when the window ends; the sweep deletes the row after. */
  expires_at: number;
}

/** The rate-limit counters, merged into DB above. */
export interface DB {
  rate_limit_counters: RateLimitCountersTable;
}

/** 0015: a message sent through the contact form (routes/contact.ts). */
export interface ContactMessagesTable {
  id: Generated<number>;
  /** The signed-in sender, or null (a guest; set null when the user is deleted). */
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: number;
  /** 0024: 'open' until the operator answers, then 'answered' (docs/OPERATOR.md "Inbox"). */
  status: Generated<string>;
  /** 0024: the operator's answer, as mailed to the sender; null while open. */
  reply: Generated<string | null>;
  answered_at: Generated<number | null>;
  /** 0024: the operator who answered (no foreign key). */
  answered_by: Generated<number | null>;
}

/** 0015: a newsletter sign-up, one per lowercased email (routes/newsletter.ts). */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  created_at: number;
}

/** The contact and newsletter tables, merged into DB above. */
export interface DB {
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
}

/** 0016: a tailor's public profile (docs/TAILORING.md). */
export interface TailorsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_ar: string;
  city: string;
  location: string;
  /** JSON array of TailorSpecialty. */
  specialties_json: string;
  experience_years: number;
  /** Rating × 10 (one decimal, exact). */
  rating_x10: number;
  reviews_count: number;
  availability: string;
  /** bios.en (else along the fallback chain). */
  bio: string;
  /** 0019: JSON LocalizedText of the bio. */
  bios_json: string;
  /** 0019: JSON array of LocalizedText, the name of each of specialties_json's specialties, in the same order. */
  specialty_names_json: string;
  image: string;
  updated_at: number;
  deleted: Flag;
}

/** 0016: a review of a tailor. */
export interface TailorReviewsTable {
  id: Generated<number>;
  tailor_id: number;
  author: string;
  rating: number;
  text: string;
  created_at: number;
}

/** 0016: a user's booking with a tailor: an appointment request or a waitlist entry. */
export interface BookingsTable {
  id: Generated<number>;
  user_id: number;
  tailor_id: number;
  client_ref: string | null;
  service: string;
  date: string | null;
  time: string | null;
  notes: string;
  status: string;
  price_from_cents: number;
  created_at: number;
  updated_at: number;
}

/** The tailoring tables, merged into DB above. */
export interface DB {
  tailors: TailorsTable;
  tailor_reviews: TailorReviewsTable;
  bookings: BookingsTable;
}

/** 0022: one booking of the append-only ledger (docs/MONEY.md); never updated, only reversed. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  shop_id: number;
  /** A LedgerKind (src/domain/ledger.ts). */
  kind: string;
  order_id: number | null;
  order_item_id: number | null;
  /** Signed centimes: what the platform owes the shop goes up with a positive entry. */
  amount_cents: number;
  /** The Casablanca period the entry lands in: its first day, YYYY-MM-DD. */
  period_start: string;
  created_at: number;
  reverses_entry_id: number | null;
  /** The payout a payout entry pays. */
  payout_id: number | null;
  /** Unique: what was booked (`sale:{order_item_id}`, `reversal:{entry_id}`…), so a booking is written once. */
  booking_key: string;
}

/** 0022: a shop's payout for a period (pending → paid | failed). */
export interface PayoutsTable {
  id: Generated<number>;
  shop_id: number;
  period_start: string;
  period_end: string;
  gross_cents: number;
  commission_cents: number;
  net_cents: number;
  status: Generated<string>;
  paid_at: number | null;
  reference: string | null;
  created_at: number;
}

/** 0022: the cash collected on delivery of a COD order, one per order. */
export interface CodCollectionsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  collected_by: number | null;
  collected_at: number;
}

/** The money tables, merged into DB above. */
export interface DB {
  ledger_entries: LedgerEntriesTable;
  payouts: PayoutsTable;
  cod_collections: CodCollectionsTable;
}

/** 0023: one operator action (repositories/audit.ts), written in the action's transaction; never updated. */
export interface AuditLogTable {
  id: Generated<number>;
  /** null once the acting account is deleted. */
  actor_user_id: number | null;
  actor_role: string;
  /** `{object_type}.{verb}`: shop.update, review.hide… */
  action: string;
  object_type: string;
  /** Text: an id (`12`) or a key (`2026-11-15` for a period). */
  object_id: string;
  /** JSON text of the touched fields before and after; null when there is none. */
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  created_at: number;
}

/** 0023: the operator's tables, merged into DB above. */
export interface DB {
  audit_log: AuditLogTable;
}

/** 0025: a variant alerted as low on stock, until it is found above its threshold again (repositories/seller-alerts.ts). */
export interface LowStockMarksTable {
  variant_id: number;
  created_at: number;
}

/** 0025: the seller alerts' table, merged into DB above (alerts themselves are rows of notifications). */
export interface DB {
  low_stock_marks: LowStockMarksTable;
}

/** 0024: cash a courier handed to the platform for COD orders (docs/OPERATOR.md "COD remittances"). */
export interface CodRemittancesTable {
  id: Generated<number>;
  courier: string;
  amount_cents: number;
  received_at: number;
  recorded_by: number | null;
  created_at: number;
}

/** 0024: the orders a remittance covers; an order belongs to one remittance at most (order_id unique). */
export interface CodRemittanceOrdersTable {
  remittance_id: number;
  order_id: number;
}

/** The COD remittance tables, merged into DB above. */
export interface DB {
  cod_remittances: CodRemittancesTable;
  cod_remittance_orders: CodRemittanceOrdersTable;
}
