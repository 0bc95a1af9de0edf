/**
 * Home (spec §2): hero, category strip, best sellers, new arrivals, the three
 * traditional-wear rows, featured stores and mega offers. Every row reads the
 * local database, so the page fills instantly once the catalogue is synced. The
 * rows below the fold read and draw their cards only as they near the viewport
 * (home/use-near-viewport.ts).
 */
import { useTranslation } from 'react-i18next';
import type { ProductDoc } from '../../domain/catalog';
import { MAX_PAGE_SIZE } from '../../domain/catalog-constants';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { CategoryStrip } from '../home/category-strip';
import { FeaturedShops } from '../home/featured-shops';
import { Hero } from '../home/hero';
import { ProductRow } from '../home/product-row';
import { genderPath, productsPath } from '../routing/paths';
import { NotSyncedNotice } from '../ui/offline-screen';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './home-page.css';

/**
 * Mega offers: highest discount first. Listing queries have no discount sort,
 * so the row takes the most popular discounted products (one full page) and
 * orders them by discount here.
 */
function byDiscount(items: ProductDoc[]): ProductDoc[] {
  return [...items].sort((a, b) => b.discount_percent - a.discount_percent || b.sales_count - a.sales_count);
}

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  const offlineBeforeSync = useOfflineBeforeSync();
  return (
    <>
      <h1 className={styles.title}>{t('home.title')}</h1>
      <Hero />
      {offlineBeforeSync && <NotSyncedNotice homeLink={false} />}
      <CategoryStrip />
      <ProductRow
        title={t('home.bestSellers')}
        query={{ sort: 'popular' }}
        seeAllHref={productsPath('sort=popular')}
        eagerImages
        freshness="bestSellers"
      />
      <ProductRow
        title={t('home.newArrivals')}
        query={{ sort: 'newest' }}
        seeAllHref={productsPath()}
        freshness="newArrivals"
      />
      <ProductRow
        title={t('home.menTraditional')}
        query={{ category: 'men', sort: 'popular' }}
        seeAllHref={genderPath('men')}
        deferred
      />
      <ProductRow
        title={t('home.womenTraditional')}
        query={{ category: 'women', sort: 'popular' }}
        seeAllHref={genderPath('women')}
        deferred
      />
      <ProductRow
        title={t('home.childrenTraditional')}
        query={{ category: 'children', sort: 'popular' }}
        seeAllHref={genderPath('children')}
        deferred
      />
      <FeaturedShops />
      <ProductRow
        title={t('home.megaOffers')}
        query={{ onSale: true, sort: 'popular', perPage: MAX_PAGE_SIZE }}
        select={byDiscount}
        seeAllHref={productsPath('sale=1&sort=popular')}
        freshness="specialOffers"
        deferred
      />
    </>
  );
}
