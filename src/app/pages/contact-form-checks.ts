/**
 * The contact form's checks (spec §5: first name, last name, a valid email,
 * subject and message required, the message at most 500 characters; the phone
 * optional but a real number when given), the same rules and texts as the
 * server (routes/contact-body.ts). Pure: each problem names a text of the
 * `contact.errors` block; the server's 422 field errors are read back into
 * the same problems, so both say the same thing in the user's language.
 */
import { normalizePhone } from '../../domain/account';
import { isValidEmail } from '../auth/validation';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 500;
const EMAIL_MAX = 254;

export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { first_name: '', last_name: '', email: '', phone: '', subject: '', message: '' };

export type ContactProblem =
  | { key: 'required' }
  | { key: 'email' }
  | { key: 'phone' }
  | { key: 'tooLong'; max: number }
  | { key: 'invalid' };

export type ContactProblems = Partial<Record<ContactField, ContactProblem>>;

const MAX: Record<Exclude<ContactField, 'phone'>, number> = {
  first_name: CONTACT_NAME_MAX,
  last_name: CONTACT_NAME_MAX,
  email: EMAIL_MAX,
  subject: CONTACT_SUBJECT_MAX,
  message: CONTACT_MESSAGE_MAX,
};

/** Characters counted as the server counts them: after trimming, UTF-16 units (JavaScript's length). */
export const contactLength = (value: string): number => value.trim().length;

export function validateContact(values: ContactValues): ContactProblems {
  const problems: ContactProblems = {};
  for (const field of ['first_name', 'last_name', 'email', 'subject', 'message'] as const) {
    const length = contactLength(values[field]);
    if (length === 0) problems[field] = { key: 'required' };
    else if (length > MAX[field]) problems[field] = { key: 'tooLong', max: MAX[field] };
  }
  if (problems.email === undefined && !isValidEmail(values.email)) problems.email = { key: 'email' };
  if (values.phone.trim() !== '' && normalizePhone(values.phone) === null) problems.phone = { key: 'phone' };
  return problems;
}

export function isContactField(name: string): name is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(name);
}

/** One server field message (docs/ACCOUNTS.md wording) as a problem; unknown wording is 'invalid'. */
export function problemOfServerMessage(message: string): ContactProblem {
  if (/ field is required\.?$/.test(message)) return { key: 'required' };
  if (/must be a valid email/.test(message)) return { key: 'email' };
  if (/must be a valid phone number/.test(message)) return { key: 'phone' };
  const max = /may not be greater than (\d+) characters/.exec(message);
  if (max) return { key: 'tooLong', max: Number(max[1]) };
  return { key: 'invalid' };
}

/** The server's 422 field errors as problems (the first per field; '(body)' and unknown fields left out). */
export function serverProblems(errors: readonly { parameter: string; message: string }[]): ContactProblems {
  const problems: ContactProblems = {};
  for (const error of errors) {
    if (isContactField(error.parameter)) problems[error.parameter] ??= problemOfServerMessage(error.message);
  }
  return problems;
}

/** The body POST /api/contact takes (trimmed; an empty phone left out). */
export function contactBody(values: ContactValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    if (field !== 'phone' || value !== '') body[field] = value;
  }
  return body;
}
