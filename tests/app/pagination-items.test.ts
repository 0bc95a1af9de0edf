import { describe, expect, it } from 'vitest';
import { paginationItems } from '../../src/app/listing/pagination-items';

const show = (page: number, last: number) =>
  paginationItems(page, last)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pagination items', () => {
  it('nothing for a single page', () => expect(show(1, 1)).toBe(''));
  it('all pages when few', () => expect(show(2, 4)).toBe('1 2 3 4'));
  it('gaps around the current page', () => {
    expect(show(1, 20)).toBe('1 2 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(show(20, 20)).toBe('1 … 19 20');
  });
  it('a one-page gap shows the page instead of an ellipsis', () => expect(show(4, 10)).toBe('1 2 3 4 5 … 10'));
});
