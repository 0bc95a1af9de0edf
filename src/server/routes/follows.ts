/**
 * Shop follows (docs/REVIEWS-FOLLOWS.md, "Follows"): follow and unfollow need
 * a signed-in user and are idempotent by nature (already in that state → the
 * same 200); the following state is readable by anyone. The `timestamp` query
 * parameter is the spec client's cache buster and is ignored.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';

function shopIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('SHOP_NOT_FOUND');
  return id;
}

export async function followRoutes(app: FastifyInstance): Promise<void> {
  // Answers about one user's follows (and their refusals) are never cached.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  for (const follow of [true, false]) {
    const handler = async (request: { params: { shop: string } } & Parameters<typeof requireAuth>[0]) => {
      const me = requireAuth(request);
      const shopId = shopIdOrThrow(request.params.shop);
      const outcome = await app.repos.follows.set(me.userId, shopId, follow, app.authOptions.now());
      if (outcome.kind === 'not_found') throw new ApiError('SHOP_NOT_FOUND');
      if (outcome.kind === 'suspended') throw new ApiError('SHOP_SUSPENDED');
      return {
        status: 'success' as const,
        message: follow ? 'Shop followed' : 'Shop unfollowed',
        data: { isFollowing: outcome.isFollowing, followers: outcome.followers },
      };
    };
    if (follow) app.post<{ Params: { shop: string } }>('/api/shops/:shop/follow', (request) => handler(request));
    else app.delete<{ Params: { shop: string } }>('/api/shops/:shop/follow', (request) => handler(request));
  }

  app.get<{ Params: { shop: string } }>('/api/shops/:shop/following', async (request) => {
    const shopId = shopIdOrThrow(request.params.shop);
    if (!(await app.repos.follows.shopExists(shopId))) throw new ApiError('SHOP_NOT_FOUND');
    const me = request.auth;
    const isFollowing = me === null ? false : await app.repos.follows.isFollowing(me.userId, shopId);
    return { status: 'success', data: { isFollowing, isAuthenticated: me !== null } };
  });
}
