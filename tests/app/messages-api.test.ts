/**
 * The messages REST client (src/app/community/messages-api.ts) and its API bases (api-bases.ts): with a fake
 * fetch and fake timers, each attempt times out after 10 s and the request is retried twice over the bases in
 * order (A, B, A), 4xx final, 5xx/timeout/network moving on; the bearer token comes from the API client's
 * session. Then against a real server on loopback, with a dead primary base before it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiFailure, createApiClient, type ApiClientDeps } from '../../src/app/auth/api-client';
import { chatSocketUrl, normalizeApiBase, parseApiBases } from '../../src/app/community/api-bases';
import { createMessagesApi, TIMEOUT_ERROR_CODE } from '../../src/app/community/messages-api';
import { MESSAGE_REQUEST_TIMEOUT_MS } from '../../src/domain/community';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from '../server/support/message-fixtures';

type Reply = (url: string, init: RequestInit) => Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const UNREAD = { success: true, unread_count: 4, has_new: false, new_messages: [], current_timestamp: 1_700_000_000_000 };

/** A request that answers only when aborted (as a hung server would). */
const hang: Reply = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

function setup(replies: Reply[], bases = ['https://a.test', 'https://b.test'], fetchImpl?: ApiClientDeps['fetch']) {
  const calls: { url: string; init: RequestInit; at: number }[] = [];
  const fetch: ApiClientDeps['fetch'] =
    fetchImpl ??
    ((url, init) => {
      calls.push({ url, init, at: Date.now() });
      const reply = replies[calls.length - 1];
      if (!reply) throw new Error(`unexpected call ${calls.length}: ${url}`);
      return reply(url, init);
    });
  const client = createApiClient({
    fetch,
    session: { token: () => 'tok-123', clear: vi.fn() },
    navigate: vi.fn(),
    location: () => ({ pathname: '/community/messages/1', search: '' }),
    language: () => 'fr',
    cookies: () => '',
    warn: vi.fn(),
  });
  return { calls, messages: createMessagesApi({ request: client.request, bases: () => bases }) };
}

describe('API bases', () => {
  it('the page origin first, then VITE_API_BASES in order, normalized and deduplicated', () => {
    expect(parseApiBases('https://souk.ma', undefined)).toEqual(['https://souk.ma']);
    expect(parseApiBases('https://souk.ma', ' https://api2.souk.ma/ ,https://souk.ma,ftp://x, nonsense ,https://api3.souk.ma/v')).toEqual([
      'https://souk.ma',
      'https://api2.souk.ma',
      'https://api3.souk.ma/v',
    ]);
    expect(parseApiBases(null, '')).toEqual([]);
    expect(normalizeApiBase('https://a.test/?q=1')).toBeNull();
    expect(chatSocketUrl('https://souk.ma', 'a b')).toBe('wss://souk.ma/api/ws?token=a+b');
    expect(chatSocketUrl('http://127.0.0.1:8080/', 't')).toBe('ws://127.0.0.1:8080/api/ws?token=t');
  });
});

