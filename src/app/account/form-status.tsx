/** The outcome line under an account form: saved (role=status), failed (role=alert), or offline. */
import { useTranslation } from 'react-i18next';
import * as styles from './forms.css';

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
