/**
 * The in-memory listing index of the data worker: one slim entry per live
 * product, enough to filter, count, sort and page a listing (and pick related
 * products) without reading a single full document. The caller then fetches
 * only the page's documents by primary key.
 *
 * Semantics are exactly those of src/domain/product-query.ts
 * (matchesProductQuery, compareForSort with SORT_KEYS and the id-string
 * tie-break in the direction of the last key); tests/db checks it against the
 * reference on a broad matrix, also after incremental changes.
 *
 * Layout (structure of arrays, one slot per entry, slots reused after deletes),
 * about 200 bytes per product in Chromium (npm run bench measures it):
 * - numbers that sort or filter (price, dates, counters, shop, codes): typed
 *   columns that start as small unsigned integers and widen, up to Float64,
 *   the first time a value does not fit, so every value is the document's own
 *   and comparisons are the reference's comparisons;
 * - gender and category slug: small integer codes (interned strings);
 * - colours, sizes, fabrics and the five flags: bits of one Uint32 per entry;
 * - id as a string (the tie-break);
 * - search (src/domain/search.ts): the product's names in every language,
 *   folded (foldForSearch) and each distinct word kept once, as one string;
 *   stored one byte per character when it is ASCII and Arabic only
 *   (packArabic), half the memory of the two-byte string; the category's
 *   names, folded the same way, as a code into the distinct category texts;
 * - a stamp per entry (the caller's revision height) so the caller can tell
 *   whether a document it fetched is the version the index ranked.
 * One sorted permutation of slots per sort option is built on first use and
 * then kept current by merging each batch of changed slots into it.
 *
 * toSnapshot()/fromSnapshot() copy the whole state (columns, codes, strings,
 * slots, sort orders, stamps) to and from plain structured-cloneable data, so
 * src/db/listing-snapshot.ts can store it and a cold start need not rebuild.
 *
 * Pure: no RxDB here (src/db/product-listing.ts binds it to the collection).
 */
import {
  COLORS,
  FABRICS,
  SIZES,
  type NormalizedProductQuery,
  type ProductDoc,
  type Sort,
} from '../domain/catalog';
import { isGender, SORT_KEYS, type SortField } from '../domain/product-query';
import { foldForSearch, searchTerms } from '../domain/search';
import { packArabic } from './packed-text';

export { packArabic } from './packed-text';

/** What the index keeps of a product. ProductDoc (and RxDB's stored document) satisfy it. */
export type ListingFields = Pick<
  ProductDoc,
  | 'id'
  | 'gender'
  | 'category_slug'
  | 'shop_id'
  | 'colors'
  | 'sizes'
  | 'fabrics'
  | 'in_stock'
  | 'customizable'
  | 'handmade'
  | 'express'
  | 'has_discount'
  | 'effective_price'
  | 'created_at'
  | 'sales_count'
  | 'rating'
  | 'reviews_count'
  | 'names'
  | 'category_names'
>;

/** Ids picked by a query, in order, with the stamp each had when it was picked. */
export interface Picked {
  ids: string[];
  stamps: number[];
}
export interface PickedPage extends Picked {
  total: number;
}

// Bits of the per-entry Uint32: 6 colours, 6 sizes, 6 fabrics, 5 flags.
const COLOR_SHIFT = 0;
const SIZE_SHIFT = 6;
const FABRIC_SHIFT = 12;
const FLAG_SHIFT = 18;
const FLAG = {
  in_stock: 1 << FLAG_SHIFT,
  customizable: 1 << (FLAG_SHIFT + 1),
  handmade: 1 << (FLAG_SHIFT + 2),
  express: 1 << (FLAG_SHIFT + 3),
  has_discount: 1 << (FLAG_SHIFT + 4),
} as const;
/** The entry's search words are stored packed (packArabic). */
const WORDS_PACKED = 1 << (FLAG_SHIFT + 5);

/**
 * The words of some texts (a product's names in every language, or its category's), folded for search
 * (foldForSearch), each distinct word once, joined by spaces. A query's term (one word: searchTerms) is found in
 * the texts exactly when it is found in one word, so it is found in them exactly when it is found in this string:
 * termsFoundIn(searchWords(t), terms) ⇔ termsFoundIn(searchText(values of t), terms) (src/domain/search.ts).
 */
