/**
 * POST /api/newsletter {email} (issue 7): anyone signs an address up. One row
 * per lowercased email: a new one is 201, an address already signed up is 200
 * with `already_subscribed: true` (idempotent by nature; Idempotency-Key also
 * works as on every write). Limited per client address (rate limit `newsletter`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rateLimitConfig } from '../auth/rate-limits';
import { emailField, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { refuseNulText } from './contact-body';

export const NEWSLETTER_SUBSCRIBED_MESSAGE = 'You are subscribed to the newsletter.';
export const NEWSLETTER_ALREADY_MESSAGE = 'You are already subscribed to the newsletter.';
const NEWSLETTER_BODY_LIMIT = 4 * 1024;

const newsletterBodySchema = z.object({ email: emailField() });

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/newsletter', { bodyLimit: NEWSLETTER_BODY_LIMIT, config: rateLimitConfig(app, 'newsletter') }, async (request, reply) => {
    const { email } = parseBody(newsletterBodySchema, request.body);
    refuseNulText({ email });
    const { created } = await app.repos.newsletter.subscribe(email, request.auth?.userId ?? null, app.authOptions.now());
    reply.code(created ? 201 : 200);
    return {
      status: 'success' as const,
      message: created ? NEWSLETTER_SUBSCRIBED_MESSAGE : NEWSLETTER_ALREADY_MESSAGE,
      data: { email, already_subscribed: !created },
    };
  });
}
