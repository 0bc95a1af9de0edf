/**
 * The sellers' money (docs/MONEY.md, decisions.md "Sellers and money"): commission per order line, a coupon's
 * discount shared across an order's lines, the ledger's entry kinds and totals, and the fortnightly payout
 * periods in Africa/Casablanca time. Pure: no I/O. Every amount is integer centimes; rates are basis points
 * (1000 = 10 %).
 */

/** 10 %: the commission when neither COMMISSION_RATE nor the shop's own rate says otherwise. */
export const DEFAULT_COMMISSION_RATE_BP = 1000;
/** A rate is 0 to 100 % in basis points. */
export const MAX_COMMISSION_RATE_BP = 10_000;

/** Deliveries younger than this stay out of a payout (a return may still undo them). */
export const RETURN_WINDOW_DAYS = 7;

/** The time zone of the payout periods. */
export const PAYOUT_TIME_ZONE = 'Africa/Casablanca';

export const LEDGER_KINDS = ['sale', 'commission', 'refund', 'reversal', 'cod_collected', 'payout', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

function assertCentimes(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be integer centimes, got ${value}`);
}

/** Whether `bp` is a usable commission rate (an integer from 0 to 10000 basis points). */
export function isCommissionRateBp(bp: number): boolean {
  return Number.isSafeInteger(bp) && bp >= 0 && bp <= MAX_COMMISSION_RATE_BP;
}

/** The commission on `paidCents` (what the buyer paid for a line's goods) at `rateBp`, rounded half up to the centime. */
export function commissionOf(paidCents: number, rateBp: number): number {
  assertCentimes(paidCents, 'paid');
  if (!isCommissionRateBp(rateBp)) throw new RangeError(`commission rate must be 0–10000 basis points, got ${rateBp}`);
  if (paidCents <= 0) return 0;
  // Integers throughout: floor((paid × bp + 5000) / 10000) is paid × bp / 10000 rounded half up.
  return Math.floor((paidCents * rateBp + 5000) / 10_000);
}

/**
 * A coupon's discount shared across an order's lines in proportion to their goods (unit price × quantity, in
 * centimes), by the largest remainder: each line gets the floor of its exact share, and the centimes left go one
 * each to the lines with the largest remainders (the earlier line first on a tie). The parts sum exactly to the
 * discount (capped at the goods), and no line gets more than its goods.
 */
export function shareDiscount(lineGoodsCents: readonly number[], discountCents: number): number[] {
  assertCentimes(discountCents, 'discount');
  for (const g of lineGoodsCents) assertCentimes(g, 'goods');
  const goods = lineGoodsCents.map((g) => Math.max(0, g));
  const total = goods.reduce((s, g) => s + g, 0);
  const discount = Math.min(Math.max(0, discountCents), total);
  if (total === 0 || discount === 0) return goods.map(() => 0);
  // BigInt for the products: goods × discount may pass 2^53 on large orders.
  const bigTotal = BigInt(total);
  const parts = goods.map((g) => {
    const exact = BigInt(g) * BigInt(discount);
    return { floor: Number(exact / bigTotal), remainder: exact % bigTotal };
  });
  let left = discount - parts.reduce((s, p) => s + p.floor, 0);
  const order = parts.map((p, i) => ({ i, remainder: p.remainder })).sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  const shares = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** One order line as booked: what the buyer paid for its goods and the commission on that. */
export interface LineBooking {
  /** unit price × quantity − the line's share of the coupon. */
  paidCents: number;
  commissionCents: number;
}

/**
 * The sale and commission of every line of an order (in the order's line order), with the order's coupon
 * discount shared across all its lines, whatever their shop.
 */
export function bookLines(lines: readonly { unitCents: number; quantity: number; rateBp: number }[], discountCents: number): LineBooking[] {
  const goods = lines.map((l) => l.unitCents * l.quantity);
  const shares = shareDiscount(goods, discountCents);
  return lines.map((line, i) => {
    const paidCents = (goods[i] ?? 0) - (shares[i] ?? 0);
    return { paidCents, commissionCents: commissionOf(paidCents, line.rateBp) };
  });
}

// --- Totals ----------------------------------------------------------------------------------

/** What a statement sums, in centimes: commission and refunds come out negative, as booked. */
export interface LedgerTotals {
  /** Σ sale entries. */
  sales: number;
  /** Σ commission entries (≤ 0), with their reversals. */
  commission: number;
  /** Σ refund and reversal entries of sales (≤ 0). */
  refunds: number;
  /** sales + commission + refunds + adjustments: what the seller earned. */
  net: number;
  /** Σ every entry, payouts included: what the platform owes the seller (negative: the seller owes). */
  balance: number;
}

export interface TotalsEntry {
  kind: LedgerKind;
  amountCents: number;
  /** For a reversal, the kind of the entry it reverses. */
  reversesKind?: LedgerKind | null;
}

export function ledgerTotals(entries: readonly TotalsEntry[]): LedgerTotals {
  const t: LedgerTotals = { sales: 0, commission: 0, refunds: 0, net: 0, balance: 0 };
  for (const e of entries) {
    t.balance += e.amountCents;
    switch (e.kind) {
      case 'sale':
        t.sales += e.amountCents;
        t.net += e.amountCents;
        break;
      case 'commission':
        t.commission += e.amountCents;
        t.net += e.amountCents;
        break;
      case 'reversal':
        // A failed payout's reversal gives the money back to the balance only.
        if (e.reversesKind === 'payout') break;
        if (e.reversesKind === 'commission') t.commission += e.amountCents;
        else t.refunds += e.amountCents;
        t.net += e.amountCents;
        break;
      case 'refund':
        t.refunds += e.amountCents;
        t.net += e.amountCents;
        break;
      case 'adjustment':
        t.net += e.amountCents;
        break;
      case 'payout':
      case 'cod_collected':
        break;
    }
  }
  return t;
}

// --- Periods (Africa/Casablanca) ---------------------------------------------------------------

/** A calendar date, YYYY-MM-DD. */
export type LocalDate = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isLocalDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

function parts(date: LocalDate): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m || !isLocalDate(date)) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateOf(y: number, m: number, d: number): LocalDate {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = parts(date);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return dateOf(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

let wallClock: Intl.DateTimeFormat | null = null;

/** The wall-clock time in Casablanca at `instant`, read as if it were UTC (ms). */
function casablancaWall(instant: number): number {
  wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PAYOUT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const f = wallClock.formatToParts(instant);
  const v = (type: string): number => Number(f.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
}

/** The Casablanca calendar date at `instant` (ms). */
export function casablancaDate(instant: number): LocalDate {
  const wall = new Date(casablancaWall(instant));
  return dateOf(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/** The instant (ms) at which `date` begins in Casablanca. */
export function startOfCasablancaDay(date: LocalDate): number {
  const [y, m, d] = parts(date);
  const midnight = Date.UTC(y, m - 1, d);
  // Offset of Casablanca from UTC near that midnight, checked again at the guess (an offset change that day).
  let guess = midnight - (casablancaWall(midnight) - midnight);
  guess = midnight - (casablancaWall(guess) - guess);
  return guess;
}

/** A payout period: 1st–15th or 16th–month end, both dates included. */
export interface Period {
  start: LocalDate;
  end: LocalDate;
}

/** The period holding the calendar date `date`. */
export function periodOfDate(date: LocalDate): Period {
  const [y, m, d] = parts(date);
  return d <= 15 ? { start: dateOf(y, m, 1), end: dateOf(y, m, 15) } : { start: dateOf(y, m, 16), end: dateOf(y, m, daysInMonth(y, m)) };
}

/** The period holding `instant` (ms), in Casablanca time. */
export function periodOf(instant: number): Period {
  return periodOfDate(casablancaDate(instant));
}

/** The last day of the period holding `date`. */
export function periodEnd(date: LocalDate): LocalDate {
  return periodOfDate(date).end;
}

/** Whether `date` is the last day of a period (the 15th or a month's last day). */
export function isPeriodEnd(date: LocalDate): boolean {
  return isLocalDate(date) && periodEnd(date) === date;
}

/** The period that ends on `end` (which must be a period end). */
export function periodEndingOn(end: LocalDate): Period {
  if (!isPeriodEnd(end)) throw new RangeError(`not a period end: ${end}`);
  return periodOfDate(end);
}

/** The day the period holding `instant` closes and its payouts are made: the day after it ends. */
export function nextPayoutDate(instant: number): LocalDate {
  return addDays(periodOf(instant).end, 1);
}

/**
 * The instant before which a delivery is old enough for the payout of the period ending on `periodEndDate`:
 * the end of that period (midnight after its last day, Casablanca) less the return window.
 */
export function payoutCutoff(periodEndDate: LocalDate): number {
  return startOfCasablancaDay(addDays(periodEndDate, 1 - RETURN_WINDOW_DAYS));
}
