/**
 * The personal `community_posts` pull (docs/COMMUNITY.md, "Community"): what
 * the caller may see strictly after a (updatedAt, id) checkpoint, id being the
 * post's document id (its client ref, else the post id) compared as text like
 * compareCheckpoints. Visible: every open post, the caller's own posts (any
 * status) and, for a seller, the posts their shop responded to; each with
 * `responses` embedded for the owner (all) or the responding seller (theirs).
 *
 * A post that stops being visible (an open post of someone else closed or in
 * progress, or hidden by the operator: then only its author sees it) comes with _deleted: true after a checkpoint, so a client that
 * had it drops it; the first pull (no checkpoint) sends visible posts only.
 * Every post write (responses bump their post) takes a new updated_at from
 * the community clock (community-writes.ts), so nothing is skipped.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CommunityPost } from '../../domain/community-schemas';
import type { Database } from '../db/database';
import { clientDocId } from '../db/id-text';
import type { Tx } from '../db/write-transaction';
import { toPostDocs } from './community-docs';
import { visibleResponses } from './community-reads';
import { ownShopId } from './orders';
import { afterCheckpoint, runPersonalPull, type PersonalPage } from './personal-pull';
import type { PullRequest } from './sync-pull';

export type CommunityPullResponse = PersonalPage<CommunityPost>;

/** What the caller may see: open, theirs, or answered by their shop; not hidden unless theirs. */
function visibleTo(userId: number, shopId: number | null): RawBuilder<SqlBool> {
  const answered =
    shopId === null
      ? sql<SqlBool>`1 = 0`
      : sql<SqlBool>`exists (select 1 from community_responses r where r.post_id = community_posts.id and r.shop_id = ${shopId})`;
  // A post the operator hid (issue 24) is its author's alone.
  return sql<SqlBool>`((community_posts.status = 'open' or community_posts.user_id = ${userId} or ${answered}) and (community_posts.hidden = 0 or community_posts.user_id = ${userId}))`;
}

export async function pullCommunityPosts(db: Database, userId: number, req: PullRequest): Promise<CommunityPullResponse> {
  // From the beginning only what is visible; after a checkpoint also what stopped being visible (tombstones).
  const scope = async (tx: Tx) => {
    const shopId = await ownShopId(tx, userId);
    return { shopId, where: req.after === null ? visibleTo(userId, shopId) : sql<SqlBool>`1 = 1` };
  };
  return runPersonalPull<CommunityPost>(db, req, {
    after: (checkpoint) => afterCheckpoint('community_posts.updated_at', clientDocId(db.dialect, 'community_posts'), checkpoint),
    async read(tx, where, limit) {
      const { shopId, where: visible } = await scope(tx);
      const rows = await tx.selectFrom('community_posts').selectAll().where(where).where(visible).orderBy('updated_at').orderBy(clientDocId(db.dialect, 'community_posts')).limit(limit).execute();
      const answered = new Set<number>();
      if (shopId !== null && rows.length > 0) {
        const ids = rows.map((r) => Number(r.id));
        const mine = await tx.selectFrom('community_responses').select('post_id').where('shop_id', '=', shopId).where('post_id', 'in', ids).execute();
        for (const r of mine) answered.add(Number(r.post_id));
      }
      const isVisible = (r: (typeof rows)[number]) =>
        (r.status === 'open' || Number(r.user_id) === userId || answered.has(Number(r.id))) && (Number(r.hidden) === 0 || Number(r.user_id) === userId);
      const responses = await visibleResponses(tx, rows.filter(isVisible), userId, shopId);
      const docs = await toPostDocs(tx, rows);
      return docs.map((doc, i) => {
        const row = rows[i];
        const visible = row !== undefined && isVisible(row);
        return { ...doc, responses: visible ? (responses.get(doc.post_id) ?? []) : [], _deleted: !visible };
      });
    },
    async count(tx, where) {
      const { where: visible } = await scope(tx);
      const row = await tx
        .selectFrom('community_posts')
        .where(where)
        .where(visible)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
