/**
 * The demo shops' cities as each language writes them (the seed's `city` is the English name): French and German
 * keep the French spellings Moroccans use (Fès, Tétouan, Meknès; German Marrakesch), Spanish its own (Fez, Tetuán,
 * Mequinez, Tánger, Chauen), Darija the Arabic-script names (Casablanca is كازا).
 */
import type { TextLanguage } from '../../domain/catalog-text';

type CityNames = Record<Exclude<TextLanguage, 'en'>, string>;

export const SEED_CITY_NAMES: Readonly<Record<string, CityNames>> = {
  Fes: { ma: 'فاس', ar: 'فاس', fr: 'Fès', es: 'Fez', de: 'Fès' },
  Marrakech: { ma: 'مراكش', ar: 'مراكش', fr: 'Marrakech', es: 'Marrakech', de: 'Marrakesch' },
  Tetouan: { ma: 'تطوان', ar: 'تطوان', fr: 'Tétouan', es: 'Tetuán', de: 'Tétouan' },
  Rabat: { ma: 'الرباط', ar: 'الرباط', fr: 'Rabat', es: 'Rabat', de: 'Rabat' },
  Casablanca: { ma: 'كازا', ar: 'الدار البيضاء', fr: 'Casablanca', es: 'Casablanca', de: 'Casablanca' },
  Chefchaouen: { ma: 'الشاون', ar: 'شفشاون', fr: 'Chefchaouen', es: 'Chauen', de: 'Chefchaouen' },
  Agadir: { ma: 'أكادير', ar: 'أكادير', fr: 'Agadir', es: 'Agadir', de: 'Agadir' },
  Meknes: { ma: 'مكناس', ar: 'مكناس', fr: 'Meknès', es: 'Mequinez', de: 'Meknès' },
  Essaouira: { ma: 'الصويرة', ar: 'الصويرة', fr: 'Essaouira', es: 'Essaouira', de: 'Essaouira' },
  Tangier: { ma: 'طنجة', ar: 'طنجة', fr: 'Tanger', es: 'Tánger', de: 'Tanger' },
  Oujda: { ma: 'وجدة', ar: 'وجدة', fr: 'Oujda', es: 'Oujda', de: 'Oujda' },
  Sale: { ma: 'سلا', ar: 'سلا', fr: 'Salé', es: 'Salé', de: 'Salé' },
  Ouarzazate: { ma: 'ورزازات', ar: 'ورزازات', fr: 'Ouarzazate', es: 'Ouarzazate', de: 'Ouarzazate' },
};

/** The city in `language`; a city not in the table keeps the name it was given. */
export function cityIn(city: string, language: Exclude<TextLanguage, 'en'>): string {
  return SEED_CITY_NAMES[city]?.[language] ?? city;
}
