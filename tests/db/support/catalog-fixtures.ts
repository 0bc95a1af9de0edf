/**
 * Deterministic catalogue documents for query tests, built to stress the
 * listing's edge cases: ties on every sort field, ids of different lengths
 * (code-unit tie-break), empty facet arrays, discounts, names with mixed case,
 * accents, regex characters, Arabic, and characters whose lowercase is unusual;
 * texts in the six languages (issue 22), some languages missing, garment names
 * under their other spellings (caftan, jellaba, قفطان, Dschellaba…).
 */
import {
  COLORS,
  FABRICS,
  GENDERS,
  SIZES,
  categoryDocSchema,
  productDocSchema,
  shopDocSchema,
  type CategoryDoc,
  type ProductDoc,
  type ShopDoc,
} from '../../../src/domain/catalog';
import type { LocalizedText } from '../../../src/domain/catalog-text';
import { variantPricesOf } from '../../../src/domain/commerce';

export function prng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    subset: <T>(items: readonly T[], p: number): T[] => items.filter(() => next() < p),
  };
}

export const SUBCATEGORY_SLUGS: Record<(typeof GENDERS)[number], string[]> = {
  men: ['men-djellaba', 'men-jabador', 'men-shoes'],
  women: ['women-kaftan', 'women-takchita', 'women-djellaba'],
  children: ['children-kaftan', 'children-shoes'],
};

const NAME_PARTS = [
  'Kaftan',
  'KAFTAN',
  'kaftan',
  'Djellaba',
  'Takchita Brodée',
  'BRODÉE',
  'Jabador (silk)',
  'Babouche 1+1',
  'Caftan [royal]',
  'Sac * cuir',
  'Gandoura. Été',
  'İzmir scarf',
  'Kelvin \u212A belt',
  'straße slipper',
  'Sabra?',
  'Fès $ gold',
  'hat\\cap',
];
const NAME_AR = ['قفطان', 'جلابة', 'تكشيطة', 'بلغة', 'Kaftan قفطان', 'جبادور حرير', 'حقيبة جلد'];
/** Names in the other languages: French (caftan, jellaba), Spanish, German, Darija (Arabic script, other letters). */
const NAME_FR = ['Caftan brodé', 'Jellaba en laine', 'Babouches en cuir', 'Takchita de fête', 'Gandoura légère', 'Sac en cuir', 'Ceinture dorée'];
const NAME_ES = ['Caftán bordado', 'Chilaba de lana', 'Babuchas de cuero', 'Bolso de cuero', 'Cinturón dorado'];
const NAME_DE = ['Bestickter Kaftan', 'Dschellaba aus Wolle', 'Lederpantoffeln', 'Ledertasche', 'Goldgürtel'];
const NAME_MA = ['قفطان مطروز', 'جلابة ديال الصوف', 'بلغة ديال الجلد', 'تكشيطة ديال العرس', 'ڭندورة خفيفة', 'صاك ديال الجلد'];

/** The six-language name of each subcategory in the fixtures: the garment names as each language spells them. */
export const CATEGORY_NAMES: Record<string, LocalizedText> = {
  'men-djellaba': { en: 'Djellaba', fr: 'Djellaba', es: 'Chilaba', de: 'Dschellaba', ar: 'جلابة رجالية', ma: 'جلابة د الرجال' },
  'men-jabador': { en: 'Jabador', fr: 'Jabador', es: 'Jabador', de: 'Jabador', ar: 'جابادور' },
  'men-shoes': { en: 'Shoes', fr: 'Chaussures', es: 'Zapatos', de: 'Schuhe', ar: 'أحذية رجالية', ma: 'صباط د الرجال' },
  'women-kaftan': { en: 'Kaftan', fr: 'Caftan', es: 'Caftán', de: 'Kaftan', ar: 'قفطان', ma: 'قفطان' },
  'women-takchita': { en: 'Takchita', fr: 'Takchita', es: 'Takchita', de: 'Takchita', ar: 'تكشيطة', ma: 'تكشيطة' },
  'women-djellaba': { en: 'Djellaba', fr: 'Djellaba', es: 'Chilaba', de: 'Dschellaba', ar: 'جلابة نسائية' },
  'children-kaftan': { en: 'Kaftan', fr: 'Caftan', ar: 'قفطان للأطفال' },
  'children-shoes': { en: 'Shoes', fr: 'Chaussures', es: 'Zapatos', de: 'Schuhe', ar: 'أحذية الأطفال', ma: 'صباط د الدراري' },
};
const TOP_NAMES: Record<(typeof GENDERS)[number], LocalizedText> = {
  men: { en: 'Men', fr: 'Homme', es: 'Hombre', de: 'Herren', ar: 'رجال', ma: 'رجال' },
  women: { en: 'Women', fr: 'Femme', es: 'Mujer', de: 'Damen', ar: 'نساء', ma: 'عيالات' },
  children: { en: 'Children', fr: 'Enfant', es: 'Niños', de: 'Kinder', ar: 'أطفال', ma: 'دراري' },
};

