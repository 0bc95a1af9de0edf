/**
 * Migration strategies of the `products` collection (product-schema.ts), one per schema version: RxDB runs them
 * on the stored documents when the database opens, before anything reads or writes the collection. The
 * replication keeps its checkpoints across the migration, so each strategy must give the document what the
 * server would send now, as far as the stored document alone can tell.
 */
import type { MigrationStrategies } from 'rxdb';
import type { ProductDoc, VariantRow } from '../../domain/catalog';
import { cleanText, type LocalizedText } from '../../domain/catalog-text';
import { variantPricesOf } from '../../domain/commerce';
import { toStoredProduct, type StoredProduct } from '../query-fields';

/** A products document of schema version 1: the wire document of issue 21, texts in English and Arabic only. */
export type ProductDocV1 = Omit<ProductDoc, 'names' | 'descriptions' | 'category_names'>;
/** A products document of schema version 0: variants with their list price and stock only. */
export type ProductDocV0 = Omit<ProductDocV1, 'variants'> & { variants: VariantRow[] };

/** Version 1 (issue 21): every variant states its prices, as the server works them out (variantPricesOf). */
export function productV0ToV1(doc: ProductDocV0): ProductDocV1 {
  return { ...doc, variants: doc.variants.map((v) => ({ ...v, ...variantPricesOf(doc, v) })) };
}

/** An English/Arabic pair as a map (the languages held; an empty field is not held). */
function pairText(en: string, ar: string): LocalizedText {
  return cleanText({ en, ar });
}

/**
 * Version 2 (issue 22): the texts as maps built from the stored English and Arabic fields (name → en,
 * name_ar → ar, and so for the description and the category's name), stored compactly (query-fields.ts). The
 * other languages are not on the device: the catalogue is pulled again in full after this migration
 * (src/sync/catalogue-repull.ts), and until then a reader falls back along the chain to what is held.
 */
export function productV1ToV2(doc: ProductDocV1): StoredProduct {
  return toStoredProduct({
    ...doc,
    names: pairText(doc.name, doc.name_ar),
    descriptions: pairText(doc.description, doc.description_ar),
    category_names: pairText(doc.category_name_en, doc.category_name_ar),
  });
}

export const productMigrationStrategies: MigrationStrategies = {
  1: (doc: ProductDocV0) => productV0ToV1(doc),
  2: (doc: ProductDocV1) => productV1ToV2(doc),
};
