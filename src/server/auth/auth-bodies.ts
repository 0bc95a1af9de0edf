/**
 * Bodies of the /api/auth routes (docs/ACCOUNTS.md). Only listed fields are
 * read: a `role` (or anything else) in a body is dropped, so registration
 * always makes a buyer.
 */
import { z } from 'zod';
import { emailField, fieldMessages, optionalText, PASSWORD_MAX, passwordField } from '../http/body';
import { FULL_NAME_MAX, NAME_MAX, usernameField } from '../http/profile-bodies';

const nullishToUndefined = <T>(v: T | null | undefined): T | undefined => v ?? undefined;

export const registerBodySchema = z
  .object({
    username: usernameField().nullish().transform(nullishToUndefined),
    first_name: optionalText('first_name', NAME_MAX),
    last_name: optionalText('last_name', NAME_MAX),
    full_name: optionalText('full_name', FULL_NAME_MAX),
    full_name_en: optionalText('full_name_en', FULL_NAME_MAX),
    full_name_ar: optionalText('full_name_ar', FULL_NAME_MAX),
    email: emailField(),
    password: passwordField(),
    password_confirmation: z
      .string({ error: () => fieldMessages.type('password confirmation') })
      .max(PASSWORD_MAX, fieldMessages.max('password confirmation', PASSWORD_MAX))
      .nullish()
      .transform(nullishToUndefined),
  })
  .refine((b) => b.password_confirmation === undefined || b.password === b.password_confirmation, {
    message: fieldMessages.confirmation(),
    path: ['password_confirmation'],
  });
export type RegisterBody = z.output<typeof registerBodySchema>;

/** A password as typed at login: not trimmed, bounded so nobody makes us hash a megabyte. */
function loginPasswordField() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required('password') : fieldMessages.type('password')) })
    .min(1, fieldMessages.required('password'))
    .max(PASSWORD_MAX, fieldMessages.max('password', PASSWORD_MAX));
}

export const loginBodySchema = z.object({ email: emailField(), password: loginPasswordField() });

export const credentialField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required('credential') : fieldMessages.type('credential')) })
    .trim()
    .min(1, fieldMessages.required('credential'))
    .max(8192, fieldMessages.max('credential', 8192));

export const googleBodySchema = z.object({ credential: credentialField() });

export const setCookieBodySchema = z.object({
  token: z
    .string({ error: () => fieldMessages.type('token') })
    .max(1024, fieldMessages.max('token', 1024))
    .nullish()
    .transform(nullishToUndefined),
});

/** POST /api/auth/login with is_google_auth: the spec's Google login, where only the credential is trusted. */
export function isGoogleLogin(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'is_google_auth' in body && (body.is_google_auth === true || body.is_google_auth === 'true');
}
