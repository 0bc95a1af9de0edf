/**
 * The operator's payouts as CSV (docs/MONEY.md "Endpoints"): `id,shop_id,shop_name,period_start,period_end,gross,
 * commission,net,status,paid_at,reference`, amounts in MAD with 2 decimals, paid_at an ISO 8601 UTC instant (empty
 * while not paid), RFC 4180 quoting, and text cells a spreadsheet would run as a formula defused with an
 * apostrophe, by the same rule as the payout statements (statementCell).
 */
import { madText, statementCell } from './ledger-statement';

export const PAYOUTS_CSV_COLUMNS = ['id', 'shop_id', 'shop_name', 'period_start', 'period_end', 'gross', 'commission', 'net', 'status', 'paid_at', 'reference'] as const;

export interface PayoutCsvRow {
  id: number;
  shopId: number;
  shopName: string;
  periodStart: string;
  periodEnd: string;
  grossCents: number;
  commissionCents: number;
  netCents: number;
  status: string;
  paidAt: number | null;
  reference: string | null;
}

export function payoutsCsv(rows: readonly PayoutCsvRow[]): string {
  const lines = [PAYOUTS_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        String(r.id),
        String(r.shopId),
        statementCell(r.shopName),
        r.periodStart,
        r.periodEnd,
        madText(r.grossCents),
        madText(r.commissionCents),
        madText(r.netCents),
        statementCell(r.status),
        r.paidAt === null ? '' : new Date(r.paidAt).toISOString(),
        statementCell(r.reference ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
