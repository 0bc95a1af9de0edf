/**
 * THE authorisation table: who may call each protected endpoint
 * (docs/ACCOUNTS.md, "Endpoints"). tests/server/authz-matrix.test.ts calls every
 * cell (row × identity) against a real server and fails on any route under
 * /api/user, /api/seller or /api/auth, and any non-GET /api route, that is
 * neither a row here nor in PUBLIC_ROUTES.
 *
 * LATER ISSUES ADD THEIR ROWS HERE (cart, orders, wishlist, chat, community…):
 * one row per method + path, the identities allowed, what the others get
 * (403 for the wrong role, 404 for someone else's object), a request builder
 * that may point at objects an identity owns, and a `target` that reads that
 * object back as its owner, so a refused call is shown to have changed nothing.
 */
import { expect } from 'vitest';
import type { Method, Reply } from './authz-http';
import { field } from './authz-http';
import { addressBody, SIGNED_IN, type Identity, type SignedIn, type World } from './authz-identities';
import { followsShopX, freshReviewOfA, productAt, reviewAsListed, reviewBody, reviewOfA } from './authz-social';
import { ORDER_ROWS } from './authz-orders';
import { MESSAGE_ROWS } from './authz-messages';
import { COMMUNITY_ROWS } from './authz-community';
import { PUSH_ROWS } from './authz-push';
import { TAILORING_ROWS } from './authz-tailoring';
import { CATALOG_TEXT_ROWS } from './authz-catalog';
import { SELLER_SIGNUP_ROWS } from './authz-seller-signup';
import { SELLER_PRODUCT_ROWS } from './authz-seller-products';
import { SELLER_LEDGER_ROWS } from './authz-seller-ledger';
import { OPERATOR_MONEY_ROWS } from './authz-operator-money';
import { OPERATOR_ROWS } from './authz-operator';
import { SELLER_ALERT_ROWS } from './authz-seller-alerts';
import { ensureCartLine, ensureWishlisted, wishlistProduct, wishlistRows } from './authz-cart';

export interface CellRequest {
  path: string;
  body?: unknown;
  /** A token other than the identity's main one (a fresh session for a cell that ends it). */
  token?: string;
}

export interface AuthzRow {
  method: Method;
  /** The Fastify route template, exactly as registered. */
  route: string;
  /** What the row is about, for test names when a route has several rows. */
  label?: string;
  /** Signed-in identities that succeed (2xx). A guest is never allowed here: public routes go in PUBLIC_ROUTES. */
  allowed: readonly SignedIn[];
  /** The answer for a signed-in identity not in `allowed`: 403 FORBIDDEN (role) or 404 (someone else's object). */
  refused: 403 | 404;
  /**
   * Per identity, a refusal other than `refused` (e.g. buyers 403 by role, another shop's seller 404; 409 for a
   * state the identity is in, e.g. a seller signing up a second shop, with `conflictCode`).
   */
  refusedAs?: Partial<Record<SignedIn, 403 | 404 | 409>>;
  /** The error code of a 409 in `refusedAs`. */
  conflictCode?: string;
  /** The error code of that 404 (e.g. ADDRESS_NOT_FOUND). */
  notFoundCode?: string;
  /** The error code of that 403 when not FORBIDDEN (e.g. SELLER_NOT_VERIFIED). */
  forbiddenCode?: string;
  /** For a route that never succeeds (POST /api/payments): what an allowed identity gets instead of a 2xx. */
  allowedAnswer?: { status: number; code: string };
  /** The call one cell makes; may create an object first (a delete needs one per cell). */
  request(world: World, who: Identity): Promise<CellRequest> | CellRequest;
  /** Reads the targeted object as its owner: equal before and after every refused cell. */
  target?(world: World, req: CellRequest): Promise<unknown>;
  /** More checks on an allowed cell's answer (e.g. the data is the caller's own). */
  check?(world: World, who: SignedIn, reply: Reply, req: CellRequest): Promise<void> | void;
}

