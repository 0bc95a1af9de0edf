/**
 * The seller's products (issue 23, docs/SELLERS.md "Products", "Variants"): their own shop's products, published
 * or not, created, edited and unpublished, and each variant's stock and price, added and removed. Only a seller
 * (guest 401, any other role 403); another shop's product is 404, like a missing one. Answers are the shape of
 * GET /api/products/{id}/details plus the seller's fields (http/seller-product-response.ts), never cached. Every
 * write takes an Idempotency-Key (plugins/idempotency.ts), so the seller's offline queue replays it exactly once.
 * POST also takes multipart/form-data: the product JSON in `product` and up to 8 photos, created together in one
 * transaction (seller-product-form.ts; the seller's offline draft). Images: seller-products-images.ts; CSV:
 * seller-products-csv.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../domain/catalog';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '../../domain/seller-product';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';
import { pageMeta, type PageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { enumParam, positiveInt, text, type Locale } from '../http/query-params';
import { requestLanguage } from '../http/request-language';
import { parseCreateBody, parsePatchBody, parseVariantBody, parseVariantPatchBody, validationError } from '../http/seller-product-body';
import { toSellerResponse, toSellerResponses, type SellerProductResponse } from '../http/seller-product-response';
import { parseRequest } from '../http/validation';
import { processImages } from '../media/product-image-upload';
import { SELLER_PRODUCT_STATUSES } from '../repositories/seller-products-list';
import { NoShopError, SellerProductError, type SellerProductDoc } from '../repositories/seller-products';
import { PRODUCT_FIELD_MAX_BYTES, readProductForm } from './seller-product-form';
import { alertLowStock, stocksBefore } from '../alerts/seller-alerts';

export const SELLER_DEFAULT_PAGE_SIZE = 24;

const listQuerySchema = z.object({
  search: text(100).optional(),
  status: enumParam(SELLER_PRODUCT_STATUSES).optional(),
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(MAX_PAGE_SIZE).optional(),
});

export interface SellerProductReply {
  success: true;
  data: SellerProductResponse;
}

interface SellerProductListReply {
  success: true;
  data: SellerProductResponse[];
  meta: PageMeta;
}

/** The seller signed in: guest 401, other roles 403. */
export function sellerOf(request: FastifyRequest): number {
  return requireRole(request, 'seller').userId;
}

/** A product id of the path; junk is a 404 like a missing product. */
export function productIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('PRODUCT_NOT_FOUND');
  return id;
}

/** Runs a repository write, with its refusals as the contract's errors; a null result is PRODUCT_NOT_FOUND. */
export async function sellerCall<T>(write: () => Promise<T | null>): Promise<T> {
  try {
    const result = await write();
    if (result === null) throw new ApiError('PRODUCT_NOT_FOUND');
    return result;
  } catch (error) {
    if (error instanceof NoShopError) throw new ApiError('SHOP_NOT_FOUND');
    if (error instanceof SellerProductError) {
      switch (error.code) {
        case 'INVALID':
          throw validationError([{ parameter: error.field, message: error.message }]);
        case 'VARIANT_NOT_FOUND':
          throw new ApiError('VARIANT_NOT_FOUND');
        case 'LAST_VARIANT':
          throw new ApiError('LAST_VARIANT');
        case 'VARIANT_EXISTS':
          throw new ApiError('VARIANT_EXISTS');
        case 'TOO_MANY_IMAGES':
          throw new ApiError('PRODUCT_TOO_MANY_IMAGES');
        case 'IMAGE_NOT_FOUND':
          throw new ApiError('MEDIA_NOT_FOUND');
        case 'IMAGE_ORDER':
          throw new ApiError('IMAGE_ORDER_INVALID');
        case 'MODERATED':
          throw new ApiError('PRODUCT_MODERATED', { message: error.message });
      }
    }
    throw error;
  }
}

