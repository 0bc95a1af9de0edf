/**
 * Arabic-script text one byte per character. JavaScript keeps a string with any character above U+00FF two
 * bytes per character, and so do V8's serializer (IndexedDB's values) and the heap; Arabic letters, marks and
 * digits are U+0600–U+067F, so a text made of them and ASCII fits one byte per character: ASCII as is, U+06xx
 * as 0x80 + xx. The listing index keeps its search words so (listing-index.ts), and a stored product its texts
 * in Darija and Arabic (query-fields.ts).
 */

const ARABIC_BLOCK = 0x0600;
const ARABIC_PACKED = 0x80;

/**
 * A string made only of ASCII and U+0600–U+067F (the Arabic letters, marks and
 * digits) as a one-byte string: ASCII as is, U+06xx as 0x80 + xx. null for any
 * other character. Character by character and one to one, so for two packable
 * strings `a.includes(b)` ⇔ `packArabic(a).includes(packArabic(b))`, and a
 * string that is not packable is never inside a packable one.
 */
export function packArabic(text: string): string | null {
  let codes: Uint8Array | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < ARABIC_PACKED) {
      if (codes) codes[i] = c;
    } else if (c >= ARABIC_BLOCK && c < ARABIC_BLOCK + ARABIC_PACKED) {
      if (!codes) {
        codes = new Uint8Array(text.length);
        for (let j = 0; j < i; j++) codes[j] = text.charCodeAt(j);
      }
      codes[i] = c - ARABIC_BLOCK + ARABIC_PACKED;
    } else {
      return null;
    }
  }
  return codes === null ? text : fromCodes(codes);
}

/** The text packArabic packed. */
export function unpackArabic(packed: string): string {
  const codes = new Uint16Array(packed.length);
  for (let i = 0; i < packed.length; i++) {
    const c = packed.charCodeAt(i);
    codes[i] = c < ARABIC_PACKED ? c : c - ARABIC_PACKED + ARABIC_BLOCK;
  }
  return fromCodes(codes);
}

/**
 * The string of these UTF-16 code units, in chunks (fromCharCode takes its arguments on the stack; through apply
 * with a typed array, several times faster than spreading it). Codes all below 0x100 give a one-byte string.
 */
function fromCodes(codes: Uint8Array | Uint16Array): string {
  let out = '';
  for (let i = 0; i < codes.length; i += 8192) out += Reflect.apply(String.fromCharCode, null, codes.subarray(i, i + 8192)) as string;
  return out;
}

/** A stored text that follows is packed (packArabic). */
const PACKED_MARK = '\u0001';
/** A stored text that follows is as it was (it began with one of the two marks). */
const LITERAL_MARK = '\u0002';

/**
 * A text as stored: packed after PACKED_MARK when it holds Arabic and packs, else as it is (after LITERAL_MARK
 * when it begins with a mark itself, so that storedText is exact for every string).
 */
export function toStoredText(text: string): string {
  const packed = packArabic(text);
  if (packed !== null && packed !== text) return PACKED_MARK + packed;
  return text.startsWith(PACKED_MARK) || text.startsWith(LITERAL_MARK) ? LITERAL_MARK + text : text;
}

/** The text toStoredText stored. */
export function fromStoredText(stored: string): string {
  if (stored.startsWith(PACKED_MARK)) return unpackArabic(stored.slice(1));
  return stored.startsWith(LITERAL_MARK) ? stored.slice(1) : stored;
}
