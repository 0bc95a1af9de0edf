/** The demo category tree: three top categories (men, women, children) and their subcategories. */
import type { Gender } from '../../domain/catalog';

/** What a subcategory sells: drives names, prices, sizes, fabrics and the picture drawn for it. */
export type GarmentKind =
  | 'kaftan'
  | 'takchita'
  | 'djellaba'
  | 'jabador'
  | 'gandoura'
  | 'selham'
  | 'modern'
  | 'shoes'
  | 'accessories'
  | 'jewelry';

export interface TopCategorySeed {
  gender: Gender;
  slug: Gender;
  name_en: string;
  name_ar: string;
}

export interface SubcategorySeed {
  gender: Gender;
  slug: string;
  name_en: string;
  name_ar: string;
  kind: GarmentKind;
  /** Relative share of the demo products; 0 leaves the category empty ('coming soon'). */
  weight: number;
}

export const TOP_CATEGORIES: readonly TopCategorySeed[] = [
  { gender: 'men', slug: 'men', name_en: 'Men', name_ar: 'رجال' },
  { gender: 'women', slug: 'women', name_en: 'Women', name_ar: 'نساء' },
  { gender: 'children', slug: 'children', name_en: 'Children', name_ar: 'أطفال' },
];

export const SUBCATEGORIES: readonly SubcategorySeed[] = [
  { gender: 'men', slug: 'men-djellaba', name_en: 'Djellaba', name_ar: 'جلابة رجالية', kind: 'djellaba', weight: 9 },
  { gender: 'men', slug: 'men-jabador', name_en: 'Jabador', name_ar: 'جابادور', kind: 'jabador', weight: 7 },
  { gender: 'men', slug: 'men-gandoura', name_en: 'Gandoura', name_ar: 'قندورة رجالية', kind: 'gandoura', weight: 5 },
  { gender: 'men', slug: 'men-selham', name_en: 'Selham', name_ar: 'سلهام', kind: 'selham', weight: 0 },
  { gender: 'men', slug: 'men-shoes', name_en: 'Shoes', name_ar: 'أحذية رجالية', kind: 'shoes', weight: 5 },
  { gender: 'men', slug: 'men-accessories', name_en: 'Accessories', name_ar: 'إكسسوارات رجالية', kind: 'accessories', weight: 4 },
  { gender: 'women', slug: 'women-kaftan', name_en: 'Kaftan', name_ar: 'قفطان', kind: 'kaftan', weight: 14 },
  { gender: 'women', slug: 'women-takchita', name_en: 'Takchita', name_ar: 'تكشيطة', kind: 'takchita', weight: 10 },
  { gender: 'women', slug: 'women-djellaba', name_en: 'Djellaba', name_ar: 'جلابة نسائية', kind: 'djellaba', weight: 8 },
  { gender: 'women', slug: 'women-gandoura', name_en: 'Gandoura', name_ar: 'قندورة نسائية', kind: 'gandoura', weight: 4 },
  { gender: 'women', slug: 'women-modern', name_en: 'Modern Wear', name_ar: 'أزياء عصرية', kind: 'modern', weight: 6 },
  { gender: 'women', slug: 'women-shoes', name_en: 'Shoes', name_ar: 'أحذية نسائية', kind: 'shoes', weight: 6 },
  { gender: 'women', slug: 'women-accessories', name_en: 'Accessories', name_ar: 'إكسسوارات نسائية', kind: 'accessories', weight: 6 },
  { gender: 'women', slug: 'women-jewelry', name_en: 'Jewelry', name_ar: 'مجوهرات تقليدية', kind: 'jewelry', weight: 4 },
  { gender: 'children', slug: 'children-kaftan', name_en: 'Kaftan', name_ar: 'قفطان للأطفال', kind: 'kaftan', weight: 4 },
  { gender: 'children', slug: 'children-djellaba', name_en: 'Djellaba', name_ar: 'جلابة للأطفال', kind: 'djellaba', weight: 4 },
  { gender: 'children', slug: 'children-jabador', name_en: 'Jabador', name_ar: 'جابادور للأطفال', kind: 'jabador', weight: 3 },
  { gender: 'children', slug: 'children-takchita', name_en: 'Takchita', name_ar: 'تكشيطة للبنات', kind: 'takchita', weight: 2 },
  { gender: 'children', slug: 'children-shoes', name_en: 'Shoes', name_ar: 'أحذية الأطفال', kind: 'shoes', weight: 3 },
  {
    gender: 'children',
    slug: 'children-accessories',
    name_en: 'Accessories',
    name_ar: 'إكسسوارات الأطفال',
    kind: 'accessories',
    weight: 0,
  },
];