/**
 * A product's texts in the languages other than en and ar, each held or not: a prng of its own (seeded with the
 * id), so the other fixture values stay as they were before the maps.
 */
function otherLanguages(id: number): { names: LocalizedText; descriptions: LocalizedText } {
  const r = prng(id * 7919 + 17);
  const names: LocalizedText = {};
  if (r.next() < 0.8) names.fr = `${r.pick(NAME_FR)} ${id}`;
  if (r.next() < 0.6) names.es = `${r.pick(NAME_ES)} ${id}`;
  if (r.next() < 0.6) names.de = `${r.pick(NAME_DE)} ${id}`;
  if (r.next() < 0.5) names.ma = `${r.pick(NAME_MA)} ${id}`;
  const descriptions: LocalizedText = {};
  if (names.fr !== undefined) descriptions.fr = 'Fait main au Maroc.';
  if (names.es !== undefined) descriptions.es = 'Hecho a mano en Marruecos.';
  if (names.ma !== undefined) descriptions.ma = 'مخدوم باليد فالمغرب.';
  return { names, descriptions };
}

const CREATED_BASE = 1_760_000_000_000;

export function makeProducts(count: number, seed = 7): ProductDoc[] {
  const r = prng(seed);
  const ids = new Set<number>();
  while (ids.size < count) {
    // Ids of 1 to 5 digits, so '10' < '9' tie-breaks matter.
    const digits = r.pick([1, 2, 2, 3, 3, 3, 4, 5]);
    ids.add(r.int(digits === 1 ? 1 : 10 ** (digits - 1), 10 ** digits - 1));
  }
  return [...ids].map((id) => {
    const gender = r.pick(GENDERS);
    const slug = r.pick(SUBCATEGORY_SLUGS[gender]);
    const price = r.pick([100, 250, 250, 499.99, 1250.5, 19.99, 0, 3000, r.int(1, 500_000) / 100]);
    const hasDiscount = price > 1 && r.next() < 0.3;
    const discountPrice = hasDiscount ? Math.round(price * r.pick([50, 70, 90])) / 100 : null;
    const sizes = r.subset(SIZES, 0.4);
    const colors = r.subset(COLORS, 0.3);
    const fabrics = r.subset(FABRICS, 0.25);
    const stock = r.pick([0, 0, 1, 3, 12, 40]);
    const reviews = r.pick([0, 1, 5, 5, 12, 80]);
    const name = `${r.pick(NAME_PARTS)} ${r.pick(NAME_PARTS)} ${id}`;
    const nameAr = `${r.pick(NAME_AR)} ${id}`;
    const other = otherLanguages(id);
    const categoryNames = CATEGORY_NAMES[slug] ?? {};
    const doc: ProductDoc = {
      id: String(id),
      name,
      name_ar: nameAr,
      description: 'Handmade in Morocco.',
      description_ar: 'صنع يدوي في المغرب.',
      names: { ...other.names, en: name, ar: nameAr },
      descriptions: { ...other.descriptions, en: 'Handmade in Morocco.', ar: 'صنع يدوي في المغرب.' },
      sku: `SKU-${id}`,
      category_id: 10 + Object.values(SUBCATEGORY_SLUGS).flat().indexOf(slug),
      category_slug: slug,
      category_name_en: categoryNames.en ?? '',
      category_name_ar: categoryNames.ar ?? '',
      category_names: categoryNames,
      gender,
      shop_id: r.int(1, 6),
      shop_name: 'Dar',
      shop_slug: 'dar',
      price,
      discount_price: discountPrice,
      has_discount: hasDiscount,
      discount_percent: hasDiscount && discountPrice !== null ? Math.round((1 - discountPrice / price) * 100) : 0,
      effective_price: discountPrice ?? price,
      colors,
      sizes,
      fabrics,
      variants: sizes.slice(0, 2).map((size, i) => ({
        id: id * 10 + i,
        sku: `SKU-${id}-${size}`,
        size,
        color: colors[0] ?? 'black',
        fabric: fabrics[0] ?? 'Cotton',
        price,
        ...variantPricesOf({ price, effective_price: discountPrice ?? price }, { price }),
        stock_quantity: i === 0 ? stock : 0,
      })),
      stock_quantity: stock,
      in_stock: stock > 0,
      handmade: r.next() < 0.5,
      customizable: r.next() < 0.3,
      express: r.next() < 0.3,
      rating: reviews === 0 ? 0 : r.int(30, 50) / 10,
      reviews_count: reviews,
      sales_count: r.pick([0, 0, 3, 10, 10, r.int(0, 900)]),
      main_image: `/media/products/${id}.svg`,
      images: [`/media/products/${id}.svg`],
      made_in: 'Morocco',
      shipping_from: 'Fes',
      created_at: CREATED_BASE + r.pick([0, 0, 1, 86_400_000]) * r.int(0, 40),
      updatedAt: CREATED_BASE + id,
    };
    return productDocSchema.parse(doc);
  });
}

