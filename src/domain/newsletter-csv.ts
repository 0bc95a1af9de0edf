/**
 * The newsletter subscribers as CSV (docs/OPERATOR.md "Inbox"): `email,subscribed_at` (an ISO 8601 UTC instant),
 * RFC 4180 quoting, and cells a spreadsheet would run as a formula defused with an apostrophe, by the same rule
 * as the payout statements (statementCell).
 */
import { statementCell } from './ledger-statement';

export const NEWSLETTER_COLUMNS = ['email', 'subscribed_at'] as const;

export interface NewsletterCsvRow {
  email: string;
  createdAt: number;
}

export function newsletterCsv(rows: readonly NewsletterCsvRow[]): string {
  const lines = [NEWSLETTER_COLUMNS.join(',')];
  for (const row of rows) lines.push([statementCell(row.email), new Date(row.createdAt).toISOString()].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
