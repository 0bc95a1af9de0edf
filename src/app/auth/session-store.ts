/**
 * The session as the PWA keeps it (docs/ACCOUNTS.md, spec §4), as plain logic
 * over an injected storage and clock so Node tests drive it with fake timers.
 *
 * - localStorage `souk.auth` = {token, storedAt, expiresAt}: dropped 24 h after
 *   storedAt (or at the server's expiry if sooner), checked on every read of the
 *   token and by a timer that fires at expiry (the user then sees 'session expired').
 * - localStorage `souk.user` = {user, cachedAt}: fresh for 15 minutes. A stale copy
 *   is refetched when online; offline, or when the network fails, it is kept, so a
 *   signed-in user stays signed in with the network off.
 * - Other tabs: `storage` events are fed to handleStorageChange, so a logout in one
 *   tab signs out every tab.
 * - Personal data: every signed-in → guest change (logout, a 401, expiry, another
 *   tab) runs the injected wipe once. localStorage `souk.last-user` = the id of the
 *   user whose data may be on this device, kept until a wipe finished; signing in
 *   as someone else wipes first (a wipe cut short, e.g. by closing the tab).
 * - Queued writes: only an explicit logout (`clear(…, {discardQueued: true})`)
 *   discards them. Any other sign-out wipes with `keepQueued` and notes the user in
 *   localStorage `souk.queued-user`: the same user signing in again sends them (the
 *   data worker does), another user's sign-in discards them (discardQueued, and the
 *   data worker's setSession for the outbox).
 */
import { TOKEN_LIFETIME_MS, USER_CACHE_MS, type AuthSuccess, type User } from '../../domain/account';

export const AUTH_KEY = 'souk.auth';
export const USER_KEY = 'souk.user';
export const LAST_USER_KEY = 'souk.last-user';
/** The user whose queued writes were kept at an involuntary sign-out (until they or another user sign in). */
export const QUEUED_USER_KEY = 'souk.queued-user';

export interface WipeOptions {
  /** Keep the queued writes (outbox, service-worker queues): every sign-out but an explicit logout. */
  keepQueued: boolean;
}

export interface StoredAuth {
  token: string;
  storedAt: number;
  expiresAt: number;
}

export interface StoredUser {
  user: User;
  cachedAt: number;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Why the user was signed out, when the UI should say so. */
export type SessionNotice = 'expired' | null;

export interface SessionSnapshot {
  status: 'guest' | 'signed-in';
  user: User | null;
  /** The cached user is older than 15 minutes (or missing) and should be refetched when online. */
  stale: boolean;
  notice: SessionNotice;
}

const GUEST: SessionSnapshot = { status: 'guest', user: null, stale: false, notice: null };

/** After a failed refetch, wait this long before trying again (an `online` event retries at once). */
export const REFRESH_RETRY_MS = 60_000;

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored record, its expiry clamped to storedAt + 24 h (a record edited or written by other code cannot live longer). */
export function parseStoredAuth(raw: string | null): StoredAuth | null {
  const value = parseJson(raw);
  if (!isRecord(value)) return null;
  const { token, storedAt, expiresAt } = value;
  if (typeof token !== 'string' || token === '') return null;
  if (typeof storedAt !== 'number' || !Number.isFinite(storedAt)) return null;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  return { token, storedAt, expiresAt: Math.min(expiresAt, storedAt + TOKEN_LIFETIME_MS) };
}

export function parseStoredUser(raw: string | null): StoredUser | null {
  const value = parseJson(raw);
  if (!isRecord(value)) return null;
  const { user, cachedAt } = value;
  if (!isRecord(user) || typeof user.id !== 'number' || typeof user.email !== 'string') return null;
  if (typeof cachedAt !== 'number' || !Number.isFinite(cachedAt)) return null;
  return { user: user as unknown as User, cachedAt };
}

/** When a token stored at storedAt stops being used: 24 h later, or the server's expiry if that is sooner. */
export function expiryOf(storedAt: number, serverExpiresAt?: string): number {
  const local = storedAt + TOKEN_LIFETIME_MS;
  const server = serverExpiresAt ? Date.parse(serverExpiresAt) : Number.NaN;
  return Number.isFinite(server) ? Math.min(local, server) : local;
}

export class SessionStore {
  private auth: StoredAuth | null = null;
  private cached: StoredUser | null = null;
  private notice: SessionNotice = null;
  private snapshot: SessionSnapshot = GUEST;
  private readonly listeners = new Set<() => void>();
  private expiryTimer: unknown = null;
  private staleTimer: unknown = null;
  private refreshing: Promise<void> | null = null;
  private lastFailedRefresh = Number.NEGATIVE_INFINITY;
  private wiping: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock = systemClock,
    /** Wipes this device's personal data (the personal collections, the service worker's queues, sessionStorage). */
    private readonly wipe: (options: WipeOptions) => Promise<void> = () => Promise.resolve(),
    /** Discards the queued writes a user's involuntary sign-out kept (another user signed in). */
    private readonly discardQueued: (userId: string) => Promise<void> = () => Promise.resolve(),
  ) {
    this.load();
  }

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The bearer token, or null; an expired token is dropped here (the user is signed out). */
  token(): string | null {
    if (this.auth && this.clock.now() >= this.auth.expiresAt) this.expire();
    return this.auth?.token ?? null;
  }