export function makeCategories(): CategoryDoc[] {
  const docs: CategoryDoc[] = [];
  GENDERS.forEach((gender, i) => {
    docs.push({
      id: String(i + 1),
      name_en: TOP_NAMES[gender].en ?? '',
      name_ar: TOP_NAMES[gender].ar ?? '',
      names: TOP_NAMES[gender],
      slug: gender,
      image: '',
      parent_id: 0,
      gender,
      item_count: 0,
      // Women first: position, not id, orders the top categories.
      position: gender === 'women' ? 0 : i + 1,
      updatedAt: CREATED_BASE + i,
    });
  });
  let id = 10;
  for (const gender of GENDERS) {
    const slugs = SUBCATEGORY_SLUGS[gender];
    slugs.forEach((slug, j) => {
      docs.push({
        id: String(id++),
        name_en: CATEGORY_NAMES[slug]?.en ?? '',
        name_ar: CATEGORY_NAMES[slug]?.ar ?? '',
        names: CATEGORY_NAMES[slug] ?? {},
        slug,
        image: '',
        parent_id: GENDERS.indexOf(gender) + 1,
        gender,
        item_count: j,
        // Reverse position order against id order.
        position: slugs.length - j,
        updatedAt: CREATED_BASE + id,
      });
    });
  }
  return docs.map((d) => categoryDocSchema.parse(d));
}

export function makeShops(count = 8, seed = 3): ShopDoc[] {
  const r = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const id = String(i + 1);
    return shopDocSchema.parse({
      id,
      name: `Dar Shop ${id}`,
      name_ar: `دار ${id}`,
      slug: `dar-shop-${id}`,
      status: i % 4 === 3 ? 'suspended' : 'active',
      logo: '',
      cover: '',
      description: '',
      description_ar: '',
      names: { en: `Dar Shop ${id}`, fr: `Maison ${id}`, ar: `دار ${id}` },
      descriptions: i % 2 === 0 ? { fr: `Atelier ${id} à Fès.`, es: `Taller ${id} en Fez.` } : {},
      city: 'Fes',
      address: '',
      rating: r.pick([3.5, 4.2, 4.2, 4.8]),
      total_reviews: r.int(0, 100),
      products_count: r.int(0, 50),
      followers: r.int(0, 1000),
      response_rate: r.int(50, 100),
      response_time_hours: r.int(1, 48),
      joined_at: CREATED_BASE,
      store_type: 'individual',
      is_featured: i % 2 === 0,
      is_verified: true,
      updatedAt: CREATED_BASE + i,
    });
  });
}
