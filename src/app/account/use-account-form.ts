/**
 * The life of one account form: client checks, sending, the server's answer.
 * Field errors (client-side or a 422's `errors`) are translated by the same
 * function (auth/error-text.ts) and shown inline; a failure without field
 * errors shows the error code's text, or the form's fallback (spec §8:
 * 'Failed to update profile'…) when the server said nothing better. After an
 * error the first invalid field gets focus.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../auth/api-client';
import { translateFieldError, useErrorText, type FallbackKey } from '../auth/error-text';
import type { FieldError } from './validation';

/** Codes that belong to one field although the server sends no `errors` for them. */
const CODE_FIELDS: Record<string, string> = {
  CURRENT_PASSWORD_WRONG: 'current_password',
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
};

export interface AccountFormState {
  saving: boolean;
  /** Translated error per parameter. */
  fieldErrors: Record<string, string>;
  /** The failure message (role=alert), or null. */
  error: string | null;
  /** Set after a success (role=status), cleared by the next edit or submit. */
  saved: boolean;
}

const IDLE: AccountFormState = { saving: false, fieldErrors: {}, error: null, saved: false };

/** The form's own ref is used unless the caller passes one (focus goes to the first invalid control inside it). */
export function useAccountForm(fallback: FallbackKey, givenRef?: RefObject<HTMLFormElement | null>) {
  const { t } = useTranslation('auth');
  const ownRef = useRef<HTMLFormElement>(null);
  const formRef = givenRef ?? ownRef;
  const errorText = useErrorText();
  const [state, setState] = useState<AccountFormState>(IDLE);
  const [focusTick, setFocusTick] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick, formRef]);

  const translate = useCallback(
    (errors: readonly FieldError[]) => {
      const out: Record<string, string> = {};
      for (const e of errors) out[e.parameter] ??= translateFieldError(t, e);
      return out;
    },
    [t],
  );

  /** Runs the checks, then the request; resolves true on success. */
  const submit = useCallback(
    async <T>(clientErrors: readonly FieldError[], send: () => Promise<T>, onSuccess: (answer: T) => void): Promise<boolean> => {
      if (clientErrors.length > 0) {
        setState({ saving: false, fieldErrors: translate(clientErrors), error: t('errors.VALIDATION'), saved: false });
        setFocusTick((n) => n + 1);
        return false;
      }
      setState({ ...IDLE, saving: true });
      try {
        const answer = await send();
        onSuccess(answer);
        if (mounted.current) setState({ ...IDLE, saved: true });
        return true;
      } catch (error) {
        if (!mounted.current) return false;
        const fieldErrors = error instanceof ApiFailure ? translate(error.errors) : {};
        const codeField = error instanceof ApiFailure ? CODE_FIELDS[error.code] : undefined;
        if (codeField && !fieldErrors[codeField]) fieldErrors[codeField] = errorText(error, fallback);
        const hasFields = Object.keys(fieldErrors).length > 0;
        setState({ saving: false, fieldErrors, error: hasFields ? t('errors.VALIDATION') : errorText(error, fallback), saved: false });
        if (hasFields) setFocusTick((n) => n + 1);
        return false;
      }
    },
    [errorText, fallback, t, translate],
  );

  /** Forget the last outcome (the user edits again). */
  const touch = useCallback(() => setState((s) => (s.saved || s.error ? { ...s, saved: false, error: null } : s)), []);

  return { ...state, submit, touch, formRef };
}

type StringKey<D> = { [K in keyof D]-?: D[K] extends string ? K : never }[keyof D] & string;

/**
 * The values a form edits: set() changes one (and forgets the last outcome),
 * text() gives a TextField its name, value, onValue and inline error.
 */
export function useDraft<D extends object>(
  initial: D | (() => D),
  form: { touch: () => void; fieldErrors: Record<string, string> },
) {
  const [draft, setDraft] = useState<D>(initial);
  const { touch, fieldErrors } = form;

  const set = <K extends keyof D>(field: K, value: D[K]) => {
    touch();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const text = <K extends StringKey<D>>(name: K) => ({
    name,
    value: draft[name] as string,
    onValue: (value: string) => set(name, value as D[K]),
    error: fieldErrors[name],
  });

  return { draft, setDraft, set, text };
}
