/**
 * A payout's statement as the seller's app reads it: the CSV the server makes (src/domain/ledger-statement.ts,
 * RFC 4180) split back into lines to show and print. The apostrophe that defuses a cell for spreadsheets is taken
 * off again for the screen.
 */
import { STATEMENT_COLUMNS } from '../../domain/ledger-statement';

export interface StatementLine {
  date: string;
  kind: string;
  orderNumber: string;
  product: string;
  quantity: number | null;
  /** MAD, signed. */
  amount: number;
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function undefuse(cell: string): string {
  return /^'[=+\-@\t\r\n]/.test(cell) ? cell.slice(1) : cell;
}

/** The statement's lines; a header that is not the statement's is an error. */
export function parseStatement(csv: string): StatementLine[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header || header.join(',') !== STATEMENT_COLUMNS.join(',')) throw new Error('not a statement');
  return rows
    .filter((cells) => cells.some((c) => c !== ''))
    .map(([date = '', kind = '', orderNumber = '', product = '', quantity = '', amount = '']) => ({
      date,
      kind: undefuse(kind),
      orderNumber: undefuse(orderNumber),
      product: undefuse(product),
      quantity: quantity === '' ? null : Number(quantity),
      amount: Number(amount),
    }));
}