/** Routes anyone may call (docs/ACCOUNTS.md: "anyone"/"guest or auth"); the matrix does not cover them. */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/auth/csrf-cookie',
  'GET /api/csrf-cookie',
  'GET /api/auth/config',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/verify-google-token',
  'POST /api/auth/set-cookie',
  'DELETE /api/auth/set-cookie',
  // Issue 5 (docs/COMMERCE.md): cart writes a guest may make (a Guest-Token cart, made on the first add).
  'POST /api/cart/items',
  'PUT /api/cart/items/:id',
  'DELETE /api/cart/items/:id',
  'POST /api/cart/coupon',
  'DELETE /api/cart/coupon',
  'DELETE /api/cart',
  // Issue 7: the contact form and the newsletter sign-up, for guests and users alike.
  'POST /api/contact',
  'POST /api/newsletter',
];

const ALL: readonly SignedIn[] = SIGNED_IN;

/** Buyer A's address as A sees it (null once deleted). */
async function addressOfA(world: World, id: number): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', '/api/user/addresses');
  expect(reply.status, reply.text).toBe(200);
  const list = field(reply.json, 'data');
  if (!Array.isArray(list)) throw new Error(`addresses: no data list in ${reply.text.slice(0, 200)}`);
  return list.find((a: unknown) => Number(field(a, 'id')) === id) ?? null;
}

const idInPath = (req: CellRequest): number => Number(/\/(\d+)(?:\?|$)/.exec(req.path)?.[1]);

/** Shop X as its seller sees it. */
async function shopXAsOwner(world: World): Promise<unknown> {
  const reply = await world.as('sellerX', 'GET', '/api/seller/shop');
  expect(reply.status, reply.text).toBe(200);
  return field(reply.json, 'data');
}

/** The caller's own user object. */
const profileOf = async (world: World, who: SignedIn): Promise<unknown> => field((await world.as(who, 'GET', '/api/user/profile')).json, 'user');

