/**
 * A product listing (spec §2): filter panel (side panel on desktop, drawer
 * on mobile), sort menu, chips, result count, cards and pages. State lives in
 * the URL; results come from the local database (useData), so they update as
 * fast as the user clicks and keep working offline.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductQuery } from '../../domain/catalog';
import { forRemembering, isRememberedProductPage } from '../data/remembered-products';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { catalogueModeOf, useCatalogueComplete, useSyncStatusSelector } from '../data/use-sync-status';
import { ProductCard } from '../products/product-card';
import { ProductCardSkeleton } from '../products/product-card-skeleton';
import { button } from '../theme/recipes.css';
import { FilterIcon } from '../ui/icons';
import { NotSyncedNotice, ViewedOnlyNote } from '../ui/offline-screen';
import { EmptyState, ErrorState } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { FilterChips } from './filter-chips';
import { FilterDrawer } from './filter-drawer';
import { FilterForm } from './filter-form';
import { activeFilterCount, toProductQuery, withFilters, EMPTY_FILTERS } from './filter-state';
import * as styles from './listing-view.css';
import { Pagination } from './pagination';
import { SortMenu } from './sort-menu';
import { useListingState } from './use-listing-state';

interface Props {
  title: string;
  scope?: Pick<ProductQuery, 'category' | 'shopId'>;
  /** Shown above the toolbar (e.g. the shop's header). */
  intro?: ReactNode;
}

export function ListingView({ title, scope = {}, intro }: Props) {
  const { t } = useTranslation();
  const [state, commit] = useListingState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page remembered from the last visit draws at once (not dimmed, still aria-busy) until the worker answers.
  const { data, status, retry, remembered } = useData(
    { kind: 'products', query: toProductQuery(state, scope) },
    { keepPrevious: true, remember: isRememberedProductPage, rememberAs: forRemembering },
  );

  // A new page scrolls back to the top of the results.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [state.page]);

  const complete = useCatalogueComplete();
  const offlineBeforeSync = useOfflineBeforeSync();
  // Offline in 'viewed' mode (data saving), the results are only the products viewed so far (issue 25).
  const viewedOnly = useSyncStatusSelector(catalogueModeOf) === 'viewed' && offlineBeforeSync && (data?.total ?? 0) > 0;
  const heading = state.filters.search ? t('listing.searchTitle', { query: state.filters.search }) : title;
  const filterCount = activeFilterCount(state.filters);
  useDocumentTitle(heading);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar} aria-labelledby="filters-heading">
        <h2 id="filters-heading" className={styles.sidebarTitle}>
          {t('listing.filters')}
        </h2>
        <FilterForm
          idPrefix="panel"
          value={state.filters}
          onChange={(filters, options) => commit(withFilters(state, filters), { replace: options?.typing })}
        />
      </aside>

      <section className={styles.results} aria-labelledby="listing-heading">
        <div className={styles.heading}>
          <h1 id="listing-heading" ref={headingRef} className={styles.title}>
            {heading}
          </h1>
          <p className={styles.count} role="status">
            {data ? t('listing.results', { count: data.total }) : ''}
          </p>
        </div>
        {intro}
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.filterButton}`}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <FilterIcon />
            {filterCount > 0 ? t('listing.openFilters', { count: filterCount }) : t('listing.filters')}
          </button>
          <SortMenu value={state.sort} onChange={(sort) => commit({ ...state, sort, page: 1 })} />
        </div>
        <FilterChips filters={state.filters} onChange={(filters) => commit(withFilters(state, filters))} />
        {viewedOnly && <ViewedOnlyNote />}

        {status === 'error' ? (
          <ErrorState title={t('listing.categoryErrorTitle')} onRetry={retry} />
        ) : offlineBeforeSync && status !== 'loading' && (!data || data.total === 0) ? (
          <NotSyncedNotice />
        ) : !data || (data.total === 0 && !complete) ? (
          <ul className={styles.grid} aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : data.items.length === 0 ? (
          <EmptyState title={t('listing.emptyTitle')}>
            <p>{t('listing.emptyText')}</p>
            {filterCount > 0 && (
              <button type="button" className={button({ tone: 'secondary' })} onClick={() => commit(withFilters(state, { ...EMPTY_FILTERS, search: state.filters.search }))}>
                {t('listing.clearAll')}
              </button>
            )}
          </EmptyState>
        ) : (
          <>
            <ul className={`${styles.grid} ${status === 'loading' && !remembered ? styles.stale : ''}`} aria-busy={status === 'loading'}>
              {data.items.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} headingLevel="h2" eagerImage={i < 4} />
                </li>
              ))}
            </ul>
            <Pagination state={state} lastPage={data.lastPage} />
          </>
        )}
      </section>

      {drawerOpen && (
        <FilterDrawer
          applied={state.filters}
          onClose={() => setDrawerOpen(false)}
          onApply={(filters) => {
            setDrawerOpen(false);
            commit(withFilters(state, filters));
          }}
        />
      )}
    </div>
  );
}
