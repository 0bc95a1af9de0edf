/**
 * Community requests (docs/COMMUNITY.md, "Community", under /api/v1): the
 * public list and detail of posts, a signed-in user's new post (JSON or
 * multipart, images checked and re-encoded before the write transaction
 * starts, so a refusal writes nothing), the owner closing it, the responses
 * as the caller may see them, a verified seller's response, and the post
 * owner's answer to a response. A new post notifies the matching verified
 * sellers by push (app.push) after it is committed.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COLORS } from '../../domain/catalog-constants';
import { COMMUNITY_MAX_PAGE_SIZE, COMMUNITY_PAGE_SIZE, POST_CATEGORIES, POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, POST_STATUSES } from '../../domain/community';
import { requireAuth } from '../auth/guards';
import { MAX_ID, parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { createLimiter, userRateKey } from '../auth/rate-limits';
import { parseBody } from '../http/body';
import { NO_STORE, publicFor } from '../http/cache-control';
import { pageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { enumParam, flag, positiveInt, text } from '../http/query-params';
import { parseRequest } from '../http/validation';
import {
  answerSchema,
  closePostSchema,
  CLIENT_REF,
  COMMUNITY_JSON_BODY_LIMIT,
  communityBody,
  fieldError,
  FIELD_MAX_BYTES,
  newPostSchema,
  parseCommunityBody,
  respondSchema,
} from './community-bodies';

const listQuerySchema = z.object({
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(COMMUNITY_MAX_PAGE_SIZE).optional(),
  category_id: positiveInt(MAX_ID).optional(),
  category: enumParam(POST_CATEGORIES).optional(),
  status: enumParam(POST_STATUSES).optional(),
  color: enumParam(COLORS).optional(),
  style: text(50).optional(),
  search: text(100).optional(),
  mine: flag.optional(),
});

function postIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('POST_NOT_FOUND');
  return id;
}

export async function communityPostRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated here: these routes accept multipart bodies with up to 5 images of 5 MB.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: POST_IMAGE_MAX_BYTES, files: POST_IMAGES_MAX, fields: 40, fieldSize: FIELD_MAX_BYTES, parts: 60, headerPairs: 100 },
  });

  // Every answer that did not choose its own caching (the public reads) is no-store.
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/v1/community/posts', async (request, reply) => {
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const me = q.mine === true ? requireAuth(request) : null;
    const list = await app.repos.community.list({
      page: q.page ?? 1,
      perPage: q.per_page ?? COMMUNITY_PAGE_SIZE,
      categoryId: q.category_id,
      category: q.category,
      status: q.status,
      color: q.color,
      style: q.style,
      search: q.search,
      userId: me?.userId,
    });
    reply.header('cache-control', request.auth ? NO_STORE : publicFor(30));
    return { success: true, data: list.items, meta: pageMeta(list) };
  });

  app.get<{ Params: { id: string } }>('/api/v1/community/posts/:id', async (request, reply) => {
    const raw = request.params.id;
    const id = parseId(raw);
    const post =
      id !== null
        ? await app.repos.community.find({ id })
        : request.auth && CLIENT_REF.test(raw)
          ? await app.repos.community.find({ userId: request.auth.userId, clientRef: raw })
          : null;
    if (!post) throw new ApiError('POST_NOT_FOUND');
    // Issue 24: a request the operator hid is its author's only.
    if (id !== null && (await app.repos.operator.postHiddenFrom(id, request.auth?.userId ?? null))) throw new ApiError('POST_NOT_FOUND');
    reply.header('cache-control', request.auth ? NO_STORE : publicFor(30));
    return { success: true, data: post };
  });

  const postLimit = createLimiter(app, 'communityPost', userRateKey);
  app.post('/api/v1/community/posts', { bodyLimit: COMMUNITY_JSON_BODY_LIMIT }, async (request, reply) => {
    const me = requireAuth(request);
    await postLimit(request, reply);
    const { body, files } = await communityBody(request);
    const { input, images } = await parseCommunityBody(newPostSchema, body, files);
    const outcome = await app.repos.community.create({
      userId: me.userId,
      clientRef: input.client_ref,
      title: input.title,
      description: input.description,
      category: input.category,
      categoryId: input.category_id,
      budgetMinCents: input.budget_min_cents,
      budgetMaxCents: input.budget_max_cents,
      timelineValue: input.timeline_value,
      timelineUnit: input.timeline_unit,
      expectedDelivery: input.expected_delivery,
      specifications: input.specifications,
      requiredSkills: input.required_skills,
      preferredColors: input.preferred_colors,
      preferredStyles: input.preferred_styles,
      images,
      now: app.authOptions.now(),
    });
    if (outcome.kind === 'category_not_found') throw fieldError('category_id', 'The selected category id is invalid.');
    if (outcome.kind === 'client_ref_taken') throw new ApiError('CLIENT_REF_TAKEN');
    if (outcome.kind === 'created' && outcome.notification.userIds.length > 0) {
      const { userIds, title, body: text, data } = outcome.notification;
      // After COMMIT; the push service never throws, but a failure must not fail the post.
      app.push.notify(userIds, { title, body: text, data }).catch((error: unknown) => request.log.error({ err: error }, 'community push failed'));
    }
    return reply.code(outcome.kind === 'created' ? 201 : 200).send({ success: true, message: 'Request posted', data: outcome.post });
  });

  app.patch<{ Params: { id: string } }>('/api/v1/community/posts/:id', async (request) => {
    const me = requireAuth(request);
    const id = postIdOrThrow(request.params.id);
    parseBody(closePostSchema, request.body);
    const outcome = await app.repos.community.close(me.userId, id, app.authOptions.now());
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError('POST_NOT_FOUND');
      case 'forbidden':
        throw new ApiError('FORBIDDEN');
      case 'already_closed':
        throw new ApiError('POST_ALREADY_CLOSED');
      case 'ok':
        return { success: true, data: outcome.post };
    }
  });

  app.get<{ Params: { id: string } }>('/api/v1/community/posts/:id/responses', async (request, reply) => {
    const me = requireAuth(request);
    const id = postIdOrThrow(request.params.id);
    const outcome = await app.repos.community.responses(id, { userId: me.userId, role: me.role });
    if (outcome.kind === 'not_found') throw new ApiError('POST_NOT_FOUND');
    if (outcome.kind === 'forbidden') throw new ApiError('FORBIDDEN');
    reply.header('cache-control', NO_STORE);
    return { success: true, data: outcome.responses };
  });

  app.post<{ Params: { id: string } }>('/api/v1/seller/community/posts/:id/respond', { bodyLimit: COMMUNITY_JSON_BODY_LIMIT }, async (request, reply) => {
    const me = requireAuth(request);
    const shopId = await app.repos.community.verifiedShop(me.userId, me.role);
    if (shopId === null) throw new ApiError('SELLER_NOT_VERIFIED');
    const postId = postIdOrThrow(request.params.id);
    const { body, files } = await communityBody(request);
    const { input, images } = await parseCommunityBody(respondSchema, body, files);
    const outcome = await app.repos.community.respond({
      userId: me.userId,
      shopId,
      postId,
      clientRef: input.client_ref,
      message: input.message,
      priceCents: input.price,
      deliveryDays: input.delivery_days,
      images,
      now: app.authOptions.now(),
    });
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError('POST_NOT_FOUND');
      case 'not_open':
        throw new ApiError('POST_NOT_OPEN');
      case 'own_post':
        throw new ApiError('RESPONSE_OWN_POST');
      case 'exists':
        throw new ApiError('RESPONSE_EXISTS');
      case 'created':
      case 'existing':
        return reply.code(outcome.kind === 'created' ? 201 : 200).send({ success: true, message: 'Response sent', data: outcome.response });
    }
  });

  app.patch<{ Params: { id: string } }>('/api/v1/community/responses/:id', async (request) => {
    const me = requireAuth(request);
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('RESPONSE_NOT_FOUND');
    const { status } = parseBody(answerSchema, request.body);
    const outcome = await app.repos.community.answer(me.userId, id, status, app.authOptions.now());
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError('RESPONSE_NOT_FOUND');
      case 'forbidden':
        throw new ApiError('FORBIDDEN');
      case 'not_pending':
        throw new ApiError('RESPONSE_NOT_PENDING');
      case 'post_not_open':
        throw new ApiError('POST_NOT_OPEN');
      case 'ok':
        return { success: true, data: { response: outcome.response, post: outcome.post } };
    }
  });
}
