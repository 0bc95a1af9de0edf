/**
 * The contact form's body (issue 7; spec §5 "Contact form"): first name, last
 * name, a valid email, subject and message required, the message at most 500
 * characters; the phone optional but, when given, a real number. Refused with
 * the accounts' field texts (http/body.ts) as 422 VALIDATION; text PostgreSQL
 * cannot store (NUL) is a 422 too, never a 5xx.
 */
import { z } from 'zod';
import { normalizePhone } from '../../domain/account';
import { ApiError } from '../http/api-error';
import { emailField, fieldMessages, optionalText, parseBody, requiredText } from '../http/body';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
/** Spec §9: "contact message 500 characters". */
export const CONTACT_MESSAGE_MAX = 500;
/** Far above any valid form (5 short fields and 500 characters); more is 413 before parsing. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

const phone = optionalText('phone', 40).transform((raw, ctx) => {
  if (raw === undefined || raw === '') return null;
  const normalised = normalizePhone(raw);
  if (normalised === null) {
    ctx.addIssue({ code: 'custom', message: fieldMessages.phone() });
    return z.NEVER;
  }
  return normalised;
});

const contactBodySchema = z.object({
  first_name: requiredText('first_name', CONTACT_NAME_MAX),
  last_name: requiredText('last_name', CONTACT_NAME_MAX),
  email: emailField(),
  phone,
  subject: requiredText('subject', CONTACT_SUBJECT_MAX),
  message: requiredText('message', CONTACT_MESSAGE_MAX),
});

export type ContactBody = z.output<typeof contactBodySchema>;

/** Refuses NUL in a parsed body (known fields only, flat) as a 422. */
export function refuseNulText(parsed: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(parsed)) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      const message = 'The request may not contain NUL characters.';
      throw new ApiError('VALIDATION', { message, errors: [{ parameter: field, message }] });
    }
  }
}

export function parseContactBody(body: unknown): ContactBody {
  const parsed = parseBody(contactBodySchema, body);
  refuseNulText(parsed);
  return parsed;
}
