/** Catalogue texts in six languages: the interface language's text, else along ma → ar → fr → en, then any. */
import { describe, expect, it } from 'vitest';
import { cleanText, languageShown, languagesHeld, textIn, withSpecPair } from '../../src/domain/catalog-text';

describe('textIn', () => {
  const all = { ma: 'قفطان حمر', ar: 'قفطان أحمر', fr: 'Caftan rouge', en: 'Red Kaftan', es: 'Caftán rojo', de: 'Roter Kaftan' };

  it("gives the interface language's text when held", () => {
    for (const [l, text] of Object.entries(all)) expect(textIn(all, l)).toBe(text);
  });

  it('falls back along ma → ar → fr → en, then whatever exists', () => {
    expect(textIn({ ar: 'عربي', fr: 'Français', en: 'English' }, 'ma')).toBe('عربي');
    expect(textIn({ fr: 'Français', en: 'English' }, 'de')).toBe('Français');
    expect(textIn({ en: 'English', de: 'Deutsch' }, 'es')).toBe('English');
    expect(textIn({ de: 'Deutsch' }, 'fr')).toBe('Deutsch');
    expect(textIn({ es: 'Español', de: 'Deutsch' }, 'ma')).toBe('Español');
    expect(textIn({ ma: 'دارجة', en: 'English' }, 'ar')).toBe('دارجة');
    expect(textIn({}, 'en')).toBe('');
  });

  it('a blank text counts as not held; an unknown language takes the chain', () => {
    expect(textIn({ fr: '  ', en: 'English' }, 'fr')).toBe('English');
    expect(textIn({ en: 'English', fr: 'Français' }, 'xx')).toBe('Français');
    expect(languageShown({ en: 'English' }, 'ma')).toBe('en');
    expect(languageShown({}, 'ma')).toBeNull();
  });

  it('languagesHeld and cleanText keep only what is held, trimmed', () => {
    expect(languagesHeld({ de: 'x', ma: 'y', fr: ' ' })).toEqual(['ma', 'de']);
    expect(cleanText({ en: ' Red ', fr: '', xx: 'no', ar: 3 })).toEqual({ en: 'Red' });
  });

  it("withSpecPair: name counts as English and name_ar as Arabic unless the map has them", () => {
    expect(withSpecPair({}, { en: 'Red Kaftan', ar: 'قفطان أحمر' })).toEqual({ en: 'Red Kaftan', ar: 'قفطان أحمر' });
    expect(withSpecPair({ en: 'Mine', fr: 'Le mien' }, { en: 'Ignored', ar: null })).toEqual({ en: 'Mine', fr: 'Le mien' });
  });
});
