/**
 * The repositories over the query layer, bound to one database handle. The app
 * decorates them on the Fastify instance (app.repos); routes use nothing else.
 */
import { sql } from 'kysely';
import type { Gender, NormalizedProductQuery, ProductDoc } from '../../domain/catalog';
import type { TextLanguage } from '../../domain/catalog-text';
import type { ReplicatedCollection } from '../../sync/protocol';
import type { Database } from '../db/database';
import { findCategory, liveCategories } from './category-reads';
import { categoryPictureFacts, productPictureFacts, shopPictureFacts } from './media-reads';
import { ListingTotals } from './listing-totals';
import { listProducts } from './product-listing';
import { findProductDoc, findStock, relatedProducts, shopNames } from './product-reads';
import { writeCategoryTexts, writeProductTexts, writeShopTexts } from './catalog-text-writes';
import type { CatalogTextsBody, TextsWrite } from '../http/catalog-texts-body';
import { updateProduct, type ProductPatch } from './product-writes';
import { findShop, listShops, type ShopFilters } from './shop-reads';
import { updateShopStatus, type ShopStatusPatch } from './shop-status';
import { registerShop, type ShopRegistration } from './shop-registration';
import { pull, type PullRequest } from './sync-pull';
import { catalogueSizeEstimator, liveProductsByIds, liveReviewsOf } from './sync-view';
import { createSession, deleteSession, deleteUserSessions, findSession, liveSessionIds, type NewSession } from './sessions';
import { createUser, findUserByEmail, findUserById, updateUser, type NewUserRow, type UserPatch } from './users';
import { createAddress, deleteAddress, listAddresses, updateAddress, type AddressInput, type AddressPatch } from './addresses';
import { confirmPhone, deletePhoneCode, findPhoneCode, recordWrongAttempt, replacePhoneCode, type NewPhoneCode } from './phone-codes';
import { findOwnShop, mayEditShop, updateShopDetails, type ShopDetailsPatch, type ShopEditor } from './seller-shops';
import { replacePassword, updateRevokingOtherSessions } from './user-password';
import { userJson } from '../http/user-response';
import type { UserRow } from '../db/schema';
import { pullFollows } from './follow-pull';
import { isFollowing, setFollow, shopExists } from './follows';
import { listReviews, type ReviewListQuery } from './review-reads';
import { createReview, deleteReview, reactToReview, updateReview, type NewReviewInput, type ReviewPatch } from './review-writes';
import { findReviewImage } from './review-images';
import { findOwnOrder, listOwnOrders, listShopOrders, ownShopId, type OrderListQuery } from './orders';
import { moveOrder, placeOrder, type MoveInput, type OrderCartHooks, type OrderMover, type PlaceOrderInput } from './order-writes';
import { pullOrders } from './order-pull';
import { removeOrderedLines } from './carts';
import { findUsableCoupon } from './coupons';
import { orderReviewStatus, submitOrderReviews, type OrderReviewInput } from './order-reviews';
import {
  addCartItem,
  applyCoupon,
  checkCart,
  clearCart,
  mergeGuestCart,
  readCart,
  removeCartItem,
  removeCoupon,
  setCartItemQuantity,
  type AddItemInput,
  type CartOwner,
} from './carts';
import { addToWishlist, listWishlist, removeFromWishlist, updateWishlistItem, type WishlistInput } from './wishlist';
import { pullWishlist } from './wishlist-pull';
import type { Side } from './message-docs';
import { pullConversations, pullMessages } from './message-pull';
import { conversationFor, findAttachment, findConversation, listConversations, messageById, messagePage, ownShopOf, shopParty, unreadSummary, userParty } from './message-reads';
import { markConversationRead, sendMessage, type SendMessageInput } from './message-writes';
import { findPost, listPosts, listResponses, type PostListQuery } from './community-reads';
import { answerResponse, closePost, createPost, respondToPost, verifiedShopOf, type NewPostInput, type RespondInput } from './community-writes';
import { pullCommunityPosts } from './community-pull';
import { findCommunityImage } from './community-images';
import { createContactMessage, type NewContactMessage } from './contact-messages';
import { subscribeToNewsletter } from './newsletter-subscriptions';
import { findTailor, listTailors, type TailorFilters } from './tailors';
import { createBooking, listBookings, pullBookings, type NewBookingInput } from './bookings';
import { sellerProductRepository } from './seller-products-repository';
import { insertAlerts, listAlerts, lowStockCrossings, markAlertsRead, productNameIn, shopDecisionState, shopOwners, variantStocks, type NewAlert } from './seller-alerts';
import { replyToReview, sellerReviews } from './review-replies';
import type { LocalizedText } from '../../domain/catalog-text';
import { resolveMoney, type MoneyOptions } from './ledger-booking';
import { ledgerForShop, type LedgerRange } from './ledger-reads';
import { closePeriod, listPayouts, listShopPayouts, markPayout, payoutCsvRows, payoutStatement, type AdminPayoutFilters } from './payouts';
import { listAudit, type AuditContext, type AuditFilters } from './audit';
import { listAdminShops, shopStatusReason, type AdminShopFilters } from './admin-shops-queue';
import { moderatePost, moderateProduct, moderateReview, postHiddenFrom, type PostModerationPatch } from './moderation';
import { claimReply, listContactMessages, newsletterSubscribers, releaseReply, type InboxFilters } from './admin-inbox';
import { recordRemittance, remittanceReport, type NewRemittance } from './cod-remittances';
import { bookAdjustment } from './ledger-adjustments';
import type { AuditActor } from './audit';

