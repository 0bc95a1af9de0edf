/**
 * The seller's statement read back from the server's CSV (src/app/seller/money-statement.ts): RFC 4180 quoting,
 * the byte order mark, the spreadsheet guard taken off, and the columns in their order — round-tripped through the
 * server's own writer (src/domain/ledger-statement.ts).
 */
import { describe, expect, it } from 'vitest';
import { statementCsv } from '../../src/domain/ledger-statement';
import { parseCsv, parseStatement } from '../../src/app/seller/money-statement';

describe('CSV records', () => {
  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\r\nlines"\r\nx,,z\r\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('drops the byte order mark and reads a last line without a break', () => {
    expect(parseCsv('\uFEFFa,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('a statement', () => {
  it('reads back what the server writes, line by line', () => {
    const at = Date.UTC(2026, 2, 3, 10);
    const csv = statementCsv([
      { date: at, kind: 'sale', orderNumber: 'SK-1', productName: 'Kaftan, "Fès"', quantity: 2, amountCents: 90_000 },
      { date: at, kind: 'commission', orderNumber: 'SK-1', productName: '=HYPERLINK("x")', quantity: 2, amountCents: -9_000 },
      { date: at, kind: 'payout', orderNumber: null, productName: null, quantity: null, amountCents: -81_000 },
    ]);
    expect(parseStatement(`\uFEFF${csv}`)).toEqual([
      { date: '2026-03-03', kind: 'sale', orderNumber: 'SK-1', product: 'Kaftan, "Fès"', quantity: 2, amount: 900 },
      { date: '2026-03-03', kind: 'commission', orderNumber: 'SK-1', product: '=HYPERLINK("x")', quantity: 2, amount: -90 },
      { date: '2026-03-03', kind: 'payout', orderNumber: '', product: '', quantity: null, amount: -810 },
    ]);
  });

  it('refuses a text that is not a statement', () => {
    expect(() => parseStatement('id,name\n1,x\n')).toThrow('not a statement');
    expect(() => parseStatement('')).toThrow('not a statement');
  });
});
