/**
 * The multipart form of POST /api/seller/products (docs/SELLERS.md "Offline", "A new product with its photos"):
 * a `product` text field holding the same JSON as the JSON body, and up to 8 image files (`images`, also `images[]`,
 * `image`, `file`), checked as POST /api/seller/products/{id}/images checks them. It is what the seller's offline
 * draft sends: one request, one Idempotency-Key, so the product and its photos are created together, once.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { IMAGE_FIELD } from '../media/product-image-upload';

export const PRODUCT_FIELD = 'product';
/** The largest `product` field: the JSON body's limit (Fastify's default bodyLimit, 1 MiB). */
export const PRODUCT_FIELD_MAX_BYTES = 1024 * 1024;

export interface ProductForm {
  /** The parsed `product` field (validated by parseCreateBody afterwards). */
  product: unknown;
  /** The image files, in the form's order (the first becomes the main image). */
  files: Buffer[];
}

const refuse = (message: string) => new ApiError('VALIDATION', { message, errors: [{ parameter: PRODUCT_FIELD, message }] });

function parseProduct(value: unknown, truncated: boolean): unknown {
  if (truncated) throw refuse('The product field must be at most 1 MB.');
  // A part declared application/json arrives parsed already.
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw refuse('The product field must be JSON.');
  }
}

/** Reads the whole form (each file bounded by the plugin's limits); nothing is checked beyond its shape. */
export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  let product: { value: unknown; truncated: boolean } | null = null;
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (IMAGE_FIELD.test(part.fieldname)) files.push(buffer);
      } else if (part.fieldname === PRODUCT_FIELD) {
        product ??= { value: part.value, truncated: part.valueTruncated };
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiError('PRODUCT_TOO_MANY_IMAGES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('PRODUCT_IMAGE_TOO_LARGE');
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw refuse('The product field must be JSON.');
    throw new ApiError('MALFORMED_MULTIPART');
  }
  if (product === null) throw refuse('The product field is required.');
  return { product: parseProduct(product.value, product.truncated), files };
}
