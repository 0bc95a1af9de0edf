/**
 * Community writes (docs/COMMUNITY.md, "Community"): a new post (and the
 * notifications it sends to verified sellers), closing a post, a shop's
 * response, and the owner's answer to a response. Each runs in one write
 * transaction that holds the community clock, so every post write (responses
 * bump their post) gets an updated_at strictly above every earlier one: the
 * writers are serialised (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
 * transaction-scoped advisory lock) and each takes max(now, last + 1). Status
 * moves are checked by the machines (src/machines/post-status.ts,
 * response-status.ts). Pokes go out after COMMIT to every signed-in stream.
 *
 * A create carrying a client_ref the author already used answers the first
 * result ('existing'), like orders: a queued write sent again under a new
 * Idempotency-Key makes nothing twice. A post's client_ref is unique across
 * authors (it is the document id everyone replicates): another author's is
 * 'client_ref_taken', also when the two inserts race (the unique index).
 */
import { sql } from 'kysely';
import type { Color } from '../../domain/catalog-constants';
import type { PostCategory, PostStatus, ResponseStatus, TimelineUnit } from '../../domain/community';
import type { CommunityPost, CommunityResponse } from '../../domain/community-schemas';
import { nextPostStatus } from '../../machines/post-status';
import { nextResponseStatus, RESPONSE_EVENT_TO } from '../../machines/response-status';
import type { Database } from '../db/database';
import { foldForSearch } from '../db/search-text';
import { writeTransaction, type Tx } from '../db/write-transaction';
import { toPostDoc, toResponseDoc, type PostRow } from './community-docs';
import { insertCommunityImages, type StoredCommunityImage } from './community-images';
import { findPostRow } from './community-reads';
import { isUniqueViolation } from './users';

/** First key of the community clock's advisory lock on PostgreSQL. */
const COMMUNITY_LOCK_KEY = 7_310_201;

export const NEW_REQUEST_TITLE = 'New custom request';
/** Where a seller's notification about a post opens: the respond page (spec §2, without the language prefix). */
export const respondUrl = (postId: number): string => `/seller/community/posts/${postId}/respond`;

export interface NewPostInput {
  userId: number;
  clientRef: string | null;
  title: string;
  description: string;
  category: PostCategory;
  categoryId: number | null;
  budgetMinCents: number;
  budgetMaxCents: number;
  timelineValue: number;
  timelineUnit: TimelineUnit;
  expectedDelivery: string | null;
  specifications: string;
  requiredSkills: readonly string[];
  preferredColors: readonly Color[];
  preferredStyles: readonly string[];
  images: readonly StoredCommunityImage[];
  now: number;
}

/** Who to notify about a new post and with what (sent by the caller after COMMIT). */
export interface PostNotification {
  userIds: number[];
  title: string;
  body: string;
  data: Record<string, string>;
}

export type CreatePostOutcome =
  | { kind: 'created'; post: CommunityPost; notification: PostNotification }
  | { kind: 'existing'; post: CommunityPost }
  | { kind: 'client_ref_taken' }
  | { kind: 'category_not_found' };

export type ClosePostOutcome = { kind: 'ok'; post: CommunityPost } | { kind: 'not_found' } | { kind: 'forbidden' } | { kind: 'already_closed' };

export interface RespondInput {
  userId: number;
  shopId: number;
  postId: number;
  clientRef: string | null;
  message: string;
  priceCents: number;
  deliveryDays: number;
  images: readonly StoredCommunityImage[];
  now: number;
}

export type RespondOutcome =
  | { kind: 'created'; response: CommunityResponse }
  | { kind: 'existing'; response: CommunityResponse }
  | { kind: 'not_found' }
  | { kind: 'not_open' }
  | { kind: 'own_post' }
  | { kind: 'exists' };

export type AnswerOutcome =
  | { kind: 'ok'; response: CommunityResponse; post: CommunityPost }
  | { kind: 'not_found' }
  | { kind: 'forbidden' }
  | { kind: 'not_pending' }
  | { kind: 'post_not_open' };

