/**
 * The demo category tree: three top categories (men, women, children) and their subcategories, named in the six
 * languages (issue 22). Moroccan garments keep their own names, spelled as each language writes them (caftan,
 * caftán, Kaftan; djellaba, chilaba, Dschellaba); under a top category a name need not repeat whose it is.
 */
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

/** A category's name in the six languages: English and Arabic as always, Darija, French, Spanish and German. */
export interface CategoryNamesSeed {
  name_en: string;
  name_ar: string;
  name_ma: string;
  name_fr: string;
  name_es: string;
  name_de: string;
}

export interface TopCategorySeed extends CategoryNamesSeed {
  gender: Gender;
  slug: Gender;
}

export interface SubcategorySeed extends CategoryNamesSeed {
  gender: Gender;
  slug: string;
  kind: GarmentKind;
  /** Relative share of the demo products; 0 leaves the category empty ('coming soon'). */
  weight: number;
}

export const TOP_CATEGORIES: readonly TopCategorySeed[] = [
  {
    gender: 'men', slug: 'men', name_en: 'Men', name_ar: 'رجال',
    name_ma: 'رجال', name_fr: 'Homme', name_es: 'Hombre', name_de: 'Herren',
  },
  {
    gender: 'women', slug: 'women', name_en: 'Women', name_ar: 'نساء',
    name_ma: 'عيالات', name_fr: 'Femme', name_es: 'Mujer', name_de: 'Damen',
  },
  {
    gender: 'children', slug: 'children', name_en: 'Children', name_ar: 'أطفال',
    name_ma: 'دراري', name_fr: 'Enfant', name_es: 'Niños', name_de: 'Kinder',
  },
];

