/** GET /media/community/{file}: a re-encoded community post or response image (WebP), served like review images. */
import type { FastifyInstance } from 'fastify';
import { COMMUNITY_IMAGE_FILE } from '../repositories/community-docs';
import { webpMediaRoute } from './webp-media';

export async function communityMediaRoutes(app: FastifyInstance): Promise<void> {
  webpMediaRoute(app, '/media/community', COMMUNITY_IMAGE_FILE, (file) => app.repos.community.image(file));
}
