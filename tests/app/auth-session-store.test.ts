/**
 * The session store (src/app/auth/session-store.ts) against the contract
 * (docs/ACCOUNTS.md, spec §4): the token dropped 24 h after it was stored (on
 * read and by a timer), the cached user fresh for 15 minutes and refetched when
 * stale and online, kept offline or when the network fails, and other tabs'
 * changes followed through storage events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/domain/account';
import {
  AUTH_KEY,
  LAST_USER_KEY,
  parseStoredAuth,
  REFRESH_RETRY_MS,
  SessionStore,
  systemClock,
  USER_KEY,
  type KeyValueStorage,
} from '../../src/app/auth/session-store';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

function user(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'amina@example.test',
    name: 'Amina Alaoui',
    username: 'alaoui1234',
    first_name: 'Amina',
    last_name: 'Alaoui',
    full_name_en: '',
    full_name_ar: '',
    role: 'user',
    member_since: '2026-01-01',
    phone: null,
    phone_verified: false,
    shop: null,
    preferences: {
      email_notifications: true,
      marketing_emails: false,
      order_updates: true,
      newsletter: false,
      language: 'ma',
      timezone: 'Africa/Casablanca',
    },
    shipping_address: null,
    billing_address: null,
    has_password: true,
    google_linked: false,
    ...overrides,
  };
}

/** One localStorage shared by several stores, as tabs share it. */
function sharedStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const success = (u = user()) => ({ token: 'tok-1', user: u });

