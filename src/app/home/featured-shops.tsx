import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data/use-data';
import { useOfflineBeforeShops } from '../data/use-offline-before-sync';
import { useShopsComplete } from '../data/use-sync-status';
import { FreshnessNote } from '../ui/freshness-note';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { Scroller, ScrollerArrows, ScrollerItem, useScroller } from './scroller';
import * as section from './section.css';
import { ShopCard } from './shop-card';

export function FeaturedShops() {
  const { t } = useTranslation();
  const headingId = useId();
  const { ref, scrollByView } = useScroller();
  const { data, status, retry } = useData({ kind: 'shops', featured: true, limit: 10 });
  const title = t('home.featuredStores');
  const complete = useShopsComplete();
  const loading = status === 'loading' || (!data?.length && !complete);
  const offlineBeforeSync = useOfflineBeforeShops();
  if (offlineBeforeSync && status !== 'loading' && !data?.length) return null;

  return (
    <section className={section.section} aria-labelledby={headingId}>
      <div className={section.head}>
        <h2 id={headingId} className={section.title}>
          {title}
        </h2>
        <FreshnessNote section="featured" />
        {data && data.length > 0 && <ScrollerArrows onScroll={scrollByView} />}
      </div>
      {status === 'error' ? (
        <ErrorState onRetry={retry} />
      ) : loading ? (
        <Scroller label={title} listRef={ref}>
          {Array.from({ length: 4 }, (_, i) => (
            <ScrollerItem key={i}>
              <Skeleton style={{ blockSize: '7.5rem', borderRadius: '16px' }} />
            </ScrollerItem>
          ))}
        </Scroller>
      ) : !data || data.length === 0 ? (
        <EmptyState title={t('home.emptyRow')} />
      ) : (
        <Scroller label={title} listRef={ref}>
          {data.map((shop) => (
            <ScrollerItem key={shop.id}>
              <ShopCard shop={shop} />
            </ScrollerItem>
          ))}
        </Scroller>
      )}
    </section>
  );
}
