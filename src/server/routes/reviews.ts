/**
 * Reviews (docs/REVIEWS-FOLLOWS.md, "Reviews"): the public list of a product's
 * reviews; create (JSON, or multipart/form-data with up to 5 images) by any
 * signed-in user once per product; edit and delete by the author only;
 * reactions by anyone but the author. Images are checked and re-encoded before
 * the write transaction starts, so a refusal writes nothing and a slow
 * decode never holds the write lock.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REVIEW_DEFAULT_PAGE_SIZE, REVIEW_IMAGE_MAX_BYTES, REVIEW_IMAGES_MAX, REVIEW_MAX_PAGE_SIZE, REVIEW_SORTS } from '../../domain/social';
import { requireAuth } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE, publicFor } from '../http/cache-control';
import { pageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { enumParam, flag, positiveInt } from '../http/query-params';
import { newReviewSchema, reactionSchema, reviewPatchSchema } from '../http/review-bodies';
import { parseRequest } from '../http/validation';
import { reencodeReviewImage, sniffImageType, UndecodableImageError } from '../media/review-image-processing';
import type { ReviewWrite } from '../repositories/review-writes';
import type { StoredReviewImage } from '../repositories/review-images';

const listQuerySchema = z.object({
  page: positiveInt(MAX_PAGE).optional(),
  limit: positiveInt(REVIEW_MAX_PAGE_SIZE).optional(),
  rating: positiveInt(5).optional(),
  with_images: flag.optional(),
  sort: enumParam(REVIEW_SORTS).optional(),
});

/** Text fields a review form may carry; anything longer than this is not a review field. */
const FIELD_MAX_BYTES = 16 * 1024;

interface ReviewForm {
  fields: Record<string, string>;
  files: Buffer[];
}

/** Reads a multipart form: fields as text, files into memory (each bounded by the plugin's limits). */
async function readForm(request: FastifyRequest): Promise<ReviewForm> {
  const form: ReviewForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!/^images(\[\d*\])?$/.test(part.fieldname)) continue; // not an image field: read and dropped
        form.files.push(buffer);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError('MALFORMED_MULTIPART');
        if (typeof part.value === 'string' && !Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiError('REVIEW_TOO_MANY_IMAGES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('REVIEW_IMAGE_TOO_LARGE');
    // Busboy's own errors (a malformed body) carry no status: still the client's fault.
    throw new ApiError('MALFORMED_MULTIPART');
  }
  return form;
}

/** Checks every file by its bytes, then re-encodes them (nothing is stored yet). */
async function processImages(files: readonly Buffer[]): Promise<StoredReviewImage[]> {
  if (files.length > REVIEW_IMAGES_MAX) throw new ApiError('REVIEW_TOO_MANY_IMAGES');
  for (const file of files) {
    if (file.length > REVIEW_IMAGE_MAX_BYTES) throw new ApiError('REVIEW_IMAGE_TOO_LARGE');
    if (sniffImageType(file) === null) throw new ApiError('REVIEW_IMAGE_TYPE');
  }
  const images: StoredReviewImage[] = [];
  for (const file of files) {
    try {
      images.push(await reencodeReviewImage(file));
    } catch (error) {
      if (error instanceof UndecodableImageError) throw new ApiError('REVIEW_IMAGE_TYPE');
      throw error;
    }
  }
  return images;
}

function reviewIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('REVIEW_NOT_FOUND');
  return id;
}

/** The repository's refusals as the contract's errors. */
function valueOrThrow<T>(result: ReviewWrite<T>): T {
  switch (result.kind) {
    case 'ok':
      return result.value;
    case 'product_not_found':
      throw new ApiError('PRODUCT_NOT_FOUND');
    case 'not_found':
      throw new ApiError('REVIEW_NOT_FOUND');
    case 'forbidden':
      throw new ApiError('FORBIDDEN');
    case 'exists':
      throw new ApiError('REVIEW_EXISTS');
  }
}

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated here: only the review routes accept multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: REVIEW_IMAGE_MAX_BYTES, files: REVIEW_IMAGES_MAX, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 40, headerPairs: 100 },
  });

  // Writes (and their refusals) are never cached; the list decides its own below.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get<{ Params: { id: string } }>('/api/products/:id/reviews', async (request, reply) => {
    const productId = parseId(request.params.id);
    if (productId === null) throw new ApiError('PRODUCT_NOT_FOUND');
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const list = await app.repos.reviews.list(productId, {
      page: q.page ?? 1,
      limit: q.limit ?? REVIEW_DEFAULT_PAGE_SIZE,
      rating: q.rating,
      withImages: q.with_images,
      sort: q.sort ?? 'newest',
    });
    if (list === null) throw new ApiError('PRODUCT_NOT_FOUND');
    reply.header('cache-control', request.auth ? NO_STORE : publicFor(30));
    return { success: true, data: list.items, meta: pageMeta(list), summary: list.summary };
  });

  app.post('/api/reviews', async (request, reply) => {
    const me = requireAuth(request);
    let body: unknown = request.body;
    let files: Buffer[] = [];
    if (request.isMultipart()) {
      const form = await readForm(request);
      body = form.fields;
      files = form.files;
    }
    const input = parseBody(newReviewSchema, body);
    const images = await processImages(files);
    const created = valueOrThrow(
      await app.repos.reviews.create(
        { productId: input.product_id, userId: me.userId, rating: input.rating, title: input.title ?? '', content: input.content, images },
        app.authOptions.now(),
      ),
    );
    return reply.code(201).send({ success: true, message: 'Review submitted', data: created });
  });

  app.put<{ Params: { id: string } }>('/api/reviews/:id', async (request) => {
    const me = requireAuth(request);
    const id = reviewIdOrThrow(request.params.id);
    const patch = parseBody(reviewPatchSchema, request.body);
    const updated = valueOrThrow(await app.repos.reviews.update(me.userId, id, patch, app.authOptions.now()));
    return { success: true, message: 'Review updated', data: updated };
  });

  app.delete<{ Params: { id: string } }>('/api/reviews/:id', async (request) => {
    const me = requireAuth(request);
    const id = reviewIdOrThrow(request.params.id);
    valueOrThrow(await app.repos.reviews.remove(me.userId, id, app.authOptions.now()));
    return { success: true, message: 'Review deleted' };
  });

  app.post<{ Params: { id: string } }>('/api/reviews/:id/react', async (request) => {
    const me = requireAuth(request);
    const id = reviewIdOrThrow(request.params.id);
    const { reaction } = parseBody(reactionSchema, request.body);
    const result = valueOrThrow(await app.repos.reviews.react(me.userId, id, reaction, app.authOptions.now()));
    return { success: true, data: result };
  });
}
