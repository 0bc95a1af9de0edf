/**
 * The seller's product CSV (src/domain/product-csv.ts, docs/SELLERS.md "CSV"): RFC 4180 reading (quotes, BOM,
 * CRLF, line breaks in quotes), rows grouped into products by product_sku, every kind of error at its line and
 * column (the header is line 1), a bad row leaving its whole product out, and the export's rows read back as the
 * same products.
 */
import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER_LINE,
  csvCell,
  csvLine,
  csvMessages,
  exportRowCells,
  parseCsvRecords,
  readProductCsv,
  REQUIRED_COLUMNS,
  type CsvExportRow,
} from '../../src/domain/product-csv';

const HEADER = REQUIRED_COLUMNS.join(',');
type Row = Partial<Record<(typeof REQUIRED_COLUMNS)[number] | 'description_en' | 'published' | 'handmade' | 'low_stock_threshold', string>>;
const base: Row = {
  product_sku: 'KAF-1',
  name_en: 'Kaftan',
  name_ar: 'قفطان',
  category_id: '7',
  price: '1200',
  discount_price: '',
  size: 'M',
  color: 'blue',
  fabric: 'Silk',
  variant_price: '',
  stock: '3',
  sku: '',
};
const line = (row: Row, columns: readonly string[] = REQUIRED_COLUMNS) => columns.map((c) => csvCell(row[c as keyof Row] ?? '')).join(',');
const file = (rows: Row[], columns: readonly string[] = REQUIRED_COLUMNS) => [columns.join(','), ...rows.map((r) => line(r, columns))].join('\r\n');

describe('parseCsvRecords (RFC 4180)', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF and LF, a BOM, and skips blank lines', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\n\nlast,,\r\n';
    expect(parseCsvRecords(text)).toEqual({ records: [['a', 'b', 'c'], ['x, y', 'say "hi"', 'two\r\nlines'], ['last', '', '']], error: null });
  });

  it('reads a last line without a line break, and an empty quoted cell', () => {
    expect(parseCsvRecords('a,b\n"",z').records).toEqual([['a', 'b'], ['', 'z']]);
  });

  it.each([
    ['a,b\n"open,c\n', 2, csvMessages.unclosedQuote],
    ['a,b\nx"y,c\n', 2, csvMessages.strayQuote],
    ['a,b\n"x"y,c\n', 2, csvMessages.afterQuote],
  ])('refuses %j at line %i', (text, at, message) => {
    expect(parseCsvRecords(text).error).toEqual({ line: at, column: '', message });
  });

  it('counts records, not physical lines, after a line break inside quotes', () => {
    expect(parseCsvRecords('a\n"1\n2"\n"bad').error?.line).toBe(3);
  });
});

