/** The newsletter subscribers' CSV (docs/OPERATOR.md "Inbox"): RFC 4180 quoting, formulas defused, CRLF rows. */
import { describe, expect, it } from 'vitest';
import { newsletterCsv } from '../../src/domain/newsletter-csv';

describe('newsletterCsv', () => {
  it('writes a header and one row per subscriber, dated in UTC ISO 8601', () => {
    expect(newsletterCsv([])).toBe('email,subscribed_at\r\n');
    expect(newsletterCsv([{ email: 'amal@example.test', createdAt: Date.UTC(2026, 10, 3, 8, 30) }])).toBe('email,subscribed_at\r\namal@example.test,2026-11-03T08:30:00.000Z\r\n');
  });

  it('quotes commas and quotes, and defuses what a spreadsheet would run', () => {
    const at = Date.UTC(2026, 0, 1);
    const rows = newsletterCsv([
      { email: 'a,b@example.test', createdAt: at },
      { email: '"q"@example.test', createdAt: at },
      { email: '=1+1@example.test', createdAt: at },
      { email: '+212@example.test', createdAt: at },
      { email: '@sum@example.test', createdAt: at },
      { email: '-2@example.test', createdAt: at },
    ]).split('\r\n');
    expect(rows.slice(1, -1).map((r) => r.slice(0, r.lastIndexOf(',')))).toEqual([
      '"a,b@example.test"',
      '"""q""@example.test"',
      "'=1+1@example.test",
      "'+212@example.test",
      "'@sum@example.test",
      "'-2@example.test",
    ]);
  });
});