describe('session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts as a guest and signs in with the token and user stored', () => {
    const storage = sharedStorage();
    const store = new SessionStore(storage, systemClock);
    expect(store.getSnapshot()).toMatchObject({ status: 'guest', user: null });
    store.signIn(success());
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', stale: false, notice: null });
    expect(store.getSnapshot().user?.first_name).toBe('Amina');
    expect(store.token()).toBe('tok-1');
    const auth = JSON.parse(storage.data.get(AUTH_KEY) ?? '{}') as { storedAt: number; expiresAt: number };
    expect(auth.expiresAt - auth.storedAt).toBe(24 * HOUR);
    expect(JSON.parse(storage.data.get(USER_KEY) ?? '{}')).toMatchObject({ cachedAt: Date.now() });
  });

  it('signs out by timer exactly 24 h after the token was stored, with a session-expired notice', () => {
    const storage = sharedStorage();
    const store = new SessionStore(storage, systemClock);
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(success());
    vi.advanceTimersByTime(24 * HOUR - 1);
    expect(store.getSnapshot().status).toBe('signed-in');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'guest', user: null, notice: 'expired' });
    expect(storage.data.has(AUTH_KEY)).toBe(false);
    expect(storage.data.has(USER_KEY)).toBe(false);
    expect(listener).toHaveBeenCalled();
    store.dismissNotice();
    expect(store.getSnapshot().notice).toBeNull();
  });

  it('drops an expired token on read (a tab opened after 24 h, or a device that slept through the timer)', () => {
    const storage = sharedStorage();
    new SessionStore(storage, systemClock).signIn(success());
    vi.setSystemTime(Date.now() + 24 * HOUR + 5);
    const later = new SessionStore(storage, systemClock);
    expect(later.getSnapshot()).toMatchObject({ status: 'guest', notice: 'expired' });
    expect(later.token()).toBeNull();
    expect(storage.data.has(AUTH_KEY) || storage.data.has(USER_KEY)).toBe(false);
  });

  it('the token getter checks the clock itself (timers may not have run)', () => {
    const storage = sharedStorage();
    const frozen = { ...systemClock, setTimeout: () => 0, clearTimeout: () => undefined };
    const store = new SessionStore(storage, frozen);
    store.signIn(success());
    vi.setSystemTime(Date.now() + 24 * HOUR);
    expect(store.token()).toBeNull();
    expect(store.getSnapshot().status).toBe('guest');
  });

  it('uses the server expiry when it comes before 24 h', () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn({ ...success(), expires_at: new Date(Date.now() + HOUR).toISOString() });
    vi.advanceTimersByTime(HOUR);
    expect(store.getSnapshot().status).toBe('guest');
  });

  it('holds the 24 h limit when the stored expiry is later (a record claiming 7 days)', () => {
    const storage = sharedStorage();
    const storedAt = Date.now();
    storage.data.set(AUTH_KEY, JSON.stringify({ token: 'tok-7d', storedAt, expiresAt: storedAt + 7 * 24 * HOUR }));
    storage.data.set(USER_KEY, JSON.stringify({ user: user(), cachedAt: storedAt }));
    expect(parseStoredAuth(storage.data.get(AUTH_KEY) ?? null)?.expiresAt).toBe(storedAt + 24 * HOUR);
    const store = new SessionStore(storage, systemClock);
    expect(store.token()).toBe('tok-7d');
    vi.advanceTimersByTime(24 * HOUR);
    expect(store.getSnapshot()).toMatchObject({ status: 'guest', notice: 'expired' });
    vi.setSystemTime(storedAt + 2 * 24 * HOUR);
    storage.data.set(AUTH_KEY, JSON.stringify({ token: 'tok-7d', storedAt, expiresAt: storedAt + 7 * 24 * HOUR }));
    expect(new SessionStore(storage, systemClock).token()).toBeNull();
  });

  it('keeps the cached user fresh for 15 minutes, then marks it stale', () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn(success());
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(store.getSnapshot().stale).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true });
  });

  it('refetches a stale user when online and stores the fresh copy', async () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn(success());
    const fetchProfile = vi.fn(async () => user({ first_name: 'Nadia' }));
    await store.refreshUser(fetchProfile, true);
    expect(fetchProfile).not.toHaveBeenCalled(); // fresh: nothing to do
    vi.advanceTimersByTime(15 * MINUTE);
    await store.refreshUser(fetchProfile, true);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ stale: false });
    expect(store.getSnapshot().user?.first_name).toBe('Nadia');
  });

  it('offline, keeps the stale user and stays signed in without asking the network', async () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn(success());
    vi.advanceTimersByTime(3 * HOUR);
    const fetchProfile = vi.fn(async () => user());
    await store.refreshUser(fetchProfile, false);
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true });
    expect(store.getSnapshot().user?.email).toBe('amina@example.test');
  });

  it('keeps the cached user when the refetch fails, and waits before trying again', async () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn(success());
    vi.advanceTimersByTime(20 * MINUTE);
    const failing = vi.fn(async (): Promise<User> => {
      throw new TypeError('Failed to fetch');
    });
    await store.refreshUser(failing, true);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', stale: true });
    await store.refreshUser(failing, true);
    expect(failing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_RETRY_MS);
    await store.refreshUser(failing, true);
    expect(failing).toHaveBeenCalledTimes(2);
    store.resetRefreshBackoff();
    await store.refreshUser(failing, true);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('makes one request for concurrent refreshes', async () => {
    const store = new SessionStore(sharedStorage(), systemClock);
    store.signIn(success());
    vi.advanceTimersByTime(16 * MINUTE);
    const fetchProfile = vi.fn(async () => user());
    await Promise.all([store.refreshUser(fetchProfile, true), store.refreshUser(fetchProfile, true)]);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
  });

  it('follows other tabs: a sign-in and a logout elsewhere reach this tab through storage events', () => {
    const storage = sharedStorage();
    const tabA = new SessionStore(storage, systemClock);
    const tabB = new SessionStore(storage, systemClock);
    tabA.signIn(success());
    expect(tabB.getSnapshot().status).toBe('guest');
    tabB.handleStorageChange(AUTH_KEY);
    expect(tabB.getSnapshot()).toMatchObject({ status: 'signed-in' });
    expect(tabB.token()).toBe('tok-1');

    tabA.clear();
    tabB.handleStorageChange(AUTH_KEY);
    expect(tabB.getSnapshot()).toMatchObject({ status: 'guest', user: null, notice: null });
    expect(tabB.token()).toBeNull();

    // localStorage.clear() in another tab arrives with key null.
    tabA.signIn(success());
    tabB.handleStorageChange(null);
    expect(tabB.getSnapshot().status).toBe('signed-in');
    storage.data.clear();
    tabB.handleStorageChange(null);
    expect(tabB.getSnapshot().status).toBe('guest');
  });

  it('ignores unrelated storage keys and corrupt stored values', () => {
    const storage = sharedStorage();
    storage.data.set(AUTH_KEY, '{not json');
    storage.data.set(USER_KEY, JSON.stringify({ user: user(), cachedAt: Date.now() }));
    const store = new SessionStore(storage, systemClock);
    expect(store.getSnapshot().status).toBe('guest');
    expect(storage.data.has(USER_KEY)).toBe(false);
    const listener = vi.fn();
    store.subscribe(listener);
    store.handleStorageChange('i18nextLng');
    expect(listener).not.toHaveBeenCalled();
  });

  it('setUser is ignored when nobody is signed in (a late profile answer after logout)', () => {
    const storage = sharedStorage();
    const store = new SessionStore(storage, systemClock);
    store.setUser(user());
    expect(store.getSnapshot().status).toBe('guest');
    expect(storage.data.size).toBe(0);
  });
});

