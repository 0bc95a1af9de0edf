/** Row ids as the server database stores them (32-bit integer columns) and as URLs spell them. */

/** Largest id the database holds. */
export const MAX_ID = 2_147_483_647;

/** An id in canonical digits: no sign, no leading zero, so each row has one spelling in a URL. */
const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/** The id a path segment names, or null when it names none (not canonical digits, or out of range). */
export function parseId(raw: string): number | null {
  if (!CANONICAL_ID.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_ID ? n : null;
}
