/**
 * API failures in the user's language (catalogue `auth`). The server's `code`
 * is stable and translated here; VALIDATION field messages are recognised by
 * their English pattern (docs/ACCOUNTS.md) and said again in the user's
 * language with the field's translated name. Used by the sign-in pages and the
 * account pages alike.
 */
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../i18n/locales/en/auth.json';
import { ApiFailure, NETWORK_ERROR_CODE, type FieldError } from './api-client';
import type { FieldProblem } from './validation';

export type ApiErrorCode = Exclude<keyof (typeof en)['errors'], Lowercase<string>>;
export type FallbackKey = keyof (typeof en)['fallback'];
type FieldNameKey = keyof (typeof en)['fieldNames'];

const CODES = new Set<string>([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_TOKEN_MISMATCH',
  'VALIDATION',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'INVALID_CREDENTIALS',
  'CURRENT_PASSWORD_WRONG',
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_AUTH_FAILED',
  'REAUTH_REQUIRED',
  'GOOGLE_EMAIL_EXISTS',
  'ADDRESS_NOT_FOUND',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'RESEND_TOO_SOON',
  'PHONE_NUMBER_LIMIT',
  'TOO_MANY_REQUESTS',
  'SMS_FAILED',
] satisfies ApiErrorCode[]);

function isCode(code: string): code is ApiErrorCode {
  return CODES.has(code);
}

type AuthT = TFunction<'auth'>;

function fieldName(t: AuthT, parameter: string): string {
  const key = parameter as FieldNameKey;
  return t(`fieldNames.${key}`, { defaultValue: parameter.replace(/_/g, ' ') });
}

/** One server field message in the user's language (unknown wording: the generic 'invalid' text). */
export function translateFieldError(t: AuthT, error: FieldError): string {
  const field = fieldName(t, error.parameter);
  const m = error.message;
  if (/ field is required\.?$/.test(m)) return t('field.required', { field });
  if (/must be a valid email/.test(m)) return t('field.email');
  const min = /must be at least (\d+) characters/.exec(m);
  if (min) return t('field.passwordMin', { min: Number(min[1]) });
  if (/confirmation does not match/.test(m)) return t('field.passwordMatch');
  const max = /may not be greater than (\d+) characters/.exec(m);
  if (max) return t('field.max', { field, max: Number(max[1]) });
  if (/must be a valid phone number/.test(m)) return t('field.phone');
  if (/has already been taken/.test(m)) return t('field.taken', { field });
  return t('field.invalid', { field });
}

/** Field errors by parameter (the first message of each), translated. */
export function translateFieldErrors(t: AuthT, error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiFailure)) return out;
  for (const fieldError of error.errors) out[fieldError.parameter] ??= translateFieldError(t, fieldError);
  return out;
}

/** The one message to show for a failure. */
export function translateError(t: AuthT, error: unknown, fallbackKey?: FallbackKey): string {
  const fallback = () => (fallbackKey ? t(`fallback.${fallbackKey}`) : t('errors.unknown'));
  if (!(error instanceof ApiFailure)) {
    // fetch rejects with a TypeError when the network is down.
    if (error instanceof TypeError) return t('errors.network');
    return fallback();
  }
  if (error.status === 0 || error.code === NETWORK_ERROR_CODE) {
    return typeof navigator !== 'undefined' && !navigator.onLine ? t('errors.offline') : t('errors.network');
  }
  if (error.code === 'VALIDATION') {
    const first = error.errors[0];
    return first ? translateFieldError(t, first) : t('errors.VALIDATION');
  }
  if (isCode(error.code)) return t(`errors.${error.code}`);
  if (error.status === 401) return t('errors.unauthorized');
  if (error.status === 403) return t('errors.FORBIDDEN');
  if (error.status === 404) return t('errors.notFound');
  if (error.status === 429) return t('errors.TOO_MANY_REQUESTS');
  if (error.status >= 500) return fallbackKey ? t(`fallback.${fallbackKey}`) : t('errors.serverError');
  return fallback();
}

/** A client-side check's problem (validation.ts) in the user's language. */
export function translateProblem(t: AuthT, problem: FieldProblem): string {
  switch (problem.key) {
    case 'required':
      return t('field.required', { field: fieldName(t, problem.field) });
    case 'email':
      return t('field.email');
    case 'passwordMin':
      return t('field.passwordMin', { min: problem.min });
    case 'passwordMatch':
      return t('field.passwordMatch');
    case 'max':
      return t('field.max', { field: fieldName(t, problem.field), max: problem.max });
  }
}

/** `(problems) => {field: text}` for the client-side checks. */
export function useProblemText(): <F extends string>(problems: Partial<Record<F, FieldProblem>>) => Partial<Record<F, string>> {
  const { t } = useTranslation('auth');
  return useCallback(
    <F extends string>(problems: Partial<Record<F, FieldProblem>>) => {
      const out: Partial<Record<F, string>> = {};
      for (const [field, problem] of Object.entries(problems) as [F, FieldProblem | undefined][]) {
        if (problem) out[field] = translateProblem(t, problem);
      }
      return out;
    },
    [t],
  );
}

/** `(error, fallbackKey?) => text` in the current language. */
export function useErrorText(): (error: unknown, fallbackKey?: FallbackKey) => string {
  const { t } = useTranslation('auth');
  return useCallback((error: unknown, fallbackKey?: FallbackKey) => translateError(t, error, fallbackKey), [t]);
}

/** `(error) => {parameter: text}`: a 422's field errors in the current language, for inline messages. */
export function useFieldErrorText(): (error: unknown) => Record<string, string> {
  const { t } = useTranslation('auth');
  return useCallback((error: unknown) => translateFieldErrors(t, error), [t]);
}
