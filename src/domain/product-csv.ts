/**
 * The seller's product CSV (issue 23, docs/SELLERS.md "CSV"): RFC 4180 (commas, double-quoted cells with "" for
 * a quote, line breaks inside quotes, CRLF or LF, an optional UTF-8 BOM), one row per variant; rows with the same
 * product_sku make one product. Reading gives the products whose rows are all valid, and errors
 * [{line, column, message}] where `line` counts the header as line 1 (a record, as a spreadsheet numbers rows; a
 * line break inside quotes does not start one). A product with any bad row is left out whole. Writing gives the
 * same columns, so a file exported and imported again changes nothing. Pure: the server checks what needs the
 * database (the category, SKUs other products use) and the seller's app may check a file before sending it.
 */
import { COLORS, FABRICS, SIZES, type Color, type Fabric, type Size } from './catalog-constants';
import { cleanText, DESCRIPTION_MAX, NAME_MAX, TEXT_LANGUAGES, type LocalizedText, type TextLanguage } from './catalog-text';
import { fromCentimes, toCentimes } from './money';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_STOCK,
  MAX_VARIANTS,
  PLACE_MAX,
  SKU_PATTERN,
  variantKey,
  type SellerVariantInput,
} from './seller-product';

/** The largest amount a cell may hold (the stored integer's bound, in centimes). */
const MAX_CENTS = 2_147_483_647;

const NAME_COLUMNS = TEXT_LANGUAGES.map((l) => `name_${l}` as const);
const DESCRIPTION_COLUMNS = TEXT_LANGUAGES.map((l) => `description_${l}` as const);

/** Columns every file must have (issue 23's list). */
export const REQUIRED_COLUMNS = [
  'product_sku',
  ...NAME_COLUMNS,
  'category_id',
  'price',
  'discount_price',
  'size',
  'color',
  'fabric',
  'variant_price',
  'stock',
  'sku',
] as const;
/** Columns a file may add; an absent one leaves the product's field as it is (a new product: its default). */
export const OPTIONAL_COLUMNS = [...DESCRIPTION_COLUMNS, 'handmade', 'customizable', 'is_express', 'made_in', 'shipping_from', 'low_stock_threshold', 'published'] as const;
export type CsvColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];
/** The export's columns, in order. */
export const EXPORT_COLUMNS: readonly CsvColumn[] = [
  'product_sku',
  ...NAME_COLUMNS,
  ...DESCRIPTION_COLUMNS,
  'category_id',
  'price',
  'discount_price',
  'handmade',
  'customizable',
  'is_express',
  'made_in',
  'shipping_from',
  'low_stock_threshold',
  'published',
  'size',
  'color',
  'fabric',
  'variant_price',
  'stock',
  'sku',
];
const KNOWN = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);
/** Columns of the product (the same on each of its rows); the rest are the variant's. */
const VARIANT_COLUMNS = new Set<string>(['size', 'color', 'fabric', 'variant_price', 'stock', 'sku']);

/** Rows a file may hold (beside its header). */
export const CSV_MAX_ROWS = 50_000;

export interface CsvError {
  /** The record's number, the header being 1. */
  line: number;
  /** The column's name; '' for the record as a whole. */
  column: string;
  message: string;
}

