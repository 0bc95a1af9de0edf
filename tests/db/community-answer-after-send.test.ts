/**
 * The owner's answer to an offer between queueing and the pull that brings it (no network, docs/COMMUNITY.md):
 * a pull replaces the post whole, also before the answer goes out or with a copy that left the server before the
 * answer reached it, so the answer (the offer's status; accepting moves an open post to in_progress with the
 * accepted response) is laid over the stored post while unsent and, once accepted, until the stored post is as
 * recent as the server's answer; the server's answer {response, post} settles the stored post at once; the
 * check before queueing sees the answer shown; a refusal keeps a post that a pull replaced.
 */
import { describe, expect, it } from 'vitest';
import { queueResponseAnswer } from '../../src/db/community';
import type { SoukDatabase } from '../../src/db/database';
import { failEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { findCommunityPost, findCommunityPosts } from '../../src/db/queries/community';
import { acceptEntry, communityDatabases, OWNER, POST_DOC_ID, POST_ID, pullPost } from '../helpers/community-db';
import { communityPost, communityResponse } from './support/community-fixtures';

const dbs = communityDatabases();
const T_QUEUED = 1_700_000_000_001;
const T_PULLED = 1_700_000_000_100;
const T_STAMP = 1_700_000_000_200;
const T_DONE = 1_700_000_000_300;

/** Two pending offers on the request, as the server has them before any answer. */
const offers = () => [communityResponse(31, { post_id: POST_ID }), communityResponse(32, { post_id: POST_ID, shop_id: 2 })];
const withOffers = () => dbs.withPost({ responses: offers(), responses_count: 2, updatedAt: T_QUEUED });
/** A pull before the answer reached the server (another shop's change bumped the post). */
const stalePull = (d: SoukDatabase) => pullPost(d, { responses: offers(), responses_count: 2, updatedAt: T_PULLED });

/** What the owner sees: the post's status, accepted response and the offers' statuses. */
async function shown(d: SoukDatabase) {
  const post = await findCommunityPost(d, String(POST_ID));
  return [post?.status, post?.accepted_response_id, post?.responses.map((r) => r.status)];
}

async function stored(d: SoukDatabase) {
  const post = (await d.community_posts.findOne(POST_DOC_ID).exec())?.toMutableJSON();
  return [post?.status, post?.accepted_response_id, post?.responses.map((r) => r.status)];
}

describe('an accepted offer before the pull brings it', () => {
  it('stays accepted (post in progress) over a pull that landed before it was sent; it cannot be answered again', async () => {
    const d = await withOffers();
    await queueResponseAnswer(d, 'r-31-ref', 'accepted');
    await stalePull(d);
    expect(await stored(d)).toEqual(['open', null, ['pending', 'pending']]);
    expect(await shown(d)).toEqual(['in_progress', 31, ['accepted', 'pending']]);
    expect((await findCommunityPosts(d, { kind: 'communityPosts', mine: true, status: 'open' })).data).toEqual([]);
    await expect(queueResponseAnswer(d, 'r-31-ref', 'accepted')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });
    await expect(queueResponseAnswer(d, '31', 'rejected')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });
    expect((await d.outbox.find().exec()).map((e) => e.kind)).toEqual(['response_answer']);
  });

  it("is settled from the server's answer and stays shown until the pull is as recent as it", async () => {
    const d = await withOffers();
    const entry = await queueResponseAnswer(d, 'r-31-ref', 'accepted');
    await stalePull(d);
    const response = communityResponse(31, { post_id: POST_ID, status: 'accepted', updatedAt: T_STAMP });
    const { local_state: _state, ...post } = communityPost(POST_DOC_ID, {
      post_id: POST_ID,
      user_id: OWNER,
      status: 'in_progress',
      accepted_response_id: 31,
      responses_count: 2,
      updatedAt: T_STAMP,
    });
    await acceptEntry(d, entry, { success: true, message: 'Offer accepted', data: { response, post } }, T_DONE);
    expect((await d.outbox.findOne(entry.id).exec())?.state).toBe('done');
    // The stored post is the server's answer at once (its responses stay: the answer's post embeds none).
    expect(await stored(d)).toEqual(['in_progress', 31, ['accepted', 'pending']]);
    expect((await d.community_posts.findOne(POST_DOC_ID).exec())?.responses[0]).toEqual(response);

    // A pull that left the server before the answer reached it.
    await stalePull(d);
    expect(await shown(d)).toEqual(['in_progress', 31, ['accepted', 'pending']]);
    await expect(queueResponseAnswer(d, 'r-31-ref', 'rejected')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });

    // From the server's stamp on, the pulled post is shown as it is.
    await pullPost(d, { status: 'in_progress', accepted_response_id: 31, responses: [response, ...offers().slice(1)], responses_count: 2, updatedAt: T_STAMP });
    expect(await shown(d)).toEqual(['in_progress', 31, ['accepted', 'pending']]);
    await pullPost(d, { responses: offers(), responses_count: 2, updatedAt: T_STAMP + 1 });
    expect(await shown(d)).toEqual(['open', null, ['pending', 'pending']]);
  });

  it('never moves a post that is no longer open (closed from another device meanwhile)', async () => {
    const d = await withOffers();
    await queueResponseAnswer(d, 'r-31-ref', 'accepted');
    await pullPost(d, { status: 'closed', responses: offers(), responses_count: 2, updatedAt: T_PULLED });
    expect(await shown(d)).toEqual(['closed', null, ['accepted', 'pending']]);
  });
});

describe('a rejected offer before the pull brings it', () => {
  it('stays rejected over a pull, the post open; without a usable answer, until a pull newer than when it was accepted', async () => {
    const d = await withOffers();
    const entry = await queueResponseAnswer(d, 'r-32-ref', 'rejected');
    await stalePull(d);
    expect(await shown(d)).toEqual(['open', null, ['pending', 'rejected']]);
    await expect(queueResponseAnswer(d, '32', 'accepted')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });

    await acceptEntry(d, entry, 'not the server', T_DONE);
    await pullPost(d, { responses: offers(), responses_count: 2, updatedAt: T_DONE });
    expect(await shown(d)).toEqual(['open', null, ['pending', 'rejected']]);
    // The other offer can still be accepted, over the rejection.
    await queueResponseAnswer(d, '31', 'accepted');
    expect(await shown(d)).toEqual(['in_progress', 31, ['accepted', 'rejected']]);
    await pullPost(d, { responses: offers(), responses_count: 2, updatedAt: T_DONE + 1 });
    expect(await shown(d)).toEqual(['in_progress', 31, ['accepted', 'pending']]);
  });
});

describe('a refused answer', () => {
  it('keeps the post a pull brought meanwhile (the server never had the answer)', async () => {
    const d = await withOffers();
    const entry = await queueResponseAnswer(d, 'r-31-ref', 'accepted');
    const third = communityResponse(33, { post_id: POST_ID, shop_id: 5 });
    await pullPost(d, { responses: [...offers(), third], responses_count: 3, updatedAt: T_PULLED });
    await failEntry(d, entry, { status: 422, code: 'POST_NOT_OPEN', message: 'This request is no longer open.' }, KIND_HANDLERS.response_answer.rollback);
    expect(await stored(d)).toEqual(['open', null, ['pending', 'pending', 'pending']]);
    expect(await shown(d)).toEqual(['open', null, ['pending', 'pending', 'pending']]);
  });
});