describe('readProductCsv', () => {
  it('makes one product of the rows with the same product_sku, each row a variant', () => {
    const result = readProductCsv(
      file([
        { ...base, discount_price: '999.50', sku: 'KAF-1-M' },
        { ...base, size: 'L', stock: '0', variant_price: '1250', name_en: '', name_ar: '', category_id: '', price: '' },
        { ...base, product_sku: 'DJ-2', name_en: 'Djellaba', name_ar: '', size: 'xl', color: 'WHITE', fabric: 'wool' },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toBe(3);
    expect(result.products).toEqual([
      {
        sku: 'KAF-1',
        line: 2,
        names: { ar: 'قفطان', en: 'Kaftan' },
        categoryId: 7,
        priceCents: 120000,
        discountCents: 99950,
        variants: [
          { size: 'M', color: 'blue', fabric: 'Silk', priceCents: null, stock: 3, sku: 'KAF-1-M' },
          { size: 'L', color: 'blue', fabric: 'Silk', priceCents: 125000, stock: 0, sku: null },
        ],
        variantLines: [2, 3],
      },
      {
        sku: 'DJ-2',
        line: 4,
        names: { en: 'Djellaba' },
        categoryId: 7,
        priceCents: 120000,
        discountCents: null,
        variants: [{ size: 'XL', color: 'white', fabric: 'Wool', priceCents: null, stock: 3, sku: null }],
        variantLines: [4],
      },
    ]);
  });

  it('reads the optional columns when present (absent: left out, so the stored value stays)', () => {
    const columns = [...REQUIRED_COLUMNS, 'description_en', 'published', 'handmade', 'low_stock_threshold'];
    const [product] = readProductCsv(file([{ ...base, description_en: 'Long\nline', published: 'false', handmade: 'yes', low_stock_threshold: '' }], columns)).products;
    expect(product).toMatchObject({ descriptions: { en: 'Long\nline' }, published: false, handmade: true, lowStockThreshold: 3 });
    const [plain] = readProductCsv(file([base])).products;
    expect(plain).not.toHaveProperty('descriptions');
    expect(plain).not.toHaveProperty('published');
  });

  it.each([
    ['', [{ line: 1, column: '', message: csvMessages.empty }]],
    [`${HEADER},colour\r\n`, [{ line: 1, column: 'colour', message: csvMessages.unknownColumn }]],
    [`${HEADER},price\r\n`, [{ line: 1, column: 'price', message: csvMessages.repeatedColumn }]],
    [`${REQUIRED_COLUMNS.filter((c) => c !== 'stock').join(',')}\r\n`, [{ line: 1, column: 'stock', message: csvMessages.missingColumn }]],
  ])('refuses the header of %j', (text, errors) => {
    expect(readProductCsv(text)).toMatchObject({ products: [], errors });
  });

  it.each([
    [{ product_sku: '' }, 'product_sku', csvMessages.required],
    [{ product_sku: 'has space' }, 'product_sku', csvMessages.sku],
    [{ name_en: '', name_ar: '' }, 'name_en', csvMessages.noName],
    [{ name_fr: 'x'.repeat(201) }, 'name_fr', csvMessages.tooLong(200)],
    [{ name_en: 'a\u0007b' }, 'name_en', csvMessages.control],
    [{ category_id: '' }, 'category_id', csvMessages.required],
    [{ category_id: 'men' }, 'category_id', csvMessages.integer(1, 2_147_483_647)],
    [{ price: '' }, 'price', csvMessages.required],
    [{ price: '12,5' }, 'price', csvMessages.amount],
    [{ price: '1.005' }, 'price', csvMessages.amount],
    [{ price: '0' }, 'price', csvMessages.positive],
    [{ discount_price: 'abc' }, 'discount_price', csvMessages.amount],
    [{ discount_price: '1200' }, 'discount_price', csvMessages.discount],
    [{ size: '' }, 'size', csvMessages.required],
    [{ size: 'XXXL' }, 'size', csvMessages.oneOf(['XS', 'S', 'M', 'L', 'XL', 'XXL'])],
    [{ color: 'purple' }, 'color', csvMessages.oneOf(['black', 'white', 'red', 'blue', 'green', 'yellow'])],
    [{ fabric: 'Denim' }, 'fabric', csvMessages.oneOf(['Brocade', 'Silk', 'Wool', 'Linen', 'Polyester', 'Cotton'])],
    [{ variant_price: '-3' }, 'variant_price', csvMessages.amount],
    [{ stock: '' }, 'stock', csvMessages.required],
    [{ stock: '2.5' }, 'stock', csvMessages.integer(0, 1_000_000)],
    [{ stock: '1000001' }, 'stock', csvMessages.integer(0, 1_000_000)],
    [{ sku: 'a b' }, 'sku', csvMessages.sku],
  ] as const)('reports %j at line 3, column %s, and leaves that product out (the other stays)', (overrides, column, message) => {
    const result = readProductCsv(file([{ ...base, product_sku: 'OK-1' }, { ...base, ...overrides }]));
    expect(result.errors).toContainEqual({ line: 3, column, message });
    expect(result.products.map((p) => p.sku)).toEqual(['OK-1']);
  });

  it('reports flags and thresholds that are not one', () => {
    const columns = [...REQUIRED_COLUMNS, 'published', 'low_stock_threshold'];
    const result = readProductCsv(file([{ ...base, published: 'maybe', low_stock_threshold: '-1' }], columns));
    expect(result.errors).toEqual([
      { line: 2, column: 'low_stock_threshold', message: csvMessages.integer(0, 10_000) },
      { line: 2, column: 'published', message: csvMessages.flag },
    ]);
  });

  it('reports a row with the wrong number of cells', () => {
    const result = readProductCsv(`${HEADER}\r\n${line(base)},extra\r\n`);
    expect(result.errors).toContainEqual({ line: 2, column: '', message: csvMessages.cellCount });
    expect(result.products).toEqual([]);
  });

  it('leaves a whole product out when one of its rows is bad: the good rows of that product are not kept', () => {
    const result = readProductCsv(file([base, { ...base, size: 'L', stock: 'x' }, { ...base, product_sku: 'OK-2' }]));
    expect(result.errors).toEqual([{ line: 3, column: 'stock', message: csvMessages.integer(0, 1_000_000) }]);
    expect(result.products.map((p) => p.sku)).toEqual(['OK-2']);
  });

  it('reports product cells that differ between the rows of one product', () => {
    const result = readProductCsv(file([base, { ...base, size: 'L', price: '1300' }]));
    expect(result.errors).toEqual([{ line: 3, column: 'price', message: csvMessages.differs(2) }]);
  });

  it('reports a repeated size × colour × fabric, a repeated sku, and a product split by another', () => {
    const result = readProductCsv(
      file([
        { ...base, sku: 'V-1' },
        { ...base, stock: '9' },
        { ...base, product_sku: 'B-1', sku: 'V-1' },
        { ...base, product_sku: 'C-1' },
        { ...base, product_sku: 'C-1', size: 'S' },
        { ...base, product_sku: 'D-1' },
        { ...base, product_sku: 'C-1', size: 'L' },
      ]),
    );
    expect(result.errors).toEqual([
      { line: 3, column: 'size', message: csvMessages.repeatedVariant(2) },
      { line: 4, column: 'sku', message: csvMessages.repeatedSku(2) },
      { line: 8, column: 'product_sku', message: csvMessages.productElsewhere },
    ]);
    expect(result.products.map((p) => p.sku)).toEqual(['D-1']);
  });
});

describe('export rows', () => {
  const row: CsvExportRow = {
    productSku: 'KAF-9',
    names: { ma: 'قفطان', en: 'Kaftan, "royal"', fr: ' Caftan' },
    descriptions: { en: 'Two\nlines' },
    categoryId: 12,
    priceCents: 120050,
    discountCents: 99900,
    handmade: true,
    customizable: false,
    express: true,
    madeIn: 'Morocco',
    shippingFrom: 'Fes, Morocco',
    lowStockThreshold: 4,
    published: false,
    size: 'M',
    color: 'red',
    fabric: 'Brocade',
    variantPriceCents: 125000,
    stock: 6,
    sku: 'KAF-9-M',
  };

  it('are read back as the same product', () => {
    const text = `\uFEFF${CSV_HEADER_LINE}${csvLine(exportRowCells(row))}${csvLine(exportRowCells({ ...row, size: 'L', sku: 'KAF-9-L', stock: 0 }))}`;
    const result = readProductCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.products).toEqual([
      {
        sku: 'KAF-9',
        line: 2,
        names: { ma: 'قفطان', fr: 'Caftan', en: 'Kaftan, "royal"' },
        descriptions: { en: 'Two\nlines' },
        categoryId: 12,
        priceCents: 120050,
        discountCents: 99900,
        handmade: true,
        customizable: false,
        express: true,
        madeIn: 'Morocco',
        shippingFrom: 'Fes, Morocco',
        lowStockThreshold: 4,
        published: false,
        variants: [
          { size: 'M', color: 'red', fabric: 'Brocade', priceCents: 125000, stock: 6, sku: 'KAF-9-M' },
          { size: 'L', color: 'red', fabric: 'Brocade', priceCents: 125000, stock: 0, sku: 'KAF-9-L' },
        ],
        variantLines: [2, 3],
      },
    ]);
  });

  it('quote only the cells that need it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "x"')).toBe('"say ""x"""');
    expect(csvCell(' edge')).toBe('" edge"');
  });
});
