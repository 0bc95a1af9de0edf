/**
 * The REST shape of a shop (spec §3), built from the ShopDoc. `name`, `description` and `store_type.name` are in
 * the request's language along the fallback chain; `names`, `descriptions` and `store_type.names` carry every
 * language (docs/CATALOGUE.md).
 */
import type { ShopDoc, StoreType } from '../../domain/catalog';
import { textIn, type LocalizedText } from '../../domain/catalog-text';
import { STORE_TYPE_NAMES } from '../../domain/store-types';
import type { ShopStatus } from '../repositories/shop-docs';
import type { Locale } from './query-params';

export interface ShopResponse {
  id: number;
  /** In the request's language, else along the fallback chain. */
  name: string;
  name_ar: string;
  /** The name in every language held. */
  names: LocalizedText;
  slug: string;
  /** 'pending' only in the owner's own view (GET /api/seller/shop) and the operator's answers. */
  status: ShopStatus;
  logo: string;
  cover: string;
  /** In the request's language, else along the fallback chain. */
  description: string;
  description_ar: string;
  /** The description in every language held. */
  descriptions: LocalizedText;
  location: string;
  rating: number;
  total_reviews: number;
  reviews_count: number;
  products_count: number;
  followers: number;
  response_rate: number;
  response_time: string;
  response_time_hours: number;
  joined_date: string;
  is_featured: boolean;
  is_verified: boolean;
  /** `name` in the request's language, `name_ar` Arabic, `names` all six. */
  store_type: { code: StoreType; name: string; name_ar: string; names: LocalizedText };
  profile: {
    store_name: string;
    store_name_ar: string;
    description: string;
    store_logo: string;
    address: string;
    is_featured: boolean;
    is_verified: boolean;
    rating: number;
    total_reviews: number;
    store_locations: { address: string; city: string }[];
  };
}

export function responseTimeText(hours: number): string {
  return hours <= 1 ? 'Within 1 hour' : `Within ${hours} hours`;
}

/** A shop in `language` (http/request-language.ts). */
export function toShopResponse(doc: Omit<ShopDoc, 'status'> & { status: ShopStatus }, language: Locale): ShopResponse {
  const rating = Math.round(doc.rating * 10) / 10;
  const name = textIn(doc.names, language);
  const description = textIn(doc.descriptions, language);
  const storeTypeNames = STORE_TYPE_NAMES[doc.store_type];
  return {
    id: Number(doc.id),
    name,
    name_ar: doc.name_ar,
    names: doc.names,
    slug: doc.slug,
    status: doc.status,
    logo: doc.logo,
    cover: doc.cover,
    description,
    description_ar: doc.description_ar,
    descriptions: doc.descriptions,
    location: `${doc.city}, Morocco`,
    rating,
    total_reviews: doc.total_reviews,
    reviews_count: doc.total_reviews,
    products_count: doc.products_count,
    followers: doc.followers,
    response_rate: doc.response_rate,
    response_time: responseTimeText(doc.response_time_hours),
    response_time_hours: doc.response_time_hours,
    joined_date: new Date(doc.joined_at).toISOString().slice(0, 10),
    is_featured: doc.is_featured,
    is_verified: doc.is_verified,
    store_type: { code: doc.store_type, name: textIn(storeTypeNames, language), name_ar: storeTypeNames.ar, names: storeTypeNames },
    profile: {
      store_name: name,
      store_name_ar: doc.name_ar,
      description,
      store_logo: doc.logo,
      address: doc.address,
      is_featured: doc.is_featured,
      is_verified: doc.is_verified,
      rating,
      total_reviews: doc.total_reviews,
      store_locations: [{ address: doc.address, city: doc.city }],
    },
  };
}
