/** The REST shape of a product (spec §3), built from the ProductDoc. */
import { stockLevel, type Color, type Fabric, type Gender, type ProductDoc, type Size, type StockLevel } from '../../domain/catalog';
import { isArabic, type Locale } from './query-params';

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
  /** In the requested locale's language (Arabic for ar and ma, else English). */
  name: string;
  name_ar: string;
  name_en: string;
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
  category: string;
  category_ar: string;
  category_id: number;
  category_slug: string;
  gender: Gender;
  stock_quantity: number;
  stock_status: StockLevel;
  in_stock: boolean;
  customizable: boolean;
  handmade: boolean;
  is_express: boolean;
  description: string;
  description_ar: string;
  sku: string;
  colors: Color[];
  sizes: Size[];
  fabrics: Fabric[];
  variants: ProductVariantResponse[];
  delivery_time: string;
  made_in: string;
  shipping_from: string;
  created_at: string;
  shop: { id: number; name: string; name_ar: string; slug: string };
}

/** Arabic shop names are not part of the product document; routes look them up per response. */
export type ShopArabicNames = ReadonlyMap<number, string>;

export function toProductResponse(doc: ProductDoc, shopNamesAr: ShopArabicNames, locale?: Locale): ProductResponse {
  const ar = isArabic(locale);
  return {
    id: Number(doc.id),
    name: ar ? doc.name_ar : doc.name,
    name_ar: doc.name_ar,
    name_en: doc.name,
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
    category: ar ? doc.category_name_ar : doc.category_name_en,
    category_ar: doc.category_name_ar,
    category_id: doc.category_id,
    category_slug: doc.category_slug,
    gender: doc.gender,
    stock_quantity: doc.stock_quantity,
    stock_status: stockLevel(doc.stock_quantity),
    in_stock: doc.in_stock,
    customizable: doc.customizable,
    handmade: doc.handmade,
    is_express: doc.express,
    description: ar ? doc.description_ar : doc.description,
    description_ar: doc.description_ar,
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
    shop: { id: doc.shop_id, name: doc.shop_name, name_ar: shopNamesAr.get(doc.shop_id) ?? '', slug: doc.shop_slug },
  };
}
