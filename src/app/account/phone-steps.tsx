/** The two steps of phone verification: the number, then the six-digit code with its resend countdown. */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH } from '../../domain/account';
import { button } from '../theme/recipes.css';
import { TextField } from './form-fields';
import * as styles from './forms.css';

/**
 * Focus on the step's field whenever an error is shown under it (the field is
 * described by the error, so it is read out), and, for the code step, when it
 * appears after the code was sent.
 */
function useFieldFocus(form: RefObject<HTMLFormElement | null>, name: string, error: string | null, onAppear: boolean): void {
  useEffect(() => {
    if (!error && !onAppear) return;
    const input = form.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    input?.focus();
    if (error) input?.select();
  }, [form, name, error, onAppear]);
}

export function PhoneStep({
  initial,
  busy,
  disabled,
  error,
  onSend,
}: {
  initial: string;
  busy: boolean;
  disabled: boolean;
  error: string | null;
  onSend: (phone: string) => void;
}) {
  const { t } = useTranslation('account');
  const [phone, setPhone] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  useFieldFocus(formRef, 'phone', error, false);
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(phone);
      }}
    >
      <fieldset className={styles.fieldset} disabled={disabled || busy}>
        <TextField
          label={t('phone.phoneLabel')}
          hint={t('phone.phoneHint')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          value={phone}
          onValue={setPhone}
          error={error ?? undefined}
        />
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {busy ? t('phone.sending') : t('phone.send')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export function CodeStep({
  phone,
  verifying,
  resendIn,
  resending,
  canResend,
  disabled,
  error,
  attemptsLeft,
  onVerify,
  onResend,
  onChangePhone,
}: {
  phone: string;
  verifying: boolean;
  resendIn: number;
  resending: boolean;
  canResend: boolean;
  disabled: boolean;
  error: string | null;
  attemptsLeft: number | null;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangePhone: () => void;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const countdownId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldFocus(formRef, 'code', error, true);
  const fieldError = error ? [error, attemptsLeft !== null ? t('phone.attemptsLeft', { count: attemptsLeft }) : ''].join(' ').trim() : undefined;
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-busy={verifying}
      onSubmit={(event) => {
        event.preventDefault();
        onVerify(code);
      }}
    >
      <p>
        {t('phone.sentTo', { phone: '\u2066' + phone + '\u2069' })}
      </p>
      <fieldset className={styles.fieldset} disabled={disabled}>
        <TextField
          label={t('phone.codeLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${PHONE_CODE_LENGTH}}`}
          maxLength={PHONE_CODE_LENGTH}
          dir="ltr"
          required
          value={code}
          onValue={(value) => setCode(value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH))}
          error={fieldError}
          readOnly={verifying}
        />
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })} disabled={verifying}>
            {verifying ? t('phone.verifying') : t('phone.verify')}
          </button>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={!canResend}
            aria-describedby={canResend ? undefined : countdownId}
            onClick={onResend}
          >
            {resending ? t('phone.resending') : t('phone.resend')}
          </button>
          <button type="button" className={button({ tone: 'ghost' })} onClick={onChangePhone}>
            {t('phone.changePhone')}
          </button>
        </div>
        {!canResend && !resending && (
          <p id={countdownId} className={styles.hint} aria-live="off">
            {t('phone.resendIn', { seconds: resendIn })}
          </p>
        )}
      </fieldset>
    </form>
  );
}
