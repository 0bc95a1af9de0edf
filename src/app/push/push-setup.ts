/**
 * Turning push on for this device (docs/COMMUNITY.md "Push", spec §8 push setup errors), as one flow over
 * injected steps so each failure is testable: the browser supports it (service worker, Push API,
 * notifications, firebase/messaging's isSupported()) → the server is configured (GET /api/push/config) →
 * the user allows notifications → FCM gives a token (raced against a timeout: in some browsers getToken
 * never settles) → the server saves it (POST /api/fcm/token). Every failure ends as a code the page
 * translates (account.json "push.errors.<code>").
 */
import type { FirebaseWebConfig, PushServerConfig } from '../../domain/push';

export type { FirebaseWebConfig, PushServerConfig };

export const PUSH_SETUP_ERRORS = [
  'unsupported',
  'not-configured',
  'permission-denied',
  'permission-blocked',
  'no-token',
  'installation-failed',
  'forbidden',
  'save-failed',
] as const;
export type PushSetupError = (typeof PUSH_SETUP_ERRORS)[number];

export type PushSetupResult = { ok: true; token: string } | { ok: false; error: PushSetupError };

/** How long getToken may take before the setup says 'no token'. */
export const TOKEN_TIMEOUT_MS = 15_000;
/** Spec §9: the push toast stays 5 s. */
export const PUSH_TOAST_MS = 5_000;

export interface PushSetupDeps {
  /** Service worker, PushManager and Notification exist in this browser. */
  browserSupports(): boolean;
  /** firebase/messaging's isSupported(). */
  messagingSupported(): Promise<boolean>;
  /** GET /api/push/config. */
  fetchConfig(): Promise<PushServerConfig>;
  /** Notification.permission now. */
  permission(): NotificationPermission;
  /** Notification.requestPermission(). */
  requestPermission(): Promise<NotificationPermission>;
  /** firebase/messaging getToken with the VAPID key and the app's own service worker registration. */
  getToken(config: { firebase: FirebaseWebConfig; vapidKey: string }): Promise<string>;
  /** POST /api/fcm/token {fcm_token}; rejects with an error carrying `status` (0: network). */
  saveToken(token: string): Promise<void>;
  timeoutMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

class TokenTimeout extends Error {}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/** A getToken failure as a setup error (firebase codes: installations/…, messaging/…). */
export function tokenErrorOf(error: unknown): PushSetupError {
  if (error instanceof TokenTimeout) return 'no-token';
  const code = codeOf(error);
  if (code.startsWith('installations/')) return 'installation-failed';
  if (code === 'messaging/permission-blocked') return 'permission-blocked';
  if (code === 'messaging/permission-default') return 'permission-denied';
  if (code === 'messaging/unsupported-browser' || code === 'messaging/failed-service-worker-registration') return 'unsupported';
  return 'no-token';
}

function withTimeout<T>(promise: Promise<T>, deps: PushSetupDeps): Promise<T> {
  const set = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clear = deps.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let handle: unknown;
  const timeout = new Promise<never>((_resolve, reject) => {
    handle = set(() => reject(new TokenTimeout('getToken did not settle')), deps.timeoutMs ?? TOKEN_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clear(handle));
}

export async function setUpPush(deps: PushSetupDeps): Promise<PushSetupResult> {
  const fail = (error: PushSetupError): PushSetupResult => ({ ok: false, error });
  if (!deps.browserSupports()) return fail('unsupported');
  if (!(await deps.messagingSupported().catch(() => false))) return fail('unsupported');

  let config: PushServerConfig;
  try {
    config = await deps.fetchConfig();
  } catch {
    return fail('not-configured');
  }
  if (!config.configured || config.firebase === null || config.vapidKey === null) return fail('not-configured');

  // Blocked earlier: the browser will not ask again, the user has to allow it in the site settings.
  if (deps.permission() === 'denied') return fail('permission-blocked');
  if (deps.permission() !== 'granted') {
    const answer = await deps.requestPermission().catch((): NotificationPermission => 'denied');
    if (answer !== 'granted') return fail('permission-denied');
  }

  let token: string;
  try {
    token = await withTimeout(deps.getToken({ firebase: config.firebase, vapidKey: config.vapidKey }), deps);
  } catch (error) {
    return fail(tokenErrorOf(error));
  }
  if (!token) return fail('no-token');

  try {
    await deps.saveToken(token);
  } catch (error) {
    return fail(statusOf(error) === 403 ? 'forbidden' : 'save-failed');
  }
  return { ok: true, token };
}
