/**
 * Community reads (docs/COMMUNITY.md, "Community"): the public list of posts
 * with its filters, one post, and a post's responses as the caller may see
 * them (the post's owner: all; a seller: their shop's; anyone else: refused).
 */
import { sql, type SqlBool } from 'kysely';
import type { Color } from '../../domain/catalog-constants';
import type { PostCategory, PostStatus } from '../../domain/community';
import type { CommunityPost, CommunityResponse } from '../../domain/community-schemas';
import type { Database } from '../db/database';
import { containsText, foldForSearch, searchNeedle } from '../db/search-text';
import type { Tx } from '../db/write-transaction';
import { toPostDoc, toPostDocs, toResponseDocs, type PostRow } from './community-docs';
import { ownShopId } from './orders';

export interface PostListQuery {
  page: number;
  perPage: number;
  categoryId?: number;
  category?: PostCategory;
  status?: PostStatus;
  color?: Color;
  style?: string;
  search?: string;
  /** mine=1: only this user's posts. */
  userId?: number;
}

export interface PostPage {
  items: CommunityPost[];
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** GET /community/posts: newest first (created_at, then id), filtered. */
export async function listPosts(db: Database, q: PostListQuery): Promise<PostPage> {
  let base = db.kysely.selectFrom('community_posts');
  if (q.categoryId !== undefined) {
    const id = q.categoryId;
    // A top category also finds the posts of its subcategories.
    base = base.where((eb) =>
      eb.or([
        eb('community_posts.category_id', '=', id),
        eb('community_posts.category_id', 'in', eb.selectFrom('categories').select('categories.id').where('categories.parent_id', '=', id)),
      ]),
    );
  }
  if (q.category !== undefined) base = base.where('community_posts.category', '=', q.category);
  if (q.status !== undefined) base = base.where('community_posts.status', '=', q.status);
  if (q.userId !== undefined) base = base.where('community_posts.user_id', '=', q.userId);
  // Issue 24: a request the operator hid leaves the public list; its author still lists it (mine).
  if (q.userId === undefined) base = base.where('community_posts.hidden', '=', 0);
  if (q.color !== undefined) base = base.where(containsText(db.dialect, 'community_posts.preferred_colors_json', JSON.stringify(q.color)));
  const style = q.style === undefined ? '' : foldForSearch(q.style.trim());
  if (style !== '') base = base.where(containsText(db.dialect, 'community_posts.styles_search', `\n${style}\n`));
  const needle = searchNeedle(q.search);
  if (needle !== null) base = base.where(containsText(db.dialect, 'community_posts.search_text', needle));

  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await base
    .selectAll('community_posts')
    .orderBy('community_posts.created_at', 'desc')
    .orderBy('community_posts.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    items: await toPostDocs(db.kysely, rows),
    page: q.page,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
    perPage: q.perPage,
    total,
  };
}

export async function findPostRow(tx: Tx, id: number): Promise<PostRow | undefined> {
  return tx.selectFrom('community_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One post by id, or (for its author) by the app's client ref; null when none. */
export async function findPost(db: Database, key: { id: number } | { userId: number; clientRef: string }): Promise<CommunityPost | null> {
  const row =
    'id' in key
      ? await findPostRow(db.kysely, key.id)
      : await db.kysely.selectFrom('community_posts').selectAll().where('user_id', '=', key.userId).where('client_ref', '=', key.clientRef).executeTakeFirst();
  return row ? toPostDoc(db.kysely, row) : null;
}

export type ResponsesOutcome = { kind: 'ok'; responses: CommunityResponse[] } | { kind: 'not_found' } | { kind: 'forbidden' };

/** The responses of a post the viewer may see: the owner all, a seller their shop's, oldest first. */
export async function listResponses(db: Database, postId: number, viewer: { userId: number; role: string }): Promise<ResponsesOutcome> {
  const post = await findPostRow(db.kysely, postId);
  if (!post) return { kind: 'not_found' };
  let query = db.kysely.selectFrom('community_responses').selectAll().where('post_id', '=', postId);
  if (Number(post.user_id) !== viewer.userId) {
    const shopId = viewer.role === 'seller' ? await ownShopId(db.kysely, viewer.userId) : null;
    if (shopId === null) return { kind: 'forbidden' };
    query = query.where('shop_id', '=', shopId);
  }
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return { kind: 'ok', responses: await toResponseDocs(db.kysely, rows) };
}

/** Responses of these posts a viewer may see (owner: all of their posts'; a shop: its own), grouped by post. */
export async function visibleResponses(tx: Tx, posts: readonly PostRow[], userId: number, shopId: number | null): Promise<Map<number, CommunityResponse[]>> {
  const out = new Map<number, CommunityResponse[]>();
  const own = posts.filter((p) => Number(p.user_id) === userId).map((p) => Number(p.id));
  const others = posts.filter((p) => Number(p.user_id) !== userId).map((p) => Number(p.id));
  const conditions: ReturnType<typeof sql<SqlBool>>[] = [];
  if (own.length > 0) conditions.push(sql<SqlBool>`post_id in (${sql.join(own)})`);
  if (others.length > 0 && shopId !== null) conditions.push(sql<SqlBool>`(post_id in (${sql.join(others)}) and shop_id = ${shopId})`);
  if (conditions.length === 0) return out;
  const rows = await tx
    .selectFrom('community_responses')
    .selectAll()
    .where(sql<SqlBool>`(${sql.join(conditions, sql` or `)})`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const doc of await toResponseDocs(tx, rows)) {
    const list = out.get(doc.post_id) ?? [];
    list.push(doc);
    out.set(doc.post_id, list);
  }
  return out;
}
