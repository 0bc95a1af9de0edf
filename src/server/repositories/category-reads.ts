/** Category reads. The table is small (tens of rows): read it whole and shape in memory. */
import type { Gender } from '../../domain/catalog';
import type { Database } from '../db/database';
import { toCategoryDoc, type CategoryDocWithFlag } from './category-docs';

export async function liveCategories(db: Database, gender?: Gender): Promise<CategoryDocWithFlag[]> {
  let query = db.kysely.selectFrom('categories').selectAll().where('deleted', '=', 0);
  if (gender !== undefined) query = query.where('gender', '=', gender);
  const rows = await query.orderBy('parent_id').orderBy('position').orderBy('id').execute();
  return rows.map(toCategoryDoc);
}

/** By numeric id or by slug; null when there is no such live category. */
export async function findCategory(db: Database, key: { id: number } | { slug: string }): Promise<CategoryDocWithFlag | null> {
  let query = db.kysely.selectFrom('categories').selectAll().where('deleted', '=', 0);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug);
  const row = await query.executeTakeFirst();
  return row ? toCategoryDoc(row) : null;
}
