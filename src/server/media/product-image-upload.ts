/**
 * Product photos as a form carries them (docs/SELLERS.md "Images"): which fields hold them, and the checks and
 * re-encoding of the review photos' pipeline (review-image-processing.ts) — by bytes, never by name or declared
 * type; at most 5 MB each and 8 in all. Used by POST /api/seller/products/{id}/images and by the multipart POST of
 * a new product (routes/seller-product-form.ts).
 */
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '../../domain/seller-product';
import { ApiError } from '../http/api-error';
import type { NewProductImage } from '../repositories/seller-products-images';
import { reencodeReviewImage, sniffImageType, UndecodableImageError } from './review-image-processing';

/** The form fields that carry images. */
export const IMAGE_FIELD = /^(images?|file)(\[\d*\])?$/;

/**
 * Checks every file by its bytes, then re-encodes them (nothing is stored yet); none is fine here (the images
 * route asks for at least one, a new product may have none).
 */
export async function processImages(files: readonly Buffer[]): Promise<NewProductImage[]> {
  if (files.length > PRODUCT_IMAGES_MAX) throw new ApiError('PRODUCT_TOO_MANY_IMAGES');
  for (const file of files) {
    if (file.length > PRODUCT_IMAGE_MAX_BYTES) throw new ApiError('PRODUCT_IMAGE_TOO_LARGE');
    const type = sniffImageType(file);
    if (type === null || type === 'gif') throw new ApiError('PRODUCT_IMAGE_TYPE');
  }
  const images: NewProductImage[] = [];
  for (const file of files) {
    try {
      images.push(await reencodeReviewImage(file));
    } catch (error) {
      if (error instanceof UndecodableImageError) throw new ApiError('PRODUCT_IMAGE_TYPE');
      throw error;
    }
  }
  return images;
}
