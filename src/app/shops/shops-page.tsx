/** /shops (spec §2): every shop from the local database, with search, filters and pages kept in the URL. */
import { useTranslation } from 'react-i18next';
import { useData } from '../data/use-data';
import { useOfflineBeforeShops } from '../data/use-offline-before-sync';
import { useShopsComplete } from '../data/use-sync-status';
import { ShopCard } from '../home/shop-card';
import { PageLinks } from '../listing/pagination';
import { NotSyncedNotice } from '../ui/offline-screen';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { shopsPageQuery, DEFAULT_SHOP_LIST } from './shop-filters';
import { ShopListFilters } from './shop-list-filters';
import * as styles from './shops-page.css';
import { useShopListState } from './use-shop-list-state';

export function ShopsPage() {
  const { t } = useTranslation();
  const [state, commit, pageHref] = useShopListState();
  const { data, status, retry } = useData(shopsPageQuery(state), { keepPrevious: true });
  const complete = useShopsComplete();
  useDocumentTitle(t('shops.title'));
  const offlineBeforeSync = useOfflineBeforeShops();
  const empty = data && data.meta.total === 0;
  const loading = !data && (status === 'loading' || (!complete && !offlineBeforeSync));

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('shops.title')}</h1>
        <p className={styles.count} aria-live="polite">
          {data ? t('shops.results', { count: data.meta.total }) : ''}
        </p>
      </header>
      <ShopListFilters state={state} onChange={commit} />
      {status === 'error' ? (
        <ErrorState title={t('shops.loadError')} onRetry={retry} />
      ) : offlineBeforeSync && status !== 'loading' && (!data || empty) ? (
        <NotSyncedNotice />
      ) : loading ? (
        <ul className={styles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton style={{ blockSize: '8rem', borderRadius: '16px' }} />
            </li>
          ))}
        </ul>
      ) : empty && !complete ? (
        <Skeleton style={{ blockSize: '8rem', borderRadius: '16px' }} />
      ) : empty ? (
        <EmptyState title={t('shops.emptyTitle')}>
          <p>{t('shops.emptyText')}</p>
          <button type="button" className={styles.clearLink} onClick={() => commit(DEFAULT_SHOP_LIST)}>
            {t('shops.clear')}
          </button>
        </EmptyState>
      ) : data ? (
        <>
          <ul className={status === 'loading' ? `${styles.grid} ${styles.stale}` : styles.grid} data-testid="shops-list">
            {data.data.map((shop) => (
              <li key={shop.id}>
                <ShopCard shop={shop} headingLevel="h2" withFollow />
              </li>
            ))}
          </ul>
          <PageLinks
            page={data.meta.current_page}
            lastPage={data.meta.last_page}
            href={pageHref}
            label={t('shops.pagination')}
          />
        </>
      ) : null}
    </div>
  );
}
