/**
 * The product form's draft, pure (docs/SELLERS.md "The form"): texts per language, category, prices as typed,
 * the flags, the chosen sizes, colours and fabrics, and per combination of them a stock and an optional price.
 * Turns a product into a draft, a draft into the API's body, checks what the server would refuse anyway, and
 * says where a server field error belongs.
 */
import { COLORS, FABRICS, SIZES, type Color, type Fabric, type Size } from '../../domain/catalog-constants';
import { TEXT_LANGUAGES, type LocalizedText, type TextLanguage } from '../../domain/catalog-text';
import { MAX_STOCK, variantKey } from '../../domain/seller-product';
import type { ProductBody, SellerProduct } from './seller-api';

export interface Cell {
  stock: string;
  price: string;
}

export interface ProductDraft {
  names: Record<TextLanguage, string>;
  descriptions: Record<TextLanguage, string>;
  categoryId: string;
  price: string;
  discountPrice: string;
  handmade: boolean;
  customizable: boolean;
  express: boolean;
  sizes: Size[];
  colors: Color[];
  fabrics: Fabric[];
  /** By variantKey; a combination not chosen keeps its cell, so unticking and ticking again loses nothing. */
  cells: Record<string, Cell>;
}

export interface Combination {
  size: Size;
  color: Color;
  fabric: Fabric;
  key: string;
}

/** What a client check found, by field: a catalogue key under `field.` (seller.json). */
export type Problem = 'required' | 'positive' | 'decimals' | 'discountBelow' | 'chooseOne' | 'stock';

const emptyTexts = (): Record<TextLanguage, string> => ({ ma: '', ar: '', fr: '', en: '', es: '', de: '' });

export function emptyDraft(): ProductDraft {
  return {
    names: emptyTexts(),
    descriptions: emptyTexts(),
    categoryId: '',
    price: '',
    discountPrice: '',
    handmade: false,
    customizable: false,
    express: false,
    sizes: [],
    colors: [],
    fabrics: [],
    cells: {},
  };
}

function textsOf(texts: LocalizedText): Record<TextLanguage, string> {
  const out = emptyTexts();
  for (const l of TEXT_LANGUAGES) out[l] = texts[l] ?? '';
  return out;
}

/** Every chosen size × colour × fabric, in the spec's order of each list. */
export function combinations(draft: Pick<ProductDraft, 'sizes' | 'colors' | 'fabrics'>): Combination[] {
  const out: Combination[] = [];
  for (const size of SIZES.filter((s) => draft.sizes.includes(s)))
    for (const color of COLORS.filter((c) => draft.colors.includes(c)))
      for (const fabric of FABRICS.filter((f) => draft.fabrics.includes(f))) out.push({ size, color, fabric, key: variantKey({ size, color, fabric }) });
  return out;
}

export function draftFromProduct(product: SellerProduct): ProductDraft {
  const cells: Record<string, Cell> = {};
  for (const v of product.variants) {
    cells[variantKey(v)] = { stock: String(v.stock_quantity), price: v.original_price !== product.price ? String(v.original_price) : '' };
  }
  const has = <T extends string>(list: readonly T[], pick: (v: SellerProduct['variants'][number]) => T) =>
    list.filter((x) => product.variants.some((v) => pick(v) === x));
  return {
    names: textsOf(product.names),
    descriptions: textsOf(product.descriptions),
    categoryId: String(product.category_id),
    price: String(product.price),
    discountPrice: product.discount_price === null ? '' : String(product.discount_price),
    handmade: product.handmade,
    customizable: product.customizable,
    express: product.is_express,
    sizes: has(SIZES, (v) => v.size),
    colors: has(COLORS, (v) => v.color),
    fabrics: has(FABRICS, (v) => v.fabric),
    cells,
  };
}

/** The form's draft again from a body it made (draftToBody), e.g. a queued draft the server refused. */
export function draftFromBody(body: Record<string, unknown>): ProductDraft {
  const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const texts = (v: unknown): LocalizedText => {
    const out: LocalizedText = {};
    for (const [l, text] of Object.entries(record(v))) if ((TEXT_LANGUAGES as readonly string[]).includes(l) && typeof text === 'string') out[l as TextLanguage] = text;
    return out;
  };
  const amount = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  const price = amount(body.price);
  const variants = (Array.isArray(body.variants) ? body.variants : []).map(record);
  const cells: Record<string, Cell> = {};
  const sizes = new Set<string>();
  const colors = new Set<string>();
  const fabrics = new Set<string>();
  for (const v of variants) {
    const size = SIZES.find((x) => x === v.size);
    const color = COLORS.find((x) => x === v.color);
    const fabric = FABRICS.find((x) => x === v.fabric);
    if (!size || !color || !fabric) continue;
    sizes.add(size);
    colors.add(color);
    fabrics.add(fabric);
    const own = amount(v.price);
    cells[variantKey({ size, color, fabric })] = { stock: amount(v.stock), price: own === price ? '' : own };
  }
  return {
    names: textsOf(texts(body.names)),
    descriptions: textsOf(texts(body.descriptions)),
    categoryId: typeof body.category_id === 'number' ? String(body.category_id) : '',
    price,
    discountPrice: amount(body.discount_price),
    handmade: body.handmade === true,
    customizable: body.customizable === true,
    express: body.is_express === true,
    sizes: SIZES.filter((x) => sizes.has(x)),
    colors: COLORS.filter((x) => colors.has(x)),
    fabrics: FABRICS.filter((x) => fabrics.has(x)),
    cells,
  };
}

