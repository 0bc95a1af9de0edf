/**
 * The operator's inbox (docs/OPERATOR.md "Inbox"), for admins and managers (guest 401, other roles 403):
 * - GET /api/admin/contact-messages?status=open|answered&page=&per_page= lists the contact messages, newest first;
 * - POST /api/admin/contact-messages/{id}/reply {body} mails the answer to the sender through the mail sender
 *   (SMTP when SMTP_URL is set, else the log sender, which the answer's message says) and marks the message
 *   answered, audited. The message is claimed before the mail goes: a second answer is 409
 *   CONTACT_MESSAGE_ANSWERED, and a mail that fails gives the message back (open) and answers 502 MAIL_FAILED;
 * - GET /api/admin/newsletter-subscribers.csv exports the newsletter's subscribers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newsletterCsv } from '../../domain/newsletter-csv';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody, requiredText } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { enumParam, positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';
import { CONTACT_MESSAGE_STATUSES } from '../repositories/admin-inbox';

export const INBOX_PER_PAGE = 20;
export const INBOX_MAX_PER_PAGE = 100;
export const REPLY_MAX = 5000;

/** Control characters other than tab and line breaks, which an answer may hold. */
const REPLY_CONTROL_CHARS = /[^\P{Cc}\t\n\r]/u;

const listQuerySchema = z.object({
  status: enumParam(CONTACT_MESSAGE_STATUSES).optional(),
  page: positiveInt(100_000).optional(),
  per_page: positiveInt(INBOX_MAX_PER_PAGE).optional(),
});

const replyBodySchema = z.object({
  body: requiredText('body', REPLY_MAX).refine((s) => !REPLY_CONTROL_CHARS.test(s), fieldMessages.invalid('body')),
});

/** The mail of an answer: the answer, then the sender's message quoted. */
function replyText(reply: string, original: { first_name: string; message: string }): string {
  const quoted = original.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return `${reply}\n\n— Souk\n\n${original.first_name}:\n${quoted}\n`;
}

export async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/admin/contact-messages', async (request) => {
    requireRole(request, 'admin', 'manager');
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const page = await app.repos.inbox.list({ status: q.status, page: q.page ?? 1, perPage: q.per_page ?? INBOX_PER_PAGE });
    return { success: true, data: page.data, meta: page.meta };
  });

  app.post<{ Params: { id: string } }>('/api/admin/contact-messages/:id/reply', async (request) => {
    const me = requireRole(request, 'admin', 'manager');
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('CONTACT_MESSAGE_NOT_FOUND');
    const body = parseBody(replyBodySchema, request.body);
    const actor = { userId: me.userId, role: me.role };
    const now = app.authOptions.now();
    const claimed = await app.repos.inbox.claimReply(id, body.body, actor, now);
    if (claimed.kind === 'not_found') throw new ApiError('CONTACT_MESSAGE_NOT_FOUND');
    if (claimed.kind === 'answered') throw new ApiError('CONTACT_MESSAGE_ANSWERED');
    const message = claimed.message;
    try {
      await app.mail.send({ to: message.email, subject: `Re: ${message.subject}`, text: replyText(body.body, message) });
    } catch (error) {
      request.log.warn({ err: error, contactMessageId: id }, 'the answer to a contact message could not be mailed');
      await app.repos.inbox.releaseReply(id, actor, now, error instanceof Error ? error.message.slice(0, 500) : 'mail failed', app.authOptions.now());
      throw new ApiError('MAIL_FAILED');
    }
    const sender = app.mail.name;
    return {
      success: true,
      message: sender === 'smtp' ? 'Reply sent by email.' : 'Reply saved. No SMTP_URL is set: the mail went to the log sender (server log).',
      data: message,
      mail: { sender },
    };
  });

  app.get('/api/admin/newsletter-subscribers.csv', async (request, reply) => {
    requireRole(request, 'admin', 'manager');
    const rows = await app.repos.inbox.newsletterSubscribers();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .send(`\uFEFF${newsletterCsv(rows)}`);
  });
}
