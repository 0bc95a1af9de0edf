/**
 * A payout's statement as CSV (docs/MONEY.md "Statements"): one row per entry the payout covers and one for the
 * payout itself, dated in Casablanca time, amounts in MAD with 2 decimals. Cells a spreadsheet would run as a
 * formula (starting with =, +, -, @ or a control character) are prefixed with an apostrophe, except amounts.
 */
import { casablancaDate } from './ledger';

export interface StatementCsvLine {
  date: number;
  kind: string;
  orderNumber: string | null;
  productName: string | null;
  quantity: number | null;
  amountCents: number;
}

export const STATEMENT_COLUMNS = ['date', 'kind', 'order_number', 'product', 'quantity', 'amount'] as const;

/** Text as a CSV cell: defused for spreadsheets, quoted per RFC 4180 when needed. */
export function statementCell(value: string): string {
  const safe = /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Centimes as MAD with exactly 2 decimals (−12.50). */
export function madText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function statementCsv(lines: readonly StatementCsvLine[]): string {
  const rows = [STATEMENT_COLUMNS.join(',')];
  for (const l of lines) {
    rows.push(
      [
        casablancaDate(l.date),
        statementCell(l.kind),
        statementCell(l.orderNumber ?? ''),
        statementCell(l.productName ?? ''),
        l.quantity === null ? '' : String(l.quantity),
        madText(l.amountCents),
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
