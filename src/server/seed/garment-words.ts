/**
 * The word types the demo products' names are composed from, in the six languages, with what agreement needs,
 * and the words that qualify every garment: adjectives, colours, fabrics. English and Arabic are the seed's
 * words from before issue 22, unchanged (the demo catalogue's en/ar texts must not move).
 */
import type { Color, Fabric } from '../../domain/catalog';
import type { TextLanguage } from '../../domain/catalog-text';

/** A text in every language (a detail, a blurb, a fabric): nothing in it agrees with anything. */
export type Phrase = Record<TextLanguage, string>;

/** French and Spanish agreement: masculine or feminine, singular or plural. */
export type RomanceForm = 'm' | 'f' | 'mp' | 'fp';
export type RomanceAdjective = Record<RomanceForm, string>;
/** A French or Spanish noun with the form its adjectives agree with. */
export interface RomanceNoun {
  text: string;
  form: RomanceForm;
}

/** German: strong adjective endings (no article) by the noun's gender or the plural. */
export type GermanForm = 'm' | 'f' | 'n' | 'p';
/** A German noun; `adjective` is a stem of its own, declined like the others before it (zweiteilig). */
export interface GermanNoun {
  text: string;
  form: GermanForm;
  adjective?: string;
}
/** A German adjective: a stem declined before the noun (königlich), or a phrase after it (im Fès-Stil). */
export type GermanAdjective = { stem: string } | { after: string };

/** Darija (Arabic script): masculine, feminine or plural. */
export type DarijaForm = 'm' | 'f' | 'p';
export type DarijaAdjective = Record<DarijaForm, string>;
export interface DarijaNoun {
  text: string;
  form: DarijaForm;
}

export interface Noun {
  en: string;
  ar: string;
  /** Grammatical gender of the Arabic noun (adjectives agree with it). */
  feminine: boolean;
  ma: DarijaNoun;
  fr: RomanceNoun;
  es: RomanceNoun;
  de: GermanNoun;
  /**
   * Outside English and Arabic (kept as they were), the noun said instead when the drawn detail already says what
   * this noun adds: a leather belgha "in soft leather" is a belgha in soft leather.
   */
  plain?: { with: Phrase; noun: Noun };
}

export interface Adjective {
  en: string;
  ar: string;
  ar_f: string;
  ma: DarijaAdjective;
  fr: RomanceAdjective;
  es: RomanceAdjective;
  de: GermanAdjective;
}

/** The four French or Spanish forms. */
export function rom(m: string, f: string, mp: string, fp: string): RomanceAdjective {
  return { m, f, mp, fp };
}

/** A French or Spanish phrase that does not agree (de fête). */
export function inv(text: string): RomanceAdjective {
  return rom(text, text, text, text);
}

export function dar(m: string, f: string, p: string): DarijaAdjective {
  return { m, f, p };
}

export const ADJECTIVES: readonly Adjective[] = [
  {
    en: 'Royal', ar: 'ملكي', ar_f: 'ملكية',
    ma: dar('سلطاني', 'سلطانية', 'سلطانيين'),
    fr: rom('royal', 'royale', 'royaux', 'royales'),
    es: rom('regio', 'regia', 'regios', 'regias'),
    de: { stem: 'königlich' },
  },
  {
    en: 'Fassi', ar: 'فاسي', ar_f: 'فاسية',
    ma: dar('فاسي', 'فاسية', 'فاسيين'),
    fr: rom('fassi', 'fassie', 'fassis', 'fassies'),
    es: inv('estilo Fez'),
    de: { after: 'im Fès-Stil' },
  },
  {
    en: 'Classic', ar: 'كلاسيكي', ar_f: 'كلاسيكية',
    ma: dar('كلاسيكي', 'كلاسيكية', 'كلاسيكيين'),
    fr: rom('classique', 'classique', 'classiques', 'classiques'),
    es: rom('clásico', 'clásica', 'clásicos', 'clásicas'),
    de: { stem: 'klassisch' },
  },
  {
    en: 'Elegant', ar: 'أنيق', ar_f: 'أنيقة',
    ma: dar('شيك', 'شيك', 'شيك'),
    fr: rom('élégant', 'élégante', 'élégants', 'élégantes'),
    es: rom('elegante', 'elegante', 'elegantes', 'elegantes'),
    de: { stem: 'elegant' },
  },
  {
    en: 'Handcrafted', ar: 'مصنوع يدويا', ar_f: 'مصنوعة يدويا',
    ma: dar('خدمة اليد', 'خدمة اليد', 'خدمة اليد'),
    fr: rom('fait main', 'faite main', 'faits main', 'faites main'),
    es: rom('artesanal', 'artesanal', 'artesanales', 'artesanales'),
    de: { stem: 'handgefertigt' },
  },
  {
    en: 'Festive', ar: 'احتفالي', ar_f: 'احتفالية',
    ma: dar('للمناسبات', 'للمناسبات', 'للمناسبات'),
    fr: inv('de fête'),
    es: inv('de fiesta'),
    de: { stem: 'festlich' },
  },
  {
    en: 'Modern', ar: 'عصري', ar_f: 'عصرية',
    ma: dar('عصري', 'عصرية', 'عصريين'),
    fr: rom('moderne', 'moderne', 'modernes', 'modernes'),
    es: rom('moderno', 'moderna', 'modernos', 'modernas'),
    de: { stem: 'modern' },
  },
  {
    en: 'Heritage', ar: 'تراثي', ar_f: 'تراثية',
    ma: dar('بلدي', 'بلدية', 'بلديين'),
    fr: rom('traditionnel', 'traditionnelle', 'traditionnels', 'traditionnelles'),
    es: rom('tradicional', 'tradicional', 'tradicionales', 'tradicionales'),
    de: { stem: 'traditionell' },
  },
  {
    en: 'Luxury', ar: 'فاخر', ar_f: 'فاخرة',
    ma: dar('فخم', 'فخمة', 'فخمين'),
    fr: inv('de luxe'),
    es: inv('de lujo'),
    de: { stem: 'luxuriös' },
  },
  {
    en: 'Atlas', ar: 'أطلسي', ar_f: 'أطلسية',
    ma: dar('أطلسي', 'أطلسية', 'أطلسيين'),
    fr: inv('de l’Atlas'),
    es: inv('del Atlas'),
    de: { after: 'aus dem Atlas' },
  },
];

