/** Related products block (spec §2): 4 cards from the local database. */
import { useTranslation } from 'react-i18next';
import { RELATED_DEFAULT_LIMIT } from '../../domain/catalog-constants';
import { useData } from '../data/use-data';
import { ProductCard } from '../products/product-card';
import { ProductCardSkeleton } from '../products/product-card-skeleton';
import * as styles from './product-page.css';

export function RelatedProducts({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const { data, status } = useData({ kind: 'related', id: productId, limit: RELATED_DEFAULT_LIMIT });
  // On error or with nothing related the block is left out (spec §7: an empty list on error).
  if (status === 'error' || (status === 'ready' && (!data || data.length === 0))) return null;
  return (
    <section className={styles.related} aria-labelledby="related-heading">
      <h2 id="related-heading" className={styles.sectionTitle}>
        {t('productPage.related')}
      </h2>
      <ul className={styles.relatedGrid}>
        {status === 'loading' || !data
          ? Array.from({ length: RELATED_DEFAULT_LIMIT }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))
          : data.slice(0, RELATED_DEFAULT_LIMIT).map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
      </ul>
    </section>
  );
}
