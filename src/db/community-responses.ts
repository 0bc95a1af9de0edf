/**
 * A seller's response to a community request and the owner closing a request, on the local database
 * (docs/COMMUNITY.md "Community"): the optimistic change next to its outbox entry, the rollback of a refused
 * one and the retry of a failed one.
 *
 * - response_create (POST /api/v1/seller/community/posts/{post_id}/respond, JSON {message, price,
 *   delivery_days, client_ref, images_data?}): the response at once in its post's `responses` (id = its client
 *   ref, response_id 0, pending) and responses_count + 1. The server's response has the client ref as its id
 *   too (community-docs.ts responseDocId), and the personal pull embeds it in the post for the responding
 *   seller: the pulled post replaces the local one whole, so the response is replaced, never doubled. A refusal
 *   takes it out again (and the count back); a retry puts it back; accepted, it is the server's at once.
 * - post_close (PATCH /api/v1/community/posts/{post_id} {status:"closed"}): the post closed at once; a refusal
 *   restores its status (a later close of that post inherits the undo), unless the pull replaced the post
 *   meanwhile (the server's status is then the truth).
 * A pull replaces a post whole, also one that left before the write reached the server: the queries (and the
 * checks before queueing) lay these entries over the stored posts while they are unsettled and, once accepted,
 * until the stored post is the server's from after the write (post-overlay.ts).
 */
import { POST_BUDGET_MAX, POST_IMAGES_MAX, RESPONSE_MESSAGE_MAX } from '../domain/community';
import { communityPostSchema, communityResponseSchema, type CommunityResponse } from '../domain/community-schemas';
import type { LocalCommunityPost, RespondInput } from '../workers/data-api';
import { answerData, CommunityError, findPostDoc, isMoney, parseJson } from './community';
import type { SoukDatabase } from './database';
import { newEntry, patchEntry, SEND_STATES, type Accepted, type OutboxEntry, type Reapply, type Rollback } from './outbox';
import { shownPost } from './post-overlay';

/** A data URL the server reads as an image (community-bodies.ts DATA_URL). */
const DATA_URL = /^data:[A-Za-z0-9.+/-]*(?:;[A-Za-z0-9=.+-]+)*;base64,/;

/** The server's checks of a response body that need no server (respondSchema's texts). */
function checkResponse(input: RespondInput): { message: string; images: string[] } {
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (message === '') throw new CommunityError('VALIDATION', 'The message field is required.');
  if (message.length > RESPONSE_MESSAGE_MAX) throw new CommunityError('VALIDATION', `The message may not be greater than ${RESPONSE_MESSAGE_MAX} characters.`);
  if (typeof input.price !== 'number' || Number.isNaN(input.price)) throw new CommunityError('VALIDATION', 'The price field is required.');
  if (!isMoney(input.price) || input.price > POST_BUDGET_MAX) throw new CommunityError('VALIDATION', 'The selected price is invalid.');
  if (typeof input.delivery_days !== 'number' || Number.isNaN(input.delivery_days)) throw new CommunityError('VALIDATION', 'The delivery days field is required.');
  if (!Number.isInteger(input.delivery_days) || input.delivery_days < 1 || input.delivery_days > 365) {
    throw new CommunityError('VALIDATION', 'The selected delivery days is invalid.');
  }
  const images = input.images_data ?? [];
  if (images.length > POST_IMAGES_MAX) throw new CommunityError('VALIDATION', 'You can upload at most 5 images.');
  if (images.some((url) => typeof url !== 'string' || !DATA_URL.test(url))) throw new CommunityError('VALIDATION', 'Images must be JPG, PNG, GIF or WebP.');
  return { message, images };
}

/** The seller's shop as far as this device knows it: from one of their responses, else their shop's conversations. */
async function ownShop(db: SoukDatabase, userId: number): Promise<Pick<CommunityResponse, 'shop_id' | 'shop_name' | 'shop_slug'>> {
  const none = { shop_id: 0, shop_name: '', shop_slug: '' };
  if (userId < 1) return none;
  for (const post of await db.community_posts.find().exec()) {
    const known = post.responses.find((r) => r.seller_user_id === userId && r.shop_id > 0);
    if (known) return { shop_id: known.shop_id, shop_name: known.shop_name, shop_slug: known.shop_slug };
  }
  // A conversation the seller is in but not as its buyer is one of their shop's.
  const asShop = (await db.conversations.find().exec()).find((c) => c.user_id !== userId);
  if (!asShop) return none;
  const shop = await db.shops.findOne(String(asShop.shop_id)).exec();
  return { shop_id: asShop.shop_id, shop_name: shop?.name ?? '', shop_slug: shop?.slug ?? '' };
}