export const csvMessages = {
  unclosedQuote: 'A quoted cell is not closed.',
  strayQuote: 'A quote may only appear inside a quoted cell (write it as "").',
  afterQuote: 'A quoted cell must end at a comma or the end of the line.',
  empty: 'The file is empty: the first line must name the columns.',
  tooManyRows: `A file may hold at most ${CSV_MAX_ROWS} rows.`,
  missingColumn: 'This column is missing.',
  unknownColumn: 'Unknown column.',
  repeatedColumn: 'This column appears twice.',
  cellCount: 'The row does not have as many cells as the header.',
  required: 'This cell is required.',
  sku: 'Use 1 to 64 letters, digits, ".", "_" and "-".',
  amount: 'Write a number of MAD with at most 2 decimals, e.g. 250 or 99.50.',
  positive: 'The price must be greater than 0.',
  discount: 'The discount price must be less than the price.',
  integer: (min: number, max: number) => `Write a whole number from ${min} to ${max}.`,
  flag: 'Write true or false.',
  oneOf: (values: readonly string[]) => `Write one of ${values.join(', ')}.`,
  tooLong: (max: number) => `At most ${max} characters.`,
  control: 'Control characters are not allowed.',
  noName: 'The product needs a name in at least one language.',
  differs: (line: number) => `This differs from line ${line} of the same product_sku.`,
  repeatedVariant: (line: number) => `Line ${line} already has this size, color and fabric for this product_sku.`,
  repeatedSku: (line: number) => `Line ${line} already uses this sku.`,
  tooManyVariants: `A product may have at most ${MAX_VARIANTS} variants.`,
  productElsewhere: 'This product is in the file again after other products: keep its rows together.',
};

/** The cells of each record, with the record's number; or the first syntax error. */
export function parseCsvRecords(text: string): { records: string[][]; error: CsvError | null } {
  const records: string[][] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let record: string[] = [];
  let line = 1;
  while (at <= n) {
    // One cell.
    let cell = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) return { records, error: { line, column: '', message: csvMessages.unclosedQuote } };
        cell += text.slice(at, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
      const next = text[at];
      if (at < n && next !== ',' && next !== '\n' && next !== '\r') return { records, error: { line, column: '', message: csvMessages.afterQuote } };
    } else {
      let end = at;
      while (end < n) {
        const c = text.charCodeAt(end);
        if (c === 44 || c === 10 || c === 13) break; // , \n \r
        if (c === 34) return { records, error: { line, column: '', message: csvMessages.strayQuote } };
        end += 1;
      }
      cell = text.slice(at, end);
      at = end;
    }
    record.push(cell);
    if (text[at] === ',') {
      at += 1;
      continue;
    }
    // End of the record: CRLF, LF, a lone CR, or the end of the text.
    if (text[at] === '\r') at += 1;
    if (text[at] === '\n') at += 1;
    const blank = record.length === 1 && record[0] === '';
    if (!blank) records.push(record);
    record = [];
    line += 1;
    if (at >= n) break;
  }
  return { records, error: null };
}

/** A product of the file: its SKU, its fields, its variants, and the lines they came from. */
export interface CsvProduct {
  sku: string;
  /** The product's first line. */
  line: number;
  names: LocalizedText;
  /** undefined: the file has no description columns (the stored descriptions stay). */
  descriptions?: LocalizedText;
  categoryId: number;
  priceCents: number;
  discountCents: number | null;
  handmade?: boolean;
  customizable?: boolean;
  express?: boolean;
  madeIn?: string;
  shippingFrom?: string;
  lowStockThreshold?: number;
  published?: boolean;
  variants: SellerVariantInput[];
  /** variants[i] came from variantLines[i]. */
  variantLines: number[];
}

export interface CsvReadResult {
  products: CsvProduct[];
  errors: CsvError[];
  /** Rows read (the header aside). */
  rows: number;
}

type Cells = Partial<Record<CsvColumn, string>>;

function amountCents(s: string): number | null {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(s)) return null;
  const cents = toCentimes(Number(s));
  return cents <= MAX_CENTS ? cents : null;
}

