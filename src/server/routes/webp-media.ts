/**
 * GET /media/{kind}/{file} for re-encoded uploaded images (WebP): file names are random and never reused, so
 * the answer is cached as immutable; it carries the same locked-down policy as the generated pictures (nothing
 * in an image may run or load anything), plus nosniff from the security-headers hook. A name that does not
 * match `pattern` or is not stored is MEDIA_NOT_FOUND.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { IMMUTABLE } from '../http/cache-control';
import { SVG_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';

export function webpMediaRoute(app: FastifyInstance, path: string, pattern: RegExp, read: (file: string) => Promise<Buffer | Uint8Array | null>): void {
  app.get<{ Params: { file: string } }>(`${path}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (!pattern.test(file)) throw new ApiError('MEDIA_NOT_FOUND');
    const data = await read(file);
    if (data === null) throw new ApiError('MEDIA_NOT_FOUND');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', SVG_CONTENT_SECURITY_POLICY)
      .send(data);
  });
}
