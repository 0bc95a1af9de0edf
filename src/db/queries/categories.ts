/**
 * Category reads. The collection holds a few dozen documents, so each read is
 * one small query and the shaping happens in memory (as on the server).
 * Order everywhere: parent_id, position, then id.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import type { MangoQuerySelector, MangoQuerySortPart, RxDocument } from 'rxdb';
import { HOME_CATEGORY_STRIP_MAX, type CategoryDoc, type Gender } from '../../domain/catalog';
import type { CategoryCollection } from '../database';
import type { StoredCategory } from '../query-fields';
import { distinctResults } from './live';
import { toCategoryDoc } from './plain-docs';

const CATEGORY_ORDER: MangoQuerySortPart<StoredCategory>[] = [{ parent_id: 'asc' }, { position: 'asc' }];

export interface CategoryFilter {
  gender?: Gender;
  parentId?: number;
}

function categoriesQuery(categories: CategoryCollection, f: CategoryFilter) {
  const selector: MangoQuerySelector<StoredCategory> = {};
  if (f.gender !== undefined) selector.gender = { $eq: f.gender };
  if (f.parentId !== undefined) selector.parent_id = { $eq: f.parentId };
  return categories.find({ selector, sort: CATEGORY_ORDER });
}

const toDocs = (docs: RxDocument<StoredCategory>[]) => docs.map(toCategoryDoc);

export async function findCategories(categories: CategoryCollection, f: CategoryFilter): Promise<CategoryDoc[]> {
  return toDocs(await categoriesQuery(categories, f).exec());
}

export function watchCategories(categories: CategoryCollection, f: CategoryFilter): Observable<CategoryDoc[]> {
  return categoriesQuery(categories, f).$.pipe(map(toDocs), distinctResults());
}

/** As the server's /api/categories/:key: an id when the key is digits, else the slug (lowercased). */
function categoryLookups(categories: CategoryCollection, slugOrId: string) {
  const key = slugOrId.trim();
  return {
    byId: /^\d+$/.test(key) ? categories.findOne(key) : null,
    bySlug: categories.findOne({ selector: { slug: { $eq: key.toLowerCase() } } }),
  };
}

export async function findCategory(categories: CategoryCollection, slugOrId: string): Promise<CategoryDoc | null> {
  const { byId, bySlug } = categoryLookups(categories, slugOrId);
  const doc = (byId ? await byId.exec() : null) ?? (await bySlug.exec());
  return doc ? toCategoryDoc(doc) : null;
}

export function watchCategory(categories: CategoryCollection, slugOrId: string): Observable<CategoryDoc | null> {
  const { byId, bySlug } = categoryLookups(categories, slugOrId);
  const sources = byId ? [byId.$, bySlug.$] : [bySlug.$];
  return combineLatest(sources).pipe(
    map((docs) => {
      const doc = docs.find((d) => d !== null) ?? null;
      return doc ? toCategoryDoc(doc) : null;
    }),
    distinctResults(),
  );
}

/**
 * The home strip: the subcategories of the top categories (parent_id 0), top
 * categories in position order, each one's children in position order, flattened.
 */
export function flattenTopSubcategories(all: readonly CategoryDoc[], limit: number): CategoryDoc[] {
  const ordered = [...all].sort(
    (a, b) => a.parent_id - b.parent_id || a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const tops = ordered.filter((c) => c.parent_id === 0);
  const out: CategoryDoc[] = [];
  for (const top of tops) {
    for (const c of ordered) {
      if (c.parent_id === Number(top.id)) out.push(c);
    }
  }
  return out.slice(0, Math.max(0, limit));
}

export async function findTopSubcategories(
  categories: CategoryCollection,
  limit = HOME_CATEGORY_STRIP_MAX,
): Promise<CategoryDoc[]> {
  return flattenTopSubcategories(await findCategories(categories, {}), limit);
}

export function watchTopSubcategories(
  categories: CategoryCollection,
  limit = HOME_CATEGORY_STRIP_MAX,
): Observable<CategoryDoc[]> {
  return watchCategories(categories, {}).pipe(
    map((all) => flattenTopSubcategories(all, limit)),
    distinctResults(),
  );
}
