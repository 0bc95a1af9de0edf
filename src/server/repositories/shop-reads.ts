/** Shop reads: filtered, paged lists and lookups by id, slug or name. */
import type { StoreType } from '../../domain/catalog';
import { searchTerms } from '../../domain/search';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import { parseId } from '../db/ids';
import { termsFoundIn } from '../db/search-text';
import { toShopDoc, type ShopDocWithFlag } from './shop-docs';

export interface ShopFilters {
  storeType?: StoreType;
  featured?: boolean;
  verified?: boolean;
  status?: 'active' | 'suspended';
  /**
   * The search rule of src/domain/search.ts over the shop's names in every language (search_text): every word
   * found, case, accents and Arabic letter variants folded, garment names under any common spelling.
   */
  search?: string;
  page: number;
  perPage: number;
}

export interface ShopPage {
  items: ShopDocWithFlag[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

/** Spec §2: a shop's slug is its name lowercased with spaces replaced by hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Featured first, then best rated, then by id: a stable order for paging. Pending shops are not public. */
export async function listShops(db: Database, f: ShopFilters): Promise<ShopPage> {
  const base = () => {
    let q = db.kysely.selectFrom('shops').where('deleted', '=', 0).where('status', '<>', 'pending');
    if (f.storeType !== undefined) q = q.where('store_type', '=', f.storeType);
    if (f.featured !== undefined) q = q.where('is_featured', '=', f.featured ? 1 : 0);
    if (f.verified !== undefined) q = q.where('is_verified', '=', f.verified ? 1 : 0);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    const terms = f.search === undefined ? [] : searchTerms(f.search);
    if (terms.length > 0) q = q.where(termsFoundIn(db.dialect, 'search_text', terms));
    return q;
  };
  const countRow = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const rows = await base()
    .selectAll()
    .orderBy('is_featured', 'desc')
    .orderBy('rating_x10', 'desc')
    .orderBy(idText(db.dialect, 'id'))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return {
    items: rows.map(toShopDoc),
    total,
    page: f.page,
    perPage: f.perPage,
    lastPage: Math.max(1, Math.ceil(total / f.perPage)),
  };
}

/** A live public shop (not pending) by id (canonical digits), slug, name (slugified) or exact Arabic name. */
export async function findShop(db: Database, key: string): Promise<ShopDocWithFlag | null> {
  const trimmed = key.trim();
  if (trimmed === '') return null;
  const live = db.kysely.selectFrom('shops').selectAll().where('deleted', '=', 0).where('status', '<>', 'pending');
  const id = parseId(trimmed);
  if (id !== null) {
    const byId = await live.where('id', '=', id).executeTakeFirst();
    if (byId) return toShopDoc(byId);
  }
  const row = await live
    .where((eb) => eb.or([eb('slug', '=', slugify(trimmed)), eb('name_ar', '=', trimmed)]))
    .orderBy('id')
    .executeTakeFirst();
  return row ? toShopDoc(row) : null;
}