export function searchWords(texts: Readonly<Partial<Record<string, string>>>): string {
  // One fold of the texts joined by a space: folding works character by character (a space separates words and
  // stays one), so this is the texts' folds joined, at a sixth of the calls.
  const folded = foldForSearch(Object.values(texts).join(' '));
  if (folded === '') return '';
  return [...new Set(folded.split(' '))].join(' ');
}

/** A query's terms as the index matches them: each term's spellings, as is and packed (packArabic; null dropped). */
interface IndexTerms {
  spellings: string[][];
  packed: string[][];
}

function indexTerms(search: string | undefined): IndexTerms | null {
  const spellings = search === undefined ? [] : searchTerms(search);
  if (spellings.length === 0) return null;
  return {
    spellings,
    packed: spellings.map((alternatives) => alternatives.map(packArabic).filter((p): p is string => p !== null)),
  };
}

/** Whether one term (any of its spellings) is in the text. */
function termIn(text: string, spellings: readonly string[]): boolean {
  for (const s of spellings) if (text.includes(s)) return true;
  return false;
}

type NumberArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;
/** The whole state of a ListingIndex as structured-cloneable data (toSnapshot / fromSnapshot). */
export interface ListingIndexSnapshot {
  /** Slots in use or freed: every per-slot array below has this length. */
  highWater: number;
  /** Freed slots, in the order they will be reused. */
  free: Int32Array;
  /** Strings by slot, concatenated; a freed slot's id length is FREED. */
  ids: string;
  idLengths: Uint32Array;
  /** The names' search words (searchWords), packed when the entry's bits say so. */
  words: string;
  wordsLengths: Uint32Array;
  /** Interned strings, by code. */
  genders: string[];
  categories: string[];
  /** The categories' search words (searchWords of category_names), by code. */
  categoryWords: string[];
  bits: Uint32Array;
  gender: NumberArray;
  category: NumberArray;
  categoryText: NumberArray;
  shop: NumberArray;
  stamp: NumberArray;
  numbers: Record<SortField, NumberArray>;
  /** Sort orders (live slots only), up to date with every change. */
  orders: { sort: Sort; slots: Int32Array }[];
}
const FREED = 0xffff_ffff;
/** A slot the query does not match (else the match's search rank, 0 or 1). */
const NO_MATCH = -1;

const WIDER = [
  { make: (n: number): NumberArray => new Uint8Array(n), max: 0xff },
  { make: (n: number): NumberArray => new Uint16Array(n), max: 0xffff },
  { make: (n: number): NumberArray => new Uint32Array(n), max: 0xffff_ffff },
  { make: (n: number): NumberArray => new Float64Array(n), max: Infinity },
];

/** A column of numbers stored exactly in the narrowest typed array that holds all of them so far. */
class NumberColumn {
  private level = 0;
  data: NumberArray;
  constructor(capacity: number) {
    this.data = (WIDER[0] as (typeof WIDER)[number]).make(capacity);
  }
  /** The column of a snapshot: its values in an array of the same width, of `capacity` slots. */
  static restore(values: NumberArray, capacity: number): NumberColumn {
    const column = new NumberColumn(0);
    const level = WIDER.findIndex(({ make }) => make(0).constructor === values.constructor);
    if (level < 0 || values.length > capacity) throw new Error('ListingIndex snapshot: bad number column');
    column.level = level;
    column.data = (WIDER[level] as (typeof WIDER)[number]).make(capacity);
    column.data.set(values);
    return column;
  }
  set(s: number, value: number): void {
    if (this.level < WIDER.length - 1 && !(Number.isInteger(value) && value >= 0 && value <= (WIDER[this.level] as (typeof WIDER)[number]).max)) {
      this.widen(value);
    }
    this.data[s] = value;
  }
  resize(capacity: number): void {
    const next = (WIDER[this.level] as (typeof WIDER)[number]).make(capacity);
    next.set(this.data.subarray(0, Math.min(capacity, this.data.length)));
    this.data = next;
  }
  private widen(value: number): void {
    let level = this.level;
    while (level < WIDER.length - 1 && !(Number.isInteger(value) && value >= 0 && value <= (WIDER[level] as (typeof WIDER)[number]).max)) {
      level += 1;
    }
    const next = (WIDER[level] as (typeof WIDER)[number]).make(this.data.length);
    next.set(this.data);
    this.level = level;
    this.data = next;
  }
}

