/** The search rule (src/domain/search.ts): folding, garment spellings, every word, names before categories. */
import { describe, expect, it } from 'vitest';
import { foldForSearch, searchRank, searchTerms, termsFoundIn } from '../../src/domain/search';

const kaftan = {
  names: ['Red Velvet Kaftan', 'قفطان مخمل أحمر', 'Caftan en velours rouge', 'Caftán de terciopelo rojo', 'Roter Samtkaftan', 'قفطان د القطيفة حمر'],
  categoryNames: ['Kaftan', 'قفطان'],
};
const djellaba = { names: ['Classic Djellaba', 'جلابة كلاسيكية'], categoryNames: ['Djellaba', 'جلابة رجالية'] };
const shoe = { names: ['Leather Slippers', 'نعالة جلد'], categoryNames: ['Shoes', 'Chaussures', 'أحذية'] };

describe('foldForSearch', () => {
  it('ignores case, accents and punctuation', () => {
    expect(foldForSearch('Caftán  ÉTÉ-Rouge!')).toBe('caftan ete rouge');
    expect(foldForSearch('Größe')).toBe('grosse');
  });

  it('folds Arabic letter variants and drops tatweel and diacritics', () => {
    expect(foldForSearch('أإآٱ')).toBe('اااا');
    expect(foldForSearch('تكشيطة')).toBe('تكشيطه');
    expect(foldForSearch('مصطفى')).toBe('مصطفي');
    expect(foldForSearch('ڭندورة')).toBe(foldForSearch('كندورة'));
    expect(foldForSearch('گندورة')).toBe(foldForSearch('كندوره'));
    expect(foldForSearch('قـفـطـان')).toBe('قفطان');
    expect(foldForSearch('قَفْطَان')).toBe('قفطان');
  });
});

describe('searchTerms and matching', () => {
  it('garment names under their common spellings', () => {
    const cases: [string, string][] = [
      ['caftan', 'kaftan'], ['qaftan', 'kaftan'], ['Caftán', 'kaftan'], ['قفطان', 'kaftan'],
      ['jellaba', 'djellaba'], ['jilaba', 'djellaba'], ['جلابة', 'djellaba'], ['belgha', 'babouche'], ['بلغة', 'babouche'],
      ['تكشيطة', 'takchita'], ['ڭندورة', 'gandoura'], ['قندورة', 'gandoura'], ['جابادور', 'jabador'], ['سلهام', 'selham'],
    ];
    for (const [query, found] of cases) expect(termsFoundIn(found, searchTerms(query)), query).toBe(true);
  });

  it('every word must be found; an empty query is no search', () => {
    expect(termsFoundIn('red velvet kaftan', searchTerms('velvet caftan'))).toBe(true);
    expect(termsFoundIn('red velvet kaftan', searchTerms('blue caftan'))).toBe(false);
    expect(searchTerms('  ,. ')).toEqual([]);
  });

  it('ranks name matches first, then category matches, else no match', () => {
    expect(searchRank(kaftan, searchTerms('caftan'))).toBe(0);
    expect(searchRank(kaftan, searchTerms('velours'))).toBe(0);
    expect(searchRank(djellaba, searchTerms('jellaba'))).toBe(0);
    expect(searchRank(djellaba, searchTerms('رجالية'))).toBe(1);
    expect(searchRank(shoe, searchTerms('chaussures'))).toBe(1);
    expect(searchRank(shoe, searchTerms('caftan'))).toBeNull();
    expect(searchRank(shoe, searchTerms(''))).toBe(0);
  });
});
