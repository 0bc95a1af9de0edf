/**
 * Request bodies of the account routes, validated with zod and refused the way
 * the spec's Laravel-shaped client expects: 422 VALIDATION, the first field
 * message as `message`, and every field in `errors` ({parameter, message}).
 * Messages are the fixed English texts of docs/ACCOUNTS.md; the client
 * translates by `code` and parameter, never by parsing them.
 *
 * A body that is not a JSON object (null, an array, a string) is a 422 on
 * "(body)"; malformed JSON never reaches here (Fastify answers 400).
 */
import { z } from 'zod';
import { ApiError } from './api-error';

export const fieldMessages = {
  required: (field: string) => `The ${field} field is required.`,
  email: () => 'The email must be a valid email address.',
  passwordMin: () => 'The password must be at least 8 characters.',
  confirmation: () => 'The password confirmation does not match.',
  max: (field: string, max: number) => `The ${field} may not be greater than ${max} characters.`,
  phone: () => 'The phone must be a valid phone number.',
  invalid: (field: string) => `The selected ${field} is invalid.`,
  type: (field: string) => `The ${field} must be a string.`,
};

const label = (field: string) => field.replace(/_/g, ' ');

/** A required string, trimmed, 1..max characters. */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required(label(field)) : fieldMessages.type(label(field))) })
    .trim()
    .min(1, fieldMessages.required(label(field)))
    .max(max, fieldMessages.max(label(field), max));
}

/** An optional string, trimmed, 0..max characters (absent and null both mean "not given"). */
export function optionalText(field: string, max: number) {
  return z
    .string({ error: () => fieldMessages.type(label(field)) })
    .trim()
    .max(max, fieldMessages.max(label(field), max))
    .nullish()
    .transform((v) => v ?? undefined);
}

/** An email address, trimmed and lowercased, at most 254 characters. */
export function emailField() {
  return requiredText('email', 254)
    .toLowerCase()
    .pipe(z.email({ error: fieldMessages.email() }));
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password: 8..128 characters, not trimmed (spaces are part of a password). */
export function passwordField(field = 'password') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required(label(field)) : fieldMessages.type(label(field))) })
    .min(1, fieldMessages.required(label(field)))
    .min(PASSWORD_MIN, fieldMessages.passwordMin())
    .max(PASSWORD_MAX, fieldMessages.max(label(field), PASSWORD_MAX));
}

/** Parses a JSON body; refusal is ApiError('VALIDATION') with every field listed. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = 'The request body must be a JSON object.';
    throw new ApiError('VALIDATION', { message, errors: [{ parameter: '(body)', message }] });
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    parameter: issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
  throw new ApiError('VALIDATION', { message: errors[0]?.message ?? 'The given data was invalid.', errors });
}