  signIn(result: Pick<AuthSuccess, 'token' | 'user'> & { expires_at?: string }): void {
    const previous = this.storage.getItem(LAST_USER_KEY) ?? (this.cached ? String(this.cached.user.id) : null);
    const queued = this.storage.getItem(QUEUED_USER_KEY);
    const id = String(result.user.id);
    if (previous !== null && previous !== id) this.runWipe({ keepQueued: false });
    else if (queued !== null && queued !== id) this.runDiscard(queued);
    else if (queued === id) this.storage.removeItem(QUEUED_USER_KEY);
    const now = this.clock.now();
    this.auth = { token: result.token, storedAt: now, expiresAt: expiryOf(now, result.expires_at) };
    this.cached = { user: result.user, cachedAt: now };
    this.notice = null;
    this.write(AUTH_KEY, this.auth);
    this.write(USER_KEY, this.cached);
    this.write(LAST_USER_KEY, result.user.id);
    this.update();
  }

  /** A fresh copy of the user (after a profile change or a refetch). Ignored when signed out. */
  setUser(user: User): void {
    if (!this.auth) return;
    this.cached = { user, cachedAt: this.clock.now() };
    this.write(USER_KEY, this.cached);
    this.update();
  }

  /**
   * Forgets the session (logout, a 401, expiry) and, if someone was signed in, wipes
   * their personal data; resolves when the wipe under way (if any) is done. Queued
   * writes are kept unless `discardQueued` (an explicit logout the user confirmed, or
   * one with nothing queued).
   */
  clear(notice: SessionNotice = null, options: { discardQueued?: boolean } = {}): Promise<void> {
    const wasSignedIn = this.auth !== null;
    this.auth = null;
    this.cached = null;
    this.notice = notice;
    this.refreshing = null;
    this.storage.removeItem(AUTH_KEY);
    this.storage.removeItem(USER_KEY);
    if (wasSignedIn) this.runWipe({ keepQueued: options.discardQueued !== true });
    this.update();
    return this.wiping;
  }

  dismissNotice(): void {
    if (this.notice === null) return;
    this.notice = null;
    this.update();
  }

  /** Re-checks the expiry now (e.g. when the tab becomes visible after the device slept). */
  check(): void {
    this.token();
    this.update();
  }

  /** A `storage` event from another tab: key null means the other tab cleared its storage. */
  handleStorageChange(key: string | null): void {
    if (key !== null && key !== AUTH_KEY && key !== USER_KEY) return;
    this.load();
  }

