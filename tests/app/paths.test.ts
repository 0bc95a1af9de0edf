import { describe, expect, it } from 'vitest';
import { languageBase, productPath, splitLanguagePrefix, switchLanguagePrefix } from '../../src/app/routing/paths';

describe('language path prefix', () => {
  it('is optional', () => {
    expect(splitLanguagePrefix('/fr/products/3')).toEqual({ language: 'fr', rest: '/products/3' });
    expect(splitLanguagePrefix('/fr')).toEqual({ language: 'fr', rest: '/' });
    expect(splitLanguagePrefix('/products/3')).toEqual({ language: null, rest: '/products/3' });
    expect(splitLanguagePrefix('/')).toEqual({ language: null, rest: '/' });
    expect(languageBase('/de/category/men')).toBe('/de');
    expect(languageBase('/category/men')).toBe('');
  });
  it('switches language keeping the page, query and hash', () => {
    expect(switchLanguagePrefix('/fr/products?sort=popular#top', 'de')).toBe('/de/products?sort=popular#top');
    expect(switchLanguagePrefix('/fr', 'es')).toBe('/es');
  });
  it('builds product links', () => expect(productPath('42')).toBe('/products/42'));
});
