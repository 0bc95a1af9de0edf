/** Store type names in the six languages (issue 22): every type named in each, English and Arabic as the API gave them. */
import { describe, expect, it } from 'vitest';
import { STORE_TYPES } from '../../src/domain/catalog-constants';
import { TEXT_LANGUAGES } from '../../src/domain/catalog-text';
import { STORE_TYPE_NAMES } from '../../src/domain/store-types';

describe('STORE_TYPE_NAMES', () => {
  it('names every store type in all six languages', () => {
    for (const type of STORE_TYPES) {
      for (const l of TEXT_LANGUAGES) expect(STORE_TYPE_NAMES[type][l].trim(), `${type} in ${l}`).toBeTruthy();
      const latin = ['fr', 'en', 'es', 'de'].map((l) => STORE_TYPE_NAMES[type][l as 'fr']);
      expect(new Set(latin).size, type).toBe(4);
    }
  });

  it('keeps the English and Arabic names the API has always given', () => {
    expect(STORE_TYPES.map((t) => [STORE_TYPE_NAMES[t].en, STORE_TYPE_NAMES[t].ar])).toEqual([
      ['Individual', 'فردي'],
      ['Company', 'شركة'],
      ['Manufacturer', 'مصنّع'],
      ['Distributor', 'موزّع'],
      ['Regular', 'عادي'],
    ]);
  });
});