/** Seller replies are never cached (hooked in each seller plugin). */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });
}

export async function sellerProductRoutes(app: FastifyInstance): Promise<void> {
  noStore(app);
  const repos = app.repos.sellerProducts;
  const reply1 = async (item: SellerProductDoc, language: Locale): Promise<SellerProductReply> => ({
    success: true,
    data: await toSellerResponse(app, item, language),
  });

  app.get<{ Reply: SellerProductListReply }>('/api/seller/products', async (request, reply) => {
    const userId = sellerOf(request);
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const page = await repos.list(userId, { search: q.search, status: q.status, page: q.page ?? 1, perPage: q.per_page ?? SELLER_DEFAULT_PAGE_SIZE });
    if (page === null) throw new ApiError('SHOP_NOT_FOUND');
    return { success: true, data: await toSellerResponses(app, page.items, requestLanguage(request, reply)), meta: pageMeta(page) };
  });

  // JSON, or multipart with the photos (seller-product-form.ts): the offline draft sends both as one write.
  await app.register(async (create) => {
    await create.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: PRODUCT_IMAGES_MAX, fields: 10, fieldSize: PRODUCT_FIELD_MAX_BYTES, parts: 20, headerPairs: 100 },
    });
    create.post<{ Reply: SellerProductReply }>('/api/seller/products', async (request, reply) => {
      const userId = sellerOf(request);
      let created: SellerProductDoc;
      if (request.isMultipart()) {
        const form = await readProductForm(request);
        const input = parseCreateBody(form.product);
        const images = await processImages(form.files);
        created = await sellerCall(() => repos.createWithImages(userId, input, images));
      } else {
        const input = parseCreateBody(request.body);
        created = await sellerCall(() => repos.create(userId, input));
      }
      reply.code(201);
      return reply1(created, requestLanguage(request, reply));
    });
  });

  app.get<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const found = await sellerCall(() => repos.find(userId, id));
    return reply1(found, requestLanguage(request, reply));
  });

  app.patch<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const patch = parsePatchBody(request.body);
    const before = await stocksBefore(app, request.log, { productIds: [id] });
    const updated = await sellerCall(() => repos.update(userId, id, patch));
    await alertLowStock(app, request.log, { before }); // docs/SELLERS.md "Alerts"
    return reply1(updated, requestLanguage(request, reply));
  });

  app.delete<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const unpublished = await sellerCall(() => repos.unpublish(userId, id));
    return reply1(unpublished, requestLanguage(request, reply));
  });

  app.post<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id/variants', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const variant = parseVariantBody(request.body);
    const updated = await sellerCall(() => repos.addVariant(userId, id, variant));
    reply.code(201);
    return reply1(updated, requestLanguage(request, reply));
  });

  app.patch<{ Params: { id: string; variant: string }; Reply: SellerProductReply }>('/api/seller/products/:id/variants/:variant', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const variantId = parseId(request.params.variant);
    if (variantId === null) throw new ApiError('VARIANT_NOT_FOUND');
    const patch = parseVariantPatchBody(request.body);
    const before = patch.stock === undefined ? null : await stocksBefore(app, request.log, { productIds: [id] });
    const updated = await sellerCall(() => repos.updateVariant(userId, id, variantId, patch));
    await alertLowStock(app, request.log, { before }); // docs/SELLERS.md "Alerts"
    return reply1(updated, requestLanguage(request, reply));
  });

  app.delete<{ Params: { id: string; variant: string }; Reply: SellerProductReply }>('/api/seller/products/:id/variants/:variant', async (request, reply) => {
    const userId = sellerOf(request);
    const id = productIdOf(request.params.id);
    const variantId = parseId(request.params.variant);
    if (variantId === null) throw new ApiError('VARIANT_NOT_FOUND');
    const updated = await sellerCall(() => repos.removeVariant(userId, id, variantId));
    return reply1(updated, requestLanguage(request, reply));
  });
}
