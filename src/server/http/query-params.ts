/**
 * Zod building blocks for query strings and path parameters. Query values
 * arrive as strings (or arrays of strings when repeated); these parse them
 * strictly, so junk is a 400 that names the parameter, never a 500.
 *
 * Empty values follow one rule on every route: `x=` (or only spaces) means x
 * is absent. Forms send their empty inputs that way, e.g. the listing's price
 * fields for "no bound". parseRequest applies withoutEmptyValues to every
 * query before its schema sees it, so schemas only say `.optional()`.
 */
import { z } from 'zod';
import { isTextLanguage, TEXT_LANGUAGES, type TextLanguage } from '../../domain/catalog-text';

const isEmptyValue = (v: unknown): boolean => typeof v === 'string' && v.trim() === '';

/**
 * The query with empty values taken out: an empty parameter is dropped; a repeated one keeps its
 * non-empty values (`gender=&gender=men` is `gender=men`).
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const kept = value.filter((v) => !isEmptyValue(v));
      if (kept.length > 0) out[name] = kept.length === 1 ? kept[0] : kept;
    } else if (value !== undefined && !isEmptyValue(value)) {
      out[name] = value;
    }
  }
  return out;
}

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

/** One of `values` (all lower case), matched after trimming and lower-casing; the 400 lists them. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: () => oneOf(values) }));
}

/** Rejects control characters (PostgreSQL cannot even store NUL in text). */
export const CONTROL_CHARS = /\p{Cc}/u;

export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters');

/** A positive integer written in plain digits, within the given bounds. */
export const positiveInt = (max: number, label = 'a positive integer') =>
  z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, `must be ${label}`)
    .transform(Number)
    .refine((n) => n >= 1, `must be ${label}`)
    .refine((n) => n <= max, `must be at most ${max}`);

/** A non-negative decimal number of MAD (e.g. 120 or 99.50). */
export const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(?:\.\d{1,6})?$/, 'must be a non-negative number, e.g. 250 or 99.50')
  .transform(Number);

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** true/false, 1/0, yes/no, on/off. */
export const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => TRUE.has(s) || FALSE.has(s), 'must be true or false')
  .transform((s) => TRUE.has(s));

/**
 * A list given as a comma list, repeated parameters, or both
 * (colors=red,blue&colors=green), validated against the allowed values.
 * `normalise` maps user spelling to the canonical one (e.g. case).
 */
export function list<const T extends readonly [string, ...string[]]>(values: T, normalise: (s: string) => string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(normalise),
    )
    .pipe(
      z
        .array(z.enum(values, { error: (iss) => `'${String(iss.input)}' is not one of ${values.join(', ')}` }))
        .max(values.length * 4, 'lists too many values'),
    );
}

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** Interface languages (spec §1): the catalogue's TEXT_LANGUAGES (src/domain/catalog-text.ts). */
export const LOCALES = TEXT_LANGUAGES;
export type Locale = TextLanguage;

/**
 * A language tag as one of the six: `ar-MA` (Darija's HTML tag, decisions.md "Languages") is ma, any other tag
 * by its primary subtag (`fr-FR` → fr, `ar-EG` → ar); null when it names none of them.
 */
export function localeFromTag(tag: string): Locale | null {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (t === 'ar-ma' || t.startsWith('ar-ma-')) return 'ma';
  const primary = t.split('-')[0] ?? t;
  return isTextLanguage(primary) ? primary : null;
}

export const locale = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => localeFromTag(s) ?? s)
  .pipe(z.enum(LOCALES, { error: () => oneOf(LOCALES) }));
