/**
 * The seller's replies to reviews (docs/SELLERS.md "Replies to reviews"): POST /api/seller/reviews/{id}/reply
 * writes the shop's one reply (201) and a second POST edits it (200); it shows on the public review, in the
 * reviews pull and is announced for the live stream; GET /api/seller/reviews lists the shop's reviews, those
 * without a reply with `unreplied=1`. Who may, and every refusal. Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewDoc } from '../../src/domain/social';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { api, categoriesOf, productBody, uniqueSku } from './support/seller-products';

type ReviewReply = { success: boolean; code?: string; message?: string; errors?: { parameter: string; message: string }[]; data: ReviewDoc };
type SellerReview = ReviewDoc & { product: { id: number; names: Record<string, string>; published: boolean } };
type ListReply = { success: boolean; code?: string; data: SellerReview[]; meta: { unreplied: number; total: number; current_page: number; per_page: number } };

let server: AccountServer;
let seller: SellerAccount;
let other: SellerAccount;
let productId: number;
let otherProductId: number;

beforeAll(async () => {
  server = await startAccountServer({ products: 20 });
  seller = await sellerLogin(server, 0);
  other = await sellerLogin(server, 1);
  const categoryId = (await categoriesOf(server)).sub.id;
  const make = async (account: SellerAccount) => {
    const res = await api(server, 'POST', '/api/seller/products', { token: account.token, body: productBody(categoryId, { sku: uniqueSku('RR') }) });
    if (res.status !== 201) throw new Error(`create → ${res.status}`);
    return res.body.data.id;
  };
  productId = await make(seller);
  otherProductId = await make(other);
});
afterAll(async () => {
  await server?.close();
});

/** A new buyer's review of `product`. */
async function review(product: number, content = 'Lovely fabric'): Promise<{ id: string; author: Account }> {
  const author = await registerBuyer(server, 'reviewer');
  const res = await api<{ data: ReviewDoc }>(server, 'POST', '/api/reviews', { token: author.token, body: { product_id: product, rating: 4, content } });
  if (res.status !== 201) throw new Error(`review → ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, author };
}

const replyTo = (id: string, body: unknown, token: string | null = seller.token) => api<ReviewReply>(server, 'POST', `/api/seller/reviews/${id}/reply`, { token, body });
const reviewRow = (id: string) => server.db.kysely.selectFrom('reviews').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

describe('POST /api/seller/reviews/{id}/reply', () => {
  it('writes the reply (201), shown on the public review and in the pull, stamped and announced; a second POST edits it', async () => {
    const { id } = await review(productId);
    const before = await reviewRow(id);
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((change) => announced.push(change));
    const res = await replyTo(id, { text: '  Thank you! Come back soon.\nThe shop  ' });
    unsubscribe();
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reply = res.body.data.reply;
    expect(reply).toEqual({ content: 'Thank you! Come back soon.\nThe shop', createdAt: expect.any(Number), updatedAt: reply?.createdAt });
    const row = await reviewRow(id);
    expect(row.updated_at).toBeGreaterThan(before.updated_at);
    expect(res.body.data.updatedAt).toBe(Number(row.updated_at));
    expect(announced).toEqual([{ collection: 'reviews', checkpoint: { updatedAt: Number(row.updated_at), id } }]);

    const listed = await api<{ data: ReviewDoc[] }>(server, 'GET', `/api/products/${productId}/reviews`);
    expect(listed.body.data.find((r) => r.id === id)?.reply).toEqual(reply);
    const pulled = await api<{ documents: ReviewDoc[] }>(server, 'GET', `/api/sync/reviews/pull?v=1&updatedAt=${before.updated_at}&id=${id}&limit=100`);
    expect(pulled.status).toBe(200);
    expect(pulled.body.documents.find((d) => d.id === id)?.reply).toEqual(reply);

    // A second POST replaces it: 200, created kept, updated moved, the review stamped again.
    server.advance(1000);
    const edited = await replyTo(id, { text: 'Thank you, see you soon.' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.reply).toEqual({ content: 'Thank you, see you soon.', createdAt: reply?.createdAt, updatedAt: expect.any(Number) });
    expect(edited.body.data.reply!.updatedAt).toBeGreaterThan(reply!.createdAt);
    const stamped = await reviewRow(id);
    expect(stamped.updated_at).toBeGreaterThan(row.updated_at);
    // The same text again changes nothing.
    const same = await replyTo(id, { text: 'Thank you, see you soon. ' });
    expect(same.status).toBe(200);
    expect((await reviewRow(id)).updated_at).toBe(stamped.updated_at);
  });

  it('keeps the reply when the author edits the review', async () => {
    const { id, author } = await review(productId);
    await replyTo(id, { text: 'Thanks' });
    const edit = await api<{ data: ReviewDoc }>(server, 'PUT', `/api/reviews/${id}`, { token: author.token, body: { content: 'Lovely fabric, fast delivery' } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.reply?.content).toBe('Thanks');
  });

  it('a guest is 401, a buyer 403; another shop, an unknown, a junk or a deleted review 404', async () => {
    const { id, author } = await review(productId);
    expect((await replyTo(id, { text: 'Hi' }, null)).status).toBe(401);
    const asBuyer = await replyTo(id, { text: 'Hi' }, author.token);
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('FORBIDDEN');
    const notMine = await replyTo(id, { text: 'Hi' }, other.token);
    expect(notMine.status).toBe(404);
    expect(notMine.body.code).toBe('REVIEW_NOT_FOUND');
    expect((await replyTo('999999999', { text: 'Hi' })).body.code).toBe('REVIEW_NOT_FOUND');
    expect((await replyTo('abc', { text: 'Hi' })).status).toBe(404);
    const { id: gone, author: goneAuthor } = await review(productId);
    expect((await api(server, 'DELETE', `/api/reviews/${gone}`, { token: goneAuthor.token })).status).toBe(200);
    expect((await replyTo(gone, { text: 'Hi' })).status).toBe(404);
    expect((await reviewRow(id)).reply).toBeNull();
  });

  it('refuses a bad text with 422 and writes nothing; 1000 characters are fine', async () => {
    const { id } = await review(productId);
    const cases: [unknown, string][] = [
      [{}, 'The text field is required.'],
      [{ text: null }, 'The text field is required.'],
      [{ text: '   ' }, 'The text field is required.'],
      [{ text: 42 }, 'The text must be a string.'],
      [{ text: 'x'.repeat(1001) }, 'The text may not be greater than 1000 characters.'],
      [{ text: 'bad\u0000byte' }, 'The text may not contain control characters.'],
      [{ text: 'Hi', rating: 5 }, 'Only the text field is allowed.'],
    ];
    for (const [body, message] of cases) {
      const res = await replyTo(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors?.map((e) => e.message)).toContain(message);
    }
    expect((await replyTo(id, 'text')).status).toBe(400); // not a JSON object: the app's body parser refuses it
    expect((await reviewRow(id)).reply).toBeNull();
    const long = await replyTo(id, { text: `${'x'.repeat(1000)}  ` });
    expect(long.status).toBe(201);
    expect(long.body.data.reply?.content).toHaveLength(1000);
  });
});

describe('GET /api/seller/reviews', () => {
  it("lists the shop's reviews newest first with their product; unreplied=1 those without a reply", async () => {
    const a = await review(productId, 'First');
    const b = await review(productId, 'Second');
    await review(otherProductId, 'Not this shop');
    await replyTo(a.id, { text: 'Thanks!' });

    const all = await api<ListReply>(server, 'GET', '/api/seller/reviews?per_page=50', { token: seller.token });
    expect(all.status).toBe(200);
    expect(all.body.data.every((r) => r.product.id === productId)).toBe(true);
    const ids = all.body.data.map((r) => r.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.body.data.find((r) => r.id === b.id)).toMatchObject({ content: 'Second', reply: null, product: { id: productId, published: true, names: { en: 'Blue silk kaftan' } } });

    const open = await api<ListReply>(server, 'GET', '/api/seller/reviews?unreplied=1&per_page=50', { token: seller.token });
    expect(open.body.data.some((r) => r.id === b.id)).toBe(true);
    expect(open.body.data.every((r) => r.reply === null)).toBe(true);
    expect(open.body.meta).toMatchObject({ unreplied: open.body.meta.total, total: all.body.data.filter((r) => r.reply === null).length });
    expect(all.body.meta.unreplied).toBe(open.body.meta.total);

    const page = await api<ListReply>(server, 'GET', '/api/seller/reviews?per_page=1&page=2', { token: seller.token });
    expect(page.body.data.map((r) => r.id)).toEqual([ids[1]]);
  });

  it('a guest is 401, a buyer 403, a bad query 400', async () => {
    expect((await api(server, 'GET', '/api/seller/reviews')).status).toBe(401);
    const buyer = await registerBuyer(server, 'nosy');
    expect((await api(server, 'GET', '/api/seller/reviews', { token: buyer.token })).status).toBe(403);
    for (const query of ['?unreplied=perhaps', '?page=0', '?per_page=51']) {
      expect((await api(server, 'GET', `/api/seller/reviews${query}`, { token: seller.token })).status, query).toBe(400);
    }
  });
});
