/** The seller's products bound to one database handle (app.repos.sellerProducts; docs/SELLERS.md). */
import type { CsvError, CsvProduct } from '../../domain/product-csv';
import type { SellerProductPatch, SellerVariantInput } from '../../domain/seller-product';
import type { Database } from '../db/database';
import { exportSellerProducts, importSellerProducts } from './seller-products-csv';
import { addProductImages, createProductWithImages, findProductImage, removeProductImage, reorderProductImages, type NewProductImage } from './seller-products-images';
import { listSellerProducts, type SellerProductPage, type SellerProductQuery } from './seller-products-list';
import {
  addSellerVariant,
  createSellerProduct,
  findSellerProduct,
  ownShop,
  removeSellerVariant,
  unpublishSellerProduct,
  updateSellerProduct,
  updateSellerVariant,
} from './seller-products';

export function sellerProductRepository(db: Database) {
  return {
    /** null when the seller has no shop. */
    list: async (userId: number, q: SellerProductQuery): Promise<SellerProductPage | null> => {
      const shop = await ownShop(db.kysely, userId);
      return shop ? listSellerProducts(db, shop.id, q) : null;
    },
    find: (userId: number, id: number) => findSellerProduct(db, userId, id),
    create: (userId: number, input: SellerProductPatch) => createSellerProduct(db, userId, input),
    /** The product and its photos in one transaction (the multipart POST). */
    createWithImages: (userId: number, input: SellerProductPatch, images: readonly NewProductImage[]) => createProductWithImages(db, userId, input, images),
    update: (userId: number, id: number, patch: SellerProductPatch) => updateSellerProduct(db, userId, id, patch),
    unpublish: (userId: number, id: number) => unpublishSellerProduct(db, userId, id),
    addVariant: (userId: number, id: number, variant: SellerVariantInput) => addSellerVariant(db, userId, id, variant),
    updateVariant: (userId: number, id: number, variantId: number, patch: { stock?: number; priceCents?: number | null }) =>
      updateSellerVariant(db, userId, id, variantId, patch),
    removeVariant: (userId: number, id: number, variantId: number) => removeSellerVariant(db, userId, id, variantId),
    addImages: (userId: number, id: number, images: readonly NewProductImage[]) => addProductImages(db, userId, id, images),
    reorderImages: (userId: number, id: number, order: readonly string[]) => reorderProductImages(db, userId, id, order),
    removeImage: (userId: number, id: number, name: string) => removeProductImage(db, userId, id, name),
    image: (file: string) => findProductImage(db, file),
    importCsv: (userId: number, products: readonly CsvProduct[], errors: readonly CsvError[]) => importSellerProducts(db, userId, products, errors),
    /** null when the seller has no shop. */
    exportCsv: async (userId: number): Promise<string | null> => {
      const shop = await ownShop(db.kysely, userId);
      return shop ? exportSellerProducts(db, shop.id) : null;
    },
  };
}
