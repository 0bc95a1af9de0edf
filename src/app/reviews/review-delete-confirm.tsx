/** Asks before deleting one's review (DELETE /api/reviews/{id}); focus goes to the question. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewDoc } from '../../domain/social';
import { useOnline } from '../ui/use-online';
import { useErrorText } from '../auth/error-text';
import { button } from '../theme/recipes.css';
import { deleteReview } from './reviews-api';
import * as styles from './review-form.css';

export function ReviewDeleteConfirm({ review, onCancel, onDeleted }: { review: ReviewDoc; onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const online = useOnline();
  const question = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => question.current?.focus(), []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteReview(review.id);
      onDeleted();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <div className={styles.form} role="group" aria-label={t('reviews.delete')}>
      <p ref={question} tabIndex={-1}>
        {t('reviews.confirmDelete')}
      </p>
      {!online && <p className={styles.offline}>{t('reviews.offline')}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'primary' })} disabled={busy || !online} onClick={() => void confirm()}>
          {t('reviews.confirmDeleteYes')}
        </button>
        <button type="button" className={button({ tone: 'ghost' })} disabled={busy} onClick={onCancel}>
          {t('reviews.form.cancel')}
        </button>
      </div>
    </div>
  );
}
