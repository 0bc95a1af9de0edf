/**
 * The demo catalogue's texts in the six languages (issue 22): category names, product names and descriptions,
 * shop names and descriptions, tailor bios and specialties. Pure: no database, no draws. English and Arabic are
 * exactly what the seed wrote before the other languages came; the others are composed in each language's own
 * word order and agreement from the same drawn parts (garment-words.ts).
 */
import type { Color, Fabric } from '../../domain/catalog';
import type { TextLanguage } from '../../domain/catalog-text';
import type { TailorSpecialty } from '../../domain/tailoring';
import { SUBCATEGORIES, TOP_CATEGORIES, type GarmentKind } from './category-data';
import { COLOR_WORDS, FABRIC_WORDS, GARMENTS, type Adjective, type Noun, type Phrase } from './garment-data';
import type { GermanAdjective, GermanForm } from './garment-words';
import { cityIn } from './seed-cities';
import type { ShopSeed } from './shop-data';
import { TAILOR_BIOS, TAILOR_SPECIALTY_NAMES } from './tailor-texts';

export type FullText = Record<TextLanguage, string>;

/** The category's name in the six languages, for every slug of TOP_CATEGORIES and SUBCATEGORIES (category-data.ts). */
export function categoryNames(slug: string): FullText {
  const c = [...TOP_CATEGORIES, ...SUBCATEGORIES].find((x) => x.slug === slug);
  if (!c) throw new Error(`No demo category has the slug ${slug}`);
  return { ma: c.name_ma, ar: c.name_ar, fr: c.name_fr, en: c.name_en, es: c.name_es, de: c.name_de };
}

export interface ProductTextInput {
  kind: GarmentKind;
  noun: Noun;
  adjective: Adjective;
  colour: Color;
  detail: Phrase | null;
  fabric: Fabric;
  shop: { name: string; name_ar: string; city: string };
  handmade: boolean;
  customizable: boolean;
}

const GERMAN_ENDINGS: Record<GermanForm, string> = { m: 'er', f: 'e', n: 'es', p: 'e' };