export const AUTHZ_TABLE: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/auth/logout',
    allowed: ALL,
    refused: 403,
    // Each cell ends a session of its own, not the identity's main one.
    request: async (world, who) => (who === 'guest' ? { path: '/api/auth/logout' } : { path: '/api/auth/logout', token: await world.login(who) }),
    check: async (world, who, _reply, req) => {
      const after = await world.as(who, 'GET', '/api/user/profile', undefined, req.token);
      expect(after.status, 'the logged-out token is revoked').toBe(401);
    },
  },
  {
    method: 'GET',
    route: '/api/user/profile',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/user/profile' }),
    check: (world, who, reply) => {
      expect(field(reply.json, 'user', 'email')).toBe(world.actors[who].email);
      expect(Number(field(reply.json, 'user', 'id'))).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'POST',
    route: '/api/user/profile',
    allowed: ALL,
    refused: 403,
    request: (_world, who) => ({ path: '/api/user/profile', body: { last_name: `Edited-${who}` } }),
    check: (world, who, reply) => {
      expect(field(reply.json, 'user', 'id')).toEqual(world.actors[who].userId);
      expect(field(reply.json, 'user', 'last_name')).toBe(`Edited-${who}`);
    },
  },
  {
    method: 'POST',
    route: '/api/user/password',
    allowed: ALL,
    refused: 403,
    // The same password again: a real change (other sessions end) that keeps the identity able to log in.
    request: (world, who) => {
      const password = who === 'guest' ? 'whatever password' : world.actors[who].password;
      return { path: '/api/user/password', body: { current_password: password, password, password_confirmation: password } };
    },
    check: async (world, who) => {
      expect((await world.as(who, 'GET', '/api/user/profile')).status, 'the session that changed it lives on').toBe(200);
    },
  },
  {
    method: 'POST',
    route: '/api/user/preferences',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/user/preferences', body: { newsletter: true, language: 'fr' } }),
    check: async (world, who, reply) => {
      expect(field(reply.json, 'user', 'preferences', 'language')).toBe('fr');
      expect(field(await profileOf(world, who), 'preferences', 'newsletter')).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/api/user/addresses',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/user/addresses' }),
    check: (world, who, reply) => {
      const ids = (field(reply.json, 'data') as unknown[]).map((a) => Number(field(a, 'id')));
      if (who !== 'buyerA') expect(ids, "nobody sees A's address").not.toContain(world.addressA);
      if (who !== 'buyerB') expect(ids, "nobody sees B's address").not.toContain(world.addressB);
      if (who === 'buyerA') expect(ids).toContain(world.addressA);
    },
  },
  {
    method: 'POST',
    route: '/api/user/addresses',
    allowed: ALL,
    refused: 403,
    request: (_world, who) => ({ path: '/api/user/addresses', body: addressBody(`new-${who}`) }),
    check: (_world, _who, reply) => {
      expect(reply.status).toBe(201);
    },
  },
  {
    method: 'PUT',
    route: '/api/user/addresses/:id',
    label: "buyer A's address",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ADDRESS_NOT_FOUND',
    request: (world, who) => ({ path: `/api/user/addresses/${world.addressA}`, body: addressBody(`put-by-${who}`, { city: `City of ${who}` }) }),
    target: (world) => addressOfA(world, world.addressA),
    check: async (world, _who, reply) => {
      expect(field(reply.json, 'data', 'city')).toBe('City of buyerA');
      expect(field(await addressOfA(world, world.addressA), 'city')).toBe('City of buyerA');
    },
  },
  {
    method: 'DELETE',
    route: '/api/user/addresses/:id',
    label: "buyer A's address",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ADDRESS_NOT_FOUND',
    // A fresh address per cell: the allowed cell deletes its own.
    request: async (world) => ({ path: `/api/user/addresses/${await world.createAddress('buyerA')}` }),
    target: (world, req) => addressOfA(world, idInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(await addressOfA(world, idInPath(req)), 'the address is gone').toBeNull();
    },
  },
  {
    method: 'POST',
    route: '/api/user/phone/send-code',
    allowed: ALL,
    refused: 403,
    request: (world, who) => ({ path: '/api/user/phone/send-code', body: { phone: who === 'guest' ? '+212600000009' : world.actors[who].phone } }),
    check: (world, who, reply) => {
      expect(field(reply.json, 'expires_in')).toBe(600);
      expect(world.server.sms.some((m) => m.to === world.actors[who].phone)).toBe(true);
    },
  },
  {
    method: 'POST',
    route: '/api/user/phone/verify',
    allowed: ALL,
    refused: 403,
    request: async (world, who) =>
      who === 'guest'
        ? { path: '/api/user/phone/verify', body: { phone: '+212600000009', code: '123456' } }
        : { path: '/api/user/phone/verify', body: { phone: world.actors[who].phone, code: await world.phoneCode(who) } },
    check: (world, who, reply) => {
      expect(field(reply.json, 'user', 'phone')).toBe(world.actors[who].phone);
      expect(field(reply.json, 'user', 'phone_verified')).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/api/seller/shop',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/seller/shop' }),
    check: (world, who, reply) => {
      const own = who === 'sellerX' ? world.shopX : world.shopY;
      expect(Number(field(reply.json, 'data', 'id')), 'a seller gets their own shop').toBe(own.id);
    },
  },
  {
    method: 'PUT',
    route: '/api/seller/shops/:id',
    label: 'shop X',
    allowed: ['sellerX', 'admin'],
    refused: 403,
    request: (world, who) => ({ path: `/api/seller/shops/${world.shopX.id}`, body: { description: `Described by ${who}`, city: `City ${who}` } }),
    target: (world) => shopXAsOwner(world),
    check: async (world, who, reply) => {
      expect(Number(field(reply.json, 'data', 'id'))).toBe(world.shopX.id);
      // `description` is the English description (the answer's own `description` is in the request's language).
      expect(field(await shopXAsOwner(world), 'descriptions', 'en')).toBe(`Described by ${who}`);
    },
  },
  {
    method: 'PUT',
    route: '/api/seller/shops/:id',
    label: 'shop Y',
    allowed: ['sellerY', 'admin'],
    refused: 403,
    request: (world, who) => ({ path: `/api/seller/shops/${world.shopY.id}`, body: { description: `Y described by ${who}` } }),
    target: async (world) => field((await world.as('sellerY', 'GET', '/api/seller/shop')).json, 'data'),
  },
  // Issue 4 (docs/REVIEWS-FOLLOWS.md): follows need a signed-in user; only the author edits or deletes a review,
  // and anyone but the author reacts to it.
  {
    method: 'POST',
    route: '/api/shops/:shop/follow',
    allowed: ALL,
    refused: 403,
    request: (world) => ({ path: `/api/shops/${world.shopX.id}/follow?timestamp=1` }),
    check: async (world, who, reply) => {
      expect(field(reply.json, 'data', 'isFollowing')).toBe(true);
      expect(await followsShopX(world, who)).toBe(true);
    },
  },
  {
    method: 'DELETE',
    route: '/api/shops/:shop/follow',
    allowed: ALL,
    refused: 403,
    request: (world) => ({ path: `/api/shops/${world.shopX.id}/follow?timestamp=1` }),
    check: async (world, who, reply) => {
      expect(field(reply.json, 'data', 'isFollowing')).toBe(false);
      expect(await followsShopX(world, who)).toBe(false);
    },
  },
  {
    method: 'GET',
    route: '/api/sync/follows/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/follows/pull?v=1' }),
    check: async (world, who, reply) => {
      // Only the caller's own follows: each document's shop is one the caller follows or unfollowed.
      const docs = field(reply.json, 'documents');
      expect(Array.isArray(docs)).toBe(true);
      const own = await world.server.db.kysely
        .selectFrom('follows')
        .select('shop_id')
        .where('user_id', '=', world.actors[who].userId)
        .execute();
      expect((docs as unknown[]).map((d) => Number(field(d, 'shopId'))).sort()).toEqual(own.map((r) => Number(r.shop_id)).sort());
    },
  },
  {
    method: 'POST',
    route: '/api/reviews',
    allowed: ALL,
    refused: 403,
    request: async (world, who) => ({ path: '/api/reviews', body: reviewBody(await productAt(world, 0), who) }),
    check: (world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(Number(field(reply.json, 'data', 'userId'))).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'PUT',
    route: '/api/reviews/:id',
    label: "buyer A's review",
    allowed: ['buyerA'],
    refused: 403,
    request: async (world, who) => ({ path: `/api/reviews/${await reviewOfA(world)}`, body: { content: `Edited by ${who}`, rating: 2 } }),
    target: (world, req) => reviewAsListed(world, idInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(field(await reviewAsListed(world, idInPath(req)), 'content')).toBe('Edited by buyerA');
    },
  },
  {
    method: 'DELETE',
    route: '/api/reviews/:id',
    label: "buyer A's review",
    allowed: ['buyerA'],
    refused: 403,
    request: async (world) => ({ path: `/api/reviews/${await freshReviewOfA(world)}` }),
    target: (world, req) => reviewAsListed(world, idInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(await reviewAsListed(world, idInPath(req)), 'the review is gone').toBeNull();
    },
  },
  {
    method: 'POST',
    route: '/api/reviews/:id/react',
    label: "buyer A's review",
    allowed: ['buyerB', 'sellerX', 'sellerY', 'admin'],
    refused: 403,
    request: async (world) => ({ path: `/api/reviews/${await reviewOfA(world)}/react`, body: { reaction: 'helpful' } }),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'reaction')).toBe('helpful');
    },
  },
  // Issue 5 (docs/COMMERCE.md): the signed-in cart (read without a guest token, checkout, merge) and the wishlist
  // with its personal pull: anyone signed in, each their own.
  {
    method: 'GET',
    route: '/api/cart',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/cart' }),
    check: (_world, _who, reply) => {
      expect(Array.isArray(field(reply.json, 'data', 'items'))).toBe(true);
    },
  },
  {
    method: 'POST',
    route: '/api/cart/checkout',
    allowed: ALL,
    refused: 403,
    request: async (world, who) => {
      if (who !== 'guest') await ensureCartLine(world, who);
      return { path: '/api/cart/checkout' };
    },
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'ready')).toBe(true);
    },
  },
  {
    method: 'POST',
    route: '/api/cart/merge',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/cart/merge' }),
    check: (_world, _who, reply) => {
      expect(reply.headers.get('guest-token'), 'the client drops its guest token').toBe('');
    },
  },
  {
    method: 'GET',
    route: '/api/wishlist',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/wishlist' }),
    check: async (world, who, reply) => {
      const listed = (field(reply.json, 'items') as unknown[]).map((i) => Number(field(i, 'product_id'))).sort();
      const own = (await wishlistRows(world, who)).filter((r) => !r.deleted).map((r) => r.productId);
      expect(listed).toEqual(own.sort());
    },
  },
  {
    method: 'POST',
    route: '/api/wishlist',
    allowed: ALL,
    refused: 403,
    request: async (world, who) => {
      const productId = await wishlistProduct(world, 0);
      if (who !== 'guest') await world.as(who, 'DELETE', `/api/wishlist/${productId}`);
      return { path: '/api/wishlist', body: { product_id: productId } };
    },
    check: async (world, who, reply) => {
      expect(reply.status).toBe(201);
      const productId = await wishlistProduct(world, 0);
      expect(Number(field(reply.json, 'item', 'product_id'))).toBe(productId);
      expect(await wishlistRows(world, who)).toContainEqual({ productId, deleted: false });
    },
  },
  {
    method: 'PUT',
    route: '/api/wishlist/:productId',
    allowed: ALL,
    refused: 403,
    request: async (world, who) => {
      const productId = await wishlistProduct(world, 1);
      if (who !== 'guest') await ensureWishlisted(world, who, productId);
      return { path: `/api/wishlist/${productId}`, body: { notes: `Noted by ${who}` } };
    },
    check: (_world, who, reply) => {
      expect(field(reply.json, 'item', 'notes')).toBe(`Noted by ${who}`);
    },
  },
  {
    method: 'DELETE',
    route: '/api/wishlist/:productId',
    allowed: ALL,
    refused: 403,
    request: async (world, who) => {
      const productId = await wishlistProduct(world, 2);
      if (who !== 'guest') await ensureWishlisted(world, who, productId);
      return { path: `/api/wishlist/${productId}` };
    },
    check: async (world, who) => {
      expect(await wishlistRows(world, who)).toContainEqual({ productId: await wishlistProduct(world, 2), deleted: true });
    },
  },
  {
    method: 'GET',
    route: '/api/sync/wishlist/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/wishlist/pull?v=1' }),
    check: async (world, who, reply) => {
      const docs = field(reply.json, 'documents');
      expect(Array.isArray(docs)).toBe(true);
      const pulled = (docs as unknown[]).map((d) => Number(field(d, 'product_id'))).sort();
      expect(pulled).toEqual((await wishlistRows(world, who)).map((r) => r.productId).sort());
    },
  },
  // Issue 5 (docs/COMMERCE.md, "Orders API"): orders, payments, seller orders and order reviews.
  ...ORDER_ROWS,
  // Issue 6 (docs/COMMUNITY.md, "Messages"): conversations and messages, both sides.
  ...MESSAGE_ROWS,
  ...COMMUNITY_ROWS,
  ...PUSH_ROWS,
  ...TAILORING_ROWS,
  // Issue 22 (docs/CATALOGUE.md): the operator's writes of catalogue texts.
  ...CATALOG_TEXT_ROWS,
  // Issue 23 (docs/SELLERS.md "Sign-up and shop status"): seller sign-up and the operator's shop decisions.
  ...SELLER_SIGNUP_ROWS,
  ...SELLER_PRODUCT_ROWS,
  // Issue 24 (docs/MONEY.md): the sellers' ledger.
  ...SELLER_LEDGER_ROWS,
  // Issue 24 (docs/OPERATOR.md "Inbox", "COD remittances"; docs/MONEY.md "Returns", "Adjustments").
  ...OPERATOR_MONEY_ROWS,
  // Issue 24 (docs/OPERATOR.md "Console API"): shops, moderation, audit.
  ...OPERATOR_ROWS,
  // Issue 23 (docs/SELLERS.md "Alerts", "Replies to reviews").
  ...SELLER_ALERT_ROWS,
];
