/** The service worker's push parts (src/workers/sw-push.ts): reading FCM and plain payloads, and where a click goes. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_TITLE, notificationTag, notificationTarget, parsePushPayload, pickClient, withLanguageOf } from '../../src/workers/sw-push';

const ORIGIN = 'https://souk.example';
const LANGS = ['ma', 'ar', 'fr', 'en', 'es', 'de'];

describe('parsePushPayload', () => {
  it('reads the FCM HTTP v1 web payload: notification {title, body} and the string data', () => {
    const fcm = {
      from: '123456789012',
      fcmMessageId: 'abc',
      priority: 'high',
      notification: { title: 'Atelier Fès', body: 'Your kaftan is ready' },
      data: { sender_id: '42', url: '/community/messages/42' },
    };
    expect(parsePushPayload(JSON.stringify(fcm))).toEqual({
      title: 'Atelier Fès',
      body: 'Your kaftan is ready',
      data: { sender_id: '42', url: '/community/messages/42' },
    });
  });

  it('reads a plain JSON payload, with the data nested or at the top (numbers become strings)', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'Hi', body: 'There', data: { sender_id: 7 } }))).toEqual({ title: 'Hi', body: 'There', data: { sender_id: '7' } });
    expect(parsePushPayload(JSON.stringify({ title: 'Hi', body: 'There', sender_id: '9', url: '/orders' }))).toEqual({
      title: 'Hi',
      body: 'There',
      data: { sender_id: '9', url: '/orders' },
    });
  });

  it('still shows something for an empty, text, malformed or odd payload, and trims what is too long', () => {
    expect(parsePushPayload(null)).toEqual({ title: DEFAULT_PUSH_TITLE, body: '', data: {} });
    expect(parsePushPayload('  ')).toEqual({ title: DEFAULT_PUSH_TITLE, body: '', data: {} });
    expect(parsePushPayload('plain words')).toEqual({ title: DEFAULT_PUSH_TITLE, body: 'plain words', data: {} });
    expect(parsePushPayload('[1,2]')).toEqual({ title: DEFAULT_PUSH_TITLE, body: '', data: {} });
    expect(parsePushPayload('{"notification":{"title":5,"body":null},"data":{"x":{"y":1}}}')).toEqual({ title: DEFAULT_PUSH_TITLE, body: '', data: {} });
    const long = parsePushPayload(JSON.stringify({ notification: { title: 't'.repeat(500), body: 'b'.repeat(5000) } }));
    expect(long.title.length).toBe(120);
    expect(long.body.length).toBe(500);
  });
});

describe('notificationTarget', () => {
  it('opens its url as given when that is a path of ours: the seller’s side keeps ?as=shop', () => {
    expect(notificationTarget({ sender_id: '9', url: '/community/messages/9?as=shop' }, ORIGIN)).toBe('/community/messages/9?as=shop');
    expect(notificationTarget({ sender_id: '42', url: '/community/messages/42' }, ORIGIN)).toBe('/community/messages/42');
    expect(notificationTarget({ url: '/community/posts/3?x=1#r' }, ORIGIN)).toBe('/community/posts/3?x=1#r');
  });

  it('else the sender’s conversation, else the home page; never another origin', () => {
    expect(notificationTarget({ sender_id: '42' }, ORIGIN)).toBe('/community/messages/42');
    expect(notificationTarget({ sender_id: 'a/b?c' }, ORIGIN)).toBe('/community/messages/a%2Fb%3Fc');
    expect(notificationTarget({ sender_id: '42', url: 'https://evil.example/phish' }, ORIGIN)).toBe('/community/messages/42');
    expect(notificationTarget({ url: 'https://evil.example/phish' }, ORIGIN)).toBe('/');
    expect(notificationTarget({ url: '//evil.example/phish' }, ORIGIN)).toBe('/');
    expect(notificationTarget({ url: 'javascript:alert(1)' }, ORIGIN)).toBe('/');
    expect(notificationTarget({ sender_id: '  ' }, ORIGIN)).toBe('/');
    expect(notificationTarget({}, ORIGIN)).toBe('/');
  });

  it('a seller alert opens its seller page: its url, else the page of its kind (docs/SELLERS.md "Alerts")', () => {
    expect(notificationTarget({ kind: 'new_order', url: '/seller/orders', order_number: 'SK-1' }, ORIGIN)).toBe('/seller/orders');
    expect(notificationTarget({ kind: 'new_order' }, ORIGIN)).toBe('/seller/orders');
    expect(notificationTarget({ kind: 'new_order', url: 'https://evil.example/x' }, ORIGIN)).toBe('/seller/orders');
    expect(notificationTarget({ kind: 'low_stock', product_id: '12' }, ORIGIN)).toBe('/seller/products/12');
    expect(notificationTarget({ kind: 'low_stock' }, ORIGIN)).toBe('/seller/products?status=low_stock');
    expect(notificationTarget({ kind: 'shop_status', decision: 'active' }, ORIGIN)).toBe('/seller');
    expect(notificationTarget({ kind: 'community_post', post_id: '5' }, ORIGIN)).toBe('/seller/community/posts/5/respond');
    // A message push is still a message push; an unknown kind is no seller alert.
    expect(notificationTarget({ kind: 'new_order', sender_id: '42' }, ORIGIN)).toBe('/community/messages/42');
    expect(notificationTarget({ kind: 'party' }, ORIGIN)).toBe('/');
  });
});

describe('notificationTag', () => {
  it('one per conversation: the shop’s side apart from the buyer’s side with the same number', () => {
    expect(notificationTag({ sender_id: '9', url: '/community/messages/9' }, ORIGIN)).toBe('messages-9');
    expect(notificationTag({ sender_id: '9', url: '/community/messages/9?as=shop' }, ORIGIN)).toBe('messages-9-shop');
    expect(notificationTag({ sender_id: '9' }, ORIGIN)).toBe('messages-9');
    expect(notificationTag({ url: '/community/posts/3' }, ORIGIN)).toBeNull();
  });
});

describe('the tab a click uses', () => {
  it('prefers a focused tab of ours, then any of ours; none → null (open a new one)', () => {
    const a = { url: `${ORIGIN}/products`, focused: false };
    const b = { url: `${ORIGIN}/fr/cart`, focused: true };
    const other = { url: 'https://elsewhere.example/', focused: true };
    expect(pickClient([a, b, other], ORIGIN)).toBe(b);
    expect(pickClient([other, a], ORIGIN)).toBe(a);
    expect(pickClient([other], ORIGIN)).toBeNull();
    expect(pickClient([], ORIGIN)).toBeNull();
  });

  it('keeps that tab’s language prefix', () => {
    expect(withLanguageOf('/community/messages/42', '/fr/cart', LANGS)).toBe('/fr/community/messages/42');
    expect(withLanguageOf('/', '/ar', LANGS)).toBe('/ar');
    expect(withLanguageOf('/community/messages/42', '/products/3', LANGS)).toBe('/community/messages/42');
    expect(withLanguageOf('/community/messages/42', '/xx/y', LANGS)).toBe('/community/messages/42');
  });
});
