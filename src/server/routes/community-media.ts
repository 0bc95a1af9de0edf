/**
 * GET /media/community/{file}: a re-encoded community post or response image
 * (WebP). Like review images: random names never reused, so cached as
 * immutable, with the locked-down policy of the generated pictures.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { IMMUTABLE } from '../http/cache-control';
import { SVG_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import { COMMUNITY_IMAGE_FILE } from '../repositories/community-docs';

export async function communityMediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/community/:file', async (request, reply) => {
    const { file } = request.params;
    if (!COMMUNITY_IMAGE_FILE.test(file)) throw new ApiError('MEDIA_NOT_FOUND');
    const data = await app.repos.community.image(file);
    if (data === null) throw new ApiError('MEDIA_NOT_FOUND');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
      .send(data);
  });
}
