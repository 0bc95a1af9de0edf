/**
 * Push configuration from the environment (docs/COMMUNITY.md "Push", README):
 *
 * - FIREBASE_WEB_CONFIG: the Firebase web app's config, JSON
 *   `{apiKey, authDomain?, projectId, messagingSenderId, appId}`; with
 *   FIREBASE_VAPID_KEY (the web push certificate's public key) the client can
 *   ask FCM for a device token. GET /api/push/config hands both out.
 * - FCM_SERVICE_ACCOUNT_FILE: a service account key file; set, notifications
 *   go through FCM HTTP v1 (its project_id), else the local sender records them.
 * - FCM_ENDPOINT (tests and local fakes only, refused in production): the base
 *   URL that replaces https://fcm.googleapis.com.
 * - PUSH_LOG_ENDPOINT=1 (development only, refused in production): serves the
 *   local sender's records at GET /api/dev/push-log.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FirebaseWebConfig } from '../../domain/push';

export type { FirebaseWebConfig };

export interface FcmServiceAccount {
  /** The key file GoogleAuth reads. */
  keyFile: string;
  /** Its project_id: the project messages are sent in. */
  projectId: string;
}

export interface PushConfig {
  firebase: FirebaseWebConfig | null;
  vapidKey: string | null;
  fcm: FcmServiceAccount | null;
  /** Replaces https://fcm.googleapis.com (tests only). */
  fcmEndpoint: string | null;
  /** GET /api/dev/push-log is served (never in production). */
  logEndpoint: boolean;
}

export const DEFAULT_FCM_ENDPOINT = 'https://fcm.googleapis.com';

const idText = z.string().trim().min(1).max(200).regex(/^[\w.:-]+$/);

const webConfigSchema = z.object({
  apiKey: idText,
  authDomain: z.string().trim().min(1).max(200).regex(/^[\w.-]+$/).nullish(),
  projectId: idText,
  messagingSenderId: idText,
  appId: idText,
});

const serviceAccountSchema = z.object({
  type: z.literal('service_account'),
  project_id: idText,
  client_email: z.string().min(1),
  private_key: z.string().min(1),
});

/** A web push public key: an uncompressed P-256 point, base64url (87 characters). */
const VAPID_KEY = /^[A-Za-z0-9_-]{80,100}$/;

export function pushConfigured(config: Pick<PushConfig, 'firebase' | 'vapidKey'>): boolean {
  return config.firebase !== null && config.vapidKey !== null;
}

export const NO_PUSH_CONFIG: PushConfig = { firebase: null, vapidKey: null, fcm: null, fcmEndpoint: null, logEndpoint: false };

/**
 * Reads the push variables of an environment whose empty values are already left out. Never throws: what
 * is wrong comes back in `problems` (one line per variable, like the rest of src/server/config.ts).
 */
export function loadPushConfig(env: Record<string, string | undefined>): { config: PushConfig; problems: string[] } {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  let firebase: FirebaseWebConfig | null = null;
  if (env.FIREBASE_WEB_CONFIG !== undefined) {
    let raw: unknown = null;
    try {
      raw = JSON.parse(env.FIREBASE_WEB_CONFIG);
    } catch {
      problems.push('FIREBASE_WEB_CONFIG: must be JSON');
    }
    if (raw !== null) {
      const parsed = webConfigSchema.safeParse(raw);
      if (parsed.success) firebase = { ...parsed.data, authDomain: parsed.data.authDomain ?? null };
      else problems.push('FIREBASE_WEB_CONFIG: must be the Firebase web config {apiKey, authDomain, projectId, messagingSenderId, appId}');
    }
  }

  let vapidKey: string | null = null;
  if (env.FIREBASE_VAPID_KEY !== undefined) {
    if (VAPID_KEY.test(env.FIREBASE_VAPID_KEY.trim())) vapidKey = env.FIREBASE_VAPID_KEY.trim();
    else problems.push('FIREBASE_VAPID_KEY: must be the web push public key (base64url)');
  }
  if ((firebase === null) !== (vapidKey === null) && problems.length === 0) {
    problems.push('FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY: set both or neither');
  }

  let fcm: FcmServiceAccount | null = null;
  if (env.FCM_SERVICE_ACCOUNT_FILE !== undefined) {
    const keyFile = env.FCM_SERVICE_ACCOUNT_FILE;
    try {
      const parsed = serviceAccountSchema.safeParse(JSON.parse(readFileSync(keyFile, 'utf8')));
      if (parsed.success) fcm = { keyFile, projectId: parsed.data.project_id };
      else problems.push('FCM_SERVICE_ACCOUNT_FILE: must be a service account key file (type service_account, project_id, client_email, private_key)');
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'is not JSON' : 'cannot be read';
      problems.push(`FCM_SERVICE_ACCOUNT_FILE: ${keyFile} ${reason}`);
    }
  }

  let fcmEndpoint: string | null = null;
  if (env.FCM_ENDPOINT !== undefined) {
    if (production) problems.push('FCM_ENDPOINT: refused when NODE_ENV=production (it exists for tests)');
    else if (!/^https?:\/\/[^/?#]+$/.test(env.FCM_ENDPOINT)) problems.push('FCM_ENDPOINT: must be an http(s) origin');
    else fcmEndpoint = env.FCM_ENDPOINT;
  }

  let logEndpoint = false;
  if (env.PUSH_LOG_ENDPOINT !== undefined) {
    if (!['0', '1'].includes(env.PUSH_LOG_ENDPOINT)) problems.push('PUSH_LOG_ENDPOINT: must be 0 or 1');
    else if (env.PUSH_LOG_ENDPOINT === '1' && production) {
      problems.push('PUSH_LOG_ENDPOINT: refused when NODE_ENV=production (it exists for local development)');
    } else logEndpoint = env.PUSH_LOG_ENDPOINT === '1';
  }

  return { config: { firebase, vapidKey, fcm, fcmEndpoint, logEndpoint }, problems };
}
