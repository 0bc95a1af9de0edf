/**
 * POST /api/contact (issue 7): anyone (guest or signed in) sends the contact
 * form; it is stored (contact_messages) and answered 201. Limited per client
 * address (rate limit `contact`); Idempotency-Key works as on every write
 * (plugins/idempotency.ts), so a queued resend is stored once.
 */
import type { FastifyInstance } from 'fastify';
import { rateLimitConfig } from '../auth/rate-limits';
import { NO_STORE } from '../http/cache-control';
import { CONTACT_BODY_LIMIT, parseContactBody } from './contact-body';

export const CONTACT_SENT_MESSAGE = 'Your message has been sent.';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/contact', { bodyLimit: CONTACT_BODY_LIMIT, config: rateLimitConfig(app, 'contact') }, async (request, reply) => {
    const body = parseContactBody(request.body);
    const id = await app.repos.contact.create(
      {
        userId: request.auth?.userId ?? null,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        subject: body.subject,
        message: body.message,
      },
      app.authOptions.now(),
    );
    reply.code(201);
    return { status: 'success' as const, message: CONTACT_SENT_MESSAGE, data: { id } };
  });
}