function words(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** German, without article: declined adjectives before the noun (strong endings), phrases after it. */
function germanName(noun: Noun['de'], adjective: GermanAdjective, colour: GermanAdjective, detail: string | undefined): string {
  const ending = GERMAN_ENDINGS[noun.form];
  const before = (a: GermanAdjective): string | null => ('stem' in a ? a.stem + ending : null);
  const after = (a: GermanAdjective): string | null => ('after' in a ? a.after : null);
  const own = noun.adjective === undefined ? null : noun.adjective + ending;
  return capitalised(
    words([before(adjective), before(colour), own, noun.text, after(colour), after(adjective), detail]),
  );
}

function names(input: ProductTextInput): FullText {
  const { noun, adjective, detail } = input;
  const colour = COLOR_WORDS[input.colour];
  // What the seed always wrote: en = adjective, colour, noun, detail; ar = noun, colour, adjective (agreeing), detail.
  const en = words([adjective.en, colour.en, noun.en, detail?.en]);
  const ar = words([
    noun.ar,
    noun.feminine ? colour.ar_f : colour.ar,
    noun.feminine ? adjective.ar_f : adjective.ar,
    detail?.ar,
  ]);
  // Elsewhere a noun whose addition the detail already says is said plainly (a belgha in soft leather).
  const n = detail !== null && noun.plain?.with === detail ? noun.plain.noun : noun;
  return {
    // Noun, colour, adjective, detail, each agreeing with the noun (حمر / حمرة / حمرين).
    ma: words([n.ma.text, colour.ma[n.ma.form], adjective.ma[n.ma.form], detail?.ma]),
    ar,
    fr: words([n.fr.text, colour.fr[n.fr.form], adjective.fr[n.fr.form], detail?.fr]),
    en,
    es: words([n.es.text, colour.es[n.es.form], adjective.es[n.es.form], detail?.es]),
    de: germanName(n.de, adjective.de, colour.de, detail?.de),
  };
}

/** "Made in …" agrees with the product: French and Spanish by gender and number, Darija by gender or plural. */
const MADE = {
  ma: { m: 'مخدوم', f: 'مخدومة', p: 'مخدومين' },
  fr: { m: 'Réalisé', f: 'Réalisée', mp: 'Réalisés', fp: 'Réalisées' },
  es: { m: 'Elaborado', f: 'Elaborada', mp: 'Elaborados', fp: 'Elaboradas' },
} as const;
const CUSTOMIZABLE_MA = {
  m: 'يقدر يتفصل على قدك ولا بطرز آخر، غير طلب.',
  f: 'تقدر تتفصل على قدك ولا بطرز آخر، غير طلب.',
  p: 'يقدرو يتفصلو على قدك ولا بطرز آخر، غير طلب.',
} as const;

/** Darija "in": ف joined to a name with the article (فالرباط), apart before another (ف فاس). */
function inCity(city: string): string {
  return city.startsWith('ال') ? `ف${city}` : `ف ${city}`;
}

function descriptions(input: ProductTextInput): FullText {
  const { noun, shop, handmade, customizable } = input;
  const f = FABRIC_WORDS[input.fabric];
  const blurb = GARMENTS[input.kind].blurb;
  const sentences = (parts: string[]): string => parts.filter(Boolean).join(' ');
  return {
    ma: sentences([
      blurb.ma,
      `${MADE.ma[noun.ma.form]} من ${f.ma} عند ${shop.name_ar} ${inCity(cityIn(shop.city, 'ma'))}.`,
      handmade ? 'كل غرزة مخيطة باليد.' : '',
      customizable ? CUSTOMIZABLE_MA[noun.ma.form] : '',
    ]),
    ar: sentences([
      blurb.ar,
      `مصنوع من ${f.ar} لدى ${shop.name_ar}.`,
      handmade ? 'كل غرزة منجزة يدويا.' : '',
      customizable ? 'يمكن تفصيله على مقاسك أو بتطريز مختلف.' : '',
    ]),
    fr: sentences([
      blurb.fr,
      `${MADE.fr[noun.fr.form]} en ${f.fr} par ${shop.name} à ${cityIn(shop.city, 'fr')}.`,
      handmade ? 'Chaque point est cousu à la main.' : '',
      customizable ? 'Personnalisable sur demande, à vos mesures ou avec une autre finition.' : '',
    ]),
    en: sentences([
      blurb.en,
      `Made in ${f.en} by ${shop.name} in ${shop.city}.`,
      handmade ? 'Every stitch is done by hand.' : '',
      customizable ? 'Ask for your measurements or a different trim: it can be customised.' : '',
    ]),
    es: sentences([
      blurb.es,
      `${MADE.es[noun.es.form]} en ${f.es} por ${shop.name} en ${cityIn(shop.city, 'es')}.`,
      handmade ? 'Cada puntada está hecha a mano.' : '',
      customizable ? 'Personalizable por encargo: a su medida o con otro acabado.' : '',
    ]),
    de: sentences([
      blurb.de,
      `Gefertigt aus ${f.de} von ${shop.name} in ${cityIn(shop.city, 'de')}.`,
      handmade ? 'Jeder Stich wird von Hand gesetzt.' : '',
      customizable ? 'Auf Wunsch anpassbar: nach Ihren Maßen oder mit einem anderen Besatz.' : '',
    ]),
  };
}

/** A demo product's name and description in the six languages; en and ar exactly as today's name/name_ar and description/description_ar. */
export function productTexts(input: ProductTextInput): { names: FullText; descriptions: FullText } {
  return { names: names(input), descriptions: descriptions(input) };
}

/** A demo shop's name and description in six languages (shop names are proper names: Latin script for fr/en/es/de, the Arabic name for ar/ma). */
export function shopTexts(shop: ShopSeed): { names: FullText; descriptions: FullText } {
  const n = shop.name;
  return {
    names: { ma: shop.name_ar, ar: shop.name_ar, fr: n, en: n, es: n, de: n },
    descriptions: {
      ma: shop.description_ma,
      ar: shop.description_ar,
      fr: shop.description_fr,
      en: shop.description,
      es: shop.description_es,
      de: shop.description_de,
    },
  };
}

/** A seeded tailor's bio and specialties in six languages (a DEMO_TAILORS entry of seed-tailors.ts; its bio is the English). */
export function tailorTexts(tailor: {
  slug: string;
  bio: string;
  specialties: readonly TailorSpecialty[];
}): { bio: FullText; specialties: FullText[] } {
  const bio = TAILOR_BIOS[tailor.slug];
  if (!bio) throw new Error(`The demo tailor ${tailor.slug} has no bio in tailor-texts.ts`);
  return {
    bio: { ...bio, en: tailor.bio },
    specialties: tailor.specialties.map((s) => ({ ...TAILOR_SPECIALTY_NAMES[s] })),
  };
}
