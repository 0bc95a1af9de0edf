/**
 * The seller's API as the seller's app uses it, online (docs/SELLERS.md): the shop and its sign-up, the
 * products, their variants and images. Writes that may be sent twice (a restock) carry an Idempotency-Key.
 */
import type { Color, Fabric, Size, StockLevel, StoreType } from '../../domain/catalog-constants';
import type { LocalizedText } from '../../domain/catalog-text';
import { apiRequest } from '../auth/api-client';
import { apiUpload } from '../reviews/api-upload';

export type ShopStatus = 'pending' | 'active' | 'suspended';

export interface SellerShop {
  id: number;
  name: string;
  slug: string;
  status: ShopStatus;
  is_verified: boolean;
  products_count: number;
}

export interface SellerVariant {
  id: number;
  sku: string;
  size: Size;
  color: Color;
  fabric: Fabric;
  /** The variant's list price (MAD). */
  original_price: number;
  stock_quantity: number;
}

export interface SellerProduct {
  id: number;
  name: string;
  name_ar: string;
  names: LocalizedText;
  descriptions: LocalizedText;
  price: number;
  original_price: number;
  discount_price: number | null;
  main_image: string;
  images: string[];
  category_id: number;
  stock_quantity: number;
  stock_status: StockLevel;
  customizable: boolean;
  handmade: boolean;
  is_express: boolean;
  sku: string;
  variants: SellerVariant[];
  published: boolean;
  visible: boolean;
  low_stock_threshold: number;
}

export interface SellerProductPage {
  data: SellerProduct[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export const PRODUCT_STATUS_FILTERS = ['all', 'published', 'unpublished', 'low_stock', 'out_of_stock'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];

export interface ShopRegistration {
  shop_name: string;
  shop_name_ar?: string;
  store_type: StoreType;
  city: string;
  address: string;
  phone: string;
  description?: string;
}

/** The product form's body (docs/SELLERS.md "The form"). */
export interface ProductBody {
  names: LocalizedText;
  /** Left out when no language has one (an empty map is refused). */
  descriptions?: LocalizedText;
  category_id: number;
  price: number;
  discount_price: number | null;
  handmade: boolean;
  customizable: boolean;
  is_express: boolean;
  variants: { size: Size; color: Color; fabric: Fabric; stock: number; price?: number | null }[];
}

export function fetchOwnShop(signal?: AbortSignal): Promise<SellerShop> {
  return apiRequest<{ data: SellerShop }>('GET', '/api/seller/shop', undefined, { signal }).then((b) => b.data);
}

export function registerShop(body: ShopRegistration): Promise<SellerShop> {
  return apiRequest<{ data: SellerShop }>('POST', '/api/seller/register', body).then((b) => b.data);
}

export function productsQuery(params: { search?: string; status?: ProductStatusFilter; page?: number; perPage?: number }): string {
  const q = new URLSearchParams();
  if (params.search) q.set('search', params.search);
  if (params.status && params.status !== 'all') q.set('status', params.status);
  if (params.page && params.page > 1) q.set('page', String(params.page));
  if (params.perPage) q.set('per_page', String(params.perPage));
  const text = q.toString();
  return text ? `/api/seller/products?${text}` : '/api/seller/products';
}

export function listProducts(path: string, signal?: AbortSignal): Promise<SellerProductPage> {
  return apiRequest<SellerProductPage>('GET', path, undefined, { signal });
}

const productUrl = (id: number | string) => `/api/seller/products/${encodeURIComponent(String(id))}`;

export function fetchProduct(id: string, signal?: AbortSignal): Promise<SellerProduct> {
  return apiRequest<{ data: SellerProduct }>('GET', productUrl(id), undefined, { signal }).then((b) => b.data);
}

export function createProduct(body: ProductBody): Promise<SellerProduct> {
  return apiRequest<{ data: SellerProduct }>('POST', '/api/seller/products', body).then((b) => b.data);
}

export function updateProduct(id: number, body: Partial<ProductBody> & { published?: boolean }): Promise<SellerProduct> {
  return apiRequest<{ data: SellerProduct }>('PATCH', productUrl(id), body).then((b) => b.data);
}

/** A restock: one key per intended change, so a resend after a lost answer is applied once. */
export function setVariantStock(productId: number, variantId: number, stock: number, key: string): Promise<SellerProduct> {
  return apiRequest<{ data: SellerProduct }>('PATCH', `${productUrl(productId)}/variants/${variantId}`, { stock }, {
    headers: { 'Idempotency-Key': key },
  }).then((b) => b.data);
}

export function uploadImages(productId: number, files: readonly Blob[]): Promise<SellerProduct> {
  const form = new FormData();
  files.forEach((file, i) => form.append('images', file, `photo-${i + 1}.${file.type === 'image/jpeg' ? 'jpg' : 'webp'}`));
  return apiUpload<{ data: SellerProduct }>('POST', `${productUrl(productId)}/images`, form).then((b) => b.data);
}

export function reorderImages(productId: number, order: readonly string[]): Promise<SellerProduct> {
  return apiRequest<{ data: SellerProduct }>('PATCH', `${productUrl(productId)}/images`, { order }).then((b) => b.data);
}

export function deleteImage(productId: number, url: string): Promise<SellerProduct> {
  const name = url.split('/').at(-1) ?? url;
  return apiRequest<{ data: SellerProduct }>('DELETE', `${productUrl(productId)}/images/${encodeURIComponent(name)}`).then((b) => b.data);
}
