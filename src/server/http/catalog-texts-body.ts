/**
 * The write API's catalogue texts (issue 22, docs/CATALOGUE.md "Writing texts"): `names` and `descriptions`, each
 * `{ma?, ar?, fr?, en?, es?, de?}`, beside the spec's pair `name`/`name_ar` and `description`/`description_ar`
 * (English and Arabic: `name` counts as English when `names.en` is absent). A name is at most NAME_MAX (200)
 * characters and a description at most DESCRIPTION_MAX (5,000) in each language; a map given must hold at least one
 * language; a body must give some text. Texts are trimmed; an empty or null language is "not given". Refused as
 * 422 VALIDATION naming the field (`names.fr`), with the accounts' message style (http/body.ts).
 *
 * The operator's routes (routes/admin-catalog.ts) read it today; the seller's product form (next issue) builds on it.
 */
import { z } from 'zod';
import { DESCRIPTION_MAX, NAME_MAX, TEXT_LANGUAGES, type LocalizedText, type TextLanguage } from '../../domain/catalog-text';
import { fieldMessages } from './body';

/** Far above any valid body (six names and six 5,000-character descriptions). */
export const CATALOG_TEXTS_BODY_LIMIT = 256 * 1024;

/** Control characters a text may not hold (a description may hold line breaks and tabs). */
const NAME_CONTROL = /\p{Cc}/u;
/** Any control character but tab, line feed and carriage return. */
const DESCRIPTION_CONTROL = /(?![\t\n\r])\p{Cc}/u;

function oneText(field: string, max: number, control: RegExp) {
  return z
    .string({ error: () => fieldMessages.type(field) })
    .trim()
    .max(max, fieldMessages.max(field, max))
    .refine((s) => !control.test(s), `The ${field} must not contain control characters.`)
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : v));
}

/** `{ma?, ar?, fr?, en?, es?, de?}`: unknown keys refused; at least one language held. */
function textsMap(field: 'names' | 'descriptions', max: number, control: RegExp) {
  const shape = Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, oneText(`${field}.${l}`, max, control)])) as Record<TextLanguage, ReturnType<typeof oneText>>;
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `The ${field} may only hold the languages ${TEXT_LANGUAGES.join(', ')}.`
          : `The ${field} must be an object with the keys ${TEXT_LANGUAGES.join(', ')}.`,
    })
    .transform((m): LocalizedText => {
      const out: LocalizedText = {};
      for (const l of TEXT_LANGUAGES) if (m[l] !== undefined) out[l] = m[l];
      return out;
    })
    .refine((m) => Object.keys(m).length > 0, `The ${field} must hold at least one language.`)
    .optional();
}

const nameText = (field: string) => oneText(field, NAME_MAX, NAME_CONTROL);
const descriptionText = (field: string) => oneText(field, DESCRIPTION_MAX, DESCRIPTION_CONTROL);

/** What a write asks for: each text's map and the spec's pair, validated; applied by resolveTexts. */
export interface TextsWrite {
  /** The map that replaces the stored one, when given. */
  map?: LocalizedText;
  /** The spec's pair: English unless the map gives en, Arabic unless it gives ar. */
  en?: string;
  ar?: string;
}

export interface CatalogTextsBody {
  names: TextsWrite;
  descriptions: TextsWrite;
}

const given = (w: TextsWrite): boolean => w.map !== undefined || w.en !== undefined || w.ar !== undefined;

/** Products and shops: names and descriptions. */
export const catalogTextsBodySchema = z
  .object({
    names: textsMap('names', NAME_MAX, NAME_CONTROL),
    name: nameText('name'),
    name_ar: nameText('name_ar'),
    descriptions: textsMap('descriptions', DESCRIPTION_MAX, DESCRIPTION_CONTROL),
    description: descriptionText('description'),
    description_ar: descriptionText('description_ar'),
  })
  .transform(
    (b): CatalogTextsBody => ({
      names: { map: b.names, en: b.name, ar: b.name_ar },
      descriptions: { map: b.descriptions, en: b.description, ar: b.description_ar },
    }),
  )
  .refine((b) => given(b.names) || given(b.descriptions), { message: fieldMessages.required('names'), path: ['names'] });

/** Categories: names only (`name_en` is the category's spec field, `name` accepted the same). */
export const categoryTextsBodySchema = z
  .object({
    names: textsMap('names', NAME_MAX, NAME_CONTROL),
    name: nameText('name'),
    name_en: nameText('name_en'),
    name_ar: nameText('name_ar'),
  })
  .transform((b): TextsWrite => ({ map: b.names, en: b.name_en ?? b.name, ar: b.name_ar }))
  .refine(given, { message: fieldMessages.required('names'), path: ['names'] });

/**
 * The map a write leaves: the given map (else, when only the pair is given, the stored one) with the pair's
 * English and Arabic where the given map has none; `current` unchanged when the write gives nothing.
 */
export function resolveTexts(current: LocalizedText, write: TextsWrite): LocalizedText {
  if (!given(write)) return current;
  const out: LocalizedText = { ...(write.map ?? current) };
  if (write.en !== undefined && write.map?.en === undefined) out.en = write.en;
  if (write.ar !== undefined && write.map?.ar === undefined) out.ar = write.ar;
  return out;
}
