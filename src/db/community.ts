/**
 * Community requests on the local database (docs/COMMUNITY.md): each write is the optimistic document next to
 * its outbox entry, the rollback of a refused one and the retry of a failed one. A seller's response and
 * closing a post are in community-responses.ts, messages in messages.ts.
 *
 * - post_create (POST /api/v1/community/posts, JSON with client_ref): the post at once, id = its client ref,
 *   local_state 'queued'; the server's answer (or else the personal pull) brings the server's post under the
 *   same id ('confirmed'); a refusal marks it 'failed' (kept, so the author sees it and can retry, or discard
 *   it: the post goes too).
 * - response_answer (PATCH /api/v1/community/responses/{response_id} {status}): the embedded response's
 *   status at once, and accepting moves an open post to in_progress; a refusal restores both (unless a pull
 *   replaced the post meanwhile: the server's post is then the truth); accepted, the post and the response
 *   become the server's from its answer. A pull replaces a post whole, also one that left before the answer
 *   reached the server: the queries and the check before queueing lay the answer over the stored post while it
 *   is unsettled and, once accepted, until the stored post is the server's from after it (post-overlay.ts).
 */
import { POST_BUDGET_MAX, POST_DESCRIPTION_MAX, POST_IMAGES_MAX, POST_TITLE_MAX } from '../domain/community';
import { communityPostSchema, communityResponseSchema, type CommunityResponse } from '../domain/community-schemas';
import type { LocalCommunityPost, NewPostInput } from '../workers/data-api';
import type { SoukDatabase } from './database';
import { newEntry, patchEntry, type Accepted, type Dismiss, type OutboxEntry, type Reapply, type Rollback } from './outbox';
import { shownPost } from './post-overlay';

/**
 * Why a community write could not even be queued: the server's code and text for what it would refuse
 * (docs/COMMUNITY.md), and POST_NOT_SENT for a post this device has not sent yet (post_id 0: no server id to
 * respond to or close).
 */
export type CommunityErrorCode =
  | 'VALIDATION'
  | 'FORBIDDEN'
  | 'POST_NOT_FOUND'
  | 'POST_NOT_SENT'
  | 'POST_NOT_OPEN'
  | 'POST_ALREADY_CLOSED'
  | 'RESPONSE_NOT_FOUND'
  | 'RESPONSE_NOT_PENDING'
  | 'RESPONSE_OWN_POST'
  | 'RESPONSE_EXISTS';

export class CommunityError extends Error {
  constructor(
    readonly code: CommunityErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CommunityError';
  }
}

/** A document as a plain object (no RxDB internals). */
export function plainDoc<T>(d: { toJSON(): unknown }): T {
  const { _meta: _m, _rev: _r, _attachments: _a, _deleted: _d, ...doc } = d.toJSON() as Record<string, unknown>;
  return structuredClone(doc) as T;
}

/** JSON text parsed, or the fallback when absent or not JSON. */
export function parseJson<T>(undo: string | null, fallback: T): T {
  if (undo === null) return fallback;
  try {
    return JSON.parse(undo) as T;
  } catch {
    return fallback;
  }
}

/** The `data` of an API answer `{success, data}` (the accepted entry's answer), or undefined. */
export function answerData(answer: unknown): unknown {
  return typeof answer === 'object' && answer !== null && 'data' in answer ? (answer as { data: unknown }).data : undefined;
}

export const isMoney = (n: number) => Number.isFinite(n) && n >= 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The checks the server makes that need no server (its texts), so an obvious mistake is never queued. */
function checkPost(input: NewPostInput): void {
  const title = input.title.trim();
  const description = input.description.trim();
  if (title === '') throw new CommunityError('VALIDATION', 'Title is required');
  if (description === '') throw new CommunityError('VALIDATION', 'Description is required');
  if (title.length > POST_TITLE_MAX) throw new CommunityError('VALIDATION', `The title may not be greater than ${POST_TITLE_MAX} characters.`);
  if (description.length > POST_DESCRIPTION_MAX) {
    throw new CommunityError('VALIDATION', `The description may not be greater than ${POST_DESCRIPTION_MAX} characters.`);
  }
  const { budget_min: min, budget_max: max } = input;
  if (!isMoney(min) || !isMoney(max) || max < min || max > POST_BUDGET_MAX) throw new CommunityError('VALIDATION', 'The budget range is not valid.');
  if ((input.images_data ?? []).length > POST_IMAGES_MAX) throw new CommunityError('VALIDATION', 'You can upload at most 5 images.');
}

