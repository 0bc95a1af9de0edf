/** Shops as ShopDoc, the one mapping from rows used by REST and replication. */
import type { ShopDoc } from '../../domain/catalog';
import type { ShopRow } from '../db/schema';
import { textsOf } from './text-columns';

/**
 * A shop's status on the server: 'pending' (signed up, not yet activated: issue 23) besides the replicated
 * document's 'active' and 'suspended'. A pending shop is shown to its owner only (GET /api/seller/shop); public
 * reads and pulls leave it out, so no client document ever holds 'pending'.
 */
export type ShopStatus = 'pending' | ShopDoc['status'];

export interface ShopDocWithFlag extends Omit<ShopDoc, 'status'> {
  status: ShopStatus;
  _deleted: boolean;
}

function statusOf(status: string): ShopStatus {
  return status === 'suspended' || status === 'pending' ? status : 'active';
}

export function toShopDoc(row: ShopRow): ShopDocWithFlag {
  return {
    id: String(row.id),
    name: row.name,
    name_ar: row.name_ar,
    slug: row.slug,
    status: statusOf(row.status),
    logo: row.logo,
    cover: row.cover,
    description: row.description,
    description_ar: row.description_ar,
    names: textsOf(row.names_json, row.name, row.name_ar),
    descriptions: textsOf(row.descriptions_json, row.description, row.description_ar),
    city: row.city,
    address: row.address,
    rating: row.rating_x10 / 10,
    total_reviews: row.total_reviews,
    products_count: row.products_count,
    followers: row.followers,
    response_rate: row.response_rate,
    response_time_hours: row.response_time_hours,
    joined_at: Number(row.joined_at),
    store_type: row.store_type as ShopDoc['store_type'],
    is_featured: row.is_featured === 1,
    is_verified: row.is_verified === 1,
    updatedAt: Number(row.updated_at),
    _deleted: row.deleted === 1,
  };
}
