/**
 * The dashboard's two lists, from the seller's mirror in the data worker (so they also show offline): the orders to
 * handle (placed and not yet shipped; those placed today), and the products low on stock (a variant at or below the
 * product's own threshold). The page fetches the mirror (useSellerMirrorRefresh) and passes how that went.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as layout from '../account/account-layout.css';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ROUTES, sellerProductPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import * as styles from './seller-dashboard.css';
import { mirrorPhase, useSellerData, type SellerMirrorRefreshState } from './use-seller-mirror';

/** How many low-stock products the card lists. */
const LOW_STOCK_SHOWN = 10;

function Card<T extends { savedAt: number | null }>({
  title,
  data,
  refresh,
  testId,
  children,
}: {
  title: string;
  data: T | undefined;
  refresh: SellerMirrorRefreshState;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const phase = mirrorPhase(data, refresh.result);
  return (
    <section className={layout.card} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className={layout.cardTitle}>
        {title}
      </h2>
      {phase === 'loading' || data === undefined ? (
        <Skeleton style={{ blockSize: '4rem' }} />
      ) : phase === 'error' ? (
        <ErrorState onRetry={refresh.retry} />
      ) : phase === 'never' ? null : (
        children(data)
      )}
    </section>
  );
}

export function OrdersToHandle({ refresh }: { refresh: SellerMirrorRefreshState }) {
  const { t } = useTranslation('seller');
  const orders = useSellerData({ kind: 'sellerOrders', status: 'to_handle' });
  const startOfDay = new Date().setHours(0, 0, 0, 0);
  return (
    <Card title={t('dashboard.ordersTitle')} data={orders.data} refresh={refresh} testId="seller-orders-today">
      {(view) => (
        <>
          <p className={styles.count}>{t('dashboard.toHandle', { count: view.data.length })}</p>
          <p className={styles.muted}>{t('dashboard.placedToday', { count: view.data.filter((o) => o.created_at >= startOfDay).length })}</p>
          <Link href={ROUTES.sellerOrders} className={button({ tone: 'secondary' })}>
            {t('dashboard.openOrders')}
          </Link>
        </>
      )}
    </Card>
  );
}

export function LowStock({ refresh }: { refresh: SellerMirrorRefreshState }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const products = useSellerData({ kind: 'sellerProducts', status: 'low_stock', perPage: LOW_STOCK_SHOWN });
  return (
    <Card title={t('dashboard.lowStockTitle')} data={products.data} refresh={refresh} testId="seller-low-stock">
      {(page) =>
        page.data.length === 0 ? (
          <p className={styles.muted}>{t('dashboard.lowStockEmpty')}</p>
        ) : (
          <ul className={styles.list}>
            {page.data.map((product) => (
              <li key={product.id} className={styles.row}>
                <Link href={sellerProductPath(product.id)}>{productName(product, language)}</Link>
                <span className={styles.muted}>{t('products.stock', { count: product.stock_quantity })}</span>
              </li>
            ))}
          </ul>
        )
      }
    </Card>
  );
}