function wholeNumber(s: string, min: number, max: number): number | null {
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/** Checks one row into a product part and a variant; errors go to `errors`. */
function readRow(cells: Cells, line: number, errors: CsvError[]) {
  const fail = (column: CsvColumn, message: string) => errors.push({ line, column, message });
  const get = (c: CsvColumn) => (cells[c] ?? '').trim();
  const has = (c: CsvColumn) => cells[c] !== undefined;
  const text = (c: CsvColumn, max: number, control: RegExp): string => {
    const v = get(c);
    if (v.length > max) fail(c, csvMessages.tooLong(max));
    else if (control.test(v)) fail(c, csvMessages.control);
    return v;
  };
  const flag = (c: CsvColumn): boolean | undefined => {
    if (!has(c)) return undefined;
    const v = get(c).toLowerCase();
    if (v === '') return false;
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    fail(c, csvMessages.flag);
    return undefined;
  };
  const oneOf = <T extends string>(c: CsvColumn, values: readonly T[]): T | null => {
    const v = get(c);
    if (v === '') {
      fail(c, csvMessages.required);
      return null;
    }
    const found = values.find((x) => x.toLowerCase() === v.toLowerCase());
    if (found === undefined) fail(c, csvMessages.oneOf(values));
    return found ?? null;
  };

  const productSku = get('product_sku');
  const names: LocalizedText = {};
  for (const l of TEXT_LANGUAGES) names[l] = text(`name_${l}`, NAME_MAX, /\p{Cc}/u);
  const descriptions: LocalizedText | undefined = DESCRIPTION_COLUMNS.some(has) ? {} : undefined;
  if (descriptions) for (const l of TEXT_LANGUAGES) descriptions[l] = text(`description_${l}`, DESCRIPTION_MAX, /(?![\t\n\r])\p{Cc}/u);
  const category = get('category_id');
  const categoryId = category === '' ? null : wholeNumber(category, 1, MAX_CENTS);
  if (category === '') fail('category_id', csvMessages.required);
  else if (categoryId === null) fail('category_id', csvMessages.integer(1, MAX_CENTS));
  const price = get('price');
  let priceCents = price === '' ? null : amountCents(price);
  if (price === '') fail('price', csvMessages.required);
  else if (priceCents === null) fail('price', csvMessages.amount);
  else if (priceCents === 0) {
    fail('price', csvMessages.positive);
    priceCents = null;
  }
  const discount = get('discount_price');
  const discountCents = discount === '' ? null : amountCents(discount);
  if (discount !== '' && discountCents === null) fail('discount_price', csvMessages.amount);
  else if (discountCents !== null && priceCents !== null && discountCents >= priceCents) fail('discount_price', csvMessages.discount);
  const threshold = get('low_stock_threshold');
  const lowStockThreshold = !has('low_stock_threshold') ? undefined : threshold === '' ? DEFAULT_LOW_STOCK_THRESHOLD : wholeNumber(threshold, 0, MAX_LOW_STOCK_THRESHOLD);
  if (lowStockThreshold === null) fail('low_stock_threshold', csvMessages.integer(0, MAX_LOW_STOCK_THRESHOLD));
  const published = flag('published');

  const size = oneOf<Size>('size', SIZES);
  const color = oneOf<Color>('color', COLORS);
  const fabric = oneOf<Fabric>('fabric', FABRICS);
  const variantPrice = get('variant_price');
  const variantPriceCents = variantPrice === '' ? null : amountCents(variantPrice);
  if (variantPrice !== '' && variantPriceCents === null) fail('variant_price', csvMessages.amount);
  const stockCell = get('stock');
  const stock = stockCell === '' ? null : wholeNumber(stockCell, 0, MAX_STOCK);
  if (stockCell === '') fail('stock', csvMessages.required);
  else if (stock === null) fail('stock', csvMessages.integer(0, MAX_STOCK));
  const sku = get('sku');
  if (sku !== '' && !SKU_PATTERN.test(sku)) fail('sku', csvMessages.sku);

  return {
    productSku,
    product: {
      names: cleanText(names),
      descriptions: descriptions === undefined ? undefined : cleanText(descriptions),
      categoryId: categoryId ?? 0,
      priceCents: priceCents ?? 0,
      discountCents,
      handmade: flag('handmade'),
      customizable: flag('customizable'),
      express: flag('is_express'),
      madeIn: has('made_in') ? text('made_in', PLACE_MAX, /\p{Cc}/u) : undefined,
      shippingFrom: has('shipping_from') ? text('shipping_from', PLACE_MAX, /\p{Cc}/u) : undefined,
      lowStockThreshold: lowStockThreshold ?? undefined,
      published,
    },
    variant:
      size !== null && color !== null && fabric !== null && stock !== null
        ? ({ size, color, fabric, priceCents: variantPriceCents, stock, sku: sku === '' ? null : sku } satisfies SellerVariantInput)
        : null,
  };
}

/** Reads a whole file. */
export function readProductCsv(text: string): CsvReadResult {
  const { records, error } = parseCsvRecords(text);
  if (error) return { products: [], errors: [error], rows: 0 };
  const header = records[0];
  if (!header) return { products: [], errors: [{ line: 1, column: '', message: csvMessages.empty }], rows: 0 };
  if (records.length - 1 > CSV_MAX_ROWS) return { products: [], errors: [{ line: CSV_MAX_ROWS + 2, column: '', message: csvMessages.tooManyRows }], rows: records.length - 1 };
  const errors: CsvError[] = [];
  const columns = header.map((h) => h.trim().toLowerCase());
  const seen = new Set<string>();
  for (const c of columns) {
    if (!KNOWN.has(c)) errors.push({ line: 1, column: c, message: csvMessages.unknownColumn });
    else if (seen.has(c)) errors.push({ line: 1, column: c, message: csvMessages.repeatedColumn });
    seen.add(c);
  }
  for (const c of REQUIRED_COLUMNS) if (!seen.has(c)) errors.push({ line: 1, column: c, message: csvMessages.missingColumn });
  if (errors.length > 0) return { products: [], errors, rows: records.length - 1 };

  interface Group {
    sku: string;
    line: number;
    first: ReturnType<typeof readRow>['product'];
    firstCells: Cells;
    variants: SellerVariantInput[];
    variantLines: number[];
    keys: Map<string, number>;
    bad: boolean;
    closed: boolean;
  }
  const groups = new Map<string, Group>();
  const order: Group[] = [];
  const variantSkus = new Map<string, number>();
  let current: Group | null = null;
  for (let r = 1; r < records.length; r++) {
    const line = r + 1;
    const record = records[r] as string[];
    const rowErrors: CsvError[] = [];
    if (record.length !== columns.length) rowErrors.push({ line, column: '', message: csvMessages.cellCount });
    const cells: Cells = {};
    columns.forEach((c, i) => {
      cells[c as CsvColumn] = record[i] ?? '';
    });
    let group = groups.get((cells.product_sku ?? '').trim());
    if (group !== undefined) {
      // The product's cells: empty (the first row's apply) or the same as on its first row.
      for (const c of columns) {
        if (VARIANT_COLUMNS.has(c) || c === 'product_sku') continue;
        const v = (cells[c as CsvColumn] ?? '').trim();
        const first = group.firstCells[c as CsvColumn] ?? '';
        if (v === '') cells[c as CsvColumn] = first;
        else if (v !== first.trim()) rowErrors.push({ line, column: c, message: csvMessages.differs(group.line) });
      }
    }
    const row = readRow(cells, line, rowErrors);
    if (row.productSku === '') rowErrors.push({ line, column: 'product_sku', message: csvMessages.required });
    else if (!SKU_PATTERN.test(row.productSku)) rowErrors.push({ line, column: 'product_sku', message: csvMessages.sku });
    if (group === undefined) {
      if (current) current.closed = true;
      group = { sku: row.productSku, line, first: row.product, firstCells: cells, variants: [], variantLines: [], keys: new Map(), bad: false, closed: false };
      groups.set(row.productSku, group);
      order.push(group);
      if (Object.keys(row.product.names).length === 0) rowErrors.push({ line, column: 'name_en', message: csvMessages.noName });
    } else if (group.closed) {
      rowErrors.push({ line, column: 'product_sku', message: csvMessages.productElsewhere });
    }
    current = group;
    if (row.variant) {
      const key = variantKey(row.variant);
      const earlier = group.keys.get(key);
      if (earlier !== undefined) rowErrors.push({ line, column: 'size', message: csvMessages.repeatedVariant(earlier) });
      group.keys.set(key, line);
      if (row.variant.sku !== null) {
        const skuLine = variantSkus.get(row.variant.sku);
        if (skuLine !== undefined) rowErrors.push({ line, column: 'sku', message: csvMessages.repeatedSku(skuLine) });
        else variantSkus.set(row.variant.sku, line);
      }
      group.variants.push(row.variant);
      group.variantLines.push(line);
      if (group.variants.length > MAX_VARIANTS) rowErrors.push({ line, column: '', message: csvMessages.tooManyVariants });
    }
    if (rowErrors.length > 0) {
      group.bad = true;
      errors.push(...rowErrors);
    }
  }
  const products: CsvProduct[] = order
    .filter((g) => !g.bad)
    .map((g) => {
      const p = g.first;
      const out: CsvProduct = {
        sku: g.sku,
        line: g.line,
        names: p.names,
        categoryId: p.categoryId,
        priceCents: p.priceCents,
        discountCents: p.discountCents,
        variants: g.variants,
        variantLines: g.variantLines,
      };
      if (p.descriptions !== undefined) out.descriptions = p.descriptions;
      if (p.handmade !== undefined) out.handmade = p.handmade;
      if (p.customizable !== undefined) out.customizable = p.customizable;
      if (p.express !== undefined) out.express = p.express;
      if (p.madeIn !== undefined) out.madeIn = p.madeIn;
      if (p.shippingFrom !== undefined) out.shippingFrom = p.shippingFrom;
      if (p.lowStockThreshold !== undefined) out.lowStockThreshold = p.lowStockThreshold;
      if (p.published !== undefined) out.published = p.published;
      return out;
    });
  return { products, errors, rows: records.length - 1 };
}

/** A cell as RFC 4180 writes it: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What the export writes for one variant row. */
export interface CsvExportRow {
  productSku: string;
  names: LocalizedText;
  descriptions: LocalizedText;
  categoryId: number;
  priceCents: number;
  discountCents: number | null;
  handmade: boolean;
  customizable: boolean;
  express: boolean;
  madeIn: string;
  shippingFrom: string;
  lowStockThreshold: number;
  published: boolean;
  size: string;
  color: string;
  fabric: string;
  variantPriceCents: number;
  stock: number;
  sku: string;
}

const money = (cents: number) => String(fromCentimes(cents));

/** One CSV line (CRLF-terminated) per row, after the header. */
export function exportRowCells(row: CsvExportRow): string[] {
  const byColumn: Record<CsvColumn, string> = {
    product_sku: row.productSku,
    ...(Object.fromEntries(TEXT_LANGUAGES.map((l: TextLanguage) => [`name_${l}`, row.names[l] ?? ''])) as Record<`name_${TextLanguage}`, string>),
    ...(Object.fromEntries(TEXT_LANGUAGES.map((l: TextLanguage) => [`description_${l}`, row.descriptions[l] ?? ''])) as Record<`description_${TextLanguage}`, string>),
    category_id: String(row.categoryId),
    price: money(row.priceCents),
    discount_price: row.discountCents === null ? '' : money(row.discountCents),
    handmade: String(row.handmade),
    customizable: String(row.customizable),
    is_express: String(row.express),
    made_in: row.madeIn,
    shipping_from: row.shippingFrom,
    low_stock_threshold: String(row.lowStockThreshold),
    published: String(row.published),
    size: row.size,
    color: row.color,
    fabric: row.fabric,
    variant_price: money(row.variantPriceCents),
    stock: String(row.stock),
    sku: row.sku,
  };
  return EXPORT_COLUMNS.map((c) => byColumn[c]);
}

export const CSV_HEADER_LINE = `${EXPORT_COLUMNS.join(',')}\r\n`;

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
