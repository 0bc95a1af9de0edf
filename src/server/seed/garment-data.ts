/** Words and ranges the demo products are made from, per garment kind, in English and Arabic. */
import type { Color, Fabric, Size } from '../../domain/catalog';
import type { GarmentKind } from './category-data';

export interface Noun {
  en: string;
  ar: string;
  /** Grammatical gender of the Arabic noun (adjectives agree with it). */
  feminine: boolean;
}

export interface Phrase {
  en: string;
  ar: string;
}

export interface Adjective {
  en: string;
  ar: string;
  ar_f: string;
}

export interface GarmentSpec {
  nouns: readonly Noun[];
  details: readonly Phrase[];
  /** Price range in MAD. */
  price: readonly [number, number];
  sizes: readonly Size[];
  fabrics: readonly Fabric[];
  blurb: Phrase;
}

const CLOTHING_SIZES: readonly Size[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const EMBROIDERY: readonly Phrase[] = [
  { en: 'with Sfifa Trim', ar: 'بالسفيفة' },
  { en: 'with Hand Embroidery', ar: 'بالطرز اليدوي' },
  { en: 'with Aakad Buttons', ar: 'بالعقاد' },
  { en: 'with Gold Thread', ar: 'بالخيط الذهبي' },
  { en: 'with Fassi Embroidery', ar: 'بالطرز الفاسي' },
  { en: 'with Rbati Embroidery', ar: 'بالطرز الرباطي' },
  { en: 'with Pearl Details', ar: 'بتفاصيل اللؤلؤ' },
  { en: 'with Zellige Pattern', ar: 'بنقشة الزليج' },
];

export const GARMENTS: Record<GarmentKind, GarmentSpec> = {
  kaftan: {
    nouns: [
      { en: 'Kaftan', ar: 'قفطان', feminine: false },
      { en: 'Velvet Kaftan', ar: 'قفطان مخمل', feminine: false },
      { en: 'Wedding Kaftan', ar: 'قفطان عرس', feminine: false },
    ],
    details: [...EMBROIDERY, { en: 'with Mdama Belt', ar: 'بالمضمة' }],
    price: [900, 9500],
    sizes: CLOTHING_SIZES,
    fabrics: ['Brocade', 'Silk', 'Polyester', 'Cotton'],
    blurb: {
      en: 'A one-piece kaftan cut long and straight, lined and finished by hand.',
      ar: 'قفطان من قطعة واحدة بقصة طويلة ومستقيمة، مبطن ومنهى يدويا.',
    },
  },
  takchita: {
    nouns: [
      { en: 'Takchita', ar: 'تكشيطة', feminine: true },
      { en: 'Two-Piece Takchita', ar: 'تكشيطة من قطعتين', feminine: true },
      { en: 'Bridal Takchita', ar: 'تكشيطة عروس', feminine: true },
    ],
    details: [...EMBROIDERY, { en: 'with Mdama Belt', ar: 'بالمضمة' }],
    price: [1500, 12000],
    sizes: CLOTHING_SIZES,
    fabrics: ['Brocade', 'Silk', 'Polyester'],
    blurb: {
      en: 'A layered takchita: an inner dress under a sheer overdress, cinched with a belt.',
      ar: 'تكشيطة بطبقتين: فستان داخلي تحت فوقية شفافة، مشدودة بحزام.',
    },
  },
  djellaba: {
    nouns: [
      { en: 'Djellaba', ar: 'جلابة', feminine: true },
      { en: 'Hooded Djellaba', ar: 'جلابة بالقب', feminine: true },
      { en: 'Winter Djellaba', ar: 'جلابة شتوية', feminine: true },
    ],
    details: [
      { en: 'with Sfifa Trim', ar: 'بالسفيفة' },
      { en: 'with Aakad Buttons', ar: 'بالعقاد' },
      { en: 'with Rbati Embroidery', ar: 'بالطرز الرباطي' },
      { en: 'with Pointed Hood', ar: 'بالقب المدبب' },
    ],
    price: [350, 2800],
    sizes: CLOTHING_SIZES,
    fabrics: ['Wool', 'Linen', 'Cotton', 'Polyester'],
    blurb: {
      en: 'A long, loose djellaba with full sleeves and the traditional pointed hood.',
      ar: 'جلابة طويلة وفضفاضة بأكمام واسعة وقب تقليدي.',
    },
  },
  jabador: {
    nouns: [
      { en: 'Jabador', ar: 'جابادور', feminine: false },
      { en: 'Three-Piece Jabador', ar: 'جابادور من ثلاث قطع', feminine: false },
    ],
    details: [
      { en: 'with Sfifa Trim', ar: 'بالسفيفة' },
      { en: 'with Aakad Buttons', ar: 'بالعقاد' },
      { en: 'with Matching Trousers', ar: 'مع سروال متناسق' },
    ],
    price: [400, 2200],
    sizes: CLOTHING_SIZES,
    fabrics: ['Linen', 'Cotton', 'Silk', 'Polyester'],
    blurb: {
      en: 'A jabador set: tunic, vest and trousers for Fridays and celebrations.',
      ar: 'طقم جابادور: قميص وصدرية وسروال للجمعة والمناسبات.',
    },
  },
  gandoura: {
    nouns: [
      { en: 'Gandoura', ar: 'قندورة', feminine: true },
      { en: 'Summer Gandoura', ar: 'قندورة صيفية', feminine: true },
    ],
    details: [
      { en: 'with Neck Embroidery', ar: 'بطرز العنق' },
      { en: 'with Side Pockets', ar: 'بجيوب جانبية' },
      { en: 'with Sfifa Trim', ar: 'بالسفيفة' },
    ],
    price: [250, 1400],
    sizes: CLOTHING_SIZES,
    fabrics: ['Linen', 'Cotton', 'Polyester'],
    blurb: {
      en: 'A sleeveless, airy gandoura for hot days at home or in the souk.',
      ar: 'قندورة خفيفة بلا أكمام للأيام الحارة في البيت أو في السوق.',
    },
  },
  selham: {
    nouns: [{ en: 'Selham', ar: 'سلهام', feminine: false }],
    details: [{ en: 'with Silk Tassels', ar: 'بشراشيب الحرير' }],
    price: [1200, 4500],
    sizes: ['M', 'L', 'XL'],
    fabrics: ['Wool'],
    blurb: { en: 'A hooded wool cape worn over the djellaba.', ar: 'برنس صوفي بقب يلبس فوق الجلابة.' },
  },
  modern: {
    nouns: [
      { en: 'Kaftan Dress', ar: 'فستان قفطان', feminine: false },
      { en: 'Tunic', ar: 'تونيك', feminine: false },
      { en: 'Kimono Jacket', ar: 'جاكيت كيمونو', feminine: false },
    ],
    details: [
      { en: 'with Zellige Print', ar: 'بطبعة الزليج' },
      { en: 'with Belted Waist', ar: 'بخصر محزم' },
      { en: 'with Embroidered Cuffs', ar: 'بأكمام مطرزة' },
    ],
    price: [290, 1900],
    sizes: CLOTHING_SIZES,
    fabrics: ['Cotton', 'Linen', 'Polyester', 'Silk'],
    blurb: {
      en: 'Everyday modern wear with a Moroccan accent, easy to layer.',
      ar: 'لباس عصري يومي بلمسة مغربية، سهل التنسيق.',
    },
  },
  shoes: {
    nouns: [
      { en: 'Babouche', ar: 'بلغة', feminine: true },
      { en: 'Embroidered Slippers', ar: 'شربيل مطرز', feminine: false },
      { en: 'Leather Belgha', ar: 'بلغة جلدية', feminine: true },
    ],
    details: [
      { en: 'in Soft Leather', ar: 'من الجلد الناعم' },
      { en: 'with Gold Thread', ar: 'بالخيط الذهبي' },
      { en: 'with Pointed Toe', ar: 'بمقدمة مدببة' },
    ],
    price: [120, 650],
    sizes: ['S', 'M', 'L', 'XL'],
    fabrics: ['Silk', 'Wool', 'Cotton'],
    blurb: {
      en: 'Hand-stitched leather soles and uppers, made in the souk workshops.',
      ar: 'نعل وجلد مخيط يدويا، مصنوع في ورشات السوق.',
    },
  },
  accessories: {
    nouns: [
      { en: 'Leather Handbag', ar: 'حقيبة يد جلدية', feminine: true },
      { en: 'Silk Scarf', ar: 'وشاح حريري', feminine: false },
      { en: 'Embroidered Belt', ar: 'حزام مطرز', feminine: false },
      { en: 'Tarboush', ar: 'طربوش', feminine: false },
      { en: 'Woven Pouch', ar: 'جراب منسوج', feminine: false },
    ],
    details: [
      { en: 'with Brass Buckle', ar: 'بإبزيم نحاسي' },
      { en: 'with Tassels', ar: 'بالشراشيب' },
      { en: 'with Zellige Pattern', ar: 'بنقشة الزليج' },
    ],
    price: [80, 900],
    sizes: ['S', 'M', 'L'],
    fabrics: ['Silk', 'Wool', 'Cotton', 'Linen'],
    blurb: {
      en: 'A finishing piece that goes with traditional and modern outfits alike.',
      ar: 'قطعة مكملة تناسب الأزياء التقليدية والعصرية.',
    },
  },
  jewelry: {
    nouns: [
      { en: 'Silver Fibula', ar: 'خلالة فضية', feminine: true },
      { en: 'Amazigh Necklace', ar: 'قلادة أمازيغية', feminine: true },
      { en: 'Filigree Earrings', ar: 'أقراط مخرمة', feminine: true },
      { en: 'Mdama Belt', ar: 'مضمة', feminine: true },
    ],
    details: [
      { en: 'with Coral Beads', ar: 'بحبات المرجان' },
      { en: 'with Enamel Inlay', ar: 'بترصيع المينا' },
      { en: 'with Amber Stones', ar: 'بأحجار الكهرمان' },
    ],
    price: [150, 3500],
    sizes: ['S', 'M', 'L'],
    fabrics: ['Silk', 'Cotton'],
    blurb: {
      en: 'Cast and engraved by hand, polished to a soft antique shine.',
      ar: 'مصبوبة ومنقوشة يدويا، ومصقولة بلمعة عتيقة هادئة.',
    },
  },
};

export const ADJECTIVES: readonly Adjective[] = [
  { en: 'Royal', ar: 'ملكي', ar_f: 'ملكية' },
  { en: 'Fassi', ar: 'فاسي', ar_f: 'فاسية' },
  { en: 'Classic', ar: 'كلاسيكي', ar_f: 'كلاسيكية' },
  { en: 'Elegant', ar: 'أنيق', ar_f: 'أنيقة' },
  { en: 'Handcrafted', ar: 'مصنوع يدويا', ar_f: 'مصنوعة يدويا' },
  { en: 'Festive', ar: 'احتفالي', ar_f: 'احتفالية' },
  { en: 'Modern', ar: 'عصري', ar_f: 'عصرية' },
  { en: 'Heritage', ar: 'تراثي', ar_f: 'تراثية' },
  { en: 'Luxury', ar: 'فاخر', ar_f: 'فاخرة' },
  { en: 'Atlas', ar: 'أطلسي', ar_f: 'أطلسية' },
];

export const COLOR_WORDS: Record<Color, Adjective> = {
  black: { en: 'Black', ar: 'أسود', ar_f: 'سوداء' },
  white: { en: 'White', ar: 'أبيض', ar_f: 'بيضاء' },
  red: { en: 'Red', ar: 'أحمر', ar_f: 'حمراء' },
  blue: { en: 'Blue', ar: 'أزرق', ar_f: 'زرقاء' },
  green: { en: 'Green', ar: 'أخضر', ar_f: 'خضراء' },
  yellow: { en: 'Yellow', ar: 'أصفر', ar_f: 'صفراء' },
};

export const FABRIC_WORDS: Record<Fabric, Phrase> = {
  Brocade: { en: 'brocade', ar: 'البروكار' },
  Silk: { en: 'silk', ar: 'الحرير' },
  Wool: { en: 'wool', ar: 'الصوف' },
  Linen: { en: 'linen', ar: 'الكتان' },
  Polyester: { en: 'polyester', ar: 'البوليستر' },
  Cotton: { en: 'cotton', ar: 'القطن' },
};
