/** Page links (shareable URLs): previous, numbered pages with gaps, next. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ChevronIcon } from '../ui/icons';
import { serializeListingState, type ListingState } from './filter-state';
import * as styles from './listing-view.css';
import { paginationItems } from './pagination-items';

export function Pagination({ state, lastPage }: { state: ListingState; lastPage: number }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const items = paginationItems(state.page, lastPage);
  if (items.length === 0) return null;
  const href = (page: number) => {
    const qs = serializeListingState({ ...state, page });
    return qs ? `${location}?${qs}` : location;
  };
  return (
    <nav className={styles.pagination} aria-label={t('listing.pagination')}>
      <p className={styles.pageInfo}>{t('listing.page', { page: state.page, total: lastPage })}</p>
      <ul className={styles.pages}>
        <li>
          {state.page > 1 ? (
            <Link href={href(state.page - 1)} className={styles.pageLink} aria-label={t('common.previous')}>
              <ChevronIcon back />
            </Link>
          ) : null}
        </li>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                href={href(item.page)}
                className={styles.pageLink}
                aria-label={t('listing.goToPage', { page: item.page })}
                aria-current={item.page === state.page ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {state.page < lastPage ? (
            <Link href={href(state.page + 1)} className={styles.pageLink} aria-label={t('common.next')}>
              <ChevronIcon />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