describe('timeouts, retries and fallback (fake fetch, fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  it('succeeds at once on the primary, with the bearer token and the query', async () => {
    const { calls, messages } = setup([async () => json(200, UNREAD)]);
    await expect(messages.unreadCount(1234)).resolves.toMatchObject({ unread_count: 4, current_timestamp: UNREAD.current_timestamp });
    expect(calls.map((c) => c.url)).toEqual(['https://a.test/api/v1/buyer/messages/unread-count?last_checked=1234']);
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('a 5xx and a network failure move on to the next base: A, B, A', async () => {
    const { calls, messages } = setup([async () => json(503, { message: 'down' }), () => Promise.reject(new TypeError('fetch failed')), async () => json(200, UNREAD)]);
    await expect(messages.unreadCount(null)).resolves.toMatchObject({ unread_count: 4 });
    expect(calls.map((c) => new URL(c.url).origin)).toEqual(['https://a.test', 'https://b.test', 'https://a.test']);
    expect(calls[0]?.url).toBe('https://a.test/api/v1/buyer/messages/unread-count');
  });

  it('a 4xx is final (no retry)', async () => {
    const { calls, messages } = setup([async () => json(404, { code: 'SHOP_NOT_FOUND', message: 'Shop not found.' })]);
    const error = await messages.messages(999, { page: 2, perPage: 10, postId: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 404, code: 'SHOP_NOT_FOUND' });
    expect(calls.map((c) => c.url)).toEqual(['https://a.test/api/v1/buyer/messages/shops/999?page=2&per_page=10&post_id=7']);
  });

  it('each attempt times out after 10 s (aborted), then the next base; three attempts in all, then the last failure', async () => {
    vi.useFakeTimers();
    const { calls, messages } = setup([hang, hang, hang], ['https://a.test', 'https://b.test', 'https://c.test']);
    const t0 = Date.now();
    const result = messages.conversations().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MESSAGE_REQUEST_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * MESSAGE_REQUEST_TIMEOUT_MS);
    const error = await result;
    expect(error).toMatchObject({ status: 0, code: TIMEOUT_ERROR_CODE });
    expect(calls.map((c) => [new URL(c.url).origin, c.at - t0])).toEqual([
      ['https://a.test', 0],
      ['https://b.test', 10_000],
      ['https://c.test', 20_000],
    ]);
  });

  it('a timeout then a success on the next base; one base only: retried on it', async () => {
    vi.useFakeTimers();
    const { calls, messages } = setup([hang, async () => json(200, { success: true, conversations: [], total_unread: 0 })], ['https://only.test']);
    const result = messages.conversations();
    await vi.advanceTimersByTimeAsync(MESSAGE_REQUEST_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ conversations: [], total_unread: 0 });
    expect(calls.map((c) => c.url)).toEqual(['https://only.test/api/v1/buyer/messages/shops', 'https://only.test/api/v1/buyer/messages/shops']);
  });

  it('an answer of the wrong shape is a failure, not retried; the caller can cancel', async () => {
    const { calls, messages } = setup([async () => json(200, { unread_count: 'many' })]);
    await expect(messages.unreadCount(null)).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
    expect(calls).toHaveLength(1);

    const cancel = setup([hang]);
    const controller = new AbortController();
    const pending = cancel.messages.unreadCount(null, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ code: 'ABORTED' });
    expect(cancel.calls).toHaveLength(1);
  });
});

describe('against a real server', () => {
  let w: MessageWorld;
  beforeAll(async () => {
    w = await messageWorld(await startAuthServer({ products: 10 }));
    await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'Salam', client_ref: ref() });
    await api(w.server, w.sellerX.token, 'POST', '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'Marhba', client_ref: ref() });
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('conversations, messages and the unread count, after a dead primary base', async () => {
    const client = createApiClient({
      fetch: (url, init) => fetch(url, init),
      session: { token: () => w.buyer.token, clear: vi.fn() },
      navigate: vi.fn(),
      location: () => ({ pathname: '/', search: '' }),
      language: () => 'en',
      cookies: () => '',
      warn: vi.fn(),
    });
    // 127.0.0.1:9 (discard) refuses the connection: a network failure, so the next base answers.
    const messages = createMessagesApi({ request: client.request, bases: () => ['http://127.0.0.1:9', w.server.url] });
    const unread = await messages.unreadCount(null);
    expect(unread.unread_count).toBe(1);
    expect(unread.new_messages.map((m) => m.content)).toEqual(['Marhba']);

    const list = await messages.conversations();
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ shop_id: w.sellerX.shopId, unread_count: 1, online: false });

    const page = await messages.messages(w.sellerX.shopId, { perPage: 20 });
    expect(page.messages.map((m) => m.content)).toEqual(['Salam', 'Marhba']);
    expect(page.otherUser.id).toBe(w.sellerX.shopId);
    // Reading the page marked them read.
    expect((await messages.unreadCount(unread.current_timestamp)).unread_count).toBe(0);
    await expect(messages.messages(987654)).rejects.toMatchObject({ status: 404 });
  });
});
