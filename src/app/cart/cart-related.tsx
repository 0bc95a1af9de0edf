/**
 * 'You may also like' under the cart (spec §2, §9: cart related products, default 8): products related to
 * the cart's first line, from the local database, without those already in the cart. Left out when empty.
 */
import { useTranslation } from 'react-i18next';
import { CART_RELATED_DEFAULT_LIMIT } from '../../domain/catalog-constants';
import type { LocalCartLine } from '../../workers/data-api';
import { useData } from '../data/use-data';
import { ProductCard } from '../products/product-card';
import * as styles from './cart-page.css';

export function CartRelated({ lines }: { lines: LocalCartLine[] }) {
  const { t } = useTranslation('commerce');
  const first = lines[0];
  const inCart = new Set(lines.map((l) => String(l.product_id)));
  const { data } = useData(
    first ? { kind: 'related', id: String(first.product_id), limit: CART_RELATED_DEFAULT_LIMIT + lines.length } : null,
    { keepPrevious: true },
  );
  const products = (data ?? []).filter((p) => !inCart.has(p.id)).slice(0, CART_RELATED_DEFAULT_LIMIT);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="cart-related-heading" data-testid="cart-related">
      <h2 id="cart-related-heading" className={styles.sectionTitle}>
        {t('cart.related')}
      </h2>
      <ul className={styles.relatedGrid}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
