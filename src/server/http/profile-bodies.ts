/**
 * Bodies of POST /api/user/profile, /password and /preferences
 * (docs/ACCOUNTS.md). Only the listed fields are read: role, id, phone,
 * password_hash or anything else in a body is dropped by the schema, so no
 * request can assign them (no mass assignment).
 */
import { z } from 'zod';
import { PREFERENCE_LANGUAGES } from '../../domain/account';
import { emailField, fieldMessages, optionalText, PASSWORD_MAX, passwordField } from './body';

export const NAME_MAX = 100;
export const FULL_NAME_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/** 3..30 of [a-z0-9_.-], trimmed and lowercased first (so "Amina.B" is "amina.b"); one message per refusal. */
export function usernameField() {
  return z
    .string({ error: () => fieldMessages.type('username') })
    .trim()
    .toLowerCase()
    .superRefine((name, ctx) => {
      const message =
        name === ''
          ? fieldMessages.required('username')
          : name.length > USERNAME_MAX
            ? fieldMessages.max('username', USERNAME_MAX)
            : name.length < USERNAME_MIN || !/^[a-z0-9_.-]+$/.test(name)
              ? fieldMessages.invalid('username')
              : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

/** The current password as typed: not trimmed, only bounded. */
function currentPasswordField() {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? fieldMessages.required('current password') : fieldMessages.type('current password'),
    })
    .max(PASSWORD_MAX, fieldMessages.max('current password', PASSWORD_MAX));
}

/**
 * A fresh Google ID token, proving the owner of an account without a password is at the keyboard (a first
 * password, an email change): checked in the route, its `sub` must be the account's google_sub.
 */
function googleCredentialField() {
  return z
    .string({ error: () => fieldMessages.type('credential') })
    .trim()
    .max(8192, fieldMessages.max('credential', 8192))
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : v));
}

export const profileBodySchema = z.object({
  first_name: optionalText('first_name', NAME_MAX),
  last_name: optionalText('last_name', NAME_MAX),
  full_name_en: optionalText('full_name_en', FULL_NAME_MAX),
  full_name_ar: optionalText('full_name_ar', FULL_NAME_MAX),
  username: usernameField().nullish().transform((v) => v ?? undefined),
  email: emailField().nullish().transform((v) => v ?? undefined),
  current_password: currentPasswordField().nullish().transform((v) => v ?? undefined),
  credential: googleCredentialField(),
});
export type ProfileBody = z.output<typeof profileBodySchema>;

/**
 * The password change. `current_password` is required when the account has a
 * password; an account made by Google sign-in sets its first one with a fresh
 * Google `credential` instead (checked in the route).
 */
export function passwordBodySchema(requiresCurrent: boolean) {
  return z
    .object({
      current_password: requiresCurrent
        ? currentPasswordField().min(1, fieldMessages.required('current password'))
        : currentPasswordField().nullish().transform((v) => v ?? undefined),
      credential: googleCredentialField(),
      password: passwordField(),
      password_confirmation: z
        .string({
          error: (issue) =>
            issue.input === undefined ? fieldMessages.required('password confirmation') : fieldMessages.type('password confirmation'),
        })
        .max(PASSWORD_MAX, fieldMessages.max('password confirmation', PASSWORD_MAX)),
    })
    .refine((b) => b.password === b.password_confirmation, {
      message: fieldMessages.confirmation(),
      path: ['password_confirmation'],
    });
}
export type PasswordBody = z.output<ReturnType<typeof passwordBodySchema>>;

/** Booleans are JSON booleans: "true", 1 and the like are refused, not guessed at. */
function booleanField(field: string) {
  return z.boolean({ error: () => `The ${field.replace(/_/g, ' ')} field must be true or false.` }).optional();
}

/** The canonical name of an IANA zone Intl knows ("africa/casablanca" → "Africa/Casablanca"), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (name === '' || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const preferencesBodySchema = z.object({
  email_notifications: booleanField('email_notifications'),
  marketing_emails: booleanField('marketing_emails'),
  order_updates: booleanField('order_updates'),
  newsletter: booleanField('newsletter'),
  language: z.enum(PREFERENCE_LANGUAGES, { error: () => fieldMessages.invalid('language') }).optional(),
  timezone: z
    .string({ error: () => fieldMessages.invalid('timezone') })
    .trim()
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name);
      if (zone === null) {
        ctx.addIssue({ code: 'custom', message: fieldMessages.invalid('timezone') });
        return z.NEVER;
      }
      return zone;
    })
    .optional(),
});
export type PreferencesBody = z.output<typeof preferencesBodySchema>;
