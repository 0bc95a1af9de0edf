/**
 * The operator's shop decisions (issue 23, PATCH /api/admin/shops/{id}; docs/SELLERS.md "Sign-up and shop
 * status"): status 'active' or 'suspended', is_verified, is_featured. A status change brings its products'
 * public state in line (product-visibility.ts): suspending takes them out of every public read and sends their
 * tombstones at the next pull, activating brings them back. Stamped through the replication clocks and announced
 * after COMMIT, as every replicated write.
 *
 * Activating a pending shop wants its phone verified: the owner's verified phone (users.phone with
 * phone_verified_at, set by the phone flow, routes/user-phone.ts) must be the phone given at sign-up. A shop that
 * was active before (suspended since) is reactivated without it: the check is the sign-up's, and shops from before
 * the sign-up (the seed's) have no phone.
 */
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { replicationClock, writeTransaction } from '../db/write-transaction';
import { recordAudit, type AuditContext } from './audit';
import { applyProductVisibility, VISIBILITY_TABLES } from './product-visibility';
import { toShopDoc, type ShopDocWithFlag } from './shop-docs';

export interface ShopStatusPatch {
  status?: 'active' | 'suspended';
  is_verified?: boolean;
  is_featured?: boolean;
  /** Issue 24: basis points, null for the default rate; absent leaves it. Not replicated (no stamp). */
  commission_rate?: number | null;
  /** Issue 24: the operator's reason, kept as status_reason when the shop is suspended (or rejected). */
  reason?: string | null;
}

/** Issue 24: the fields an operator's decision touches, as the audit log keeps them (before and after). */
type ShopDecisionState = { status: string; is_verified: boolean; is_featured: boolean; commission_rate_bp: number | null; status_reason: string | null };

/** Activation of a pending shop whose phone its owner has not verified (nothing written). */
export class ShopPhoneNotVerifiedError extends Error {
  constructor() {
    super("the shop's phone is not verified by its owner");
  }
}

/** Applies the patch; the shop as this write left it, or null when there is no live shop with this id. */
export async function updateShopStatus(db: Database, id: number, patch: ShopStatusPatch, audited?: AuditContext): Promise<ShopDocWithFlag | null> {
  const changes: CollectionChange[] = [];
  const written = await writeTransaction(db, VISIBILITY_TABLES, async (tx) => {
    changes.length = 0; // a deadlock victim runs again
    const shop = await tx
      .selectFrom('shops')
      .select(['id', 'status', 'phone', 'owner_user_id', 'is_verified', 'is_featured', 'commission_rate_bp', 'status_reason', 'rejected_at'])
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!shop) return null;
    // A rejected shop (pending, then suspended with a reason: issue 24) is checked as a pending one.
    if (patch.status === 'active' && (shop.status === 'pending' || shop.rejected_at !== null)) {
      const owner =
        shop.owner_user_id === null
          ? undefined
          : await tx.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', shop.owner_user_id).executeTakeFirst();
      const verified = owner !== undefined && owner.phone_verified_at !== null && owner.phone !== null && owner.phone !== '' && owner.phone === shop.phone;
      if (!verified) throw new ShopPhoneNotVerifiedError();
    }
    const set = {
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.is_verified !== undefined ? { is_verified: patch.is_verified ? 1 : 0 } : {}),
      ...(patch.is_featured !== undefined ? { is_featured: patch.is_featured ? 1 : 0 } : {}),
    };
    const unchanged =
      (set.status === undefined || set.status === shop.status) &&
      (set.is_verified === undefined || set.is_verified === Number(shop.is_verified)) &&
      (set.is_featured === undefined || set.is_featured === Number(shop.is_featured));
    const stateOf = (row: typeof shop): ShopDecisionState => ({
      status: row.status,
      is_verified: Number(row.is_verified) === 1,
      is_featured: Number(row.is_featured) === 1,
      commission_rate_bp: row.commission_rate_bp === null ? null : Number(row.commission_rate_bp),
      status_reason: row.status_reason,
    });
    // Not replicated: the commission rate, the reason, the rejection.
    const privateSet = {
      ...(patch.commission_rate !== undefined ? { commission_rate_bp: patch.commission_rate } : {}),
      ...(patch.status === 'suspended' ? { status_reason: patch.reason ?? null } : {}),
      ...(patch.status === 'active' ? { status_reason: null, rejected_at: null } : {}),
      ...(patch.status === 'suspended' && shop.status === 'pending' ? { rejected_at: audited?.now ?? Date.now() } : {}),
    };
    if (Object.keys(privateSet).length > 0) await tx.updateTable('shops').set(privateSet).where('id', '=', id).execute();
    if (!unchanged) {
      const updatedAt = (await replicationClock(tx, 'shops')).next();
      await tx.updateTable('shops').set({ ...set, updated_at: updatedAt }).where('id', '=', id).execute();
      changes.push({ collection: 'shops', checkpoint: { updatedAt, id: String(id) } });
      if (set.status !== undefined && set.status !== shop.status) {
        const visibility = await applyProductVisibility(tx, { shopId: id });
        changes.push(...visibility.changes);
      }
    }
    const after = await tx.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (audited) {
      const action = patch.status === 'suspended' && shop.status === 'pending' ? 'shop.reject' : 'shop.update';
      await recordAudit(tx, { ...audited, action, objectType: 'shop', objectId: id, before: stateOf(shop), after: stateOf(after), reason: patch.reason ?? null });
    }
    return toShopDoc(after);
  });
  if (written) for (const change of changes) db.changes.publish(change);
  return written;
}
