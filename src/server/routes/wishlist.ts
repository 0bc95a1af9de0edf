/**
 * The signed-in user's wishlist (docs/COMMERCE.md, "Wishlist API"); a guest
 * gets 401 UNAUTHENTICATED (the client asks them to sign in). Adding a
 * product already there is 400 WISHLIST_EXISTS; removing one that is not
 * there answers the same 200 (the state asked for holds).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';

const flag = (field: string) =>
  z
    .boolean({ error: () => `The ${field} field must be true or false.` })
    .nullish()
    .transform((v) => v ?? undefined);

const wishlistPatchSchema = z.object({
  notify_price_drop: flag('notify price drop'),
  notify_back_in_stock: flag('notify back in stock'),
  notes: z
    .string({ error: () => 'The notes must be a string.' })
    .max(500, 'The notes may not be greater than 500 characters.')
    // PostgreSQL text cannot hold NUL: refused as bad input, never a 500 (line breaks are fine).
    .refine((s) => !s.includes('\u0000'), 'The notes may not contain NUL characters.')
    .nullish()
    .transform((v) => (v === null ? '' : v)),
});

/** The product id of a body: a positive id as a number or canonical digits. */
function productIdOf(body: unknown): number {
  const raw = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).product_id : undefined;
  const id = typeof raw === 'number' && Number.isInteger(raw) ? parseId(String(raw)) : typeof raw === 'string' ? parseId(raw.trim()) : null;
  if (id === null) throw new ApiError('INVALID_PRODUCT_ID');
  return id;
}

export async function wishlistRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.authOptions.now();

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/wishlist', async (request) => {
    const me = requireAuth(request);
    return { success: true, status: 'success', items: await app.repos.wishlist.list(me.userId) };
  });

  app.post('/api/wishlist', async (request, reply) => {
    const me = requireAuth(request);
    const input = parseBody(wishlistPatchSchema, request.body);
    const productId = productIdOf(request.body);
    const outcome = await app.repos.wishlist.add(me.userId, productId, input, now());
    if (outcome.kind === 'not_found') throw new ApiError('PRODUCT_NOT_FOUND');
    if (outcome.kind === 'exists') throw new ApiError('WISHLIST_EXISTS');
    return reply.code(201).send({ success: true, status: 'success', message: 'Added to wishlist', item: outcome.item });
  });

  app.put<{ Params: { productId: string } }>('/api/wishlist/:productId', async (request) => {
    const me = requireAuth(request);
    const productId = parseId(request.params.productId);
    if (productId === null) throw new ApiError('WISHLIST_ITEM_NOT_FOUND');
    const patch = parseBody(wishlistPatchSchema, request.body ?? {});
    const item = await app.repos.wishlist.update(me.userId, productId, patch, now());
    if (!item) throw new ApiError('WISHLIST_ITEM_NOT_FOUND');
    return { success: true, status: 'success', message: 'Wishlist updated', item };
  });

  app.delete<{ Params: { productId: string } }>('/api/wishlist/:productId', async (request) => {
    const me = requireAuth(request);
    const productId = parseId(request.params.productId);
    if (productId !== null) await app.repos.wishlist.remove(me.userId, productId, now());
    return { success: true, status: 'success', message: 'Removed from wishlist' };
  });
}
