/**
 * The seller's own shop: found by owner, and the details a seller may edit
 * (descriptions, address, city). Shops are replicated, so the edit goes
 * through the write path every shop write uses — a write transaction that owns
 * the shops' replication clock, a new updated_at, and a change announced after
 * COMMIT — which is how sync pulls and the SSE stream see it.
 */
import { cleanText } from '../../domain/catalog-text';
import type { Database } from '../db/database';
import { replicationClock, writeTransaction } from '../db/write-transaction';
import { toShopDoc, type ShopDocWithFlag } from './shop-docs';
import { descriptionColumns, textsOf } from './text-columns';

export interface ShopDetailsPatch {
  description?: string;
  description_ar?: string;
  address?: string;
  city?: string;
}

/** Who is editing: the owner seller, or an admin (any shop). */
export interface ShopEditor {
  userId: number;
  role: string;
}

export class NotShopOwnerError extends Error {
  constructor() {
    super('not the owner of this shop');
  }
}

/** The live shop the user owns, or null. */
export async function findOwnShop(db: Database, userId: number): Promise<ShopDocWithFlag | null> {
  const row = await db.kysely
    .selectFrom('shops')
    .selectAll()
    .where('owner_user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? toShopDoc(row) : null;
}

/** Whether the editor may change the live shop: null when there is no such shop. */
export async function mayEditShop(db: Database, shopId: number, editor: ShopEditor): Promise<boolean | null> {
  const row = await db.kysely
    .selectFrom('shops')
    .select('owner_user_id')
    .where('id', '=', shopId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  return editor.role === 'admin' || row.owner_user_id === editor.userId;
}

/**
 * Applies the patch; returns the shop as this write left it, or null when no
 * live shop has this id. Throws NotShopOwnerError (nothing written) when the
 * editor is neither its owner nor an admin.
 */
export async function updateShopDetails(
  db: Database,
  shopId: number,
  patch: ShopDetailsPatch,
  editor: ShopEditor,
): Promise<ShopDocWithFlag | null> {
  const written = await writeTransaction(db, ['shops'], async (tx) => {
    const current = await tx
      .selectFrom('shops')
      .select(['id', 'owner_user_id', 'descriptions_json', 'description', 'description_ar'])
      .where('id', '=', shopId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!current) return null;
    if (editor.role !== 'admin' && current.owner_user_id !== editor.userId) throw new NotShopOwnerError();
    const updatedAt = (await replicationClock(tx, 'shops')).next();
    // The spec's pair is the descriptions' English and Arabic (an empty one clears that language).
    const { description, description_ar: descriptionAr, ...rest } = patch;
    const descriptions = { ...textsOf(current.descriptions_json, current.description, current.description_ar) };
    if (description !== undefined) descriptions.en = description;
    if (descriptionAr !== undefined) descriptions.ar = descriptionAr;
    const texts = description === undefined && descriptionAr === undefined ? {} : descriptionColumns(cleanText(descriptions));
    await tx
      .updateTable('shops')
      .set({ ...rest, ...texts, updated_at: updatedAt })
      .where('id', '=', shopId)
      .execute();
    const row = await tx.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow();
    return toShopDoc(row);
  });
  if (written) db.changes.publish({ collection: 'shops', checkpoint: { updatedAt: written.updatedAt, id: written.id } });
  return written;
}
