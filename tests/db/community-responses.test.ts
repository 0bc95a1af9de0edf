/**
 * The local halves of a seller's response and of closing a request (no network, docs/COMMUNITY.md): the response
 * shows at once in its post (id = client ref, response_id 0, pending, count + 1), a refusal takes it out (count
 * back), a retry puts it back; what the server would refuse is refused here with its code and text. Closing
 * shows at once, a refusal restores the status unless the pull replaced the post, a retry closes it again.
 */
import { describe, expect, it } from 'vitest';
import { queuePostClose, queueResponseCreate } from '../../src/db/community-responses';
import type { SoukDatabase } from '../../src/db/database';
import { failEntry, retryEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { findCommunityPost, findCommunityPosts } from '../../src/db/queries/community';
import type { RespondInput } from '../../src/workers/data-api';
import { communityDatabases, OWNER, SELLER } from '../helpers/community-db';
import { communityPost, communityResponse, conversation } from './support/community-fixtures';

const { withPost } = communityDatabases();
const OFFER: RespondInput = { message: ' We embroider by hand ', price: 1450.5, delivery_days: 12 };
const outboxState = async (d: SoukDatabase, id: string) => (await d.outbox.findOne(id).exec())?.state;

describe('response_create', () => {
  it('shows the response at once in its post; a refusal takes it out (count back); a retry puts it back', async () => {
    const d = await withPost({ responses_count: 3 });
    const { response, entry } = await queueResponseCreate(d, '41', OFFER, SELLER, 1_700_000_000_000);
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/seller/community/posts/41/respond', kind: 'response_create', target: response.id, auth: 'user' });
    expect(JSON.parse(entry.body ?? '')).toEqual({ message: 'We embroider by hand', price: 1450.5, delivery_days: 12, client_ref: response.id });
    const shown = await findCommunityPost(d, 'p-aaaaaaaa');
    expect(shown?.responses_count).toBe(4);
    expect(shown?.responses).toEqual([
      {
        id: response.id,
        response_id: 0,
        post_id: 41,
        shop_id: 0,
        shop_name: '',
        shop_slug: '',
        seller_user_id: SELLER,
        message: 'We embroider by hand',
        price: 1450.5,
        delivery_days: 12,
        images: [],
        status: 'pending',
        created_at: 1_700_000_000_000,
        updatedAt: 0,
      },
    ]);

    await failEntry(d, entry, { status: 403, code: 'SELLER_NOT_VERIFIED', message: 'Only verified sellers can respond to requests.' }, KIND_HANDLERS.response_create.rollback);
    expect(await outboxState(d, entry.id)).toBe('failed');
    const back = await findCommunityPost(d, 'p-aaaaaaaa');
    expect(back?.responses).toEqual([]);
    expect(back?.responses_count).toBe(3);

    const again = await retryEntry(d, entry.id, (e) => KIND_HANDLERS[e.kind].reapply);
    expect(again).toMatchObject({ kind: 'response_create', body: entry.body, path: entry.path, target: response.id, state: 'pending' });
    const reshown = await findCommunityPost(d, 'p-aaaaaaaa');
    expect(reshown?.responses.map((r) => [r.id, r.status])).toEqual([[response.id, 'pending']]);
    expect(reshown?.responses_count).toBe(4);
  });

  it('a pull that replaces the post before the response is sent does not hide it; a refusal then leaves the server\'s post', async () => {
    const d = await withPost({ responses_count: 0 });
    const { response, entry } = await queueResponseCreate(d, 'p-aaaaaaaa', OFFER, SELLER);
    // The pull brings the post as the server has it (without the response, which was never stored there).
    const pulled = await d.community_posts.findOne('p-aaaaaaaa').exec();
    await pulled?.incrementalPatch({ responses: [], responses_count: 2, updatedAt: 1_700_000_000_009 });
    const shown = await findCommunityPost(d, 'p-aaaaaaaa');
    expect(shown?.responses.map((r) => r.id)).toEqual([response.id]);
    expect(shown?.responses_count).toBe(3);
    expect((await findCommunityPosts(d, { kind: 'communityPosts' })).data[0]?.responses_count).toBe(3);
    await failEntry(d, entry, { status: 422, code: 'POST_NOT_OPEN', message: 'This request is no longer open.' }, KIND_HANDLERS.response_create.rollback);
    expect((await findCommunityPost(d, 'p-aaaaaaaa'))?.responses_count).toBe(2);
  });

  it('names the shop from one of the seller\'s responses', async () => {
    const d = await withPost();
    await d.community_posts.insert(
      communityPost('p-bbbbbbbb', { post_id: 42, user_id: 5, status: 'in_progress', responses: [communityResponse(77, { seller_user_id: SELLER, shop_id: 3, shop_name: 'Dar Lkhayata', shop_slug: 'dar-lkhayata' })] }),
    );
    const { response } = await queueResponseCreate(d, '41', OFFER, SELLER);
    expect(response).toMatchObject({ shop_id: 3, shop_name: 'Dar Lkhayata', shop_slug: 'dar-lkhayata' });
  });

  it('else from a conversation of their shop (one they are not the buyer of)', async () => {
    const d = await withPost();
    await d.conversations.bulkInsert([conversation(7, { user_id: SELLER, shop_id: 2 }), conversation(8, { user_id: 20, shop_id: 6 })]);
    const { response } = await queueResponseCreate(d, '41', OFFER, SELLER);
    expect(response).toMatchObject({ shop_id: 6, shop_name: '', shop_slug: '' });
  });

  it('refuses before queueing what the server would refuse, with its codes and texts', async () => {
    const d = await withPost();
    const refused = (postId: string, input: RespondInput = OFFER, userId = SELLER) => queueResponseCreate(d, postId, input, userId);
    await expect(refused('404')).rejects.toMatchObject({ code: 'POST_NOT_FOUND', message: 'Post not found' });
    await expect(refused('41', OFFER, OWNER)).rejects.toMatchObject({ code: 'RESPONSE_OWN_POST', message: 'You cannot respond to your own request.' });
    await expect(refused('41', { ...OFFER, message: '   ' })).rejects.toMatchObject({ code: 'VALIDATION', message: 'The message field is required.' });
    await expect(refused('41', { ...OFFER, message: 'x'.repeat(2001) })).rejects.toMatchObject({ message: 'The message may not be greater than 2000 characters.' });
    await expect(refused('41', { ...OFFER, price: 10.005 })).rejects.toMatchObject({ message: 'The selected price is invalid.' });
    await expect(refused('41', { ...OFFER, price: -1 })).rejects.toMatchObject({ message: 'The selected price is invalid.' });
    await expect(refused('41', { ...OFFER, delivery_days: 0 })).rejects.toMatchObject({ message: 'The selected delivery days is invalid.' });
    await expect(refused('41', { ...OFFER, delivery_days: 366 })).rejects.toMatchObject({ message: 'The selected delivery days is invalid.' });
    await expect(refused('41', { ...OFFER, delivery_days: 2.5 })).rejects.toMatchObject({ message: 'The selected delivery days is invalid.' });
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    await expect(refused('41', { ...OFFER, images_data: Array.from({ length: 6 }, () => image) })).rejects.toMatchObject({ message: 'You can upload at most 5 images.' });
    await expect(refused('41', { ...OFFER, images_data: ['https://example.com/a.png'] })).rejects.toMatchObject({ message: 'Images must be JPG, PNG, GIF or WebP.' });
    expect(await d.outbox.count().exec()).toBe(0);

    await d.community_posts.insert(communityPost('p-closed00', { post_id: 50, user_id: OWNER, status: 'closed' }));
    await expect(refused('50')).rejects.toMatchObject({ code: 'POST_NOT_OPEN', message: 'This request is no longer open.' });
    await d.community_posts.insert(communityPost('p-unsent00', { post_id: 0, user_id: OWNER, local_state: 'queued' }));
    await expect(refused('p-unsent00')).rejects.toMatchObject({ code: 'POST_NOT_SENT' });
    expect(await d.outbox.count().exec()).toBe(0);

    // One response per shop: a queued one counts, and so does one the pull brought.
    const { entry } = await queueResponseCreate(d, '41', { ...OFFER, images_data: [image] }, SELLER);
    expect(JSON.parse(entry.body ?? '').images_data).toEqual([image]);
    await expect(refused('41')).rejects.toMatchObject({ code: 'RESPONSE_EXISTS', message: 'Your shop has already responded to this request.' });
    await d.community_posts.insert(communityPost('p-answered', { post_id: 51, user_id: OWNER, responses: [communityResponse(5, { post_id: 51, seller_user_id: SELLER })] }));
    await expect(refused('51')).rejects.toMatchObject({ code: 'RESPONSE_EXISTS' });
    expect(await d.outbox.count().exec()).toBe(1);
  });
});

describe('post_close', () => {
  it('closes at once; a refusal restores the status; a retry closes again', async () => {
    const d = await withPost({ status: 'in_progress' });
    const entry = await queuePostClose(d, 'p-aaaaaaaa', OWNER);
    expect(entry).toMatchObject({ method: 'PATCH', path: '/api/v1/community/posts/41', body: '{"status":"closed"}', kind: 'post_close', target: 'p-aaaaaaaa' });
    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');

    await failEntry(d, entry, { status: 422, code: 'POST_ALREADY_CLOSED', message: 'This request is already closed.' }, KIND_HANDLERS.post_close.rollback);
    expect((await findCommunityPost(d, '41'))?.status).toBe('in_progress');

    const again = await retryEntry(d, entry.id, (e) => KIND_HANDLERS[e.kind].reapply);
    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');
    // The retried entry carries its own undo: refused again, the status comes back again.
    await failEntry(d, again, { status: 403, code: 'FORBIDDEN', message: 'x' }, KIND_HANDLERS.post_close.rollback);
    expect((await findCommunityPost(d, '41'))?.status).toBe('in_progress');
  });

  it('a refusal after the pull replaced the post keeps the server\'s status', async () => {
    const d = await withPost();
    const entry = await queuePostClose(d, '41', OWNER);
    const pulled = await d.community_posts.findOne('p-aaaaaaaa').exec();
    // Pulled before the close was sent: still shown closed (the close is queued).
    await pulled?.incrementalPatch({ status: 'open', updatedAt: 1_700_000_000_040 });
    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');
    expect((await findCommunityPosts(d, { kind: 'communityPosts', status: 'closed' })).data.map((p) => p.id)).toEqual(['p-aaaaaaaa']);
    await pulled?.incrementalPatch({ status: 'closed', updatedAt: 1_700_000_000_050 });
    await failEntry(d, entry, { status: 422, code: 'POST_ALREADY_CLOSED', message: 'This request is already closed.' }, KIND_HANDLERS.post_close.rollback);
    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');
  });

  it('refuses before queueing: unknown, not the owner, closed already, not sent yet', async () => {
    const d = await withPost();
    await expect(queuePostClose(d, '999', OWNER)).rejects.toMatchObject({ code: 'POST_NOT_FOUND' });
    await expect(queuePostClose(d, '41', SELLER)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'You are not authorized to perform this action.' });
    await d.community_posts.insert(communityPost('p-closed00', { post_id: 50, user_id: OWNER, status: 'closed' }));
    await expect(queuePostClose(d, '50', OWNER)).rejects.toMatchObject({ code: 'POST_ALREADY_CLOSED', message: 'This request is already closed.' });
    await d.community_posts.insert(communityPost('p-unsent00', { post_id: 0, user_id: OWNER, local_state: 'queued' }));
    await expect(queuePostClose(d, 'p-unsent00', OWNER)).rejects.toMatchObject({ code: 'POST_NOT_SENT' });
    expect(await d.outbox.count().exec()).toBe(0);
  });
});