function bitsOf(values: readonly string[] | undefined, all: readonly string[], shift: number): number {
  let bits = 0;
  if (!values) return bits;
  for (const v of values) {
    const i = all.indexOf(v);
    // A value outside the enum can never be asked for (queries are validated against it).
    if (i >= 0) bits |= 1 << (shift + i);
  }
  return bits;
}

/** Strings ↔ small integer codes; codes are never reused (a few dozen categories). */
class Interner {
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.codes.size;
      this.codes.set(value, c);
    }
    return c;
  }
  /** -1 when no entry ever had this value. */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }
  /** The strings, by code. */
  values(): string[] {
    return [...this.codes.keys()];
  }
  static restore(values: readonly string[]): Interner {
    const interner = new Interner();
    for (const v of values) interner.code(v);
    if (interner.codes.size !== values.length) throw new Error('ListingIndex snapshot: repeated interned string');
    return interner;
  }
}

/** Strings joined, with their lengths (FREED for a slot without one). */
function joinStrings(strings: readonly (string | undefined)[], count: number): { text: string; lengths: Uint32Array } {
  const lengths = new Uint32Array(count);
  const parts: string[] = new Array<string>(count);
  for (let s = 0; s < count; s++) {
    const text = strings[s];
    lengths[s] = text === undefined ? FREED : text.length;
    parts[s] = text ?? '';
  }
  return { text: parts.join(''), lengths };
}

function splitStrings(text: string, lengths: Uint32Array): (string | undefined)[] {
  const out: (string | undefined)[] = new Array<string | undefined>(lengths.length);
  let at = 0;
  for (let s = 0; s < lengths.length; s++) {
    const n = lengths[s] as number;
    if (n === FREED) {
      out[s] = undefined;
      continue;
    }
    out[s] = text.slice(at, at + n);
    at += n;
  }
  if (at !== text.length) throw new Error('ListingIndex snapshot: string lengths do not add up');
  return out;
}

interface SortOrder {
  slots: Int32Array;
  length: number;
  /** Slots written or freed since the order was last brought up to date. */
  dirty: Set<number>;
}

const INITIAL_CAPACITY = 1024;
const GROWTH = 1.5;
const NO_ID = undefined;

export class ListingIndex {
  private capacity = INITIAL_CAPACITY;
  /** Slots below this have been used at least once. */
  private highWater = 0;
  private live = 0;
  private readonly free: number[] = [];
  private readonly slotById = new Map<string, number>();
  private genders = new Interner();
  private categories = new Interner();
  private categoryWords = new Interner();
  /** categoryWords codes by the category texts they were folded from (JSON of the map). */
  private categoryCodeByTexts = new Map<string, number>();

  private ids: (string | undefined)[] = [];
  /** searchWords(names), packed (packArabic) when the entry has WORDS_PACKED. */
  private words: string[] = [];
  private bits = new Uint32Array(INITIAL_CAPACITY);
  private mark = new Uint8Array(INITIAL_CAPACITY);
  private gender = new NumberColumn(INITIAL_CAPACITY);
  private category = new NumberColumn(INITIAL_CAPACITY);
  /** The code of searchWords(category_names) in categoryWords. */
  private categoryText = new NumberColumn(INITIAL_CAPACITY);
  private shop = new NumberColumn(INITIAL_CAPACITY);
  private stamp = new NumberColumn(INITIAL_CAPACITY);
  private numbers: Record<SortField, NumberColumn> = {
    effective_price: new NumberColumn(INITIAL_CAPACITY),
    created_at: new NumberColumn(INITIAL_CAPACITY),
    sales_count: new NumberColumn(INITIAL_CAPACITY),
    rating: new NumberColumn(INITIAL_CAPACITY),
    reviews_count: new NumberColumn(INITIAL_CAPACITY),
  };
  private readonly orders = new Map<Sort, SortOrder>();
  private changeCount = 0;

  /** Live entries. */
  get size(): number {
    return this.live;
  }