  /**
   * Refetches a stale user when online. Offline, or when the request fails for any
   * reason other than the session being refused (which the API client handles by
   * clearing the session), the cached user is kept.
   */
  refreshUser(fetchProfile: () => Promise<User>, online: boolean): Promise<void> {
    if (!this.auth || !this.snapshot.stale || !online) return Promise.resolve();
    if (this.refreshing) return this.refreshing;
    if (this.clock.now() - this.lastFailedRefresh < REFRESH_RETRY_MS) return Promise.resolve();
    const token = this.auth.token;
    const run = fetchProfile()
      .then((user) => {
        if (this.auth?.token === token) this.setUser(user);
      })
      .catch(() => {
        this.lastFailedRefresh = this.clock.now();
      })
      .finally(() => {
        if (this.refreshing === run) this.refreshing = null;
      });
    this.refreshing = run;
    return run;
  }

  /** Allows an immediate retry (the network came back). */
  resetRefreshBackoff(): void {
    this.lastFailedRefresh = Number.NEGATIVE_INFINITY;
  }

  private load(): void {
    const wasSignedIn = this.auth !== null;
    const auth = parseStoredAuth(this.storage.getItem(AUTH_KEY));
    this.auth = auth;
    this.cached = auth ? parseStoredUser(this.storage.getItem(USER_KEY)) : null;
    if (!auth) this.storage.removeItem(USER_KEY);
    if (auth && this.clock.now() >= auth.expiresAt) {
      this.expire();
      return;
    }
    // Signed out in another tab: this tab's own per-tab data goes too (queued writes: as that tab decided).
    if (wasSignedIn && !auth) this.runWipe({ keepQueued: true });
    this.update();
  }

  /**
   * Starts the wipe; once it succeeded, and nobody signed in meanwhile, this device holds nobody's data (but
   * the queued writes a keepQueued wipe kept, noted under QUEUED_USER_KEY).
   */
  private runWipe(options: WipeOptions): void {
    const owner = this.storage.getItem(LAST_USER_KEY);
    if (options.keepQueued && owner !== null) this.storage.setItem(QUEUED_USER_KEY, owner);
    const queued = this.storage.getItem(QUEUED_USER_KEY);
    this.wiping = this.wipe(options).then(
      () => {
        if (!this.auth && this.storage.getItem(LAST_USER_KEY) === owner) this.storage.removeItem(LAST_USER_KEY);
        if (!options.keepQueued && this.storage.getItem(QUEUED_USER_KEY) === queued) this.storage.removeItem(QUEUED_USER_KEY);
      },
      () => undefined,
    );
  }

  /** Another user signed in: the writes `userId`'s involuntary sign-out kept are discarded. */
  private runDiscard(userId: string): void {
    this.discardQueued(userId).then(
      () => {
        if (this.storage.getItem(QUEUED_USER_KEY) === userId) this.storage.removeItem(QUEUED_USER_KEY);
      },
      () => undefined,
    );
  }

  private expire(): void {
    this.clear('expired');
  }

  private write(key: string, value: StoredAuth | StoredUser | number): void {
    try {
      this.storage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the session still works for this page's lifetime.
    }
  }

  private update(): void {
    this.schedule();
    const now = this.clock.now();
    const next: SessionSnapshot = this.auth
      ? {
          status: 'signed-in',
          user: this.cached?.user ?? null,
          stale: !this.cached || now - this.cached.cachedAt >= USER_CACHE_MS,
          notice: null,
        }
      : { ...GUEST, notice: this.notice };
    const prev = this.snapshot;
    if (
      prev.status === next.status &&
      prev.user === next.user &&
      prev.stale === next.stale &&
      prev.notice === next.notice
    )
      return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(): void {
    if (this.expiryTimer !== null) this.clock.clearTimeout(this.expiryTimer);
    if (this.staleTimer !== null) this.clock.clearTimeout(this.staleTimer);
    this.expiryTimer = null;
    this.staleTimer = null;
    if (!this.auth) return;
    const now = this.clock.now();
    this.expiryTimer = this.clock.setTimeout(() => this.check(), Math.max(0, this.auth.expiresAt - now));
    if (this.cached) {
      const staleIn = this.cached.cachedAt + USER_CACHE_MS - now;
      if (staleIn > 0) this.staleTimer = this.clock.setTimeout(() => this.update(), staleIn);
    }
  }
}
