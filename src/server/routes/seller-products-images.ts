/**
 * A product's photos (docs/SELLERS.md "Images"): POST /api/seller/products/{id}/images (multipart, files in
 * `images`) adds JPG, PNG or WebP files of at most 5 MB each, up to 8 images per product; each is checked by its
 * bytes (never its name or declared type), decoded and re-encoded as WebP at most 1200 px on the long side, which
 * drops every metadata block (EXIF with its GPS position, XMP, ICC comments) — the review photos' pipeline
 * (media/review-image-processing.ts). PATCH .../images {order: [...]} reorders them (the first is the main
 * image); DELETE .../images/{name} removes one. GET /media/product-images/{file} serves them (webp-media.ts).
 * Seller only, own shop only; answers are the seller's product reply.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '../../domain/seller-product';
import { ApiError } from '../http/api-error';
import { requestLanguage } from '../http/request-language';
import { parseImageOrderBody } from '../http/seller-product-body';
import { toSellerResponse } from '../http/seller-product-response';
import { IMAGE_FIELD, processImages } from '../media/product-image-upload';
import { PRODUCT_IMAGE_FILE, PRODUCT_MEDIA_PREFIX } from '../repositories/seller-products-images';
import { noStore, productIdOf, sellerCall, sellerOf, type SellerProductReply } from './seller-products';
import { webpMediaRoute } from './webp-media';

/** The form's image files, in memory (each bounded by the plugin's limits). */
async function readImages(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new ApiError('MALFORMED_MULTIPART');
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (IMAGE_FIELD.test(part.fieldname)) files.push(buffer);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiError('PRODUCT_TOO_MANY_IMAGES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('PRODUCT_IMAGE_TOO_LARGE');
    throw new ApiError('MALFORMED_MULTIPART');
  }
  return files;
}

export async function sellerProductImageRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated here: only these routes accept image uploads.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: PRODUCT_IMAGES_MAX, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
  });
  const repos = app.repos.sellerProducts;
  webpMediaRoute(app, PRODUCT_MEDIA_PREFIX.slice(0, -1), PRODUCT_IMAGE_FILE, (file) => repos.image(file));

  await app.register(async (seller) => {
    noStore(seller);
    seller.post<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id/images', async (request, reply) => {
      const userId = sellerOf(request);
      const id = productIdOf(request.params.id);
      // Ownership first: another seller learns nothing from a refused file.
      await sellerCall(() => repos.find(userId, id));
      const files = await readImages(request);
      if (files.length === 0) throw new ApiError('VALIDATION', { message: 'The images field is required.', errors: [{ parameter: 'images', message: 'The images field is required.' }] });
      const images = await processImages(files);
      const updated = await sellerCall(() => repos.addImages(userId, id, images));
      reply.code(201);
      return { success: true, data: await toSellerResponse(app, updated, requestLanguage(request, reply)) };
    });

    seller.patch<{ Params: { id: string }; Reply: SellerProductReply }>('/api/seller/products/:id/images', async (request, reply) => {
      const userId = sellerOf(request);
      const id = productIdOf(request.params.id);
      const order = parseImageOrderBody(request.body);
      const updated = await sellerCall(() => repos.reorderImages(userId, id, order));
      return { success: true, data: await toSellerResponse(app, updated, requestLanguage(request, reply)) };
    });

    seller.delete<{ Params: { id: string; image: string }; Reply: SellerProductReply }>('/api/seller/products/:id/images/:image', async (request, reply) => {
      const userId = sellerOf(request);
      const id = productIdOf(request.params.id);
      const updated = await sellerCall(() => repos.removeImage(userId, id, request.params.image));
      return { success: true, data: await toSellerResponse(app, updated, requestLanguage(request, reply)) };
    });
  });
}
