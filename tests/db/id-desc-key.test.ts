/** idDescKey: ascending order of the keys is descending code-unit order of the numeric id strings. */
import { describe, expect, it } from 'vitest';
import { idDescKey } from '../../src/db/query-fields';
import { prng } from './support/catalog-fixtures';

const codeUnitDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('idDescKey', () => {
  it('orders prefixes, lengths and digits like a descending id sort', () => {
    const ids = ['1', '10', '100', '2', '9', '99', '0', '01', '19', '190', '1900', '91'];
    const byKey = [...ids].sort((a, b) => asc(idDescKey(a), idDescKey(b)));
    expect(byKey).toEqual([...ids].sort(codeUnitDesc));
  });

  it('agrees with the descending sort on 2,000 random ids', () => {
    const r = prng(99);
    const ids = [...new Set(Array.from({ length: 2000 }, () => String(r.int(0, 10 ** r.int(1, 9)))))];
    expect([...ids].sort((a, b) => asc(idDescKey(a), idDescKey(b)))).toEqual([...ids].sort(codeUnitDesc));
  });

  it('refuses ids that are not digits', () => {
    expect(() => idDescKey('12a')).toThrow();
  });
});