export const SUBCATEGORIES: readonly SubcategorySeed[] = [
  {
    gender: 'men', slug: 'men-djellaba', name_en: 'Djellaba', name_ar: 'جلابة رجالية', kind: 'djellaba', weight: 9,
    name_ma: 'جلابة ديال الرجال', name_fr: 'Djellaba', name_es: 'Chilaba', name_de: 'Dschellaba',
  },
  {
    gender: 'men', slug: 'men-jabador', name_en: 'Jabador', name_ar: 'جابادور', kind: 'jabador', weight: 7,
    name_ma: 'جابادور', name_fr: 'Jabador', name_es: 'Jabador', name_de: 'Jabador',
  },
  {
    gender: 'men', slug: 'men-gandoura', name_en: 'Gandoura', name_ar: 'قندورة رجالية', kind: 'gandoura', weight: 5,
    name_ma: 'قندورة ديال الرجال', name_fr: 'Gandoura', name_es: 'Gandura', name_de: 'Gandoura',
  },
  {
    gender: 'men', slug: 'men-selham', name_en: 'Selham', name_ar: 'سلهام', kind: 'selham', weight: 0,
    name_ma: 'سلهام', name_fr: 'Selham', name_es: 'Selham', name_de: 'Selham',
  },
  {
    gender: 'men', slug: 'men-shoes', name_en: 'Shoes', name_ar: 'أحذية رجالية', kind: 'shoes', weight: 5,
    name_ma: 'صبابط ديال الرجال', name_fr: 'Chaussures', name_es: 'Zapatos', name_de: 'Schuhe',
  },
  {
    gender: 'men', slug: 'men-accessories', name_en: 'Accessories', name_ar: 'إكسسوارات رجالية', kind: 'accessories', weight: 4,
    name_ma: 'أكسسوارات ديال الرجال', name_fr: 'Accessoires', name_es: 'Accesorios', name_de: 'Accessoires',
  },
  {
    gender: 'women', slug: 'women-kaftan', name_en: 'Kaftan', name_ar: 'قفطان', kind: 'kaftan', weight: 14,
    name_ma: 'قفطان', name_fr: 'Caftan', name_es: 'Caftán', name_de: 'Kaftan',
  },
  {
    gender: 'women', slug: 'women-takchita', name_en: 'Takchita', name_ar: 'تكشيطة', kind: 'takchita', weight: 10,
    name_ma: 'تكشيطة', name_fr: 'Takchita', name_es: 'Takchita', name_de: 'Takchita',
  },
  {
    gender: 'women', slug: 'women-djellaba', name_en: 'Djellaba', name_ar: 'جلابة نسائية', kind: 'djellaba', weight: 8,
    name_ma: 'جلابة ديال العيالات', name_fr: 'Djellaba', name_es: 'Chilaba', name_de: 'Dschellaba',
  },
  {
    gender: 'women', slug: 'women-gandoura', name_en: 'Gandoura', name_ar: 'قندورة نسائية', kind: 'gandoura', weight: 4,
    name_ma: 'قندورة ديال العيالات', name_fr: 'Gandoura', name_es: 'Gandura', name_de: 'Gandoura',
  },
  {
    gender: 'women', slug: 'women-modern', name_en: 'Modern Wear', name_ar: 'أزياء عصرية', kind: 'modern', weight: 6,
    name_ma: 'لبسة عصرية', name_fr: 'Mode moderne', name_es: 'Moda moderna', name_de: 'Moderne Mode',
  },
  {
    gender: 'women', slug: 'women-shoes', name_en: 'Shoes', name_ar: 'أحذية نسائية', kind: 'shoes', weight: 6,
    name_ma: 'صبابط ديال العيالات', name_fr: 'Chaussures', name_es: 'Zapatos', name_de: 'Schuhe',
  },
  {
    gender: 'women', slug: 'women-accessories', name_en: 'Accessories', name_ar: 'إكسسوارات نسائية', kind: 'accessories', weight: 6,
    name_ma: 'أكسسوارات ديال العيالات', name_fr: 'Accessoires', name_es: 'Accesorios', name_de: 'Accessoires',
  },
  {
    gender: 'women', slug: 'women-jewelry', name_en: 'Jewelry', name_ar: 'مجوهرات تقليدية', kind: 'jewelry', weight: 4,
    name_ma: 'حلي بلدية', name_fr: 'Bijoux traditionnels', name_es: 'Joyas tradicionales', name_de: 'Traditioneller Schmuck',
  },
  {
    gender: 'children', slug: 'children-kaftan', name_en: 'Kaftan', name_ar: 'قفطان للأطفال', kind: 'kaftan', weight: 4,
    name_ma: 'قفطان ديال الدراري', name_fr: 'Caftan', name_es: 'Caftán', name_de: 'Kaftan',
  },
  {
    gender: 'children', slug: 'children-djellaba', name_en: 'Djellaba', name_ar: 'جلابة للأطفال', kind: 'djellaba', weight: 4,
    name_ma: 'جلابة ديال الدراري', name_fr: 'Djellaba', name_es: 'Chilaba', name_de: 'Dschellaba',
  },
  {
    gender: 'children', slug: 'children-jabador', name_en: 'Jabador', name_ar: 'جابادور للأطفال', kind: 'jabador', weight: 3,
    name_ma: 'جابادور ديال الدراري', name_fr: 'Jabador', name_es: 'Jabador', name_de: 'Jabador',
  },
  {
    gender: 'children', slug: 'children-takchita', name_en: 'Takchita', name_ar: 'تكشيطة للبنات', kind: 'takchita', weight: 2,
    name_ma: 'تكشيطة ديال البنيتات', name_fr: 'Takchita', name_es: 'Takchita', name_de: 'Takchita',
  },
  {
    gender: 'children', slug: 'children-shoes', name_en: 'Shoes', name_ar: 'أحذية الأطفال', kind: 'shoes', weight: 3,
    name_ma: 'صبابط ديال الدراري', name_fr: 'Chaussures', name_es: 'Zapatos', name_de: 'Schuhe',
  },
  {
    gender: 'children', slug: 'children-accessories', name_en: 'Accessories', name_ar: 'إكسسوارات الأطفال', kind: 'accessories', weight: 0,
    name_ma: 'أكسسوارات ديال الدراري', name_fr: 'Accessoires', name_es: 'Accesorios', name_de: 'Accessoires',
  },
];
