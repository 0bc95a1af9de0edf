/**
 * Push routes (docs/COMMUNITY.md "Push"; spec §7 POST /api/fcm/token):
 *
 * - POST /api/fcm/token {fcm_token} (auth): saves the device's token (at most
 *   10 per user, the least recently saved dropped), tied to the session that
 *   saved it (deleted when the session is: logout, revocation, expiry).
 * - DELETE /api/fcm/token {fcm_token} (auth): removes it (absent: the same 200).
 * - GET /api/push/config (anyone): what the client needs to ask FCM for a token.
 * - GET /api/dev/push-log (auth; only with PUSH_LOG_ENDPOINT=1 outside
 *   production): the caller's last 50 notifications the local sender recorded.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/guards';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MAX_TOKEN_LENGTH, type DeviceTokens } from './device-tokens';
import { readPushLog } from './local-sender';
import { pushConfigured, type PushConfig } from './push-config';

const tokenBody = z.object({
  fcm_token: z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required('fcm token') : fieldMessages.type('fcm token')) })
    .trim()
    .min(1, fieldMessages.required('fcm token'))
    .max(MAX_TOKEN_LENGTH, fieldMessages.max('fcm token', MAX_TOKEN_LENGTH))
    // Registration tokens are printable ASCII without spaces (base64url, ':' and the like).
    .regex(/^[\x21-\x7e]+$/, fieldMessages.invalid('fcm token')),
});

export interface PushRouteOptions {
  config: PushConfig;
  tokens: DeviceTokens;
  db: Kysely<DB>;
}

export function pushRoutes(opts: PushRouteOptions) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', NO_STORE);
      return payload;
    });

    app.post('/api/fcm/token', async (request) => {
      const me = requireAuth(request);
      const { fcm_token } = parseBody(tokenBody, request.body);
      // Tied to this session: its logout (or revocation) deletes the token.
      await opts.tokens.save(me.userId, fcm_token, app.authOptions.now(), me.sessionId);
      return { success: true, status: 'success', message: 'Device token saved' };
    });

    app.delete('/api/fcm/token', async (request) => {
      const me = requireAuth(request);
      const { fcm_token } = parseBody(tokenBody, request.body);
      const removed = await opts.tokens.remove(me.userId, fcm_token);
      return { success: true, status: 'success', message: removed ? 'Device token removed' : 'No such device token' };
    });

    const { firebase, vapidKey } = opts.config;
    const configured = pushConfigured(opts.config);
    app.get('/api/push/config', async () => ({
      success: true,
      configured,
      firebase: configured && firebase
        ? { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId, messagingSenderId: firebase.messagingSenderId, appId: firebase.appId }
        : null,
      vapidKey: configured ? vapidKey : null,
    }));

    if (opts.config.logEndpoint && process.env.NODE_ENV !== 'production') {
      app.get('/api/dev/push-log', async (request) => {
        const me = requireAuth(request);
        return { success: true, provider: app.push.provider, data: await readPushLog(opts.db, me.userId) };
      });
    }
  };
}