describe('personal data wipe (every sign-out, and a sign-in as someone else)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function signedIn(storage = sharedStorage()) {
    const wipe = vi.fn(async () => undefined);
    const store = new SessionStore(storage, systemClock, wipe);
    store.signIn(success());
    expect(wipe).not.toHaveBeenCalled();
    return { storage, store, wipe };
  }

  it('logout wipes once and resolves when the wipe is done', async () => {
    const { store, wipe } = signedIn();
    let finish!: () => void;
    wipe.mockImplementationOnce(() => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))));
    let done = false;
    const cleared = store.clear().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    finish();
    await cleared;
    expect(wipe).toHaveBeenCalledTimes(1);
    await store.clear();
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it('a 401 (the API client clearing the session) wipes once, a second 401 does not wipe again', () => {
    const { store, wipe } = signedIn();
    void store.clear('expired');
    void store.clear('expired');
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it('the 24 h timer wipes once', () => {
    const { store, wipe } = signedIn();
    vi.advanceTimersByTime(24 * HOUR);
    expect(store.getSnapshot().status).toBe('guest');
    store.check();
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it('the expiry check on read wipes once (timers did not run)', () => {
    const storage = sharedStorage();
    const wipe = vi.fn(async () => undefined);
    const frozen = { ...systemClock, setTimeout: () => 0, clearTimeout: () => undefined };
    const store = new SessionStore(storage, frozen, wipe);
    store.signIn(success());
    vi.setSystemTime(Date.now() + 24 * HOUR);
    store.check();
    expect(store.token()).toBeNull();
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it('a session found expired when the app starts wipes once', () => {
    const { storage } = signedIn();
    vi.setSystemTime(Date.now() + 25 * HOUR);
    const wipe = vi.fn(async () => undefined);
    const later = new SessionStore(storage, systemClock, wipe);
    later.token();
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it('a logout in another tab wipes once in this tab too; unrelated storage events do not', () => {
    const storage = sharedStorage();
    const { wipe: wipeA, store: tabA } = signedIn(storage);
    const wipeB = vi.fn(async () => undefined);
    const tabB = new SessionStore(storage, systemClock, wipeB);
    void tabA.clear();
    tabB.handleStorageChange(AUTH_KEY);
    tabB.handleStorageChange(USER_KEY);
    tabB.handleStorageChange(null);
    tabB.handleStorageChange('i18nextLng');
    expect(wipeA).toHaveBeenCalledTimes(1);
    expect(wipeB).toHaveBeenCalledTimes(1);
  });

  it('a guest that stays a guest never wipes (a guest cart survives a 401)', () => {
    const wipe = vi.fn(async () => undefined);
    const store = new SessionStore(sharedStorage(), systemClock, wipe);
    void store.clear();
    store.handleStorageChange(AUTH_KEY);
    expect(wipe).not.toHaveBeenCalled();
  });

  it('signing in again as the same user does not wipe; as another user wipes first, once', async () => {
    const { store, wipe } = signedIn();
    store.signIn({ token: 'tok-2', user: user() });
    expect(wipe).not.toHaveBeenCalled();

    const order: string[] = [];
    wipe.mockImplementation(async () => void order.push(`wipe while ${store.token() ?? 'guest'}`));
    store.signIn({ token: 'tok-3', user: user({ id: 8, email: 'b@example.test' }) });
    expect(wipe).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['wipe while tok-2']);
    expect(store.getSnapshot().user?.id).toBe(8);
  });

  it('after a completed wipe, the next sign-in (any user) does not wipe again', async () => {
    const { store, wipe, storage } = signedIn();
    await store.clear();
    expect(storage.data.has(LAST_USER_KEY)).toBe(false);
    store.signIn({ token: 'tok-2', user: user({ id: 8 }) });
    expect(wipe).toHaveBeenCalledTimes(1);
  });

  it("a wipe cut short (the tab closed) leaves the owner's id, so another user's sign-in wipes first", () => {
    const storage = sharedStorage();
    storage.data.set(LAST_USER_KEY, '7');
    const same = vi.fn(async () => undefined);
    new SessionStore(storage, systemClock, same).signIn(success());
    expect(same).not.toHaveBeenCalled();

    storage.data.clear();
    storage.data.set(LAST_USER_KEY, '7');
    const other = vi.fn(async () => undefined);
    new SessionStore(storage, systemClock, other).signIn({ token: 'tok-9', user: user({ id: 9 }) });
    expect(other).toHaveBeenCalledTimes(1);
    expect(storage.data.get(LAST_USER_KEY)).toBe('9');
  });

  it('a wipe that fails still signs out, and keeps the owner so the next other user wipes again', async () => {
    const { store, wipe, storage } = signedIn();
    wipe.mockRejectedValueOnce(new Error('worker gone'));
    await expect(store.clear()).resolves.toBeUndefined();
    expect(store.getSnapshot().status).toBe('guest');
    expect(storage.data.get(LAST_USER_KEY)).toBe('7');
  });
});