const MAD = /^\d{1,7}(\.\d{1,2})?$/;

/** An amount as typed ("1 200,50" too) → MAD, or null when it is not one. */
export function parseMad(text: string): number | null {
  const compact = text.trim().replace(/\s/g, '').replace(',', '.');
  return MAD.test(compact) ? Number(compact) : null;
}

function parseStock(text: string): number | null {
  const compact = text.trim();
  if (compact === '') return 0;
  if (!/^\d+$/.test(compact)) return null;
  const n = Number(compact);
  return n <= MAX_STOCK ? n : null;
}

/** The cell's field names, as the server names them (variants.{index}.stock). */
export const cellField = (index: number, part: keyof Cell): string => `variants.${index}.${part}`;

/** The checks the server would make anyway, by field. */
export function checkDraft(draft: ProductDraft): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  if (TEXT_LANGUAGES.every((l) => draft.names[l].trim() === '')) problems.names = 'required';
  if (draft.categoryId === '') problems.category_id = 'required';
  const price = parseMad(draft.price);
  if (draft.price.trim() === '') problems.price = 'required';
  else if (price === null) problems.price = 'decimals';
  else if (price <= 0) problems.price = 'positive';
  if (draft.discountPrice.trim() !== '') {
    const discount = parseMad(draft.discountPrice);
    if (discount === null) problems.discount_price = 'decimals';
    else if (price !== null && discount >= price) problems.discount_price = 'discountBelow';
  }
  if (draft.sizes.length === 0) problems.sizes = 'chooseOne';
  if (draft.colors.length === 0) problems.colors = 'chooseOne';
  if (draft.fabrics.length === 0) problems.fabrics = 'chooseOne';
  combinations(draft).forEach((c, i) => {
    const cell = draft.cells[c.key] ?? { stock: '', price: '' };
    if (parseStock(cell.stock) === null) problems[cellField(i, 'stock')] = 'stock';
    if (cell.price.trim() !== '') {
      const p = parseMad(cell.price);
      if (p === null) problems[cellField(i, 'price')] = 'decimals';
      else if (p <= 0) problems[cellField(i, 'price')] = 'positive';
    }
  });
  return problems;
}

function filled(texts: Record<TextLanguage, string>): LocalizedText {
  const out: LocalizedText = {};
  for (const l of TEXT_LANGUAGES) if (texts[l].trim() !== '') out[l] = texts[l].trim();
  return out;
}

/** The body of POST or PATCH /api/seller/products (a checked draft: checkDraft found nothing). */
export function draftToBody(draft: ProductDraft): ProductBody {
  const descriptions = filled(draft.descriptions);
  return {
    names: filled(draft.names),
    ...(Object.keys(descriptions).length > 0 ? { descriptions } : {}),
    category_id: Number(draft.categoryId),
    price: parseMad(draft.price) ?? 0,
    discount_price: draft.discountPrice.trim() === '' ? null : parseMad(draft.discountPrice),
    handmade: draft.handmade,
    customizable: draft.customizable,
    is_express: draft.express,
    variants: combinations(draft).map((c) => {
      const cell = draft.cells[c.key] ?? { stock: '', price: '' };
      return { size: c.size, color: c.color, fabric: c.fabric, stock: parseStock(cell.stock) ?? 0, price: cell.price.trim() === '' ? null : parseMad(cell.price) };
    }),
  };
}

/**
 * Where a server field error is shown: the field itself when the form has it (names.fr, price, variants.2.stock),
 * the texts for name/description, the matrix for any other variants error; null: the form's alert.
 */
export function placeOfError(parameter: string): string | null {
  if (/^(names|descriptions)\.(ma|ar|fr|en|es|de)$/.test(parameter)) return parameter;
  if (/^(names?|name_ar)(\.|$)/.test(parameter)) return 'names';
  if (/^(descriptions?|description_ar)(\.|$)/.test(parameter)) return 'descriptions';
  if (['category_id', 'price', 'discount_price'].includes(parameter)) return parameter;
  if (/^variants\.\d+\.(stock|price)$/.test(parameter)) return parameter;
  if (/^variants(\.|$)/.test(parameter)) return 'variants';
  return null;
}
