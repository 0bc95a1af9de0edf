/** Picks the field of a document that matches the interface language. */
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../domain/catalog';
import { usesArabicContent } from './languages';

const pick = (language: string, latin: string, arabic: string): string =>
  usesArabicContent(language) && arabic.trim() ? arabic : latin;

export const productName = (p: Pick<ProductDoc, 'name' | 'name_ar'>, language: string) =>
  pick(language, p.name, p.name_ar);

export const productDescription = (p: Pick<ProductDoc, 'description' | 'description_ar'>, language: string) =>
  pick(language, p.description, p.description_ar);

export const productCategory = (p: Pick<ProductDoc, 'category_name_en' | 'category_name_ar'>, language: string) =>
  pick(language, p.category_name_en, p.category_name_ar);

export const categoryName = (c: Pick<CategoryDoc, 'name_en' | 'name_ar'>, language: string) =>
  pick(language, c.name_en, c.name_ar);

export const shopName = (s: Pick<ShopDoc, 'name' | 'name_ar'>, language: string) => pick(language, s.name, s.name_ar);

export const shopDescription = (s: Pick<ShopDoc, 'description' | 'description_ar'>, language: string) =>
  pick(language, s.description, s.description_ar);
