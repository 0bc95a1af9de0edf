/** Previous / next through the review pages (local state: the product page's URL stays the product's). */
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import * as styles from './reviews-section.css';

export function ReviewsPager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('reviews.pagination')}>
      <button type="button" className={button({ tone: 'secondary', size: 'sm' })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span aria-live="polite">{t('listing.page', { page, total: lastPage })}</span>
      <button
        type="button"
        className={button({ tone: 'secondary', size: 'sm' })}
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
