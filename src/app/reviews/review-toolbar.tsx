/** Review list filters (rating, with photos) and sort; every change starts on page 1. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_SORTS, type ReviewSort } from '../../domain/social';
import { CheckRow } from '../ui/check-row';
import { STAR_VALUES, withReviewFilters, type ReviewListState } from './review-summary';
import * as styles from './review-toolbar.css';

const SORT_KEYS = { newest: 'sortNewest', helpful: 'sortHelpful', rating: 'sortRating' } as const;

export function ReviewToolbar({ state, onChange }: { state: ReviewListState; onChange: (next: ReviewListState) => void }) {
  const { t } = useTranslation();
  const ratingId = useId();
  const sortId = useId();
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={ratingId} className={styles.label}>
          {t('reviews.filterRating')}
        </label>
        <select
          id={ratingId}
          className={styles.select}
          value={state.rating ?? ''}
          onChange={(e) => onChange(withReviewFilters(state, { rating: e.target.value ? Number(e.target.value) : null }))}
        >
          <option value="">{t('reviews.allRatings')}</option>
          {STAR_VALUES.map((stars) => (
            <option key={stars} value={stars}>
              {t('reviews.stars', { count: stars })}
            </option>
          ))}
        </select>
      </div>
      <CheckRow checked={state.withImages} onChecked={(withImages) => onChange(withReviewFilters(state, { withImages }))}>
        {t('reviews.withImages')}
      </CheckRow>
      <div className={styles.field}>
        <label htmlFor={sortId} className={styles.label}>
          {t('reviews.sort')}
        </label>
        <select
          id={sortId}
          className={styles.select}
          value={state.sort}
          onChange={(e) => onChange(withReviewFilters(state, { sort: e.target.value as ReviewSort }))}
        >
          {REVIEW_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`reviews.${SORT_KEYS[sort]}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
