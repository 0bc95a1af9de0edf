/**
 * The FCM HTTP v1 sender (docs/COMMUNITY.md "Push"): one
 * `POST {endpoint}/v1/projects/{project}/messages:send` per device token,
 * authorised by an OAuth access token of the service account
 * (google-auth-library, scope firebase.messaging). A token FCM answers 404 or
 * UNREGISTERED for is deleted from the store; other failures are logged and the
 * token is kept. notify never throws.
 *
 * The message carries `notification {title, body}` and the string `data`; the
 * service worker's own push handler shows it (src/workers/sw-push.ts).
 * `fetch` and the access token source are injectable: the tests drive this
 * sender against a fake FCM endpoint on loopback.
 */
import { GoogleAuth } from 'google-auth-library';
import type { DeviceTokens } from './device-tokens';
import type { PushNotification, PushOutcome, PushService } from './push-sender';
import { DEFAULT_FCM_ENDPOINT } from './push-config';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Sends at most this many requests at once. */
const CONCURRENCY = 8;
const SEND_TIMEOUT_MS = 10_000;

export interface PushLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface FcmSenderDeps {
  projectId: string;
  tokens: DeviceTokens;
  log: PushLogger;
  /** A fresh OAuth access token (cached by the library until it nears expiry). */
  accessToken: () => Promise<string>;
  fetch?: FetchLike;
  /** Default https://fcm.googleapis.com. */
  endpoint?: string;
}

/** The access tokens of a service account key file (GoogleAuth caches and refreshes them). */
export function serviceAccountAccessToken(keyFile: string): () => Promise<string> {
  const auth = new GoogleAuth({ keyFile, scopes: [FCM_SCOPE] });
  return async () => {
    const token = await auth.getAccessToken();
    if (!token) throw new Error('google-auth-library returned no access token');
    return token;
  };
}

type SendResult = 'sent' | 'gone' | 'failed';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** FCM's error body: {error: {code, status, message, details: [{'@type', errorCode}]}}. */
export function fcmErrorCodes(body: unknown): string[] {
  if (!isRecord(body) || !isRecord(body.error)) return [];
  const codes: string[] = [];
  if (typeof body.error.status === 'string') codes.push(body.error.status);
  if (Array.isArray(body.error.details)) {
    for (const detail of body.error.details) if (isRecord(detail) && typeof detail.errorCode === 'string') codes.push(detail.errorCode);
  }
  return codes;
}

/** The HTTP v1 message for one device. */
export function fcmMessage(token: string, notification: PushNotification): { message: Record<string, unknown> } {
  return {
    message: {
      token,
      notification: { title: notification.title, body: notification.body },
      data: notification.data,
      webpush: { headers: { Urgency: 'high' } },
    },
  };
}

export function createFcmPushSender(deps: FcmSenderDeps): PushService {
  const doFetch: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  const url = `${(deps.endpoint ?? DEFAULT_FCM_ENDPOINT).replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(deps.projectId)}/messages:send`;

  async function sendOne(accessToken: string, token: string, notification: PushNotification): Promise<SendResult> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(fcmMessage(token, notification)),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      deps.log.warn({ err: error }, 'FCM send failed (network)');
      return 'failed';
    }
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return 'sent';
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON: the status alone decides
    }
    const codes = fcmErrorCodes(body);
    if (response.status === 404 || codes.includes('UNREGISTERED')) return 'gone';
    deps.log.warn({ status: response.status, codes }, 'FCM refused a message');
    return 'failed';
  }

  return {
    provider: 'fcm',
    async notify(userIds, notification): Promise<PushOutcome> {
      try {
        const devices = await deps.tokens.of(userIds);
        if (devices.length === 0) return { delivered: 0, dropped: 0 };
        const accessToken = await deps.accessToken();
        const gone: string[] = [];
        let delivered = 0;
        const queue = devices.map((d) => d.token);
        const worker = async () => {
          for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
            const result = await sendOne(accessToken, token, notification);
            if (result === 'sent') delivered += 1;
            else if (result === 'gone') gone.push(token);
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
        const dropped = await deps.tokens.drop(gone);
        if (dropped > 0) deps.log.info({ dropped }, 'FCM: dropped unregistered device tokens');
        return { delivered, dropped };
      } catch (error) {
        deps.log.error({ err: error }, 'FCM push failed');
        return { delivered: 0, dropped: 0 };
      }
    },
  };
}
