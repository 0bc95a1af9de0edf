/** GET /media/reviews/{file}: a re-encoded review image (WebP), immutable and locked down (webp-media.ts). */
import type { FastifyInstance } from 'fastify';
import { REVIEW_IMAGE_FILE } from '../media/review-image-urls';
import { webpMediaRoute } from './webp-media';

export async function reviewMediaRoutes(app: FastifyInstance): Promise<void> {
  webpMediaRoute(app, '/media/reviews', REVIEW_IMAGE_FILE, (file) => app.repos.reviews.image(file));
}
