/**
 * The life of one seller form: client checks, sending, the server's answer. Field errors (the client's or a 422's
 * `errors`) are shown beside their fields in the user's language; any other failure is one message, and a failure
 * because the network is off says nothing was sent. The draft is the caller's and is never cleared on a failure.
 * After a failure with field errors the first invalid control gets focus.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../auth/api-client';
import { useSellerErrorText, useSellerFieldErrors } from './seller-errors';

export interface SellerFormState {
  saving: boolean;
  fieldErrors: Record<string, string>;
  error: string | null;
}

const IDLE: SellerFormState = { saving: false, fieldErrors: {}, error: null };

export function useSellerForm() {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const fieldErrorsOf = useSellerFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<SellerFormState>(IDLE);
  const [focusTick, setFocusTick] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  /** Runs the checks (field → text), then the request; resolves with the answer, or null after a failure. */
  const submit = useCallback(
    async <T>(clientErrors: Record<string, string>, send: () => Promise<T>): Promise<T | null> => {
      if (Object.keys(clientErrors).length > 0) {
        setState({ saving: false, fieldErrors: clientErrors, error: t('errors.VALIDATION') });
        setFocusTick((n) => n + 1);
        return null;
      }
      setState({ ...IDLE, saving: true });
      try {
        const answer = await send();
        if (mounted.current) setState(IDLE);
        return answer;
      } catch (error) {
        if (!mounted.current) return null;
        const fieldErrors = error instanceof ApiFailure && error.code === 'VALIDATION' ? fieldErrorsOf(error) : {};
        const hasFields = Object.keys(fieldErrors).length > 0;
        setState({ saving: false, fieldErrors, error: hasFields ? t('errors.VALIDATION') : errorText(error) });
        if (hasFields) setFocusTick((n) => n + 1);
        return null;
      }
    },
    [errorText, fieldErrorsOf, t],
  );

  /** A failure found outside submit (an upload after the product was saved). */
  const fail = useCallback((error: unknown) => setState({ saving: false, fieldErrors: fieldErrorsOf(error), error: errorText(error) }), [errorText, fieldErrorsOf]);

  return { ...state, submit, fail, formRef };
}
