/**
 * Writes of catalogue texts (issue 22, docs/CATALOGUE.md "Writing texts"): a product's names and descriptions, a
 * category's names, a shop's names and descriptions. Each sets the map, the spec's English and Arabic columns and
 * the search column together (text-columns.ts), stamps updated_at through the table's replication clock and
 * announces the change after COMMIT, so pulls and the live stream carry it (as updateProduct does). An operator's
 * write (issue 24) passes its AuditContext: the texts before and after are recorded in the same transaction.
 *
 * Product documents carry their category's names and their shop's English name: renaming a category or a shop
 * stamps its products too, so clients pull them again with the new names.
 */
import type { LocalizedText } from '../../domain/catalog-text';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { lockProductRows, replicationClock, writeTransaction, type Tx } from '../db/write-transaction';
import { resolveTexts, type CatalogTextsBody, type TextsWrite } from '../http/catalog-texts-body';
import { recordAudit, type AuditContext } from './audit';
import { toCategoryDoc, type CategoryDocWithFlag } from './category-docs';
import { readProductDoc } from './product-reads';
import type { ProductDocWithFlag } from './product-docs';
import { toShopDoc, type ShopDocWithFlag } from './shop-docs';
import { categoryNameColumns, descriptionColumns, nameColumns, textsOf } from './text-columns';

const sameTexts = (a: LocalizedText, b: LocalizedText): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A new updated_at for each product (live or deleted) of the category or shop; the last one's change, if any. */
async function restampProducts(tx: Tx, column: 'category_id' | 'shop_id', id: number): Promise<CollectionChange | null> {
  const rows = await tx.selectFrom('products').select('id').where(column, '=', id).orderBy('id').execute();
  if (rows.length === 0) return null;
  const clock = await replicationClock(tx, 'products');
  let last: CollectionChange | null = null;
  for (const r of rows) {
    const updatedAt = clock.next();
    await tx.updateTable('products').set({ updated_at: updatedAt }).where('id', '=', r.id).execute();
    last = { collection: 'products', checkpoint: { updatedAt, id: String(r.id) } };
  }
  return last;
}

/** Sets a product's texts; the product as this write left it, or null when there is no such product. */
export async function writeProductTexts(db: Database, id: number, body: CatalogTextsBody, audited?: AuditContext): Promise<ProductDocWithFlag | null> {
  const changes: CollectionChange[] = [];
  const written = await writeTransaction(
    db,
    ['products'],
    async (tx) => {
      changes.length = 0; // a deadlock victim runs again
      const current = await tx
        .selectFrom('products')
        .select(['id', 'name', 'name_ar', 'names_json', 'description', 'description_ar', 'descriptions_json'])
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!current) return null;
      const beforeNames = textsOf(current.names_json, current.name, current.name_ar);
      const beforeDescriptions = textsOf(current.descriptions_json, current.description, current.description_ar);
      const names = resolveTexts(beforeNames, body.names);
      const descriptions = resolveTexts(beforeDescriptions, body.descriptions);
      if (audited) {
        const before = { names: beforeNames, descriptions: beforeDescriptions };
        await recordAudit(tx, { ...audited, action: 'product.texts', objectType: 'product', objectId: id, before, after: { names, descriptions } });
      }
      const updatedAt = (await replicationClock(tx, 'products')).next();
      await tx
        .updateTable('products')
        .set({ ...nameColumns(names), ...descriptionColumns(descriptions), updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
      changes.push({ collection: 'products', checkpoint: { updatedAt, id: String(id) } });
      return readProductDoc(tx, id);
    },
    { rowsFirst: (tx) => lockProductRows(db, tx, [id]) },
  );
  if (written) for (const change of changes) db.changes.publish(change);
  return written;
}

/** Sets a category's names; the category as this write left it, or null when there is no such category. */
export async function writeCategoryTexts(db: Database, id: number, write: TextsWrite, audited?: AuditContext): Promise<CategoryDocWithFlag | null> {
  const changes: CollectionChange[] = [];
  const written = await writeTransaction(db, ['categories', 'products'], async (tx) => {
    changes.length = 0;
    const current = await tx
      .selectFrom('categories')
      .select(['id', 'name_en', 'name_ar', 'names_json'])
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!current) return null;
    const before = textsOf(current.names_json, current.name_en, current.name_ar);
    const names = resolveTexts(before, write);
    if (audited) await recordAudit(tx, { ...audited, action: 'category.texts', objectType: 'category', objectId: id, before: { names: before }, after: { names } });
    const updatedAt = (await replicationClock(tx, 'categories')).next();
    await tx
      .updateTable('categories')
      .set({ ...categoryNameColumns(names), updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
    changes.push({ collection: 'categories', checkpoint: { updatedAt, id: String(id) } });
    if (!sameTexts(before, names)) {
      const products = await restampProducts(tx, 'category_id', id);
      if (products) changes.push(products);
    }
    return toCategoryDoc(await tx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
  if (written) for (const change of changes) db.changes.publish(change);
  return written;
}

/** Sets a shop's texts; the shop as this write left it, or null when there is no such shop. */
export async function writeShopTexts(db: Database, id: number, body: CatalogTextsBody, audited?: AuditContext): Promise<ShopDocWithFlag | null> {
  const changes: CollectionChange[] = [];
  const written = await writeTransaction(db, ['shops', 'products'], async (tx) => {
    changes.length = 0;
    const current = await tx
      .selectFrom('shops')
      .select(['id', 'name', 'name_ar', 'names_json', 'description', 'description_ar', 'descriptions_json'])
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!current) return null;
    const beforeNames = textsOf(current.names_json, current.name, current.name_ar);
    const beforeDescriptions = textsOf(current.descriptions_json, current.description, current.description_ar);
    const names = resolveTexts(beforeNames, body.names);
    const descriptions = resolveTexts(beforeDescriptions, body.descriptions);
    if (audited) {
      const before = { names: beforeNames, descriptions: beforeDescriptions };
      await recordAudit(tx, { ...audited, action: 'shop.texts', objectType: 'shop', objectId: id, before, after: { names, descriptions } });
    }
    const columns = nameColumns(names);
    const updatedAt = (await replicationClock(tx, 'shops')).next();
    await tx
      .updateTable('shops')
      .set({ ...columns, ...descriptionColumns(descriptions), updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
    changes.push({ collection: 'shops', checkpoint: { updatedAt, id: String(id) } });
    // Product documents carry the shop's English name (shop_name).
    if (columns.name !== current.name) {
      const products = await restampProducts(tx, 'shop_id', id);
      if (products) changes.push(products);
    }
    return toShopDoc(await tx.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
  if (written) for (const change of changes) db.changes.publish(change);
  return written;
}
