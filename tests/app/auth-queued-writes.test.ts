/**
 * Queued writes and sign-out (docs/ACCOUNTS.md "Client"): only an explicit logout discards them. The 24 h
 * expiry (also found at start), a 401 and a logout in another tab wipe with keepQueued, and the data worker
 * is asked to keep its outbox (clearPersonalData({keepOutbox: true})) while the service worker's queues are
 * left alone; the same user signing in again keeps them (they are sent), another user's sign-in discards
 * the kept ones. The login page says how many wait, in every language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type ResourceKey } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/domain/account';
import { heldWrites } from '../../src/app/auth/login-page';
import { registerPersonalDataWiper, wipePersonalData } from '../../src/app/auth/personal-data';
import { AUTH_KEY, LAST_USER_KEY, QUEUED_USER_KEY, SessionStore, systemClock, type KeyValueStorage, type WipeOptions } from '../../src/app/auth/session-store';
import { applyArabicPluralsToDarija } from '../../src/app/i18n/darija-plurals';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { I18N_OPTIONS } from '../../src/app/i18n/options';
import type { SyncStatus } from '../../src/workers/data-api';
import { PERSONAL_QUEUE_CLEARED } from '../../src/workers/sw-messages';

const HOUR = 60 * 60 * 1000;

function user(id = 7): User {
  return {
    id, email: `u${id}@example.test`, name: 'A', username: `u${id}`, first_name: 'A', last_name: '', full_name_en: '', full_name_ar: '',
    role: 'user', member_since: '2026-01-01', phone: null, phone_verified: false, shop: null,
    preferences: { email_notifications: true, marketing_emails: false, order_updates: true, newsletter: false, language: 'en', timezone: 'Africa/Casablanca' },
    shipping_address: null, billing_address: null, has_password: true, google_linked: false,
  };
}

function storage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function signedIn(shared = storage()) {
  const wipe = vi.fn(async (_options: WipeOptions) => undefined);
  const discard = vi.fn(async (_userId: string) => undefined);
  const store = new SessionStore(shared, systemClock, wipe, discard);
  store.signIn({ token: 'tok-1', user: user() });
  return { storage: shared, store, wipe, discard };
}

describe('which sign-outs keep the queued writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('an explicit logout discards them', async () => {
    const { store, wipe, storage: s } = signedIn();
    await store.clear(null, { discardQueued: true });
    expect(wipe).toHaveBeenCalledWith({ keepQueued: false });
    expect(s.data.has(QUEUED_USER_KEY)).toBe(false);
  });

  it('a 401 keeps them, and notes whose they are', async () => {
    const { store, wipe, storage: s } = signedIn();
    await store.clear('expired');
    expect(wipe).toHaveBeenCalledWith({ keepQueued: true });
    expect(s.data.get(QUEUED_USER_KEY)).toBe('7');
    expect(s.data.has(LAST_USER_KEY)).toBe(false);
  });

  it('the 24 h expiry keeps them, also when found at start', () => {
    const { store, wipe, storage: s } = signedIn();
    vi.advanceTimersByTime(24 * HOUR);
    store.check();
    expect(wipe).toHaveBeenCalledWith({ keepQueued: true });

    s.data.clear();
    const first = signedIn(s);
    void first;
    vi.setSystemTime(Date.now() + 25 * HOUR);
    const wipe2 = vi.fn(async (_options: WipeOptions) => undefined);
    new SessionStore(s, systemClock, wipe2).token();
    expect(wipe2).toHaveBeenCalledWith({ keepQueued: true });
  });

  it('a logout in another tab keeps them in this tab (that tab decided for its own wipe)', () => {
    const s = storage();
    const { store: tabA, wipe: wipeA } = signedIn(s);
    const wipeB = vi.fn(async (_options: WipeOptions) => undefined);
    const tabB = new SessionStore(s, systemClock, wipeB);
    void tabA.clear(null, { discardQueued: true });
    tabB.handleStorageChange(AUTH_KEY);
    expect(wipeA).toHaveBeenCalledWith({ keepQueued: false });
    expect(wipeB).toHaveBeenCalledWith({ keepQueued: true });
  });

  it('the same user signing in again keeps them (they are sent); another user discards them, without a full wipe', async () => {
    const { store, wipe, discard, storage: s } = signedIn();
    await store.clear('expired');
    store.signIn({ token: 'tok-2', user: user(7) });
    expect(discard).not.toHaveBeenCalled();
    expect(s.data.has(QUEUED_USER_KEY)).toBe(false);

    await store.clear('expired');
    store.signIn({ token: 'tok-3', user: user(8) });
    expect(discard).toHaveBeenCalledWith('7');
    expect(wipe).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(s.data.has(QUEUED_USER_KEY)).toBe(false));
  });
});

describe('the wipe asks the data worker to keep its outbox, and leaves the service worker alone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keepQueued: clearPersonalData({keepOutbox: true}) and no CLEAR_PERSONAL_QUEUE; otherwise both', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('navigator', {
      serviceWorker: {
        controller: {
          postMessage: (message: unknown, [port]: MessagePort[]) => {
            posted.push(message);
            port?.postMessage({ type: PERSONAL_QUEUE_CLEARED, queues: [] });
          },
        },
      },
    });
    vi.stubGlobal('sessionStorage', { clear: () => undefined });
    const wiper = vi.fn(async (_options: { keepOutbox: boolean }) => undefined);
    const remove = registerPersonalDataWiper(wiper);
    try {
      await wipePersonalData({ keepQueued: true });
      expect(wiper).toHaveBeenLastCalledWith({ keepOutbox: true });
      expect(posted).toEqual([]);
      await wipePersonalData({ keepQueued: false });
      expect(wiper).toHaveBeenLastCalledWith({ keepOutbox: false });
      expect(posted).toHaveLength(1);
    } finally {
      remove();
    }
  });
});

describe('the login page note', () => {
  const catalog = (lng: string) => JSON.parse(readFileSync(join(__dirname, `../../src/app/i18n/locales/${lng}/auth.json`), 'utf8')) as ResourceKey;

  async function instance(lng: string) {
    const i = i18next.createInstance();
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { auth: catalog(l) }]));
    await i.init({ ...I18N_OPTIONS, detection: undefined, lng, resources, ns: ['auth'], defaultNS: 'auth' });
    applyArabicPluralsToDarija(i);
    return i;
  }

  it('counts the held writes only (none: no note)', () => {
    const status = (outbox: SyncStatus['outbox']) => ({ outbox }) as SyncStatus;
    expect(heldWrites(null)).toBe(0);
    expect(heldWrites(status({ pending: 2, failed: 0 }))).toBe(0);
    expect(heldWrites(status({ pending: 3, failed: 0, held: 2 }))).toBe(2);
  });

  it('says it in every language, with plural forms', async () => {
    expect((await instance('en')).t('auth:login.queuedNotice', { count: 3 })).toBe(
      '3 changes from your last session are waiting. Sign in with the same account to send them; another account discards them.',
    );
    expect((await instance('en')).t('auth:login.queuedNotice', { count: 1 })).toBe(
      '1 change from your last session is waiting. Sign in with the same account to send it; another account discards it.',
    );
    expect((await instance('fr')).t('auth:login.queuedNotice', { count: 2 })).toContain('2 modifications');
    expect((await instance('es')).t('auth:login.queuedNotice', { count: 1 })).toContain('1 cambio ');
    expect((await instance('de')).t('auth:login.queuedNotice', { count: 4 })).toContain('4 Änderungen');
    expect((await instance('ar')).t('auth:login.queuedNotice', { count: 2 })).toContain('تغييران');
    expect((await instance('ma')).t('auth:login.queuedNotice', { count: 2 })).toContain('جوج تبديلات');
    for (const lng of LANGUAGES) {
      const text = (await instance(lng)).t('auth:login.queuedNotice', { count: 5 });
      expect(text, lng).not.toContain('queuedNotice');
      if (lng !== 'ar' && lng !== 'ma') expect(text, lng).toContain('5');
    }
  });
});
