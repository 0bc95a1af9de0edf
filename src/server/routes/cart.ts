/**
 * The cart (docs/COMMERCE.md, "Cart API" and "Identities on cart paths").
 *
 * Who owns the cart a request works on:
 * - a bearer token that is presented but refused → 401 AUTH_FAILED with
 *   `authError: true` (the client signs out), on every cart path;
 * - a `Guest-Token` header → that guest's cart (also when a session exists: the
 *   client sends queued guest writes that way, and POST /api/cart/merge then
 *   folds the guest cart into the user's); merge and checkout always work on
 *   the signed-in user's cart;
 * - else the signed-in user's cart (bearer or login cookie);
 * - else a guest without a token: GET → 401 "Authentication required"; a write
 *   that adds (item, coupon) makes a new guest cart and answers its token.
 * Every answer to a guest carries `Guest-Token` (empty when there is no guest
 * cart, e.g. after a merge or the sweep: the client drops its copy).
 *
 * Totals are for `?country=` (two upper-case letters, default MA). Bodies are
 * checked here with the spec's texts; the rest is repositories/carts.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_CART_COUNTRY, MAX_LINE_QUANTITY } from '../../domain/commerce';
import type { Cart } from '../../domain/commerce-schemas';
import { presentedCredentials } from '../auth/cookies';
import { requireAuth } from '../auth/guards';
import { hashGuestToken, isWellFormedGuestToken, newGuestToken, presentedGuestToken, sendGuestToken } from '../auth/guest-token';
import { parseId } from '../db/ids';
import { CONTROL_CHARS } from '../http/query-params';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';
import { CartRefusal, emptyCart, type AddItemInput, type CartOwner } from '../repositories/carts';

const COUNTRY = /^[A-Z]{2}$/;
const COUPON_MAX = 50;

type Who = { kind: 'user'; userId: number } | { kind: 'guest'; presented: boolean; token: string | null };

function validation(parameter: string, message: string): ApiError {
  return new ApiError('VALIDATION', { message, errors: [{ parameter, message }] });
}

/** 401 AUTH_FAILED when an Authorization header came and was not honoured (invalid, expired, revoked). */
function refuseRejectedBearer(request: FastifyRequest): void {
  if (presentedCredentials(request).header && request.auth === null) throw new ApiError('AUTH_FAILED', { authError: true });
}

function whoIsAsking(request: FastifyRequest, guestTokenCounts: boolean): Who {
  refuseRejectedBearer(request);
  const token = guestTokenCounts ? presentedGuestToken(request) : null;
  if (token !== null) return { kind: 'guest', presented: true, token: isWellFormedGuestToken(token) ? token : null };
  if (request.auth) return { kind: 'user', userId: request.auth.userId };
  return { kind: 'guest', presented: false, token: null };
}

function countryOf(request: FastifyRequest): string {
  const raw = (request.query as Record<string, unknown> | undefined)?.country;
  if (raw === undefined || raw === '') return DEFAULT_CART_COUNTRY;
  if (typeof raw !== 'string' || !COUNTRY.test(raw)) throw validation('country', 'The country must be a two-letter country code.');
  return raw;
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validation('(body)', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** An id field: absent (undefined/null), a positive id (number or canonical digits), or 'bad'. */
function idField(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && parseId(String(value)) !== null ? value : 'bad';
  if (typeof value === 'string') return parseId(value.trim()) ?? 'bad';
  return 'bad';
}

/** quantity: an integer 1–99 (number or digits); below 1 or not a whole number → QUANTITY_MIN. */
function quantityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1) {
    const message = 'Quantity must be at least 1';
    throw new ApiError('QUANTITY_MIN', { message, errors: [{ parameter: 'quantity', message }] });
  }
  if (n > MAX_LINE_QUANTITY) throw validation('quantity', `Quantity may not be greater than ${MAX_LINE_QUANTITY}`);
  return n;
}

function addInputOf(body: unknown): AddItemInput {
  const b = bodyObject(body);
  const productId = idField(b.product_id);
  if (productId === 'bad') throw new ApiError('INVALID_PRODUCT_ID');
  const stockId = idField(b.stock_id);
  if (stockId === 'bad') throw new ApiError('INVALID_STOCK_ID');
  const variantId = idField(b.variant_id);
  if (variantId === 'bad') throw validation('variant_id', 'The variant id must be a positive whole number.');
  if (stockId === undefined && variantId === undefined) throw new ApiError('STOCK_OR_VARIANT_REQUIRED');
  return { productId, stockId, variantId, quantity: quantityOf(b.quantity) };
}

function lineIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('CART_ITEM_NOT_FOUND');
  return id;
}

/** Repository refusals become the error answer (the transaction has rolled back). */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CartRefusal) throw new ApiError(error.code, error.extra);
    throw error;
  }
}

