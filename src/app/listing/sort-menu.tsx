import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sort } from '../../domain/catalog';
import { SORTS } from '../../domain/catalog-constants';
import * as styles from './listing-view.css';

const LABEL_KEY = {
  newest: 'listing.sortNewest',
  'price-low-high': 'listing.sortPriceAsc',
  'price-high-low': 'listing.sortPriceDesc',
  popular: 'listing.sortPopular',
  rating: 'listing.sortRating',
} as const satisfies Record<Sort, string>;

export function SortMenu({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.sortLabel}>
        {t('listing.sort')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          const next = SORTS.find((s) => s === event.target.value);
          if (next) onChange(next);
        }}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(LABEL_KEY[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
