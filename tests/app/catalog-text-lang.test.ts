/**
 * A catalogue text shown in a fallback language carries its own lang and dir (issue 22): a screen reader reads an
 * Arabic-only name on a French page as Arabic, and the name keeps its own direction. A text in the interface
 * language adds nothing (the page's lang and dir hold).
 */
import { describe, expect, it } from 'vitest';
import { fallbackLangProps } from '../../src/app/i18n/localized';

describe('fallbackLangProps', () => {
  it('adds nothing when the text is held in the interface language', () => {
    expect(fallbackLangProps({ fr: 'Caftan', en: 'Kaftan' }, 'fr')).toEqual({});
    expect(fallbackLangProps({ ma: 'قفطان' }, 'ma')).toEqual({});
  });

  it('tags the language the text fell back to, Darija as ar-MA', () => {
    expect(fallbackLangProps({ ma: 'قفطان', en: 'Kaftan' }, 'fr')).toEqual({ lang: 'ar-MA', dir: 'auto' });
    expect(fallbackLangProps({ en: 'Kaftan' }, 'de')).toEqual({ lang: 'en', dir: 'auto' });
    expect(fallbackLangProps({ fr: 'Caftan' }, 'ma')).toEqual({ lang: 'fr', dir: 'auto' });
  });

  it('adds nothing when no language is held (the spec pair is shown)', () => {
    expect(fallbackLangProps({}, 'fr')).toEqual({});
    expect(fallbackLangProps(undefined, 'fr')).toEqual({});
  });
});
