/** Page links (shareable URLs): previous, numbered pages with gaps, next. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ChevronIcon } from '../ui/icons';
import { serializeListingState, type ListingState } from './filter-state';
import * as styles from './listing-view.css';
import { paginationItems } from './pagination-items';

/** The listing's pagination: the links keep every filter and change only the page. */
export function Pagination({ state, lastPage }: { state: ListingState; lastPage: number }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const href = (page: number) => {
    const qs = serializeListingState({ ...state, page });
    return qs ? `${location}?${qs}` : location;
  };
  return <PageLinks page={state.page} lastPage={lastPage} href={href} label={t('listing.pagination')} />;
}

/** Page links for any paged list: page is 1-based, href(page) is the link to a page, label names the nav. */
export function PageLinks({
  page,
  lastPage,
  href,
  label,
}: {
  page: number;
  lastPage: number;
  href: (page: number) => string;
  label: string;
}) {
  const { t } = useTranslation();
  const items = paginationItems(page, lastPage);
  if (items.length === 0) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <p className={styles.pageInfo}>{t('listing.page', { page, total: lastPage })}</p>
      <ul className={styles.pages}>
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)} className={styles.pageLink} aria-label={t('common.previous')}>
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
                aria-current={item.page === page ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link href={href(page + 1)} className={styles.pageLink} aria-label={t('common.next')}>
              <ChevronIcon />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
