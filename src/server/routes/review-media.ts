/**
 * GET /media/reviews/{file}: a re-encoded review image (WebP). File names are
 * random and never reused, so the answer is cached as immutable; it carries
 * the same locked-down policy as the generated pictures (nothing in an image
 * may run or load anything), plus nosniff from the security-headers hook.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { IMMUTABLE } from '../http/cache-control';
import { REVIEW_IMAGE_FILE } from '../media/review-image-urls';
import { SVG_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';

export async function reviewMediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/reviews/:file', async (request, reply) => {
    const { file } = request.params;
    if (!REVIEW_IMAGE_FILE.test(file)) throw new ApiError('MEDIA_NOT_FOUND');
    const data = await app.repos.reviews.image(file);
    if (data === null) throw new ApiError('MEDIA_NOT_FOUND');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
      .send(data);
  });
}
