/**
 * The operator's shop queue (issue 24, GET /api/admin/shops; docs/OPERATOR.md "Console API"): every live shop,
 * pending ones included, with what the operator needs to decide — its owner (name, email), the phone given at
 * sign-up and whether the owner verified that very phone, store type, city, when it signed up, how many products
 * it has (all of them, public or not: a pending shop's are not public yet), its commission rate (percent, null
 * for the default) and the reason of its last rejection or suspension.
 *
 * Filters: status (pending, active, suspended), q (the catalogue search rule over the shop's names, or the
 * owner's email when q holds an @). Oldest first, so the pending queue is served in the order shops signed up.
 */
import { searchTerms } from '../../domain/search';
import type { Database } from '../db/database';
import { containsText, termsFoundIn } from '../db/search-text';
import { pageMeta, type PageMeta } from '../http/page-meta';
import { displayName } from '../http/user-response';
import { basisPointsToPercent } from '../http/moderation-bodies';

export const ADMIN_SHOP_STATUSES = ['pending', 'active', 'suspended'] as const;
export type AdminShopStatus = (typeof ADMIN_SHOP_STATUSES)[number];

export interface AdminShopFilters {
  status?: AdminShopStatus;
  q?: string;
  page: number;
  perPage: number;
}

export interface AdminShopJson {
  id: number;
  slug: string;
  name: string;
  name_ar: string;
  status: AdminShopStatus;
  /** A pending shop the operator rejected (it is suspended). */
  rejected: boolean;
  status_reason: string | null;
  is_verified: boolean;
  is_featured: boolean;
  owner: { id: number; name: string; email: string } | null;
  phone: string;
  phone_verified: boolean;
  store_type: string;
  city: string;
  created_at: number;
  products_count: number;
  /** Percent (10.5), null for the default rate. */
  commission_rate: number | null;
}

export async function listAdminShops(db: Database, f: AdminShopFilters): Promise<{ data: AdminShopJson[]; meta: PageMeta }> {
  const base = () => {
    let q = db.kysely.selectFrom('shops as s').leftJoin('users as u', 'u.id', 's.owner_user_id').where('s.deleted', '=', 0);
    if (f.status !== undefined) q = q.where('s.status', '=', f.status);
    const raw = f.q?.trim() ?? '';
    if (raw.includes('@')) {
      q = q.where(containsText(db.dialect, 'u.email', raw.toLowerCase()));
    } else {
      const terms = searchTerms(raw);
      if (terms.length > 0) q = q.where(termsFoundIn(db.dialect, 's.search_text', terms));
    }
    return q;
  };
  const counted = await base()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await base()
    .select((eb) => [
      's.id',
      's.slug',
      's.name',
      's.name_ar',
      's.status',
      's.rejected_at',
      's.status_reason',
      's.is_verified',
      's.is_featured',
      's.phone',
      's.store_type',
      's.city',
      's.joined_at',
      's.commission_rate_bp',
      'u.id as owner_id',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.username as owner_username',
      'u.phone as owner_phone',
      'u.phone_verified_at as owner_phone_verified_at',
      eb.selectFrom('products as p').select((p) => p.fn.countAll<number | string>().as('n')).whereRef('p.shop_id', '=', 's.id').as('products_total'),
    ])
    .orderBy('s.joined_at')
    .orderBy('s.id')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  const data = rows.map((r): AdminShopJson => {
    const owner =
      r.owner_id === null || r.owner_username === null
        ? null
        : {
            id: Number(r.owner_id),
            name: displayName({ first_name: r.owner_first_name ?? '', last_name: r.owner_last_name ?? '', username: r.owner_username }),
            email: r.owner_email ?? '',
          };
    return {
      id: Number(r.id),
      slug: r.slug,
      name: r.name,
      name_ar: r.name_ar,
      status: r.status as AdminShopStatus,
      rejected: r.rejected_at !== null,
      status_reason: r.status_reason,
      is_verified: Number(r.is_verified) === 1,
      is_featured: Number(r.is_featured) === 1,
      owner,
      phone: r.phone,
      phone_verified: r.phone !== '' && r.owner_phone_verified_at !== null && r.owner_phone === r.phone,
      store_type: r.store_type,
      city: r.city,
      created_at: Number(r.joined_at),
      products_count: Number(r.products_total ?? 0),
      commission_rate: r.commission_rate_bp === null ? null : basisPointsToPercent(Number(r.commission_rate_bp)),
    };
  });
  return { data, meta: pageMeta({ page: f.page, perPage: f.perPage, total, lastPage: Math.max(1, Math.ceil(total / f.perPage)) }) };
}

/** The status reason of the live shop `shopId` owns (the seller's view, GET /api/seller/shop), null when none. */
export async function shopStatusReason(db: Database, shopId: number): Promise<string | null> {
  const row = await db.kysely.selectFrom('shops').select('status_reason').where('id', '=', shopId).executeTakeFirst();
  return row?.status_reason ?? null;
}
