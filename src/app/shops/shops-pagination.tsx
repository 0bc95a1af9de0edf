/** Page links of the shops list (shareable URLs): previous, numbered pages with gaps, next. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as styles from '../listing/listing-view.css';
import { paginationItems } from '../listing/pagination-items';
import { ChevronIcon } from '../ui/icons';

export function ShopsPagination({ page, lastPage, href }: { page: number; lastPage: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  const items = paginationItems(page, lastPage);
  if (items.length === 0) return null;
  return (
    <nav className={styles.pagination} aria-label={t('shops.pagination')}>
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