/** The next updated_at of community_posts (the caller is inside a write transaction); takes the community lock. */
export async function nextStamp(db: Database, tx: Tx, now: number): Promise<number> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${COMMUNITY_LOCK_KEY})`.execute(tx);
  const row = await tx
    .selectFrom('community_posts')
    .select((eb) => eb.fn.max<number | null>('updated_at').as('last'))
    .executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  return Math.max(now, last + 1);
}

function poke(db: Database, post: CommunityPost): void {
  db.changes.publish({ collection: 'community_posts', checkpoint: { updatedAt: post.updatedAt, id: post.id }, authenticated: true });
}

async function authorName(tx: Tx, userId: number): Promise<string> {
  const user = await tx.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
  if (!user) return '';
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.username : name;
}

/**
 * The verified sellers (role seller, own live shop verified and not suspended) to tell about a post: those
 * whose shop has a live product in the post's catalogue category (or one of its subcategories); every verified
 * seller when the post is `other` or names no category. Never the author.
 */
export async function sellersToNotify(tx: Tx, post: { categoryId: number | null; category: PostCategory; authorId: number }): Promise<number[]> {
  let query = tx
    .selectFrom('shops')
    .innerJoin('users', 'users.id', 'shops.owner_user_id')
    .select('users.id as userId')
    .where('users.role', '=', 'seller')
    .where('shops.deleted', '=', 0)
    .where('shops.is_verified', '=', 1)
    .where('shops.status', '!=', 'suspended')
    .where('users.id', '!=', post.authorId);
  const categoryId = post.categoryId;
  if (categoryId !== null && post.category !== 'other') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.shop_id', '=', 'shops.id')
          .where('products.deleted', '=', 0)
          .where((inner) =>
            inner.or([
              inner('products.category_id', '=', categoryId),
              inner('products.category_id', 'in', inner.selectFrom('categories').select('categories.id').where('categories.parent_id', '=', categoryId)),
            ]),
          ),
      ),
    );
  }
  const rows = await query.orderBy('users.id').execute();
  return [...new Set(rows.map((r) => Number(r.userId)))];
}

/** The post row a write is about, read inside the write transaction. */
async function postRowOrNull(tx: Tx, postId: number): Promise<PostRow | null> {
  return (await findPostRow(tx, postId)) ?? null;
}

/** Inserts a post row and its images and records the notifications; no clock or lock (the caller holds them). */
export async function insertPost(tx: Tx, input: NewPostInput, updatedAt: number, notify = true): Promise<{ row: PostRow; notification: PostNotification }> {
  const inserted = await tx
    .insertInto('community_posts')
    .values({
      user_id: input.userId,
      client_ref: input.clientRef,
      author_name: await authorName(tx, input.userId),
      title: input.title,
      description: input.description,
      category: input.category,
      category_id: input.categoryId,
      budget_min_cents: input.budgetMinCents,
      budget_max_cents: input.budgetMaxCents,
      timeline_value: input.timelineValue,
      timeline_unit: input.timelineUnit,
      expected_delivery: input.expectedDelivery,
      specifications: input.specifications,
      required_skills_json: JSON.stringify(input.requiredSkills),
      preferred_colors_json: JSON.stringify(input.preferredColors),
      preferred_styles_json: JSON.stringify(input.preferredStyles),
      search_text: foldForSearch(`${input.title}\n${input.description}`),
      styles_search: `\n${input.preferredStyles.map((s) => `${foldForSearch(s)}\n`).join('')}`,
      status: 'open',
      responses_count: 0,
      accepted_response_id: null,
      created_at: input.now,
      updated_at: updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postId = Number(inserted.id);
  await insertCommunityImages(tx, { postId }, input.images, input.now);
  const userIds = notify ? await sellersToNotify(tx, { categoryId: input.categoryId, category: input.category, authorId: input.userId }) : [];
  const notification: PostNotification = {
    userIds,
    title: NEW_REQUEST_TITLE,
    body: input.title,
    data: { post_id: String(postId), url: respondUrl(postId) },
  };
  if (userIds.length > 0) {
    await tx
      .insertInto('notifications')
      .values(
        userIds.map((userId) => ({
          user_id: userId,
          kind: 'community_post',
          title: notification.title,
          body: notification.body,
          data_json: JSON.stringify(notification.data),
          created_at: input.now,
          read_at: null,
        })),
      )
      .execute();
  }
  const row = await findPostRow(tx, postId);
  if (!row) throw new Error(`community post ${postId} vanished inside its own transaction`);
  return { row, notification };
}

/** POST /community/posts. */
/** The post already holding `clientRef`: the author's first result, or taken by another author; null: free. */
async function postByClientRef(tx: Tx, userId: number, clientRef: string): Promise<CreatePostOutcome | null> {
  const existing = await tx.selectFrom('community_posts').selectAll().where('client_ref', '=', clientRef).executeTakeFirst();
  if (!existing) return null;
  if (Number(existing.user_id) !== userId) return { kind: 'client_ref_taken' };
  return { kind: 'existing', post: await toPostDoc(tx, existing) };
}

export async function createPost(db: Database, input: NewPostInput): Promise<CreatePostOutcome> {
  try {
    return await createPostOnce(db, input);
  } catch (error) {
    // A concurrent create with the same client_ref committed first: answer as if it had been seen.
    if (input.clientRef === null || !isUniqueViolation(error, 'client_ref')) throw error;
    const clientRef = input.clientRef;
    const found = await writeTransaction(db, [], (tx) => postByClientRef(tx, input.userId, clientRef));
    if (found === null) throw error;
    return found;
  }
}

async function createPostOnce(db: Database, input: NewPostInput): Promise<CreatePostOutcome> {
  const outcome = await writeTransaction(db, [], async (tx): Promise<CreatePostOutcome> => {
    const updatedAt = await nextStamp(db, tx, input.now);
    if (input.clientRef !== null) {
      const found = await postByClientRef(tx, input.userId, input.clientRef);
      if (found !== null) return found;
    }
    if (input.categoryId !== null) {
      const category = await tx.selectFrom('categories').select('id').where('id', '=', input.categoryId).where('deleted', '=', 0).executeTakeFirst();
      if (!category) return { kind: 'category_not_found' };
    }
    const { row, notification } = await insertPost(tx, input, updatedAt);
    return { kind: 'created', post: await toPostDoc(tx, row), notification };
  });
  if (outcome.kind === 'created') poke(db, outcome.post);
  return outcome;
}

/** PATCH /community/posts/{id} {status: "closed"}: the owner closes an open or in-progress post. */
export async function closePost(db: Database, userId: number, postId: number, now: number): Promise<ClosePostOutcome> {
  const outcome = await writeTransaction(db, [], async (tx): Promise<ClosePostOutcome> => {
    const updatedAt = await nextStamp(db, tx, now);
    const post = await postRowOrNull(tx, postId);
    if (!post) return { kind: 'not_found' };
    const ownerId = Number(post.user_id);
    if (ownerId !== userId) return { kind: 'forbidden' };
    const next = nextPostStatus(post.status as PostStatus, ownerId, { type: 'CLOSE', actorId: userId });
    if (next === null) return { kind: 'already_closed' };
    await tx.updateTable('community_posts').set({ status: next, updated_at: updatedAt }).where('id', '=', postId).execute();
    const row = await findPostRow(tx, postId);
    if (!row) throw new Error(`community post ${postId} vanished inside its own transaction`);
    return { kind: 'ok', post: await toPostDoc(tx, row) };
  });
  if (outcome.kind === 'ok') poke(db, outcome.post);
  return outcome;
}

/**
 * The live, verified shop of a seller that may respond (role seller, shop is_verified, not suspended), or
 * null: SELLER_NOT_VERIFIED.
 */
export async function verifiedShopOf(db: Database, userId: number, role: string): Promise<number | null> {
  if (role !== 'seller') return null;
  const row = await db.kysely
    .selectFrom('shops')
    .select('id')
    .where('owner_user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('is_verified', '=', 1)
    .where('status', '!=', 'suspended')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Inserts a response and bumps its post (count and updated_at); the caller holds the clock. */
export async function insertResponse(tx: Tx, input: RespondInput, updatedAt: number): Promise<number> {
  const inserted = await tx
    .insertInto('community_responses')
    .values({
      post_id: input.postId,
      shop_id: input.shopId,
      seller_user_id: input.userId,
      client_ref: input.clientRef,
      message: input.message,
      price_cents: input.priceCents,
      delivery_days: input.deliveryDays,
      status: 'pending',
      created_at: input.now,
      updated_at: updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const responseId = Number(inserted.id);
  await insertCommunityImages(tx, { responseId }, input.images, input.now);
  await tx
    .updateTable('community_posts')
    .set((eb) => ({ responses_count: eb('responses_count', '+', 1), updated_at: updatedAt }))
    .where('id', '=', input.postId)
    .execute();
  return responseId;
}

/** POST /seller/community/posts/{id}/respond, for a seller whose verified shop is `shopId`. */
export async function respondToPost(db: Database, input: RespondInput): Promise<RespondOutcome> {
  let bumped: CommunityPost | null = null;
  const outcome = await writeTransaction(db, [], async (tx): Promise<RespondOutcome> => {
    const updatedAt = await nextStamp(db, tx, input.now);
    if (input.clientRef !== null) {
      const existing = await tx
        .selectFrom('community_responses')
        .selectAll()
        .where('seller_user_id', '=', input.userId)
        .where('client_ref', '=', input.clientRef)
        .executeTakeFirst();
      if (existing) return { kind: 'existing', response: await toResponseDoc(tx, existing) };
    }
    const post = await postRowOrNull(tx, input.postId);
    if (!post) return { kind: 'not_found' };
    if (Number(post.user_id) === input.userId) return { kind: 'own_post' };
    if (post.status !== 'open') return { kind: 'not_open' };
    const taken = await tx
      .selectFrom('community_responses')
      .select('id')
      .where('post_id', '=', input.postId)
      .where('shop_id', '=', input.shopId)
      .executeTakeFirst();
    if (taken) return { kind: 'exists' };
    const responseId = await insertResponse(tx, input, updatedAt);
    const row = await tx.selectFrom('community_responses').selectAll().where('id', '=', responseId).executeTakeFirstOrThrow();
    const postRow = await findPostRow(tx, input.postId);
    if (postRow) bumped = await toPostDoc(tx, postRow);
    return { kind: 'created', response: await toResponseDoc(tx, row) };
  });
  if (bumped) poke(db, bumped);
  return outcome;
}

/** PATCH /community/responses/{id}: the post's owner accepts (the post moves to in_progress) or rejects. */
export async function answerResponse(db: Database, userId: number, responseId: number, to: Exclude<ResponseStatus, 'pending'>, now: number): Promise<AnswerOutcome> {
  const outcome = await writeTransaction(db, [], async (tx): Promise<AnswerOutcome> => {
    const updatedAt = await nextStamp(db, tx, now);
    const response = await tx.selectFrom('community_responses').selectAll().where('id', '=', responseId).executeTakeFirst();
    if (!response) return { kind: 'not_found' };
    const post = await postRowOrNull(tx, Number(response.post_id));
    if (!post) return { kind: 'not_found' };
    const ownerId = Number(post.user_id);
    if (ownerId !== userId) return { kind: 'forbidden' };
    const next = nextResponseStatus(response.status as ResponseStatus, ownerId, { type: RESPONSE_EVENT_TO[to], actorId: userId });
    if (next === null) return { kind: 'not_pending' };
    if (next === 'accepted') {
      const postNext = nextPostStatus(post.status as PostStatus, ownerId, { type: 'RESPONSE_ACCEPTED', actorId: userId });
      if (postNext === null) return { kind: 'post_not_open' };
      await tx
        .updateTable('community_posts')
        .set({ status: postNext, accepted_response_id: responseId, updated_at: updatedAt })
        .where('id', '=', Number(post.id))
        .execute();
    } else {
      // The post's embedded responses changed: its documents must be pulled again.
      await tx.updateTable('community_posts').set({ updated_at: updatedAt }).where('id', '=', Number(post.id)).execute();
    }
    await tx.updateTable('community_responses').set({ status: next, updated_at: updatedAt }).where('id', '=', responseId).execute();
    const responseRow = await tx.selectFrom('community_responses').selectAll().where('id', '=', responseId).executeTakeFirstOrThrow();
    const postRow = await findPostRow(tx, Number(post.id));
    if (!postRow) throw new Error(`community post ${post.id} vanished inside its own transaction`);
    return { kind: 'ok', response: await toResponseDoc(tx, responseRow), post: await toPostDoc(tx, postRow) };
  });
  if (outcome.kind === 'ok') poke(db, outcome.post);
  return outcome;
}