/** Queues a new community request by `userId`; resolves with the local post (id = client ref) and the entry. */
export async function queuePostCreate(
  db: SoukDatabase,
  input: NewPostInput,
  userId: number,
  now: number = Date.now(),
): Promise<{ post: LocalCommunityPost; entry: OutboxEntry }> {
  checkPost(input);
  const id = crypto.randomUUID();
  const body = {
    title: input.title.trim(),
    description: input.description.trim(),
    category: input.category ?? 'other',
    category_id: input.category_id ?? null,
    budget_min: input.budget_min,
    budget_max: input.budget_max,
    timeline_value: input.timeline_value ?? 7,
    timeline_unit: input.timeline_unit ?? 'days',
    expected_delivery: input.expected_delivery ?? null,
    specifications: (input.specifications ?? '').trim(),
    required_skills: input.required_skills ?? [],
    preferred_colors: input.preferred_colors ?? [],
    preferred_styles: input.preferred_styles ?? [],
    client_ref: id,
    ...(input.images_data && input.images_data.length > 0 ? { images_data: input.images_data } : {}),
  };
  const post: LocalCommunityPost = {
    id,
    post_id: 0,
    user_id: userId,
    author_name: '',
    title: body.title,
    description: body.description,
    category: body.category,
    category_id: body.category_id,
    // Shown from the data URLs until the pull brings the server's files.
    images: input.images_data ?? [],
    budget_min: body.budget_min,
    budget_max: body.budget_max,
    currency: 'MAD',
    timeline_value: body.timeline_value,
    timeline_unit: body.timeline_unit,
    expected_delivery: body.expected_delivery,
    specifications: body.specifications,
    required_skills: body.required_skills,
    preferred_colors: body.preferred_colors,
    preferred_styles: body.preferred_styles,
    status: 'open',
    responses_count: 0,
    accepted_response_id: null,
    responses: [],
    created_at: now,
    updatedAt: 0,
    local_state: 'queued',
  };
  const entry = await newEntry(
    db,
    { method: 'POST', path: '/api/v1/community/posts', body: JSON.stringify(body), kind: 'post_create', target: id, undo: null, auth: 'user' },
    now,
  );
  await db.outbox.insert(entry);
  await db.community_posts.insert(post);
  return { post, entry };
}

/** The post a UI id names: its document id (client ref or server id) or its server post id. */
export async function findPostDoc(db: SoukDatabase, id: string) {
  const key = id.trim();
  if (key === '') return null;
  const byId = await db.community_posts.findOne(key).exec();
  if (byId) return byId;
  if (/^\d+$/.test(key)) return db.community_posts.findOne({ selector: { post_id: { $eq: Number(key) } } }).exec();
  return null;
}

const matchesResponse = (r: CommunityResponse, key: string) => r.id === key || (/^\d+$/.test(key) && r.response_id === Number(key));

/** The post holding a response (by the response's id or response_id). */
async function postOfResponse(db: SoukDatabase, responseId: string) {
  const key = responseId.trim();
  const posts = await db.community_posts.find().exec();
  return posts.find((p) => p.responses.some((r) => matchesResponse(r, key))) ?? null;
}

export interface AnswerUndo {
  /** The post's document id. */
  postId: string;
  /** What the answer changed, as it was before. */
  post: Pick<LocalCommunityPost, 'status' | 'accepted_response_id' | 'responses'> | null;
  /** The post's updatedAt when answered: a pulled post has another (the server's, which a refusal keeps). */
  updatedAt?: number;
  /** Once accepted: the server's stamp of the answer (its post's updatedAt then), when its answer said. */
  settledAt?: number;
}

export type Answer = 'accepted' | 'rejected';

/** The answer a response_answer entry sends, or null. */
export function answerOf(entry: Pick<OutboxEntry, 'body'>): Answer | null {
  const status = parseJson<{ status?: unknown }>(entry.body, {}).status;
  return status === 'accepted' || status === 'rejected' ? status : null;
}

/** Applies an answer to the local post; resolves with what it was before (null: no such post or response). */
async function applyAnswer(db: SoukDatabase, responseId: string, status: Answer): Promise<AnswerUndo | null> {
  const doc = await postOfResponse(db, responseId);
  if (!doc) return null;
  const before = plainDoc<LocalCommunityPost>(doc);
  const response = before.responses.find((r) => matchesResponse(r, responseId));
  if (!response) return null;
  const accepted = status === 'accepted';
  await doc.incrementalPatch({
    responses: before.responses.map((r) => (r === response ? { ...r, status } : r)),
    ...(accepted && before.status === 'open' ? { status: 'in_progress' as const, accepted_response_id: response.response_id } : {}),
  });
  return {
    postId: before.id,
    post: { status: before.status, accepted_response_id: before.accepted_response_id, responses: before.responses },
    updatedAt: before.updatedAt,
  };
}

/**
 * Queues the post owner's answer to a response (the server says whether this user may). Refused here when the
 * response is unknown (RESPONSE_NOT_FOUND) or answered already as shown (RESPONSE_NOT_PENDING: also by an answer
 * queued, or sent before the pull brings it).
 */
