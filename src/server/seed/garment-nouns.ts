/**
 * What each kind of demo garment is called, in the six languages. Moroccan garments keep their own names, spelled
 * as each language writes them (decisions.md: caftan, caftán, Kaftan; djellaba, chilaba, Dschellaba). English and
 * Arabic are the seed's words from before issue 22; the order of each list is the order the seed draws from.
 */
import type { GarmentKind } from './category-data';
import { POINTED_HOOD, SOFT_LEATHER } from './garment-details';
import type { DarijaForm, GermanForm, Noun, RomanceForm } from './garment-words';

type Forms = Pick<Noun, 'en' | 'ar' | 'feminine'>;

function noun(
  base: Forms,
  ma: [string, DarijaForm],
  fr: [string, RomanceForm],
  es: [string, RomanceForm],
  de: [string, GermanForm, string?],
): Noun {
  return {
    ...base,
    ma: { text: ma[0], form: ma[1] },
    fr: { text: fr[0], form: fr[1] },
    es: { text: es[0], form: es[1] },
    de: de[2] === undefined ? { text: de[0], form: de[1] } : { text: de[0], form: de[1], adjective: de[2] },
  };
}

const DJELLABA = noun(
  { en: 'Djellaba', ar: 'جلابة', feminine: true },
  ['جلابة', 'f'], ['Djellaba', 'f'], ['Chilaba', 'f'], ['Dschellaba', 'f'],
);
/** Not drawn: said instead of the leather belgha when the detail is "in soft leather". */
const BELGHA = noun(
  { en: 'Belgha', ar: 'بلغة', feminine: true },
  ['بلغة', 'f'], ['Belgha', 'f'], ['Belgha', 'f'], ['Belgha', 'f'],
);

