/** /products/{id}: the product from the local database, or a not-found state. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { useCatalogueComplete } from '../data/use-sync-status';
import { ProductDetails } from '../product/product-details';
import * as styles from '../product/product-page.css';
import { RelatedProducts } from '../product/related-products';
import { ReviewsSection } from '../reviews/reviews-section';
import { productsPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { OfflineScreen } from '../ui/offline-screen';
import { ErrorState, Skeleton } from '../ui/states';
import { NotFoundPage } from './not-found-page';

function ProductSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <div className={styles.head}>
        <Skeleton style={{ inlineSize: '30%', blockSize: '1em' }} />
        <Skeleton style={{ inlineSize: '80%', blockSize: '2em' }} />
        <Skeleton style={{ inlineSize: '40%', blockSize: '1.5em' }} />
      </div>
      <div className={styles.gallery}>
        <Skeleton style={{ aspectRatio: '4 / 5', borderRadius: '16px' }} />
      </div>
      <div className={styles.info}>
        <Skeleton style={{ blockSize: '14rem', borderRadius: '16px' }} />
      </div>
    </div>
  );
}

export function ProductPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: product, status, retry } = useData({ kind: 'product', id });
  const complete = useCatalogueComplete();
  const offlineBeforeSync = useOfflineBeforeSync();
  if (status === 'error') return <ErrorState onRetry={retry} />;
  if (status !== 'loading' && !product && offlineBeforeSync) return <OfflineScreen />;
  if (status === 'loading' || (!product && !complete)) return <ProductSkeleton />;
  if (!product) {
    return (
      <>
        <NotFoundPage title={t('productPage.notFoundTitle')} text={t('productPage.notFoundText')} />
        <p style={{ textAlign: 'center' }}>
          <Link href={productsPath()} className={button({ tone: 'secondary' })}>
            {t('productPage.backToProducts')}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <ProductDetails key={product.id} product={product} />
      <ReviewsSection key={`reviews-${product.id}`} productId={product.id} shopName={product.shop_name} />
      <RelatedProducts productId={product.id} />
    </>
  );
}
