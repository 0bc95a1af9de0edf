/**
 * Catalogue texts in the interface language (issue 22). A document's maps (`names`, `descriptions`,
 * `category_names`) hold its texts in the languages it has; textIn gives the interface language's, else the
 * first held along the chain ma → ar → fr → en, then any (src/domain/catalog-text.ts).
 *
 * Lines of carts and orders are snapshots that keep only the spec's English/Arabic pair (`name`, `name_ar`):
 * those read the Arabic field in Arabic-script languages and the English one otherwise.
 */
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../domain/catalog';
import { languageShown, textIn, type LocalizedText } from '../../domain/catalog-text';
import { langTag, usesArabicContent } from './languages';

const pick = (language: string, latin: string, arabic: string): string =>
  usesArabicContent(language) && arabic.trim() ? arabic : latin;

/** The map's text in the language, else the pair's (a document without the text in any language of its map). */
function inLanguage(texts: LocalizedText | undefined, language: string, latin: string, arabic: string): string {
  const text = texts ? textIn(texts, language) : '';
  return text !== '' ? text : pick(language, latin, arabic);
}

/** A product's name; a cart or order line (no map) gives its English/Arabic pair. */
export const productName = (p: Pick<ProductDoc, 'name' | 'name_ar'> & { names?: LocalizedText }, language: string) =>
  inLanguage(p.names, language, p.name, p.name_ar);

export const productDescription = (p: Pick<ProductDoc, 'descriptions' | 'description' | 'description_ar'>, language: string) =>
  inLanguage(p.descriptions, language, p.description, p.description_ar);

export const productCategory = (p: Pick<ProductDoc, 'category_names' | 'category_name_en' | 'category_name_ar'>, language: string) =>
  inLanguage(p.category_names, language, p.category_name_en, p.category_name_ar);

export const categoryName = (c: Pick<CategoryDoc, 'names' | 'name_en' | 'name_ar'>, language: string) =>
  inLanguage(c.names, language, c.name_en, c.name_ar);

export const shopName = (s: Pick<ShopDoc, 'names' | 'name' | 'name_ar'>, language: string) => inLanguage(s.names, language, s.name, s.name_ar);

export const shopDescription = (s: Pick<ShopDoc, 'descriptions' | 'description' | 'description_ar'>, language: string) =>
  inLanguage(s.descriptions, language, s.description, s.description_ar);

/**
 * `lang` and `dir` for an element showing a catalogue text that fell back to another language (a French page
 * showing a name held only in Arabic): screen readers then read it in its own language, and its direction is the
 * text's own. Nothing when the text is in the interface language (the page's lang and dir hold).
 */
export function fallbackLangProps(texts: LocalizedText | undefined, language: string): { lang?: string; dir?: 'auto' } {
  const shown = texts ? languageShown(texts, language) : null;
  return shown === null || shown === language ? {} : { lang: langTag(shown), dir: 'auto' };
}
