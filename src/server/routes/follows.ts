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
  for (const follow of [true, false]) {
    const handler = async (request: { params: { id: string } } & Parameters<typeof requireAuth>[0]) => {
      const me = requireAuth(request);
      const shopId = shopIdOrThrow(request.params.id);
      const outcome = await app.repos.follows.set(me.userId, shopId, follow, app.authOptions.now());
      if (outcome.kind === 'not_found') throw new ApiError('SHOP_NOT_FOUND');
      if (outcome.kind === 'suspended') throw new ApiError('SHOP_SUSPENDED');
      return {
        status: 'success' as const,
        message: follow ? 'Shop followed' : 'Shop unfollowed',
        data: { isFollowing: outcome.isFollowing, followers: outcome.followers },
      };
    };
    if (follow) app.post<{ Params: { id: string } }>('/api/shops/:id/follow', (request) => handler(request));
    else app.delete<{ Params: { id: string } }>('/api/shops/:id/follow', (request) => handler(request));
  }

  app.get<{ Params: { id: string } }>('/api/shops/:id/following', async (request, reply) => {
    const shopId = shopIdOrThrow(request.params.id);
    if (!(await app.repos.follows.shopExists(shopId))) throw new ApiError('SHOP_NOT_FOUND');
    const me = request.auth;
    const isFollowing = me === null ? false : await app.repos.follows.isFollowing(me.userId, shopId);
    // Depends on who asks: never cached.
    reply.header('cache-control', NO_STORE);
    return { status: 'success', data: { isFollowing, isAuthenticated: me !== null } };
  });
}
