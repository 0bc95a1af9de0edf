/**
 * The REST shape of a product (spec §3), built from the ProductDoc. `name`, `description` and `category` are in
 * the request's language (http/request-language.ts) along the fallback chain (src/domain/catalog-text.ts);
 * `names`, `descriptions` and `category_names` carry every language held (docs/CATALOGUE.md).
 */
import { stockLevel, type Color, type Fabric, type Gender, type ProductDoc, type Size, type StockLevel } from '../../domain/catalog';
import { textIn, type LocalizedText } from '../../domain/catalog-text';
import type { Locale } from './query-params';

/** Spec §9: delivery estimate shown on the product page. */
export const DELIVERY_TIME = '2-4 business days';

/**
 * A variant states its own prices with the product's names (decisions.md "Prices"): `price` and
 * `original_price` are its list price, `unit_price` what one unit is charged (what an order sends as
 * `items[].unit_price`), with the discount as the product states its own.
 */
export interface ProductVariantResponse {
  id: number;
  sku: string;
  size: Size;
  color: Color;
  fabric: Fabric;
  price: number;
  original_price: number;
  has_discount: boolean;
  discount_price: number | null;
  discount_percentage: number;
  unit_price: number;
  stock_quantity: number;
}

export interface ProductResponse {
  id: number;
  /** In the request's language, else along the fallback chain. */
  name: string;
  name_ar: string;
  name_en: string;
  /** The name in every language held. */
  names: LocalizedText;
  price: number;
  original_price: number;
  has_discount: boolean;
  discount_price: number | null;
  discount_percentage: number;
  main_image: string;
  image_url: string;
  images: string[];
  rating: number;
  reviews_count: number;
  sales_count: number;
  /** The category's name in the request's language, else along the fallback chain. */
  category: string;
  category_ar: string;
  /** The category's name in every language held. */
  category_names: LocalizedText;
  category_id: number;
  category_slug: string;
  gender: Gender;
  stock_quantity: number;
  stock_status: StockLevel;
  in_stock: boolean;
  customizable: boolean;
  handmade: boolean;
  is_express: boolean;
  /** In the request's language, else along the fallback chain. */
  description: string;
  description_ar: string;
  /** The description in every language held. */
  descriptions: LocalizedText;
  sku: string;
  colors: Color[];
  sizes: Size[];
  fabrics: Fabric[];
  variants: ProductVariantResponse[];
  delivery_time: string;
  made_in: string;
  shipping_from: string;
  created_at: string;
  /** The shop's name in the request's language (`name`), its Arabic column and every language held. */
  shop: { id: number; name: string; name_ar: string; slug: string; names: LocalizedText };
}

/** A shop's names as a product answer shows them; the product document carries only the English one. */
export interface ShopNames {
  name_ar: string;
  names: LocalizedText;
}
export type ShopNamesById = ReadonlyMap<number, ShopNames>;

export function toProductResponse(doc: ProductDoc, shopNames: ShopNamesById, language: Locale): ProductResponse {
  const shop = shopNames.get(doc.shop_id) ?? { name_ar: '', names: { en: doc.shop_name } };
  return {
    id: Number(doc.id),
    name: textIn(doc.names, language),
    name_ar: doc.name_ar,
    name_en: doc.name,
    names: doc.names,
    price: doc.price,
    original_price: doc.price,
    has_discount: doc.has_discount,
    discount_price: doc.discount_price,
    discount_percentage: doc.discount_percent,
    main_image: doc.main_image,
    image_url: doc.main_image,
    images: doc.images,
    rating: Math.round(doc.rating * 10) / 10,
    reviews_count: doc.reviews_count,
    sales_count: doc.sales_count,
    category: textIn(doc.category_names, language),
    category_ar: doc.category_name_ar,
    category_names: doc.category_names,
    category_id: doc.category_id,
    category_slug: doc.category_slug,
    gender: doc.gender,
    stock_quantity: doc.stock_quantity,
    stock_status: stockLevel(doc.stock_quantity),
    in_stock: doc.in_stock,
    customizable: doc.customizable,
    handmade: doc.handmade,
    is_express: doc.express,
    description: textIn(doc.descriptions, language),
    description_ar: doc.description_ar,
    descriptions: doc.descriptions,
    sku: doc.sku,
    colors: doc.colors,
    sizes: doc.sizes,
    fabrics: doc.fabrics,
    variants: doc.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      fabric: v.fabric,
      price: v.price,
      original_price: v.price,
      has_discount: v.has_discount,
      discount_price: v.discount_price,
      discount_percentage: v.discount_percent,
      unit_price: v.effective_price,
      stock_quantity: v.stock_quantity,
    })),
    delivery_time: DELIVERY_TIME,
    made_in: doc.made_in,
    shipping_from: doc.shipping_from,
    created_at: new Date(doc.created_at).toISOString(),
    shop: { id: doc.shop_id, name: textIn(shop.names, language), name_ar: shop.name_ar, slug: doc.shop_slug, names: shop.names },
  };
}
