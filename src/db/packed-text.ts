/**
 * Arabic-script text one byte per character. JavaScript keeps a string with any character above U+00FF two
 * bytes per character, and so do V8's serializer (IndexedDB's values) and the heap; Arabic letters, marks and
 * digits are U+0600–U+067F, so a text made of them and ASCII fits one byte per character: ASCII as is, U+06xx
 * as 0x80 + xx. The listing index keeps its search words so (listing-index.ts), and a stored product its texts
 * in Darija and Arabic (query-fields.ts).
 *
 * Any other text with a character above U+00FF (French "d’une", "cœur", a dash) would be a two-byte string too;
 * a stored text keeps such a one as its UTF-8 bytes, one byte each: about one byte per character for Latin
 * scripts instead of two.
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
/** A stored text that follows is as it was (it began with one of the marks). */
const LITERAL_MARK = '\u0002';
/** A stored text that follows is the UTF-8 bytes of the text, one character each. */
const UTF8_MARK = '\u0003';
const MARKS = [PACKED_MARK, LITERAL_MARK, UTF8_MARK];

/** Whether every character is at most U+00FF (V8 keeps such a string one byte per character). */
function isOneByte(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A text as stored: packed after PACKED_MARK when it holds Arabic and packs; its UTF-8 bytes after UTF8_MARK when
 * it has another character above U+00FF; else as it is (after LITERAL_MARK when it begins with a mark itself, so
 * that fromStoredText is exact for every string).
 */
export function toStoredText(text: string): string {
  const packed = packArabic(text);
  if (packed !== null && packed !== text) return PACKED_MARK + packed;
  // A lone surrogate has no UTF-8: such a (broken) text stays as it is.
  if (packed === null && !isOneByte(text) && text.isWellFormed()) return UTF8_MARK + fromCodes(utf8.encode(text));
  return MARKS.some((mark) => text.startsWith(mark)) ? LITERAL_MARK + text : text;
}

/** The text toStoredText stored. */
export function fromStoredText(stored: string): string {
  if (stored.startsWith(PACKED_MARK)) return unpackArabic(stored.slice(1));
  if (stored.startsWith(UTF8_MARK)) {
    const bytes = new Uint8Array(stored.length - 1);
    for (let i = 1; i < stored.length; i++) bytes[i - 1] = stored.charCodeAt(i);
    return fromUtf8.decode(bytes);
  }
  return stored.startsWith(LITERAL_MARK) ? stored.slice(1) : stored;
}
