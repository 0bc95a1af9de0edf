/**
 * Seller sign-up (issue 23, POST /api/seller/register; docs/SELLERS.md "Sign-up and shop status"): a signed-in
 * user opens one shop. The shop starts 'pending' (not public: shop-reads.ts and the pulls leave it out) with the
 * phone given, to be verified before the operator may activate it (shop-status.ts); the user becomes a seller in
 * the same transaction. Roles are read from the users row on every request (auth/auth-plugin.ts), so the
 * session the user signed up with carries the new role from the next request on.
 *
 * The slug is spec §2's (the name lowercased, spaces replaced by hyphens: shop-reads.ts slugify), without the
 * characters that would end a URL path segment (/ ? # % \), and unique: -2, -3, … on a clash with any shop's slug
 * (deleted ones included, their links may be out there), and on a slug that reads as an id (the shop page looks
 * ids up first).
 */
import { cleanText } from '../../domain/catalog-text';
import { sql } from 'kysely';
import type { StoreType } from '../../domain/catalog';
import type { Database } from '../db/database';
import { parseId } from '../db/ids';
import { replicationClock, writeTransaction, type Tx } from '../db/write-transaction';
import { toShopDoc, type ShopDocWithFlag } from './shop-docs';
import { slugify } from './shop-reads';
import { insertShops } from './shop-writes';

export interface ShopRegistration {
  shopName: string;
  shopNameAr?: string;
  storeType: StoreType;
  city: string;
  address: string;
  /** E.164, as the phone flow stores it (http/phone-bodies.ts). */
  phone: string;
  description?: string;
}

/** The user already owns a shop (any status): one shop per seller. */
export class ShopAlreadyRegisteredError extends Error {
  constructor() {
    super('this user already has a shop');
  }
}

/** The operator's roles do not sell. */
export class OperatorCannotSellError extends Error {
  constructor() {
    super('an admin or manager account cannot open a shop');
  }
}

/** Spec §2's slug of a shop name, keeping to one URL path segment; 'shop' when nothing is left. */
export function shopSlugBase(name: string): string {
  const slug = slugify(name).replace(/[/?#%\\]+/g, '').replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
  return slug === '' ? 'shop' : slug;
}

/** `base`, else `base-2`, `base-3`, …: the first that no shop has and that does not read as an id. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const taken = new Set(
    (await tx
      .selectFrom('shops')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb(sql<string>`substr(slug, 1, ${sql.lit([...base].length + 1)})`, '=', `${base}-`)]))
      .execute()).map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug) && parseId(slug) === null) return slug;
  }
}

/** Creates the user's pending shop and makes them a seller; the shop as written. */
export async function registerShop(db: Database, userId: number, input: ShopRegistration, now: number = Date.now()): Promise<ShopDocWithFlag> {
  const written = await writeTransaction(db, ['shops'], async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.role === 'admin' || user.role === 'manager') throw new OperatorCannotSellError();
    const existing = await tx.selectFrom('shops').select('id').where('owner_user_id', '=', userId).executeTakeFirst();
    if (existing) throw new ShopAlreadyRegisteredError();
    const slug = await freeSlug(tx, shopSlugBase(input.shopName));
    const updatedAt = (await replicationClock(tx, 'shops', now)).next();
    const names = cleanText({ en: input.shopName, ar: input.shopNameAr ?? '' });
    const descriptions = cleanText({ en: input.description ?? '' });
    await insertShops(tx, [
      {
        slug,
        name: input.shopName,
        name_ar: input.shopNameAr ?? '',
        names,
        descriptions,
        description: input.description ?? '',
        description_ar: '',
        status: 'pending',
        store_type: input.storeType,
        is_featured: 0,
        is_verified: 0,
        logo: '',
        cover: '',
        city: input.city,
        address: input.address,
        phone: input.phone,
        rating_x10: 0,
        total_reviews: 0,
        products_count: 0,
        followers: 0,
        response_rate: 0,
        response_time_hours: 0,
        joined_at: now,
        updated_at: updatedAt,
        deleted: 0,
        owner_user_id: userId,
      },
    ]);
    if (user.role === 'user') await tx.updateTable('users').set({ role: 'seller', updated_at: now }).where('id', '=', userId).execute();
    return toShopDoc(await tx.selectFrom('shops').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow());
  });
  // A pending shop is in no pull; announcing it costs nothing and keeps every shop write announced.
  db.changes.publish({ collection: 'shops', checkpoint: { updatedAt: written.updatedAt, id: written.id } });
  return written;
}