export async function queueResponseAnswer(db: SoukDatabase, responseId: string, status: Answer, now: number = Date.now()): Promise<OutboxEntry> {
  const doc = await postOfResponse(db, responseId);
  const response = doc ? (await shownPost(db, doc)).responses.find((r) => matchesResponse(r, responseId.trim())) : undefined;
  if (!doc || !response) throw new CommunityError('RESPONSE_NOT_FOUND', 'Response not found');
  if (response.status !== 'pending') throw new CommunityError('RESPONSE_NOT_PENDING', 'This response has already been answered.');
  const entry = await newEntry(
    db,
    {
      method: 'PATCH',
      path: `/api/v1/community/responses/${response.response_id}`,
      body: JSON.stringify({ status }),
      kind: 'response_answer',
      target: response.id,
      undo: null,
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  const undo = await applyAnswer(db, response.id, status);
  await patchEntry(db, entry.id, { undo: JSON.stringify(undo) });
  return { ...entry, undo: JSON.stringify(undo) };
}

async function setPostState(db: SoukDatabase, id: string, from: 'queued' | 'failed', to: 'queued' | 'failed') {
  const doc = await db.community_posts.findOne(id).exec();
  if (doc && doc.local_state === from) await doc.incrementalPatch({ local_state: to });
}

/**
 * A refused post stays, marked 'failed' (the sync centre says why); a refused answer restores the response and
 * the post as they were (unless a later answer of that response is queued: it inherits the undo), if the stored
 * post is still the one it changed: a pull may have replaced it with the server's, which never had the answer.
 */
export const rollbackCommunityChange: Rollback = async (db, entry, later) => {
  if (entry.kind === 'post_create') {
    await setPostState(db, entry.target, 'queued', 'failed');
    return;
  }
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  const undo = parseJson<AnswerUndo | null>(entry.undo, null);
  if (!undo?.post) return;
  const before = undo.post;
  const doc = await db.community_posts.findOne(undo.postId).exec();
  if (doc) await doc.incrementalModify((post) => (undo.updatedAt === undefined || post.updatedAt === undo.updatedAt ? { ...post, ...before } : post));
};

/**
 * Discarded: a refused post leaves the list (only while it is the failed one: a confirmed post under that id is
 * the server's); a refused answer was restored already.
 */
export const dismissCommunityChange: Dismiss = async (db, entry) => {
  if (entry.kind !== 'post_create') return;
  const doc = await db.community_posts.findOne(entry.target).exec();
  if (doc && doc.local_state === 'failed') await doc.remove();
};

/** A field of an object, or undefined. */
const fieldOf = (data: unknown, key: string): unknown => (typeof data === 'object' && data !== null && key in data ? (data as Record<string, unknown>)[key] : undefined);

/**
 * An accepted answer (200 {data: {response, post}}): the stored post takes the server's status and accepted
 * response and the server's response, unless it is that recent already (the pull came first); the entry keeps
 * the server's stamp, until which the answer is laid over the stored post (a pull that left before the answer
 * reached the server may land after it).
 */
async function settleAnswer(db: SoukDatabase, entry: OutboxEntry, answer: unknown): Promise<string | null> {
  const undo = parseJson<AnswerUndo | null>(entry.undo, null);
  const data = answerData(answer);
  const response = communityResponseSchema.safeParse(fieldOf(data, 'response'));
  const post = communityPostSchema.safeParse(fieldOf(data, 'post'));
  if (!undo || !response.success || !post.success || response.data.id !== entry.target || post.data.id !== undo.postId) return entry.undo;
  const server = { response: response.data, post: post.data };
  const doc = await db.community_posts.findOne(undo.postId).exec();
  if (doc && doc.updatedAt < server.post.updatedAt) {
    await doc.incrementalModify((old) =>
      old.updatedAt >= server.post.updatedAt
        ? old
        : {
            ...old,
            status: server.post.status,
            accepted_response_id: server.post.accepted_response_id,
            responses: old.responses.map((r) => (r.id === server.response.id ? server.response : r)),
          },
    );
  }
  return JSON.stringify({ ...undo, settledAt: server.post.updatedAt } satisfies AnswerUndo);
}

/**
 * Accepted: the post becomes the server's at once (201 {data: Post}: its post id, its files; 'confirmed', so it
 * can be closed and answered before the pull brings the same), unless the pull came first. An answer settles
 * its post and response from the server's (settleAnswer).
 */
export const acceptedCommunityChange: Accepted = async (db, entry, answer) => {
  if (entry.kind === 'response_answer') return settleAnswer(db, entry, answer);
  if (entry.kind !== 'post_create') return entry.undo;
  const parsed = communityPostSchema.safeParse(answerData(answer));
  if (!parsed.success || parsed.data.id !== entry.target) return entry.undo;
  const server: LocalCommunityPost = { ...parsed.data, local_state: 'confirmed' };
  const doc = await db.community_posts.findOne(entry.target).exec();
  if (doc && doc.local_state !== 'confirmed') await doc.incrementalModify((old) => (old.local_state === 'confirmed' ? old : server));
  return entry.undo;
};

/** Retry: the post is queued again; an answer shows again. */
export const reapplyCommunityChange: Reapply = async (db, entry) => {
  if (entry.kind === 'post_create') {
    await setPostState(db, entry.target, 'failed', 'queued');
    return null;
  }
  const status = answerOf(entry);
  if (status === null) return entry.undo;
  return JSON.stringify(await applyAnswer(db, entry.target, status));
};