export interface ResponseUndo {
  /** The post's document id. */
  postId: string;
  /** The response as shown (put back by a retry); once accepted, the server's. */
  response: CommunityResponse;
  /** Once accepted: the server's stamp of the write (the post's updatedAt then), when its answer said. */
  settledAt?: number;
}

const respondPath = (postId: number) => `/api/v1/seller/community/posts/${postId}/respond`;

/** Adds the response to its post unless it is there already; resolves with whether it did. */
async function addResponse(db: SoukDatabase, undo: ResponseUndo): Promise<boolean> {
  const doc = await db.community_posts.findOne(undo.postId).exec();
  if (!doc || doc.responses.some((r) => r.id === undo.response.id)) return false;
  await doc.incrementalModify((post) =>
    post.responses.some((r) => r.id === undo.response.id)
      ? post
      : { ...post, responses: [...post.responses, undo.response], responses_count: post.responses_count + 1 },
  );
  return true;
}

/**
 * Queues the signed-in seller `userId`'s response to a post (by document id or post id). Refused here, with
 * the server's code and text, when the post is unknown (POST_NOT_FOUND), theirs (RESPONSE_OWN_POST), not sent
 * yet (POST_NOT_SENT), not open (POST_NOT_OPEN) or already answered by them (RESPONSE_EXISTS, also while one is
 * queued), or the body is not valid (VALIDATION). Whether they are a verified seller only the server knows
 * (SELLER_NOT_VERIFIED comes as a refusal of the entry).
 */
export async function queueResponseCreate(
  db: SoukDatabase,
  postId: string,
  input: RespondInput,
  userId: number,
  now: number = Date.now(),
): Promise<{ response: CommunityResponse; entry: OutboxEntry }> {
  const { message, images } = checkResponse(input);
  const doc = await findPostDoc(db, postId);
  if (!doc || doc.local_state === 'failed') throw new CommunityError('POST_NOT_FOUND', 'Post not found');
  // As shown: with the responses and closes sent or to send that the stored post does not have yet.
  const post = await shownPost(db, doc);
  if (userId > 0 && post.user_id === userId) throw new CommunityError('RESPONSE_OWN_POST', 'You cannot respond to your own request.');
  if (post.post_id < 1) throw new CommunityError('POST_NOT_SENT', 'This request has not been sent yet.');
  if (post.status !== 'open') throw new CommunityError('POST_NOT_OPEN', 'This request is no longer open.');
  const shop = await ownShop(db, userId);
  const answered = post.responses.some((r) => (userId > 0 && r.seller_user_id === userId) || (shop.shop_id > 0 && r.shop_id === shop.shop_id));
  const queued = await db.outbox.findOne({ selector: { kind: { $eq: 'response_create' }, path: { $eq: respondPath(post.post_id) }, state: { $in: [...SEND_STATES] } } }).exec();
  if (answered || queued) throw new CommunityError('RESPONSE_EXISTS', 'Your shop has already responded to this request.');

  const id = crypto.randomUUID();
  const response: CommunityResponse = {
    id,
    response_id: 0,
    post_id: post.post_id,
    ...shop,
    seller_user_id: Math.max(0, userId),
    message,
    price: input.price,
    delivery_days: input.delivery_days,
    // Shown from the data URLs until the pull brings the server's files.
    images,
    status: 'pending',
    created_at: now,
    updatedAt: 0,
  };
  const body = { message, price: input.price, delivery_days: input.delivery_days, client_ref: id, ...(images.length > 0 ? { images_data: images } : {}) };
  const undo: ResponseUndo = { postId: post.id, response };
  const entry = await newEntry(
    db,
    { method: 'POST', path: respondPath(post.post_id), body: JSON.stringify(body), kind: 'response_create', target: id, undo: JSON.stringify(undo), auth: 'user' },
    now,
  );
  await db.outbox.insert(entry);
  await addResponse(db, undo);
  return { response, entry };
}

export interface CloseUndo {
  postId: string;
  /** The status before the close, and the post's updatedAt then (a pulled post has another). */
  status: LocalCommunityPost['status'];
  updatedAt: number;
  /** Once accepted: the server's stamp of the close (the closed post's updatedAt), when its answer said. */
  settledAt?: number;
}

/** Closes the post locally; resolves with what to restore (null: no such post). */
async function applyClose(db: SoukDatabase, postId: string): Promise<CloseUndo | null> {
  const doc = await db.community_posts.findOne(postId).exec();
  if (!doc) return null;
  const undo: CloseUndo = { postId, status: doc.status, updatedAt: doc.updatedAt };
  if (doc.status !== 'closed') await doc.incrementalPatch({ status: 'closed' });
  return undo;
}