function answer(message: string | null, cart: Cart) {
  return message === null ? { success: true, status: 'success', data: cart } : { success: true, status: 'success', message, data: cart };
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.authOptions.now();

  // A cart is one person's: never cached.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  /**
   * Runs a cart operation for whoever asks. `creates`: a guest without a usable token gets a new cart (and token).
   * `op` answers null when the owner has no cart (a guest's is gone): the empty cart, and for a guest an empty token.
   */
  async function forOwner(
    request: FastifyRequest,
    reply: FastifyReply,
    creates: boolean,
    op: (owner: CartOwner | null, country: string) => Promise<Cart | null>,
  ): Promise<Cart> {
    const who = whoIsAsking(request, true);
    const country = countryOf(request);
    if (who.kind === 'user') return (await refusing(() => op({ userId: who.userId }, country))) ?? emptyCart(country, now());
    // A refusal leaves the guest's state as it was: the token they sent (if usable), else none.
    sendGuestToken(reply, who.token ?? '');
    const token = who.token ?? (creates ? newGuestToken() : null);
    const cart = await refusing(() => op(token === null ? null : { guestHash: hashGuestToken(token) }, country));
    sendGuestToken(reply, cart === null || token === null ? '' : token);
    return cart ?? emptyCart(country, now());
  }

  app.get('/api/cart', async (request, reply) => {
    const who = whoIsAsking(request, true);
    const country = countryOf(request);
    if (who.kind === 'user') {
      return answer(null, (await app.repos.carts.read({ userId: who.userId }, country, now())) ?? emptyCart(country, now()));
    }
    if (!who.presented) throw new ApiError('UNAUTHENTICATED', { message: 'Authentication required' });
    const cart = who.token === null ? null : await app.repos.carts.read({ guestHash: hashGuestToken(who.token) }, country, now());
    sendGuestToken(reply, cart === null || who.token === null ? '' : who.token);
    return answer(null, cart ?? emptyCart(country, now()));
  });

  app.post('/api/cart/items', async (request, reply) => {
    whoIsAsking(request, true);
    const input = addInputOf(request.body);
    const cart = await forOwner(request, reply, true, async (owner, country) => (owner === null ? null : app.repos.carts.add(owner, input, country, now())));
    return answer('Item added to cart', cart);
  });

  app.put<{ Params: { id: string } }>('/api/cart/items/:id', async (request, reply) => {
    whoIsAsking(request, true);
    const variantId = lineIdOf(request.params.id);
    const quantity = quantityOf(bodyObject(request.body).quantity);
    const cart = await forOwner(request, reply, false, async (owner, country) => {
      if (owner === null) throw new CartRefusal('CART_ITEM_NOT_FOUND');
      return app.repos.carts.setQuantity(owner, variantId, quantity, country, now());
    });
    return answer('Cart updated', cart);
  });

  app.delete<{ Params: { id: string } }>('/api/cart/items/:id', async (request, reply) => {
    whoIsAsking(request, true);
    const variantId = lineIdOf(request.params.id);
    const cart = await forOwner(request, reply, false, async (owner, country) => {
      if (owner === null) throw new CartRefusal('CART_ITEM_NOT_FOUND');
      return app.repos.carts.remove(owner, variantId, country, now());
    });
    return answer('Item removed from cart', cart);
  });

  app.post('/api/cart/coupon', async (request, reply) => {
    whoIsAsking(request, true);
    const raw = bodyObject(request.body).code;
    if (typeof raw !== 'string' || raw.trim() === '') throw new ApiError('COUPON_REQUIRED');
    // No coupon is that long or holds control characters (PostgreSQL text cannot even compare NUL).
    if (raw.trim().length > COUPON_MAX || CONTROL_CHARS.test(raw)) throw new ApiError('COUPON_INVALID');
    const cart = await forOwner(request, reply, true, async (owner, country) => (owner === null ? null : app.repos.carts.applyCoupon(owner, raw, country, now())));
    return answer('Coupon applied', cart);
  });

  app.delete('/api/cart/coupon', async (request, reply) => {
    const cart = await forOwner(request, reply, false, async (owner, country) => (owner === null ? null : app.repos.carts.removeCoupon(owner, country, now())));
    return answer('Coupon removed', cart);
  });

  app.delete('/api/cart', async (request, reply) => {
    const cart = await forOwner(request, reply, false, async (owner, country) => (owner === null ? null : app.repos.carts.clear(owner, country, now())));
    return answer('Cart cleared', cart);
  });

  app.post('/api/cart/checkout', async (request) => {
    refuseRejectedBearer(request);
    const me = requireAuth(request);
    const country = countryOf(request);
    const cart = await refusing(() => app.repos.carts.check(me.userId, country, now()));
    return { success: true, status: 'success', data: { cart, ready: true } };
  });

  app.post('/api/cart/merge', async (request, reply) => {
    refuseRejectedBearer(request);
    const me = requireAuth(request);
    const country = countryOf(request);
    const token = presentedGuestToken(request);
    const guestHash = token !== null && isWellFormedGuestToken(token) ? hashGuestToken(token) : null;
    const cart = await refusing(() => app.repos.carts.merge(me.userId, guestHash, country, now()));
    sendGuestToken(reply, '');
    return answer('Cart merged', cart);
  });
}
