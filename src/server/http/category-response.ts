/**
 * The REST shape of categories (spec §3): a tree of top categories with their subcategories. `name` is in the
 * request's language along the fallback chain; `names` carries every language (docs/CATALOGUE.md).
 */
import type { CategoryDoc, Gender } from '../../domain/catalog';
import { textIn, type LocalizedText } from '../../domain/catalog-text';
import type { Locale } from './query-params';

export interface CategoryResponse {
  id: number;
  /** In the request's language, else along the fallback chain. */
  name: string;
  name_en: string;
  name_ar: string;
  /** The name in every language held. */
  names: LocalizedText;
  slug: string;
  image: string;
  itemCount: number;
  gender: Gender;
  parent_id: number | null;
  /** The top category's English name (its own for a top category). */
  category_name_en: string;
  subcategories: CategoryResponse[];
}

function node(doc: CategoryDoc, parent: CategoryDoc | undefined, language: Locale): CategoryResponse {
  return {
    id: Number(doc.id),
    name: textIn(doc.names, language),
    name_en: doc.name_en,
    name_ar: doc.name_ar,
    names: doc.names,
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
  language: Locale,
): CategoryResponse[] {
  return [...tops].sort(byPosition).map((top) => ({
    ...node(top, undefined, language),
    subcategories: all
      .filter((c) => c.parent_id === Number(top.id))
      .sort(byPosition)
      .map((c) => node(c, top, language)),
  }));
}

/** One category with its subcategories (none for a subcategory). */
export function toCategoryResponse(
  doc: CategoryDoc,
  all: readonly CategoryDoc[],
  language: Locale,
): CategoryResponse {
  const parent = all.find((c) => Number(c.id) === doc.parent_id);
  return {
    ...node(doc, parent, language),
    subcategories: all
      .filter((c) => c.parent_id === Number(doc.id))
      .sort(byPosition)
      .map((c) => node(c, doc, language)),
  };
}
