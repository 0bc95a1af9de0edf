/** One home row of product cards from a listing query, with a 'see all' link to the same listing. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductDoc, ProductQuery } from '../../domain/catalog';
import type { FreshnessSection } from '../../domain/freshness';
import { forRemembering, isRememberedProductPage } from '../data/remembered-products';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { useCatalogueComplete } from '../data/use-sync-status';
import { OutOfSight } from '../layout/use-first-screen-hold';
import { ProductCard } from '../products/product-card';
import { ProductCardSkeleton } from '../products/product-card-skeleton';
import { FreshnessNote } from '../ui/freshness-note';
import { EmptyState, ErrorState } from '../ui/states';
import { Scroller, ScrollerArrows, ScrollerItem, useScroller } from './scroller';
import { useNearViewport } from './use-near-viewport';
import * as styles from './section.css';

export const ROW_SIZE = 12;

interface Props {
  title: string;
  query: ProductQuery;
  seeAllHref: string;
  /** Reorders or trims the fetched items (e.g. highest discount first). */
  select?: (items: ProductDoc[]) => ProductDoc[];
  eagerImages?: boolean;
  /** The spec §9 section whose staleness bound applies: its age shows in the header when out of date. */
  freshness?: FreshnessSection;
  /** A row below the fold: it reads and draws its cards only once it nears the viewport (use-near-viewport.ts). */
  deferred?: boolean;
}

export function ProductRow({ title, query, seeAllHref, select, eagerImages = false, freshness, deferred = false }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const { ref, scrollByView } = useScroller();
  // Offline before the first sync a row may have nothing to draw: it reads at once, to know (and then goes).
  const offlineBeforeSync = useOfflineBeforeSync();
  const { ref: sectionRef, near } = useNearViewport<HTMLElement>(!deferred || offlineBeforeSync);
  const { data, status, retry, remembered } = useData(
    near ? { kind: 'products', query: { perPage: ROW_SIZE, ...query } } : null,
    { remember: isRememberedProductPage, rememberAs: forRemembering },
  );
  const items = data ? (select ? select(data.items) : data.items).slice(0, ROW_SIZE) : [];
  // While the first sync fills the local database, an empty row means 'not here yet', not 'nothing'.
  const complete = useCatalogueComplete();
  // A row remembered from the last visit draws at once; the live answer replaces it when the worker is up.
  const loading = (status === 'loading' && !remembered) || (items.length === 0 && !complete);
  // Offline before the first sync, an empty row cannot fill: the home page says so once (NotSyncedNotice).
  if (offlineBeforeSync && status !== 'loading' && items.length === 0) return null;

  const skeletons = (
    <Scroller label={title} listRef={ref}>
      {Array.from({ length: 5 }, (_, i) => (
        <ScrollerItem key={i}>
          <ProductCardSkeleton />
        </ScrollerItem>
      ))}
    </Scroller>
  );

  return (
    <section ref={sectionRef} className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {freshness && <FreshnessNote section={freshness} />}
        <div className={styles.headTools}>
          <Link href={seeAllHref} className={styles.seeAll}>
            {t('common.seeAll')}
          </Link>
          {items.length > 0 && <ScrollerArrows onScroll={scrollByView} />}
        </div>
      </div>
      {/* Out of sight, its skeletons do not hold the first screen (layout/first-screen.ts). Around every branch, so
          the list (focusable) is the same element when the row comes near. */}
      <OutOfSight value={!near}>
        {near && status === 'error' ? (
          <ErrorState onRetry={retry} />
        ) : !near || loading ? (
          skeletons
        ) : items.length === 0 ? (
          <EmptyState title={t('home.emptyRow')} />
        ) : (
          <Scroller label={title} listRef={ref}>
            {items.map((product, i) => (
              <ScrollerItem key={product.id}>
                <ProductCard product={product} eagerImage={eagerImages && i < 2} />
              </ScrollerItem>
            ))}
          </Scroller>
        )}
      </OutOfSight>
    </section>
  );
}
