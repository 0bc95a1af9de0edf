/**
 * The state every sign-in form shares: the values, inline field errors (from the
 * client-side checks or the server's 422), one form-level message, the submitting
 * state, and focus moved to the first field in error. The form's name is both the
 * fallback message's key and its inputs' id prefix ('login' → #login-email).
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from './api-client';
import { useErrorText, useFieldErrorText, useProblemText, type FallbackKey } from './error-text';
import type { FieldProblem } from './validation';

export function useAuthForm<F extends string>(fields: readonly F[], fallbackKey: FallbackKey, initial: Record<F, string>) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const fieldErrorText = useFieldErrorText();
  const problemText = useProblemText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef(new Map<F, HTMLInputElement | null>());

  const focusFirst = useCallback(
    (inError: Partial<Record<F, string>>) => {
      const first = fields.find((f) => inError[f]);
      if (first) inputs.current.get(first)?.focus();
    },
    [fields],
  );

  /** Runs the checks; if they pass, send() (which throws ApiFailure on refusal). */
  const submit = useCallback(
    async (problems: Partial<Record<F, FieldProblem>>, send: () => Promise<void>) => {
      setFormError(null);
      const clientErrors = problemText(problems);
      if (Object.keys(clientErrors).length > 0) {
        setErrors(clientErrors);
        setFormError(t('form.errorSummary'));
        focusFirst(clientErrors);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await send();
      } catch (error) {
        const fromServer = fieldErrorText(error);
        const inline: Partial<Record<F, string>> = {};
        for (const f of fields) if (fromServer[f]) inline[f] = fromServer[f];
        setErrors(inline);
        const validation = error instanceof ApiFailure && error.code === 'VALIDATION';
        setFormError(validation && Object.keys(inline).length > 0 ? t('form.errorSummary') : errorText(error, fallbackKey));
        focusFirst(inline);
      } finally {
        setSubmitting(false);
      }
    },
    [errorText, fallbackKey, fieldErrorText, fields, focusFirst, problemText, t],
  );

  /** Props that tie an input to the form: id, name, value, onChange, its ref (for focus) and its inline error. */
  const field = useCallback(
    (name: F) => ({
      id: `${fallbackKey}-${name.replace(/_/g, '-')}`,
      name,
      value: values[name],
      onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
      ref: (element: HTMLInputElement | null) => {
        inputs.current.set(name, element);
      },
      error: errors[name],
    }),
    [errors, fallbackKey, values],
  );

  return { values, submit, field, formError, setFormError, submitting };
}
