/**
 * A product's uploaded photos (docs/SELLERS.md "Images"): the WebP bytes in product_images (0021), their order in
 * the product's images_json (the first is the main image), which may also hold the generated pictures of seeded
 * products. Adding, reordering and removing are product writes like any other (seller-products.ts): one
 * transaction, the product stamped and announced, so pulls and the live stream carry the new images.
 */
import type { Generated } from 'kysely';
import { PRODUCT_IMAGES_MAX, type SellerProductPatch } from '../../domain/seller-product';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import { freshProductSku, loadProduct, nextState, readSellerProduct, SellerProductError, sellerWrite, writeState, type SellerProductDoc } from './seller-products';

export const PRODUCT_MEDIA_PREFIX = '/media/product-images/';
/** Random file names, never reused (as review images'). */
export const PRODUCT_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;

/** 0021's table; kept here, beside its only reader and writer. */
interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  file: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
  created_at: number;
}
const withImages = (tx: Tx) => tx.withTables<{ product_images: ProductImagesTable }>();

export interface NewProductImage {
  file: string;
  data: Buffer;
  width: number;
  height: number;
}

export const productImageUrl = (file: string): string => `${PRODUCT_MEDIA_PREFIX}${file}`;
/** The name an image goes by in the routes: its URL's last part (a seeded picture's is e.g. `2.svg`). */
export const imageName = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** Adds images after the product's others; TOO_MANY_IMAGES beyond PRODUCT_IMAGES_MAX in all. */
export function addProductImages(db: Database, userId: number, id: number, images: readonly NewProductImage[]): Promise<SellerProductDoc | null> {
  return sellerWrite(db, userId, [id], async (tx, batch) => {
    const current = await loadProduct(tx, batch.shop.id, id);
    if (!current) return null;
    if (current.state.images.length + images.length > PRODUCT_IMAGES_MAX) throw new SellerProductError('TOO_MANY_IMAGES');
    const now = Date.now();
    if (images.length > 0) {
      await withImages(tx)
        .insertInto('product_images')
        .values(images.map((img) => ({ product_id: id, file: img.file, width: img.width, height: img.height, bytes: img.data.length, data: img.data, created_at: now })))
        .execute();
    }
    await writeState(tx, batch, current, { ...current.state, images: [...current.state.images, ...images.map((img) => productImageUrl(img.file))] }, now);
    return readSellerProduct(tx, id);
  });
}

/**
 * POST /api/seller/products with its photos (multipart, the seller's offline draft: docs/SELLERS.md "Offline"): the
 * product and its images in one transaction, the first image the main one, so a refusal of either writes nothing.
 */
export function createProductWithImages(db: Database, userId: number, input: SellerProductPatch, images: readonly NewProductImage[]): Promise<SellerProductDoc> {
  return sellerWrite(db, userId, [], async (tx, batch) => {
    if (images.length > PRODUCT_IMAGES_MAX) throw new SellerProductError('TOO_MANY_IMAGES');
    const sku = input.sku ?? (await freshProductSku(tx, batch.shop.id));
    const state = { ...nextState(null, input, batch.shop, sku), images: images.map((img) => productImageUrl(img.file)) };
    const now = Date.now();
    const { id } = await writeState(tx, batch, null, state, now);
    if (images.length > 0) {
      await withImages(tx)
        .insertInto('product_images')
        .values(images.map((img) => ({ product_id: id, file: img.file, width: img.width, height: img.height, bytes: img.data.length, data: img.data, created_at: now })))
        .execute();
    }
    return (await readSellerProduct(tx, id)) as SellerProductDoc;
  });
}

/** Puts the images in `order` (each a URL or a name, every image once); IMAGE_ORDER otherwise. */
export function reorderProductImages(db: Database, userId: number, id: number, order: readonly string[]): Promise<SellerProductDoc | null> {
  return sellerWrite(db, userId, [id], async (tx, batch) => {
    const current = await loadProduct(tx, batch.shop.id, id);
    if (!current) return null;
    const byName = new Map(current.state.images.map((url) => [imageName(url), url]));
    const next = order.map((o) => byName.get(imageName(o)));
    const complete = next.length === current.state.images.length && new Set(next).size === next.length && next.every((u) => u !== undefined);
    if (!complete) throw new SellerProductError('IMAGE_ORDER');
    await writeState(tx, batch, current, { ...current.state, images: next as string[] }, Date.now());
    return readSellerProduct(tx, id);
  });
}

/** Removes one image (by its name); IMAGE_NOT_FOUND when the product has none of that name. */
export function removeProductImage(db: Database, userId: number, id: number, name: string): Promise<SellerProductDoc | null> {
  return sellerWrite(db, userId, [id], async (tx, batch) => {
    const current = await loadProduct(tx, batch.shop.id, id);
    if (!current) return null;
    const url = current.state.images.find((u) => imageName(u) === name);
    if (url === undefined) throw new SellerProductError('IMAGE_NOT_FOUND');
    if (url.startsWith(PRODUCT_MEDIA_PREFIX)) await withImages(tx).deleteFrom('product_images').where('file', '=', name).where('product_id', '=', id).execute();
    await writeState(tx, batch, current, { ...current.state, images: current.state.images.filter((u) => u !== url) }, Date.now());
    return readSellerProduct(tx, id);
  });
}

/** The bytes of a stored product image, or null. */
export async function findProductImage(db: Database, file: string): Promise<Buffer | null> {
  const row = await withImages(db.kysely).selectFrom('product_images').select('data').where('file', '=', file).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}
