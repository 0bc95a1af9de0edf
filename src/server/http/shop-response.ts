/** The REST shape of a shop (spec §3), built from the ShopDoc. */
import type { ShopDoc, StoreType } from '../../domain/catalog';
import { isArabic, type Locale } from './query-params';

export const STORE_TYPE_NAMES: Record<StoreType, { name: string; name_ar: string }> = {
  individual: { name: 'Individual', name_ar: 'فردي' },
  company: { name: 'Company', name_ar: 'شركة' },
  manufacturer: { name: 'Manufacturer', name_ar: 'مصنّع' },
  distributor: { name: 'Distributor', name_ar: 'موزّع' },
  regular: { name: 'Regular', name_ar: 'عادي' },
};

export interface ShopResponse {
  id: number;
  name: string;
  name_ar: string;
  slug: string;
  status: ShopDoc['status'];
  logo: string;
  cover: string;
  description: string;
  description_ar: string;
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
  store_type: { code: StoreType; name: string; name_ar: string };
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

export function toShopResponse(doc: ShopDoc, locale?: Locale): ShopResponse {
  const ar = isArabic(locale);
  const rating = Math.round(doc.rating * 10) / 10;
  return {
    id: Number(doc.id),
    name: ar ? doc.name_ar : doc.name,
    name_ar: doc.name_ar,
    slug: doc.slug,
    status: doc.status,
    logo: doc.logo,
    cover: doc.cover,
    description: ar ? doc.description_ar : doc.description,
    description_ar: doc.description_ar,
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
    store_type: { code: doc.store_type, ...STORE_TYPE_NAMES[doc.store_type] },
    profile: {
      store_name: doc.name,
      store_name_ar: doc.name_ar,
      description: doc.description,
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
