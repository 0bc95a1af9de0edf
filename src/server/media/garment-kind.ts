/** Which silhouette to draw for a category slug. */
import { SUBCATEGORIES, type GarmentKind } from '../seed/category-data';

const KINDS: readonly GarmentKind[] = [
  'kaftan',
  'takchita',
  'djellaba',
  'jabador',
  'gandoura',
  'selham',
  'modern',
  'shoes',
  'accessories',
  'jewelry',
];

/** The seeded subcategory's kind, else a kind named in the slug, else null (a top or unknown category). */
export function garmentKindOf(slug: string): GarmentKind | null {
  const seeded = SUBCATEGORIES.find((s) => s.slug === slug);
  if (seeded) return seeded.kind;
  return KINDS.find((k) => slug.includes(k)) ?? null;
}
