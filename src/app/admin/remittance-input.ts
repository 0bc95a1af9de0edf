/**
 * What the "record a remittance" form reads (docs/OPERATOR.md "COD remittances"): the order numbers typed one per
 * line or separated by spaces, commas or semicolons (a leading # is allowed), each once in the order typed; the
 * first one that is not an order number is named back. The server still checks each (at most 500, collected,
 * not remitted yet).
 */

/** The largest id (PostgreSQL int4), as the server's src/server/db/ids.ts MAX_ID. */
const MAX_ORDER_ID = 2_147_483_647;

export type OrderIdsInput = { ok: true; ids: number[] } | { ok: false; bad: string };

export function parseOrderIds(text: string): OrderIdsInput {
  const ids: number[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (token === '') continue;
    const digits = token.startsWith('#') ? token.slice(1) : token;
    const id = /^[0-9]{1,10}$/.test(digits) ? Number(digits) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ORDER_ID) return { ok: false, bad: token };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids };
}

/** MAD typed with a dot or a comma (1234,50), as a number. */
export function madInput(text: string): number {
  return Number(text.trim().replace(',', '.'));
}
