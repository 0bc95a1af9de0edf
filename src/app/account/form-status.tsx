/**
 * The frame of an account form (offline notice, disabled fieldset while offline
 * or saving, submit button) and the outcome line under it: saved (role=status),
 * failed (role=alert), or offline.
 */
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import * as styles from './forms.css';
import type { AccountFormState } from './use-account-form';

export function FormStatus({ saved, savedText, error }: { saved: boolean; savedText: string; error: string | null }) {
  return (
    <>
      <div role="status" aria-live="polite">
        {saved && <p className={styles.success}>{savedText}</p>}
      </div>
      {error && (
        <p role="alert" className={styles.failure}>
          {error}
        </p>
      )}
    </>
  );
}

export function OfflineNotice() {
  const { t } = useTranslation('account');
  return <p className={styles.info}>{t('form.offline')}</p>;
}

export interface AccountFormFrameProps {
  form: Pick<AccountFormState, 'saving' | 'saved' | 'error'> & { formRef: RefObject<HTMLFormElement | null> };
  /** Called on submit (the browser's own submission is prevented). */
  onSubmit: () => void;
  /** Shown above the offline notice. */
  intro?: ReactNode;
  /** The submit button's text; 'Save' by default. */
  submitText?: string;
  savedText: string;
  children: ReactNode;
}

export function AccountFormFrame({ form, onSubmit, intro, submitText, savedText, children }: AccountFormFrameProps) {
  const { t } = useTranslation('account');
  const online = useOnline();
  return (
    <form
      ref={form.formRef}
      className={styles.form}
      noValidate
      aria-busy={form.saving}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {intro}
      {!online && <OfflineNotice />}
      <fieldset className={styles.fieldset} disabled={!online || form.saving}>
        {children}
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {form.saving ? t('form.saving') : (submitText ?? t('form.save'))}
          </button>
        </div>
      </fieldset>
      <FormStatus saved={form.saved} savedText={savedText} error={form.error} />
    </form>
  );
}