/** The cart side of placing an order (coupons and cart lines, owned by the cart's repositories). */
const orderCartHooks: OrderCartHooks = {
  findCoupon: (tx, code, now) => findUsableCoupon(tx, code, now),
  removeCartLines: async (tx, dialect, userId, variantIds, now) => {
    const removed = await removeOrderedLines(tx, dialect, userId, variantIds, now);
    return removed === null ? null : { collection: 'cart', userId, checkpoint: { updatedAt: removed.updatedAt, id: String(removed.cartId) } };
  },
};

export function createRepositories(db: Database, moneyOptions?: MoneyOptions) {
  const money = resolveMoney(moneyOptions);
  const listingTotals = new ListingTotals(db.changes);
  return {
    health: {
      ping: async (): Promise<void> => {
        await sql`select 1`.execute(db.kysely);
      },
    },
    products: {
      list: (q: NormalizedProductQuery) => listProducts(db, q, listingTotals),
      /** Stops the listing totals' listener (the app closes). */
      close: () => listingTotals.close(),
      find: (id: number) => findProductDoc(db, id),
      related: (product: ProductDoc, limit: number) => relatedProducts(db, product, limit),
      stock: (id: number) => findStock(db, id),
      shopNames: (shopIds: readonly number[]) => shopNames(db, shopIds),
      update: (id: number, patch: ProductPatch) => updateProduct(db, id, patch),
      /** Issue 22: names and descriptions in the six languages (docs/CATALOGUE.md). */
      writeTexts: (id: number, body: CatalogTextsBody) => writeProductTexts(db, id, body),
    },
    categories: {
      live: (gender?: Gender) => liveCategories(db, gender),
      find: (key: { id: number } | { slug: string }) => findCategory(db, key),
      writeTexts: (id: number, names: TextsWrite) => writeCategoryTexts(db, id, names),
    },
    shops: {
      list: (filters: ShopFilters) => listShops(db, filters),
      find: (key: string) => findShop(db, key),
      writeTexts: (id: number, body: CatalogTextsBody) => writeShopTexts(db, id, body),
      setStatus: (id: number, patch: ShopStatusPatch) => updateShopStatus(db, id, patch),
    },
    sync: {
      pull: <C extends ReplicatedCollection>(collection: C, req: PullRequest) => pull(db, collection, req),
      changes: db.changes,
      /** Issue 25's view (GET /api/sync/products/view?ids=): live products by id, in the order asked. */
      productsByIds: (ids: readonly number[]) => liveProductsByIds(db, ids),
      /** The view's reviews=<productId>: the product's live reviews, its latest `limit`. */
      reviewsOf: (productId: number, limit: number) => liveReviewsOf(db, productId, limit),
      /** Live products and a full products pull's estimated bytes, kept a minute (GET /api/sync/catalogue-size). */
      catalogueSize: catalogueSizeEstimator(db),
    },
    users: {
      findById: (id: number) => findUserById(db, id),
      findByEmail: (email: string) => findUserByEmail(db, email),
      create: (row: NewUserRow) => createUser(db, row),
      update: (id: number, patch: UserPatch) => updateUser(db, id, patch),
    },
    sessions: {
      create: (s: NewSession) => createSession(db, s),
      find: (id: string) => findSession(db, id),
      live: (ids: readonly string[], now: number) => liveSessionIds(db, ids, now),
      delete: (id: string) => deleteSession(db, id),
      deleteForUser: (userId: number, exceptSessionId?: string) => deleteUserSessions(db, userId, exceptSessionId),
    },
    media: {
      product: (id: number) => productPictureFacts(db, id),
      category: (slug: string) => categoryPictureFacts(db, slug),
      shop: (id: number) => shopPictureFacts(db, id),
    },
    // The signed-in user's own account (routes/user-*.ts); reads go through users.findById.
    account: {
      json: (row: UserRow) => userJson(db, row),
      /** users.update on the app's clock (auth.now). */
      update: (userId: number, patch: UserPatch, now: number) => updateUser(db, userId, patch, now),
      replacePassword: (userId: number, hash: string, keepSessionId: string, now: number) =>
        replacePassword(db, userId, hash, keepSessionId, now),
      /** An update that changes the email: the user's other sessions are revoked in the same transaction. */
      updateRevokingOthers: (userId: number, patch: UserPatch, keepSessionId: string, now: number) =>
        updateRevokingOtherSessions(db, userId, patch, keepSessionId, now),
    },
    addresses: {
      list: (userId: number) => listAddresses(db, userId),
      create: (userId: number, input: AddressInput, now: number) => createAddress(db, userId, input, now),
      update: (userId: number, id: number, patch: AddressPatch, now: number) => updateAddress(db, userId, id, patch, now),
      remove: (userId: number, id: number, now: number) => deleteAddress(db, userId, id, now),
    },
    phoneCodes: {
      find: (userId: number) => findPhoneCode(db, userId),
      replace: (code: NewPhoneCode) => replacePhoneCode(db, code),
      remove: (id: number) => deletePhoneCode(db, id),
      wrongAttempt: (id: number) => recordWrongAttempt(db, id),
      confirm: (id: number, userId: number, phone: string, now: number) => confirmPhone(db, id, userId, phone, now),
    },
    follows: {
      set: (userId: number, shopId: number, follow: boolean, now: number) => setFollow(db, userId, shopId, follow, now),
      isFollowing: (userId: number, shopId: number) => isFollowing(db, userId, shopId),
      shopExists: (shopId: number) => shopExists(db, shopId),
      pull: (userId: number, req: PullRequest) => pullFollows(db, userId, req),
    },
    reviews: {
      list: (productId: number, q: ReviewListQuery) => listReviews(db, productId, q),
      create: (input: NewReviewInput, now: number) => createReview(db, input, now),
      update: (userId: number, id: number, patch: ReviewPatch, now: number) => updateReview(db, userId, id, patch, now),
      remove: (userId: number, id: number, now: number) => deleteReview(db, userId, id, now),
      react: (userId: number, id: number, reaction: 'helpful' | 'not_helpful' | null, now: number) => reactToReview(db, userId, id, reaction, now),
      image: (file: string) => findReviewImage(db, file),
    },
    // Issue 5 (docs/COMMERCE.md): carts (a user's or a guest's), coupons on them, wishlists.
    carts: {
      read: (owner: CartOwner, country: string, now: number) => readCart(db, owner, country, now),
      add: (owner: CartOwner, input: AddItemInput, country: string, now: number) => addCartItem(db, owner, input, country, now),
      setQuantity: (owner: CartOwner, variantId: number, quantity: number, country: string, now: number) =>
        setCartItemQuantity(db, owner, variantId, quantity, country, now),
      remove: (owner: CartOwner, variantId: number, country: string, now: number) => removeCartItem(db, owner, variantId, country, now),
      applyCoupon: (owner: CartOwner, code: string, country: string, now: number) => applyCoupon(db, owner, code, country, now),
      removeCoupon: (owner: CartOwner, country: string, now: number) => removeCoupon(db, owner, country, now),
      clear: (owner: CartOwner, country: string, now: number) => clearCart(db, owner, country, now),
      merge: (userId: number, guestHash: string | null, country: string, now: number) => mergeGuestCart(db, userId, guestHash, country, now),
      check: (userId: number, country: string, now: number) => checkCart(db, userId, country, now),
    },
    wishlist: {
      list: (userId: number) => listWishlist(db, userId),
      add: (userId: number, productId: number, input: WishlistInput, now: number) => addToWishlist(db, userId, productId, input, now),
      update: (userId: number, productId: number, patch: WishlistInput, now: number) => updateWishlistItem(db, userId, productId, patch, now),
      remove: (userId: number, productId: number, now: number) => removeFromWishlist(db, userId, productId, now),
      pull: (userId: number, req: PullRequest) => pullWishlist(db, userId, req),
    },
    orders: {
      place: (input: PlaceOrderInput) => placeOrder(db, orderCartHooks, input, money),
      find: (userId: number, key: string) => findOwnOrder(db, userId, key),
      list: (userId: number, q: OrderListQuery) => listOwnOrders(db, userId, q),
      listForShop: (shopId: number, q: OrderListQuery) => listShopOrders(db, shopId, q),
      ownShopId: (userId: number) => ownShopId(db.kysely, userId),
      move: (mover: OrderMover, input: MoveInput) => moveOrder(db, mover, input, money),
      pull: (userId: number, req: PullRequest) => pullOrders(db, userId, req),
      reviewStatus: (userId: number, key: string) => orderReviewStatus(db, userId, key),
      review: (userId: number, key: string, reviews: readonly OrderReviewInput[], now: number) => submitOrderReviews(db, userId, key, reviews, now),
    },
    // Issue 6 (docs/COMMUNITY.md, "Community"): custom requests and the shops' responses.
    community: {
      list: (q: PostListQuery) => listPosts(db, q),
      find: (key: { id: number } | { userId: number; clientRef: string }) => findPost(db, key),
      create: (input: NewPostInput) => createPost(db, input),
      close: (userId: number, postId: number, now: number) => closePost(db, userId, postId, now),
      responses: (postId: number, viewer: { userId: number; role: string }) => listResponses(db, postId, viewer),
      verifiedShop: (userId: number, role: string) => verifiedShopOf(db, userId, role),
      respond: (input: RespondInput) => respondToPost(db, input),
      answer: (userId: number, responseId: number, to: 'accepted' | 'rejected', now: number) => answerResponse(db, userId, responseId, to, now),
      pull: (userId: number, req: PullRequest) => pullCommunityPosts(db, userId, req),
      image: (file: string) => findCommunityImage(db, file),
    },
    // Issue 6 (docs/COMMUNITY.md, "Messages"): conversations, messages, their attachments and pulls.
    messages: {
      send: (input: SendMessageInput) => sendMessage(db, input),
      markRead: (conversationId: number, side: Side, now: number) => markConversationRead(db, conversationId, side, now),
      conversations: (userId: number, side: Side) => listConversations(db, userId, side),
      find: (buyerId: number, shopId: number) => findConversation(db, buyerId, shopId),
      forParticipant: (conversationId: number, userId: number) => conversationFor(db, conversationId, userId),
      page: (conversationId: number | null, q: { page: number; perPage: number; postId?: number }) => messagePage(db, conversationId, q),
      byId: (messageId: number) => messageById(db, messageId),
      shopParty: (shopId: number) => shopParty(db, shopId),
      userParty: (userId: number) => userParty(db, userId),
      ownShop: (userId: number) => ownShopOf(db.kysely, userId),
      unread: (userId: number, since: number, limit: number) => unreadSummary(db, userId, since, limit),
      attachment: (file: string) => findAttachment(db, file),
      pullConversations: (userId: number, req: PullRequest) => pullConversations(db, userId, req),
      pullMessages: (userId: number, req: PullRequest) => pullMessages(db, userId, req),
    },
    // Issue 7: the contact form and the newsletter sign-up (routes/contact.ts, routes/newsletter.ts).
    contact: {
      create: (input: NewContactMessage, now: number) => createContactMessage(db, input, now),
    },
    newsletter: {
      subscribe: (email: string, userId: number | null, now: number) => subscribeToNewsletter(db, email, userId, now),
    },
    // Issue 7: tailors and bookings (docs/TAILORING.md).
    tailors: {
      list: (filters: TailorFilters, language?: TextLanguage) => listTailors(db, filters, language),
      find: (key: { id: number } | { slug: string }, language?: TextLanguage) => findTailor(db, key, db.kysely, language),
    },
    bookings: {
      create: (input: NewBookingInput) => createBooking(db, input),
      list: (userId: number) => listBookings(db, userId),
      pull: (userId: number, req: PullRequest) => pullBookings(db, userId, req),
    },
    sellerShops: {
      own: (userId: number) => findOwnShop(db, userId),
      mayEdit: (shopId: number, editor: ShopEditor) => mayEditShop(db, shopId, editor),
      update: (shopId: number, patch: ShopDetailsPatch, editor: ShopEditor) => updateShopDetails(db, shopId, patch, editor),
      register: (userId: number, input: ShopRegistration) => registerShop(db, userId, input),
    },
    sellerProducts: sellerProductRepository(db),
    // Issue 24 (docs/MONEY.md): the sellers' ledger.
    ledger: {
      forShop: (shopId: number, range: LedgerRange) => ledgerForShop(db, shopId, range),
    },
    payouts: {
      close: (periodEnd: string, now: number) => closePeriod(db, periodEnd, now),
      forShop: (shopId: number) => listShopPayouts(db, shopId),
      list: (filters: AdminPayoutFilters) => listPayouts(db, filters),
      csvRows: (filters: AdminPayoutFilters) => payoutCsvRows(db, filters),
      statement: (shopId: number, payoutId: number) => payoutStatement(db, shopId, payoutId),
      mark: (payoutId: number, to: 'paid' | 'failed', reference: string | null, now: number) => markPayout(db, payoutId, to, reference, now),
    },
    // Issue 24 (docs/OPERATOR.md): the operator's audit log; actions write it with recordAudit (audit.ts) in their transaction.
    audit: {
      list: (filters: AuditFilters) => listAudit(db, filters),
    },
    // Issue 24 (docs/OPERATOR.md): the operator's actions, each audited in its own transaction.
    operator: {
      shops: (filters: AdminShopFilters) => listAdminShops(db, filters),
      shopStatusReason: (shopId: number) => shopStatusReason(db, shopId),
      setShopStatus: (id: number, patch: ShopStatusPatch, audited: AuditContext) => updateShopStatus(db, id, patch, audited),
      writeShopTexts: (id: number, body: CatalogTextsBody, audited: AuditContext) => writeShopTexts(db, id, body, audited),
      writeProductTexts: (id: number, body: CatalogTextsBody, audited: AuditContext) => writeProductTexts(db, id, body, audited),
      writeCategoryTexts: (id: number, write: TextsWrite, audited: AuditContext) => writeCategoryTexts(db, id, write, audited),
      closePeriod: (periodEnd: string, audited: AuditContext) => closePeriod(db, periodEnd, audited.now, audited),
      markPayout: (payoutId: number, to: 'paid' | 'failed', reference: string | null, audited: AuditContext) =>
        markPayout(db, payoutId, to, reference, audited.now, audited),
      moderateReview: (id: number, hidden: boolean, reason: string | null, audited: AuditContext) => moderateReview(db, id, hidden, reason, audited),
      moderateProduct: (id: number, published: boolean, reason: string | null, audited: AuditContext) => moderateProduct(db, id, published, reason, audited),
      moderatePost: (id: number, patch: PostModerationPatch, audited: AuditContext) => moderatePost(db, id, patch, audited),
      postHiddenFrom: (postId: number, viewerId: number | null) => postHiddenFrom(db, postId, viewerId),
    },
    // Issue 24 (docs/OPERATOR.md "Inbox"): contact messages and their answers, the newsletter export.
    inbox: {
      list: (filters: InboxFilters) => listContactMessages(db, filters),
      claimReply: (id: number, reply: string, actor: AuditActor, now: number) => claimReply(db, id, reply, actor, now),
      releaseReply: (id: number, actor: AuditActor, answeredAt: number, reason: string, now: number) => releaseReply(db, id, actor, answeredAt, reason, now),
      newsletterSubscribers: () => newsletterSubscribers(db),
    },
    // Issue 24 (docs/OPERATOR.md "COD remittances"): couriers' cash against the COD collections.
    codRemittances: {
      record: (input: NewRemittance, actor: AuditActor, now: number) => recordRemittance(db, input, actor, now),
      report: (from: number, to: number) => remittanceReport(db, from, to),
    },
    // Issue 24 (docs/MONEY.md "Adjustments"): the operator's signed entries in a shop's ledger.
    adjustments: {
      book: (shopId: number, amountCents: number, reason: string, actor: AuditActor, now: number) => bookAdjustment(db, shopId, amountCents, reason, actor, now),
    },
    // Issue 23 (docs/SELLERS.md "Alerts"): the seller's alerts, raised by src/server/alerts/seller-alerts.ts.
    sellerAlerts: {
      owners: (shopIds: readonly number[]) => shopOwners(db.kysely, shopIds),
      insert: (alerts: readonly NewAlert[], now: number) => insertAlerts(db.kysely, alerts, now),
      variantStocks: (of: { productIds: readonly number[] } | { ownerUserId: number }) => variantStocks(db.kysely, of),
      lowStockCrossings: (variantIds: readonly number[], before: (variantId: number, stockNow: number) => number | null, now: number) =>
        lowStockCrossings(db, variantIds, before, now),
      productName: (names: LocalizedText, language: string) => productNameIn(names, language),
      shopState: (shopId: number) => shopDecisionState(db.kysely, shopId),
      list: (userId: number, q: { page: number; perPage: number; unreadOnly: boolean }) => listAlerts(db.kysely, userId, q),
      markRead: (userId: number, which: { ids: readonly number[] } | { all: true }, now: number) => markAlertsRead(db.kysely, userId, which, now),
    },
    // Issue 23 (docs/SELLERS.md "Replies to reviews").
    reviewReplies: {
      reply: (userId: number, reviewId: number, content: string, now: number) => replyToReview(db, userId, reviewId, content, now),
      list: (userId: number, q: { unreplied: boolean; page: number; perPage: number }) => sellerReviews(db, userId, q),
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