/**
 * Queues the owner `userId` closing their post (by document id or post id). Refused here when the post is
 * unknown (POST_NOT_FOUND), not theirs (FORBIDDEN), closed already (POST_ALREADY_CLOSED) or not sent yet
 * (POST_NOT_SENT).
 */
export async function queuePostClose(db: SoukDatabase, postId: string, userId: number, now: number = Date.now()): Promise<OutboxEntry> {
  const doc = await findPostDoc(db, postId);
  if (!doc || doc.local_state === 'failed') throw new CommunityError('POST_NOT_FOUND', 'Post not found');
  const post = await shownPost(db, doc);
  if (userId < 1 || post.user_id !== userId) throw new CommunityError('FORBIDDEN', 'You are not authorized to perform this action.');
  if (post.status !== 'open' && post.status !== 'in_progress') throw new CommunityError('POST_ALREADY_CLOSED', 'This request is already closed.');
  if (post.post_id < 1) throw new CommunityError('POST_NOT_SENT', 'This request has not been sent yet.');
  const entry = await newEntry(
    db,
    {
      method: 'PATCH',
      path: `/api/v1/community/posts/${doc.post_id}`,
      body: JSON.stringify({ status: 'closed' }),
      kind: 'post_close',
      target: doc.id,
      undo: null,
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  const undo = JSON.stringify(await applyClose(db, doc.id));
  await patchEntry(db, entry.id, { undo });
  return { ...entry, undo };
}

/**
 * A refused response leaves its post (and the count goes back), if it is still there: a pull may have
 * replaced the post with the server's, which never had it. A refused close restores the status (see above).
 */
export const rollbackResponseChange: Rollback = async (db, entry, later) => {
  if (entry.kind === 'response_create') {
    const undo = parseJson<ResponseUndo | null>(entry.undo, null);
    const doc = undo ? await db.community_posts.findOne(undo.postId).exec() : null;
    if (!doc) return;
    await doc.incrementalModify((post) =>
      post.responses.some((r) => r.id === entry.target)
        ? { ...post, responses: post.responses.filter((r) => r.id !== entry.target), responses_count: Math.max(0, post.responses_count - 1) }
        : post,
    );
    return;
  }
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  const undo = parseJson<CloseUndo | null>(entry.undo, null);
  const doc = undo ? await db.community_posts.findOne(undo.postId).exec() : null;
  if (!undo || !doc) return;
  await doc.incrementalModify((post) => (post.updatedAt === undo.updatedAt && post.status === 'closed' ? { ...post, status: undo.status } : post));
};

/** Retry: the response shows in its post again; the post is closed again. */
export const reapplyResponseChange: Reapply = async (db, entry) => {
  if (entry.kind === 'response_create') {
    const undo = parseJson<ResponseUndo | null>(entry.undo, null);
    if (undo) await addResponse(db, undo);
    return entry.undo;
  }
  const undo = parseJson<CloseUndo | null>(entry.undo, null);
  if (!undo) return entry.undo;
  return JSON.stringify(await applyClose(db, undo.postId));
};

/**
 * Accepted: the response becomes the server's (201 {data: Response}: its response_id, its files) in the stored
 * post, if that still holds the optimistic one, and in the entry, with the server's stamp (the response's
 * updatedAt is its post's then): until the stored post is that recent, the response is laid over it (a pull
 * that left before the write may land after it). A close keeps the closed post's stamp (200 {data: Post}).
 */
export const acceptedResponseChange: Accepted = async (db, entry, answer) => {
  if (entry.kind === 'response_create') {
    const undo = parseJson<ResponseUndo | null>(entry.undo, null);
    const parsed = communityResponseSchema.safeParse(answerData(answer));
    if (!undo || !parsed.success || parsed.data.id !== undo.response.id) return entry.undo;
    const server = parsed.data;
    const doc = await db.community_posts.findOne(undo.postId).exec();
    const optimistic = (r: CommunityResponse) => r.id === server.id && r.response_id === 0;
    if (doc?.responses.some(optimistic)) {
      await doc.incrementalModify((post) => ({ ...post, responses: post.responses.map((r) => (optimistic(r) ? server : r)) }));
    }
    return JSON.stringify({ ...undo, response: server, settledAt: server.updatedAt } satisfies ResponseUndo);
  }
  const undo = parseJson<CloseUndo | null>(entry.undo, null);
  const parsed = communityPostSchema.safeParse(answerData(answer));
  if (!undo || !parsed.success || parsed.data.id !== undo.postId) return entry.undo;
  return JSON.stringify({ ...undo, settledAt: parsed.data.updatedAt } satisfies CloseUndo);
};