export const GARMENT_NOUNS: Record<GarmentKind, readonly Noun[]> = {
  kaftan: [
    noun({ en: 'Kaftan', ar: 'قفطان', feminine: false }, ['قفطان', 'm'], ['Caftan', 'm'], ['Caftán', 'm'], ['Kaftan', 'm']),
    noun(
      { en: 'Velvet Kaftan', ar: 'قفطان مخمل', feminine: false },
      ['قفطان ديال المخمل', 'm'], ['Caftan en velours', 'm'], ['Caftán de terciopelo', 'm'], ['Samtkaftan', 'm'],
    ),
    noun(
      { en: 'Wedding Kaftan', ar: 'قفطان عرس', feminine: false },
      ['قفطان ديال العرس', 'm'], ['Caftan de mariage', 'm'], ['Caftán de boda', 'm'], ['Hochzeitskaftan', 'm'],
    ),
  ],
  takchita: [
    noun({ en: 'Takchita', ar: 'تكشيطة', feminine: true }, ['تكشيطة', 'f'], ['Takchita', 'f'], ['Takchita', 'f'], ['Takchita', 'f']),
    noun(
      { en: 'Two-Piece Takchita', ar: 'تكشيطة من قطعتين', feminine: true },
      ['تكشيطة ديال جوج طرفات', 'f'], ['Takchita deux pièces', 'f'], ['Takchita de dos piezas', 'f'], ['Takchita', 'f', 'zweiteilig'],
    ),
    noun(
      { en: 'Bridal Takchita', ar: 'تكشيطة عروس', feminine: true },
      ['تكشيطة ديال العروسة', 'f'], ['Takchita de mariée', 'f'], ['Takchita de novia', 'f'], ['Braut-Takchita', 'f'],
    ),
  ],
  djellaba: [
    DJELLABA,
    {
      ...noun(
        { en: 'Hooded Djellaba', ar: 'جلابة بالقب', feminine: true },
        ['جلابة بالقب', 'f'], ['Djellaba à capuche', 'f'], ['Chilaba con capucha', 'f'], ['Kapuzen-Dschellaba', 'f'],
      ),
      plain: { with: POINTED_HOOD, noun: DJELLABA },
    },
    noun(
      { en: 'Winter Djellaba', ar: 'جلابة شتوية', feminine: true },
      ['جلابة ديال الشتا', 'f'], ['Djellaba d’hiver', 'f'], ['Chilaba de invierno', 'f'], ['Winter-Dschellaba', 'f'],
    ),
  ],
  jabador: [
    noun({ en: 'Jabador', ar: 'جابادور', feminine: false }, ['جابادور', 'm'], ['Jabador', 'm'], ['Jabador', 'm'], ['Jabador', 'm']),
    noun(
      { en: 'Three-Piece Jabador', ar: 'جابادور من ثلاث قطع', feminine: false },
      ['جابادور ديال تلت طرفات', 'm'], ['Jabador trois pièces', 'm'], ['Jabador de tres piezas', 'm'], ['Jabador', 'm', 'dreiteilig'],
    ),
  ],
  gandoura: [
    noun({ en: 'Gandoura', ar: 'قندورة', feminine: true }, ['قندورة', 'f'], ['Gandoura', 'f'], ['Gandura', 'f'], ['Gandoura', 'f']),
    noun(
      { en: 'Summer Gandoura', ar: 'قندورة صيفية', feminine: true },
      ['قندورة ديال الصيف', 'f'], ['Gandoura d’été', 'f'], ['Gandura de verano', 'f'], ['Sommer-Gandoura', 'f'],
    ),
  ],
  selham: [
    noun({ en: 'Selham', ar: 'سلهام', feminine: false }, ['سلهام', 'm'], ['Selham', 'm'], ['Selham', 'm'], ['Selham', 'm']),
  ],
  modern: [
    noun(
      { en: 'Kaftan Dress', ar: 'فستان قفطان', feminine: false },
      ['روبة قفطان', 'f'], ['Robe caftan', 'f'], ['Vestido caftán', 'm'], ['Kaftankleid', 'n'],
    ),
    noun({ en: 'Tunic', ar: 'تونيك', feminine: false }, ['تونيك', 'f'], ['Tunique', 'f'], ['Túnica', 'f'], ['Tunika', 'f']),
    noun(
      { en: 'Kimono Jacket', ar: 'جاكيت كيمونو', feminine: false },
      ['جاكيطة كيمونو', 'f'], ['Veste kimono', 'f'], ['Chaqueta kimono', 'f'], ['Kimonojacke', 'f'],
    ),
  ],
  shoes: [
    noun({ en: 'Babouche', ar: 'بلغة', feminine: true }, ['بلغة', 'f'], ['Babouche', 'f'], ['Babucha', 'f'], ['Babusche', 'f']),
    noun(
      { en: 'Embroidered Slippers', ar: 'شربيل مطرز', feminine: false },
      ['شربيل مطرز', 'm'], ['Chaussons brodés', 'mp'], ['Zapatillas bordadas', 'fp'], ['Pantoffeln', 'p', 'bestickt'],
    ),
    {
      ...noun(
        { en: 'Leather Belgha', ar: 'بلغة جلدية', feminine: true },
        ['بلغة ديال الجلد', 'f'], ['Belgha en cuir', 'f'], ['Belgha de piel', 'f'], ['Leder-Belgha', 'f'],
      ),
      plain: { with: SOFT_LEATHER, noun: BELGHA },
    },
  ],
  accessories: [
    noun(
      { en: 'Leather Handbag', ar: 'حقيبة يد جلدية', feminine: true },
      ['صاك ديال الجلد', 'm'], ['Sac à main en cuir', 'm'], ['Bolso de piel', 'm'], ['Lederhandtasche', 'f'],
    ),
    noun(
      { en: 'Silk Scarf', ar: 'وشاح حريري', feminine: false },
      ['فولار ديال الحرير', 'm'], ['Foulard en soie', 'm'], ['Pañuelo de seda', 'm'], ['Seidenschal', 'm'],
    ),
    noun(
      { en: 'Embroidered Belt', ar: 'حزام مطرز', feminine: false },
      ['سمطة مطرزة', 'f'], ['Ceinture brodée', 'f'], ['Cinturón bordado', 'm'], ['Gürtel', 'm', 'bestickt'],
    ),
    noun({ en: 'Tarboush', ar: 'طربوش', feminine: false }, ['طربوش', 'm'], ['Tarbouche', 'm'], ['Tarbús', 'm'], ['Tarbusch', 'm']),
    noun(
      { en: 'Woven Pouch', ar: 'جراب منسوج', feminine: false },
      ['شكارة منسوجة', 'f'], ['Pochette tissée', 'f'], ['Bolsita tejida', 'f'], ['Beutel', 'm', 'gewebt'],
    ),
  ],
  jewelry: [
    noun(
      { en: 'Silver Fibula', ar: 'خلالة فضية', feminine: true },
      ['خلالة ديال النقرة', 'f'], ['Fibule en argent', 'f'], ['Fíbula de plata', 'f'], ['Silberfibel', 'f'],
    ),
    noun(
      { en: 'Amazigh Necklace', ar: 'قلادة أمازيغية', feminine: true },
      ['قلادة أمازيغية', 'f'], ['Collier amazigh', 'm'], ['Collar amazigh', 'm'], ['Amazigh-Halskette', 'f'],
    ),
    noun(
      { en: 'Filigree Earrings', ar: 'أقراط مخرمة', feminine: true },
      ['مناقش مخرمين', 'p'], ['Boucles d’oreilles en filigrane', 'fp'], ['Pendientes de filigrana', 'mp'], ['Filigran-Ohrringe', 'p'],
    ),
    noun({ en: 'Mdama Belt', ar: 'مضمة', feminine: true }, ['مضمة', 'f'], ['Ceinture mdama', 'f'], ['Cinturón mdama', 'm'], ['Mdama-Gürtel', 'm']),
  ],
};