  /** Increases with every write (upsert or remove); a cheap "did anything change" check. */
  get version(): number {
    return this.changeCount;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** The stamp given with the entry's last upsert, undefined when absent. */
  stampOf(id: string): number | undefined {
    const s = this.slotById.get(id);
    return s === undefined ? undefined : (this.stamp.data[s] as number);
  }

  /** Inserts or replaces the entry of doc.id. */
  upsert(doc: ListingFields, stamp = 0): void {
    let s = this.slotById.get(doc.id);
    if (s === undefined) {
      s = this.free.pop() ?? this.highWater++;
      if (s >= this.capacity) this.resize(Math.ceil(this.capacity * GROWTH));
      this.slotById.set(doc.id, s);
      this.ids[s] = doc.id;
      this.live += 1;
    }
    this.touch(s);
    const words = searchWords(doc.names);
    const packed = packArabic(words);
    this.words[s] = packed ?? words;
    this.gender.set(s, this.genders.code(doc.gender));
    this.category.set(s, this.categories.code(doc.category_slug));
    this.categoryText.set(s, this.categoryTextCode(doc.category_names));
    this.shop.set(s, doc.shop_id);
    this.bits[s] =
      bitsOf(doc.colors, COLORS, COLOR_SHIFT) |
      bitsOf(doc.sizes, SIZES, SIZE_SHIFT) |
      bitsOf(doc.fabrics, FABRICS, FABRIC_SHIFT) |
      (doc.in_stock ? FLAG.in_stock : 0) |
      (doc.customizable ? FLAG.customizable : 0) |
      (doc.handmade ? FLAG.handmade : 0) |
      (doc.express ? FLAG.express : 0) |
      (doc.has_discount ? FLAG.has_discount : 0) |
      (packed !== null ? WORDS_PACKED : 0);
    for (const field of Object.keys(this.numbers) as SortField[]) this.numbers[field].set(s, doc[field]);
    this.stamp.set(s, stamp);
  }

  /** The code of a category's search words; the few distinct category texts are folded once each. */
  private categoryTextCode(names: ListingFields['category_names']): number {
    const key = JSON.stringify(names);
    let code = this.categoryCodeByTexts.get(key);
    if (code === undefined) {
      code = this.categoryWords.code(searchWords(names));
      this.categoryCodeByTexts.set(key, code);
    }
    return code;
  }

  /**
   * Gives back the room kept for growth (after a bulk load such as the build):
   * capacity becomes what the entries need plus a little.
   */
  trim(): void {
    const capacity = Math.max(INITIAL_CAPACITY, Math.ceil(this.highWater * 1.02));
    if (capacity < this.capacity) this.resize(capacity);
    for (const o of this.orders.values()) {
      if (o.slots.length > o.length * 1.05 + 64) o.slots = o.slots.slice(0, Math.ceil(o.length * 1.02) + 16);
    }
  }

  /** Removes the entry of id; false when there was none. */
  remove(id: string): boolean {
    const s = this.slotById.get(id);
    if (s === undefined) return false;
    this.touch(s);
    this.slotById.delete(id);
    this.ids[s] = NO_ID;
    this.words[s] = '';
    this.free.push(s);
    this.live -= 1;
    return true;
  }

  /**
   * Page and total of a listing query, both from this one state of the index. With a search, the products whose
   * names hold every term come first (rank 0), then those that need their category's names (rank 1), each group
   * in the sort's order (src/domain/search.ts searchRank).
   */
  query(q: NormalizedProductQuery): PickedPage {
    const start = (q.page - 1) * q.perPage;
    const end = start + q.perPage;
    const page: number[] = [];
    let total = 0;
    const match = this.matcher(q);
    if (match !== null) {
      const { slots, length } = this.order(q.sort);
      /** Rank-1 matches, in sort order: they follow every rank-0 match. */
      const later: number[] = [];
      for (let r = 0; r < length; r++) {
        const s = slots[r] as number;
        const rank = match(s);
        if (rank === NO_MATCH) continue;
        if (rank !== 0) {
          later.push(s);
          continue;
        }
        if (total >= start && total < end) page.push(s);
        total += 1;
      }
      for (const s of later) {
        if (total >= start && total < end) page.push(s);
        total += 1;
      }
    }
    return { ...this.picked(page), total };
  }

  /**
   * Related products, as the server's /related: same subcategory first, then the
   * same gender in other subcategories, each by the 'popular' order; never the
   * product itself; nothing when the product is unknown.
   */
  related(id: string, limit: number): Picked {
    const self = this.slotById.get(id);
    if (self === undefined || limit <= 0) return { ids: [], stamps: [] };
    const categories = this.category.data;
    const genders = this.gender.data;
    const category = categories[self] as number;
    const gender = genders[self] as number;
    const { slots, length } = this.order('popular');
    const out: number[] = [];
    for (let r = 0; r < length && out.length < limit; r++) {
      const s = slots[r] as number;
      if (s !== self && categories[s] === category) out.push(s);
    }
    for (let r = 0; r < length && out.length < limit; r++) {
      const s = slots[r] as number;
      if (genders[s] === gender && categories[s] !== category) out.push(s);
    }
    return this.picked(out);
  }

  /**
   * Approximate bytes held: typed columns, sort orders, strings (1 or 2 bytes per
   * code unit plus a header, as V8 stores them) and the id map. For reports; the
   * benchmark measures the real heap.
   */
  approxBytes(): number {
    const columns = [this.gender, this.category, this.categoryText, this.shop, this.stamp, ...Object.values(this.numbers)];
    let bytes = this.bits.byteLength + this.mark.byteLength + columns.reduce((n, c) => n + c.data.byteLength, 0);
    for (const o of this.orders.values()) bytes += o.slots.byteLength;
    const stringBytes = (text: string) => {
      let wide = false;
      for (let i = 0; i < text.length && !wide; i++) wide = text.charCodeAt(i) > 0xff;
      return 16 + text.length * (wide ? 2 : 1);
    };
    bytes += this.capacity * 2 * 4; // the two string arrays' slots
    for (let s = 0; s < this.highWater; s++) {
      const id = this.ids[s];
      if (id === undefined) continue;
      bytes += stringBytes(id) + stringBytes(this.words[s] ?? '');
    }
    for (const text of this.categoryWords.values()) bytes += stringBytes(text);
    bytes += this.slotById.size * 20;
    return bytes;
  }

  /**
   * The whole state as structured-cloneable data (copies: later writes do not
   * change it). Keeps the sort orders that a merge brings up to date; one that
   * would have to be sorted again (many changes since, e.g. during a sync) is
   * left out and sorted on its first use after a restore.
   */
  toSnapshot(): ListingIndexSnapshot {
    const n = this.highWater;
    for (const [sort, o] of [...this.orders]) {
      if (this.needsRebuild(o)) this.orders.delete(sort);
      else this.order(sort);
    }
    const ids = joinStrings(this.ids, n);
    const words = joinStrings(this.words, n);
    const numbers = {} as Record<SortField, NumberArray>;
    for (const field of Object.keys(this.numbers) as SortField[]) numbers[field] = this.numbers[field].data.slice(0, n);
    return {
      highWater: n,
      free: Int32Array.from(this.free),
      ids: ids.text,
      idLengths: ids.lengths,
      words: words.text,
      wordsLengths: words.lengths,
      genders: this.genders.values(),
      categories: this.categories.values(),
      categoryWords: this.categoryWords.values(),
      bits: this.bits.slice(0, n),
      gender: this.gender.data.slice(0, n),
      category: this.category.data.slice(0, n),
      categoryText: this.categoryText.data.slice(0, n),
      shop: this.shop.data.slice(0, n),
      stamp: this.stamp.data.slice(0, n),
      numbers,
      orders: [...this.orders].map(([sort, o]) => ({ sort, slots: o.slots.slice(0, o.length) })),
    };
  }

  /** The index a snapshot was taken of; throws when the snapshot is not self-consistent. */
  static fromSnapshot(snap: ListingIndexSnapshot): ListingIndex {
    const n = snap.highWater;
    const bad = (what: string) => new Error(`ListingIndex snapshot: ${what}`);
    if (!Number.isInteger(n) || n < 0) throw bad('highWater');
    const index = new ListingIndex();
    const capacity = Math.max(INITIAL_CAPACITY, Math.ceil(n * 1.02));
    const perSlot = [snap.idLengths, snap.wordsLengths, snap.bits, snap.gender, snap.category, snap.categoryText, snap.shop, snap.stamp];
    if (perSlot.some((a) => a.length !== n) || Object.values(snap.numbers).some((a) => a.length !== n)) throw bad('column length');
    index.capacity = capacity;
    index.highWater = n;
    index.ids = splitStrings(snap.ids, snap.idLengths);
    index.words = splitStrings(snap.words, snap.wordsLengths).map((t) => t ?? '');
    for (let s = 0; s < n; s++) {
      const id = index.ids[s];
      if (id === undefined) continue;
      if (index.slotById.has(id)) throw bad(`id ${id} twice`);
      index.slotById.set(id, s);
    }
    index.live = index.slotById.size;
    const free = Array.from(snap.free);
    if (free.length !== n - index.live || free.some((s) => !(s >= 0 && s < n) || index.ids[s] !== NO_ID)) throw bad('free slots');
    index.free.push(...free);
    index.genders = Interner.restore(snap.genders);
    index.categories = Interner.restore(snap.categories);
    index.categoryWords = Interner.restore(snap.categoryWords);
    index.bits = new Uint32Array(capacity);
    index.bits.set(snap.bits);
    index.mark = new Uint8Array(capacity);
    index.gender = NumberColumn.restore(snap.gender, capacity);
    index.category = NumberColumn.restore(snap.category, capacity);
    index.categoryText = NumberColumn.restore(snap.categoryText, capacity);
    if (snap.categoryText.some((c) => !(c < snap.categoryWords.length))) throw bad('category text code');
    index.shop = NumberColumn.restore(snap.shop, capacity);
    index.stamp = NumberColumn.restore(snap.stamp, capacity);
    for (const field of Object.keys(index.numbers) as SortField[]) {
      const values = snap.numbers[field];
      if (!values) throw bad(`no ${field}`);
      index.numbers[field] = NumberColumn.restore(values, capacity);
    }
    for (const { sort, slots } of snap.orders) {
      if (!(sort in SORT_KEYS) || slots.length !== index.live || slots.some((s) => !(s >= 0 && s < n) || index.ids[s] === NO_ID)) {
        throw bad(`order ${sort}`);
      }
      const copy = new Int32Array(Math.ceil(slots.length * 1.02) + 16);
      copy.set(slots);
      index.orders.set(sort, { slots: copy, length: slots.length, dirty: new Set() });
    }
    return index;
  }

  // ---------------------------------------------------------------- internals

  private picked(slots: number[]): Picked {
    return {
      ids: slots.map((s) => this.ids[s] as string),
      stamps: slots.map((s) => this.stamp.data[s] as number),
    };
  }

  /** matchesProductQuery on a slot, with the search's rank (0 or 1; NO_MATCH); null when nothing can match. */
  private matcher(q: NormalizedProductQuery): ((s: number) => number) | null {
    let gender = -1;
    let category = -1;
    if (q.category !== undefined) {
      if (isGender(q.category)) {
        gender = this.genders.find(q.category);
        if (gender < 0) return null;
      } else {
        category = this.categories.find(q.category);
        if (category < 0) return null;
      }
    }
    if (q.gender !== undefined) {
      const g = this.genders.find(q.gender);
      if (g < 0 || (gender >= 0 && g !== gender)) return null;
      gender = g;
    }
    const shop = q.shopId;
    const colors = bitsOf(q.colors, COLORS, COLOR_SHIFT);
    const sizes = bitsOf(q.sizes, SIZES, SIZE_SHIFT);
    const fabrics = bitsOf(q.fabrics, FABRICS, FABRIC_SHIFT);
    const flags =
      (q.inStock ? FLAG.in_stock : 0) |
      (q.customizable ? FLAG.customizable : 0) |
      (q.handmade ? FLAG.handmade : 0) |
      (q.express ? FLAG.express : 0) |
      (q.onSale ? FLAG.has_discount : 0);
    const min = q.minPrice;
    const max = q.maxPrice;
    const terms = indexTerms(q.search);

    const genderCol = this.gender.data;
    const categoryCol = this.category.data;
    const shopCol = this.shop.data;
    const bitsCol = this.bits;
    const price = this.numbers.effective_price.data;
    const rank = terms === null ? null : this.ranker(terms);
    return (s) => {
      if (gender >= 0 && genderCol[s] !== gender) return NO_MATCH;
      if (category >= 0 && categoryCol[s] !== category) return NO_MATCH;
      if (shop !== undefined && shopCol[s] !== shop) return NO_MATCH;
      const b = bitsCol[s] as number;
      if (colors !== 0 && (b & colors) === 0) return NO_MATCH;
      if (sizes !== 0 && (b & sizes) === 0) return NO_MATCH;
      if (fabrics !== 0 && (b & fabrics) === 0) return NO_MATCH;
      if ((b & flags) !== flags) return NO_MATCH;
      const p = price[s] as number;
      if (min !== undefined && p < min) return NO_MATCH;
      if (max !== undefined && p > max) return NO_MATCH;
      return rank === null ? 0 : rank(s, b);
    };
  }

  /**
   * searchRank on a slot: 0 when its names' words hold every term, 1 when each term is in them or in its
   * category's words, else NO_MATCH. Which terms each category text holds is worked out once per query.
   */
  private ranker(terms: IndexTerms): (s: number, bits: number) => number {
    const categoryHas = this.categoryWords.values().map((text) => terms.spellings.map((spellings) => termIn(text, spellings)));
    const words = this.words;
    const categoryText = this.categoryText.data;
    const count = terms.spellings.length;
    return (s, b) => {
      const text = words[s] as string;
      const spellings = b & WORDS_PACKED ? terms.packed : terms.spellings;
      let rank = 0;
      for (let t = 0; t < count; t++) {
        if (termIn(text, spellings[t] as string[])) continue;
        if (!(categoryHas[categoryText[s] as number] as boolean[])[t]) return NO_MATCH;
        rank = 1;
      }
      return rank;
    };
  }

  /** compareForSort(sort) on slots. Reads the current columns: build it after any grow. */
  private comparator(sort: Sort): (a: number, b: number) => number {
    const keys = SORT_KEYS[sort].map(({ field, dir }) => ({ col: this.numbers[field].data, sign: dir === 'asc' ? 1 : -1 }));
    const idSign = SORT_KEYS[sort].at(-1)?.dir === 'desc' ? -1 : 1;
    const ids = this.ids;
    return (a, b) => {
      for (const { col, sign } of keys) {
        const x = col[a] as number;
        const y = col[b] as number;
        if (x !== y) return x < y ? -sign : sign;
      }
      const ia = ids[a] as string;
      const ib = ids[b] as string;
      return ia < ib ? -idSign : ia > ib ? idSign : 0;
    };
  }

  /** The live slots in `sort` order, brought up to date with every change so far. */
  private order(sort: Sort): { slots: Int32Array; length: number } {
    let o = this.orders.get(sort);
    if (!o || this.needsRebuild(o)) {
      o = this.buildOrder(sort);
      this.orders.set(sort, o);
    } else if (o.dirty.size > 0) {
      this.mergeDirty(o, this.comparator(sort));
    }
    return o;
  }

  /** Sorting all slots again is cheaper than merging this many changed ones. */
  private needsRebuild(o: SortOrder): boolean {
    return o.dirty.size > Math.max(64, this.live >> 3);
  }

  private buildOrder(sort: Sort): SortOrder {
    const slots = new Int32Array(Math.ceil(this.live * 1.02) + 16);
    let length = 0;
    for (let s = 0; s < this.highWater; s++) if (this.ids[s] !== NO_ID) slots[length++] = s;
    slots.subarray(0, length).sort(this.comparator(sort));
    return { slots, length, dirty: new Set() };
  }

  /** Drops the changed slots from the order, sorts the live ones among them and merges them back in. */
  private mergeDirty(o: SortOrder, cmp: (a: number, b: number) => number): void {
    const mark = this.mark;
    for (const s of o.dirty) mark[s] = 1;
    let kept = 0;
    for (let r = 0; r < o.length; r++) {
      const s = o.slots[r] as number;
      if (mark[s] === 0) o.slots[kept++] = s;
    }
    for (const s of o.dirty) mark[s] = 0;
    const added = [...o.dirty].filter((s) => this.ids[s] !== NO_ID).sort(cmp);
    o.dirty.clear();
    const length = kept + added.length;
    if (o.slots.length < length) {
      const bigger = new Int32Array(Math.ceil(length * GROWTH));
      bigger.set(o.slots.subarray(0, kept));
      o.slots = bigger;
    }
    // Merge from the back so the kept slots move at most once.
    let i = kept - 1;
    let j = added.length - 1;
    for (let w = length - 1; j >= 0; w--) {
      const a = added[j] as number;
      if (i >= 0 && cmp(o.slots[i] as number, a) > 0) {
        o.slots[w] = o.slots[i--] as number;
      } else {
        o.slots[w] = a;
        j--;
      }
    }
    o.length = length;
  }

  private touch(s: number): void {
    this.changeCount += 1;
    for (const o of this.orders.values()) o.dirty.add(s);
  }

  private resize(capacity: number): void {
    const copy = <T extends Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a.subarray(0, Math.min(capacity, a.length)));
      return b;
    };
    this.bits = copy(this.bits, (n) => new Uint32Array(n));
    this.mark = copy(this.mark, (n) => new Uint8Array(n));
    for (const column of [this.gender, this.category, this.categoryText, this.shop, this.stamp, ...Object.values(this.numbers)]) {
      column.resize(capacity);
    }
    this.capacity = capacity;
  }
}
