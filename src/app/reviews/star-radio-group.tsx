/** The rating as a radio group of five stars (arrow keys move, as any radio group); the label says the count. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './review-form.css';

export function StarRadioGroup({ value, onChange, error }: { value: number; onChange: (v: number) => void; error?: string }) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();
  return (
    <fieldset className={styles.stars} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>{t('reviews.form.rating')}</legend>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={styles.star} data-on={stars <= value || undefined}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className={styles.starInput}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className={visuallyHidden}>{t('reviews.stars', { count: stars })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
