/** Categories as CategoryDoc, the one mapping from rows used by REST and replication. */
import type { CategoryDoc } from '../../domain/catalog';
import type { CategoryRow } from '../db/schema';
import { textsOf } from './text-columns';

export interface CategoryDocWithFlag extends CategoryDoc {
  _deleted: boolean;
}

export function toCategoryDoc(row: CategoryRow): CategoryDocWithFlag {
  return {
    id: String(row.id),
    name_en: row.name_en,
    name_ar: row.name_ar,
    names: textsOf(row.names_json, row.name_en, row.name_ar),
    slug: row.slug,
    image: row.image,
    parent_id: row.parent_id ?? 0,
    gender: row.gender as CategoryDoc['gender'],
    item_count: row.item_count,
    position: row.position,
    updatedAt: Number(row.updated_at),
    _deleted: row.deleted === 1,
  };
}
