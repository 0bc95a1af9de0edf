/**
 * Migration strategies of the `products` collection (product-schema.ts), one per schema version: RxDB runs them
 * on the stored documents when the database opens, before anything reads or writes the collection. The
 * replication keeps its checkpoints across the migration, so each strategy must give the document exactly what
 * the server would send now, from the stored document alone.
 */
import type { MigrationStrategies } from 'rxdb';
import type { ProductDoc, VariantRow } from '../../domain/catalog';
import { variantPricesOf } from '../../domain/commerce';

/** A products document of schema version 0: variants with their list price and stock only. */
export type ProductDocV0 = Omit<ProductDoc, 'variants'> & { variants: VariantRow[] };

/** Version 1 (issue 21): every variant states its prices, as the server works them out (variantPricesOf). */
export function productV0ToV1(doc: ProductDocV0): ProductDoc {
  return { ...doc, variants: doc.variants.map((v) => ({ ...v, ...variantPricesOf(doc, v) })) };
}

export const productMigrationStrategies: MigrationStrategies = {
  1: (doc: ProductDocV0) => productV0ToV1(doc),
};
