/**
 * Registers push on the app (docs/COMMUNITY.md "Push"): `app.push` becomes the
 * FCM HTTP v1 sender when a service account is configured, else the local
 * sender (push_log + server log); and the push routes. app.ts decorates the
 * service and registers the routes with the others.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { createDeviceTokens } from './device-tokens';
import { createFcmPushSender, serviceAccountAccessToken, type FetchLike } from './fcm-sender';
import { createLocalPushSender } from './local-sender';
import { NO_PUSH_CONFIG, type PushConfig } from './push-config';
import { pushRoutes } from './push-routes';
import type { PushService } from './push-sender';

/** buildApp's `push`: the configuration (src/server/config.ts) and, for tests, what replaces the network. */
export interface PushOptions extends Partial<PushConfig> {
  /** The FCM sender's fetch (tests point it at a fake FCM endpoint). */
  fetch?: FetchLike;
  /** The FCM sender's OAuth access token source; default GoogleAuth over the key file. */
  accessToken?: () => Promise<string>;
}

export function resolvePushConfig(opts: PushOptions = {}): PushConfig {
  return {
    firebase: opts.firebase ?? NO_PUSH_CONFIG.firebase,
    vapidKey: opts.vapidKey ?? NO_PUSH_CONFIG.vapidKey,
    fcm: opts.fcm ?? NO_PUSH_CONFIG.fcm,
    fcmEndpoint: opts.fcmEndpoint ?? NO_PUSH_CONFIG.fcmEndpoint,
    logEndpoint: opts.logEndpoint ?? NO_PUSH_CONFIG.logEndpoint,
  };
}

export interface PushSetup {
  /** What app.push becomes. */
  service: PushService;
  /** The push routes, registered with the others. */
  routes: (app: FastifyInstance) => Promise<void>;
}

/** The configured sender (FCM when a service account is set, else the local one) and the routes over its store. */
export function setUpPush(app: FastifyInstance, db: Database, opts: PushOptions = {}): PushSetup {
  const config = resolvePushConfig(opts);
  const tokens = createDeviceTokens(db.kysely);
  const log = app.log.child({ component: 'push' });
  const service: PushService = config.fcm
    ? createFcmPushSender({
        projectId: config.fcm.projectId,
        tokens,
        log,
        accessToken: opts.accessToken ?? serviceAccountAccessToken(config.fcm.keyFile),
        fetch: opts.fetch,
        endpoint: config.fcmEndpoint ?? undefined,
      })
    : createLocalPushSender({ db: db.kysely, tokens, log, now: () => app.authOptions.now() });
  return { service, routes: pushRoutes({ config, tokens, db: db.kysely }) };
}
