/**
 * The session for components: who is signed in (re-rendering on every change,
 * other tabs' included), and the actions that change it. A stale cached user
 * (older than 15 minutes) is refetched while a component shows the session and
 * the browser is online; offline the cached user is kept.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { AuthSuccess, User } from '../../domain/account';
import { navigate } from 'wouter/use-browser-location';
import { splitLanguagePrefix } from '../routing/paths';
import { apiRequest } from './api-client';
import { session } from './session';
import type { SessionNotice } from './session-store';

export interface Session {
  status: 'guest' | 'signed-in';
  user: User | null;
  /** The user shown is a cached copy older than 15 minutes (a refetch is due or failed offline). */
  stale: boolean;
}

const fetchProfile = () => apiRequest<{ user: User }>('GET', '/api/user/profile').then((body) => body.user);

function refresh(): void {
  void session.refreshUser(fetchProfile, typeof navigator === 'undefined' || navigator.onLine);
}

export function useSession(): Session {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const { status, user, stale } = snapshot;

  useEffect(() => {
    if (status === 'signed-in' && stale) refresh();
  }, [status, stale]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const onOnline = () => {
      session.resetRefreshBackoff();
      refresh();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [status]);

  return { status, user, stale };
}

/** Why the user was signed out (the token expired), until dismissed or the next sign-in. */
export function useSessionNotice(): { notice: SessionNotice; dismiss: () => void } {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { notice: snapshot.notice, dismiss: () => session.dismissNotice() };
}

/** Stores the answer of login, register or Google sign-in. */
export function signIn(result: Pick<AuthSuccess, 'token' | 'user'> & Partial<Pick<AuthSuccess, 'expires_at'>>): void {
  session.signIn(result);
}

/** A fresh user object from the server (profile, password, preferences, phone changes). */
export function setSessionUser(user: User): void {
  session.setUser(user);
}

/** How long logout waits for the server before wiping locally anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * Logout (ASVS V14.3.1): ends the server session (best effort: offline is fine),
 * forgets the token and user, clears sessionStorage, the personal collections of
 * the local database (the public catalogue stays), then goes to the home page.
 * The queued writes (outbox, the service worker's queues) go only with
 * `discardQueued`: the logout button passes it once the user confirmed (or nothing
 * was queued); otherwise they wait for the same account.
 */
export async function signOut(options: { discardQueued?: boolean } = {}): Promise<void> {
  if (session.token()) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), LOGOUT_TIMEOUT_MS);
    await apiRequest('POST', '/api/auth/logout', undefined, { authRedirect: false, signal: abort.signal })
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  }
  await session.clear(null, options);
  const { language } = splitLanguagePrefix(window.location.pathname);
  navigate(language ? `/${language}` : '/', { replace: true });
}
