/**
 * The operator's moderation (issue 24, docs/OPERATOR.md "Moderation"): hiding a review, unpublishing a product,
 * closing or hiding a community request. Each write records its audit row in its own transaction
 * (repositories/audit.ts) and announces its changes after COMMIT.
 *
 * - A hidden review (reviews.hidden = 1) is not public: reviews.deleted = 1 (every public read, the ratings and
 *   the reviews pull read deleted = 0 only, so the pull carries a tombstone), recomputed into its product's
 *   rating. Showing it again clears both. A review its author deleted (deleted without hidden) is not found.
 * - A product the operator unpublishes: products.published = 0 with moderation_reason (the seller sees it), its
 *   public state derived as every other (product-visibility.ts). Publishing it clears the reason.
 * - A community request: closed (as its author would), or hidden (community_posts.hidden with the reason: out of
 *   public lists and reads, its author still sees it).
 */
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { replicationClock, writeTransaction } from '../db/write-transaction';
import { recordAudit, type AuditContext } from './audit';
import { nextStamp } from './community-writes';
import { applyProductVisibility, VISIBILITY_TABLES } from './product-visibility';
import { recomputeProductRating } from './review-rating';

export interface ModerationState {
  hidden: boolean;
  reason: string | null;
}

export type ReviewModeration = { kind: 'ok'; review: { id: number; product_id: number; hidden: boolean; hidden_reason: string | null } } | { kind: 'not_found' };

export async function moderateReview(db: Database, id: number, hidden: boolean, reason: string | null, audited: AuditContext): Promise<ReviewModeration> {
  const changes: CollectionChange[] = [];
  const outcome = await writeTransaction(db, ['products', 'reviews'], async (tx): Promise<ReviewModeration> => {
    changes.length = 0;
    const row = await tx.selectFrom('reviews').select(['id', 'product_id', 'deleted', 'hidden', 'hidden_reason']).where('id', '=', id).executeTakeFirst();
    // A review its author deleted is gone.
    if (!row || (Number(row.deleted) === 1 && Number(row.hidden) === 0)) return { kind: 'not_found' };
    const wasHidden = Number(row.hidden) === 1;
    const nextReason = hidden ? reason : null;
    if (wasHidden !== hidden || row.hidden_reason !== nextReason) {
      const updatedAt = (await replicationClock(tx, 'reviews', audited.now)).next();
      await tx
        .updateTable('reviews')
        .set({ hidden: hidden ? 1 : 0, hidden_reason: nextReason, deleted: hidden ? 1 : 0, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
      changes.push({ collection: 'reviews', checkpoint: { updatedAt, id: String(id) } });
      if (wasHidden !== hidden) changes.push(await recomputeProductRating(tx, Number(row.product_id), audited.now));
    }
    await recordAudit(tx, {
      ...audited,
      action: hidden ? 'review.hide' : 'review.show',
      objectType: 'review',
      objectId: id,
      before: { hidden: wasHidden, hidden_reason: row.hidden_reason },
      after: { hidden, hidden_reason: nextReason },
      reason,
    });
    return { kind: 'ok', review: { id, product_id: Number(row.product_id), hidden, hidden_reason: nextReason } };
  });
  if (outcome.kind === 'ok') for (const change of changes) db.changes.publish(change);
  return outcome;
}

export type ProductModeration =
  | { kind: 'ok'; product: { id: number; shop_id: number; published: boolean; visible: boolean; moderation_reason: string | null } }
  | { kind: 'not_found' };

export async function moderateProduct(db: Database, id: number, published: boolean, reason: string | null, audited: AuditContext): Promise<ProductModeration> {
  const changes: CollectionChange[] = [];
  const outcome = await writeTransaction(db, VISIBILITY_TABLES, async (tx): Promise<ProductModeration> => {
    changes.length = 0;
    const row = await tx
      .selectFrom('products')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .select(['products.id', 'products.shop_id', 'products.published', 'products.moderation_reason'])
      .where('products.id', '=', id)
      .where('shops.deleted', '=', 0)
      .executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    const nextReason = published ? null : reason;
    await tx
      .updateTable('products')
      .set({ published: published ? 1 : 0, moderation_reason: nextReason })
      .where('id', '=', id)
      .execute();
    const visibility = await applyProductVisibility(tx, { productIds: [id] });
    changes.push(...visibility.changes);
    await recordAudit(tx, {
      ...audited,
      action: published ? 'product.publish' : 'product.unpublish',
      objectType: 'product',
      objectId: id,
      before: { published: Number(row.published) === 1, moderation_reason: row.moderation_reason },
      after: { published, moderation_reason: nextReason },
      reason,
    });
    const after = await tx.selectFrom('products').select(['deleted']).where('id', '=', id).executeTakeFirstOrThrow();
    return { kind: 'ok', product: { id, shop_id: Number(row.shop_id), published, visible: Number(after.deleted) === 0, moderation_reason: nextReason } };
  });
  if (outcome.kind === 'ok') for (const change of changes) db.changes.publish(change);
  return outcome;
}

export interface PostModerationPatch {
  /** Only 'closed'. */
  status?: 'closed';
  hidden?: boolean;
  reason: string | null;
}

export type PostModeration =
  | { kind: 'ok'; post: { id: number; status: string; hidden: boolean; hidden_reason: string | null } }
  | { kind: 'not_found' };

export async function moderatePost(db: Database, id: number, patch: PostModerationPatch, audited: AuditContext): Promise<PostModeration> {
  let stamp: number | null = null;
  const outcome = await writeTransaction(db, [], async (tx): Promise<PostModeration> => {
    stamp = null;
    const updatedAt = await nextStamp(db, tx, audited.now);
    const row = await tx.selectFrom('community_posts').select(['id', 'status', 'hidden', 'hidden_reason']).where('id', '=', id).executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    const before = { status: row.status, hidden: Number(row.hidden) === 1, hidden_reason: row.hidden_reason };
    const after = {
      status: patch.status ?? row.status,
      hidden: patch.hidden ?? before.hidden,
      hidden_reason: patch.hidden === undefined ? row.hidden_reason : patch.hidden ? patch.reason : null,
    };
    if (after.status !== before.status || after.hidden !== before.hidden || after.hidden_reason !== before.hidden_reason) {
      await tx
        .updateTable('community_posts')
        .set({ status: after.status, hidden: after.hidden ? 1 : 0, hidden_reason: after.hidden_reason, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
      stamp = updatedAt;
    }
    const action = patch.hidden === true ? 'community_post.hide' : patch.hidden === false ? 'community_post.show' : 'community_post.close';
    await recordAudit(tx, { ...audited, action, objectType: 'community_post', objectId: id, before, after, reason: patch.reason });
    return { kind: 'ok', post: { id, ...after } };
  });
  if (outcome.kind === 'ok' && stamp !== null) {
    db.changes.publish({ collection: 'community_posts', checkpoint: { updatedAt: stamp, id: String(id) }, authenticated: true });
  }
  return outcome;
}

/** Whether the community post is hidden by the operator from `viewerId` (anyone but its author; null: a guest). */
export async function postHiddenFrom(db: Database, postId: number, viewerId: number | null): Promise<boolean> {
  const row = await db.kysely.selectFrom('community_posts').select(['hidden', 'user_id']).where('id', '=', postId).executeTakeFirst();
  return row !== undefined && Number(row.hidden) === 1 && Number(row.user_id) !== viewerId;
}