export const COLOR_WORDS: Record<Color, Adjective> = {
  black: {
    en: 'Black', ar: 'أسود', ar_f: 'سوداء',
    ma: dar('كحل', 'كحلة', 'كحلين'),
    fr: rom('noir', 'noire', 'noirs', 'noires'),
    es: rom('negro', 'negra', 'negros', 'negras'),
    de: { stem: 'schwarz' },
  },
  white: {
    en: 'White', ar: 'أبيض', ar_f: 'بيضاء',
    ma: dar('بيض', 'بيضة', 'بيضين'),
    fr: rom('blanc', 'blanche', 'blancs', 'blanches'),
    es: rom('blanco', 'blanca', 'blancos', 'blancas'),
    de: { stem: 'weiß' },
  },
  red: {
    en: 'Red', ar: 'أحمر', ar_f: 'حمراء',
    ma: dar('حمر', 'حمرة', 'حمرين'),
    fr: rom('rouge', 'rouge', 'rouges', 'rouges'),
    es: rom('rojo', 'roja', 'rojos', 'rojas'),
    de: { stem: 'rot' },
  },
  blue: {
    en: 'Blue', ar: 'أزرق', ar_f: 'زرقاء',
    ma: dar('زرق', 'زرقة', 'زرقين'),
    fr: rom('bleu', 'bleue', 'bleus', 'bleues'),
    es: rom('azul', 'azul', 'azules', 'azules'),
    de: { stem: 'blau' },
  },
  green: {
    en: 'Green', ar: 'أخضر', ar_f: 'خضراء',
    ma: dar('خضر', 'خضرة', 'خضرين'),
    fr: rom('vert', 'verte', 'verts', 'vertes'),
    es: rom('verde', 'verde', 'verdes', 'verdes'),
    de: { stem: 'grün' },
  },
  yellow: {
    en: 'Yellow', ar: 'أصفر', ar_f: 'صفراء',
    ma: dar('صفر', 'صفرة', 'صفرين'),
    fr: rom('jaune', 'jaune', 'jaunes', 'jaunes'),
    es: rom('amarillo', 'amarilla', 'amarillos', 'amarillas'),
    de: { stem: 'gelb' },
  },
};

/** The fabric as the description says it: "Made in {word}" (ar, ma: with the article). */
export const FABRIC_WORDS: Record<Fabric, Phrase> = {
  Brocade: { en: 'brocade', ar: 'البروكار', ma: 'البروكار', fr: 'brocart', es: 'brocado', de: 'Brokat' },
  Silk: { en: 'silk', ar: 'الحرير', ma: 'الحرير', fr: 'soie', es: 'seda', de: 'Seide' },
  Wool: { en: 'wool', ar: 'الصوف', ma: 'الصوف', fr: 'laine', es: 'lana', de: 'Wolle' },
  Linen: { en: 'linen', ar: 'الكتان', ma: 'الكتان', fr: 'lin', es: 'lino', de: 'Leinen' },
  Polyester: { en: 'polyester', ar: 'البوليستر', ma: 'البوليستر', fr: 'polyester', es: 'poliéster', de: 'Polyester' },
  Cotton: { en: 'cotton', ar: 'القطن', ma: 'الكوطون', fr: 'coton', es: 'algodón', de: 'Baumwolle' },
};
