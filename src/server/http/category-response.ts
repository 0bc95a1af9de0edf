/** The REST shape of categories (spec §3): a tree of top categories with their subcategories. */
import type { CategoryDoc, Gender } from '../../domain/catalog';
import { isArabic, type Locale } from './query-params';

export interface CategoryResponse {
  id: number;
  /** In the requested locale's language (Arabic for ar and ma, else English). */
  name: string;
  name_en: string;
  name_ar: string;
  slug: string;
  image: string;
  itemCount: number;
  gender: Gender;
  parent_id: number | null;
  /** The top category's English name (its own for a top category). */
  category_name_en: string;
  subcategories: CategoryResponse[];
}

function node(doc: CategoryDoc, parent: CategoryDoc | undefined, locale: Locale | undefined): CategoryResponse {
  return {
    id: Number(doc.id),
    name: isArabic(locale) ? doc.name_ar : doc.name_en,
    name_en: doc.name_en,
    name_ar: doc.name_ar,
    slug: doc.slug,
    image: doc.image,
    itemCount: doc.item_count,
    gender: doc.gender,
    parent_id: doc.parent_id === 0 ? null : doc.parent_id,
    category_name_en: parent?.name_en ?? doc.name_en,
    subcategories: [],
  };
}

const byPosition = (a: CategoryDoc, b: CategoryDoc) => a.position - b.position || Number(a.id) - Number(b.id);

/** Builds the tree of `tops` with their children found in `all`. */
export function toCategoryTree(
  tops: readonly CategoryDoc[],
  all: readonly CategoryDoc[],
  locale?: Locale,
): CategoryResponse[] {
  return [...tops].sort(byPosition).map((top) => ({
    ...node(top, undefined, locale),
    subcategories: all
      .filter((c) => c.parent_id === Number(top.id))
      .sort(byPosition)
      .map((c) => node(c, top, locale)),
  }));
}

/** One category with its subcategories (none for a subcategory). */
export function toCategoryResponse(
  doc: CategoryDoc,
  all: readonly CategoryDoc[],
  locale?: Locale,
): CategoryResponse {
  const parent = all.find((c) => Number(c.id) === doc.parent_id);
  return {
    ...node(doc, parent, locale),
    subcategories: all
      .filter((c) => c.parent_id === Number(doc.id))
      .sort(byPosition)
      .map((c) => node(c, doc, locale)),
  };
}
