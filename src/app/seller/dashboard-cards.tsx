/** The dashboard's two lists: the orders to handle today, and the products low on stock. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OrderDoc } from '../../domain/commerce-schemas';
import * as layout from '../account/account-layout.css';
import { apiRequest } from '../auth/api-client';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ROUTES, sellerProductPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { listProducts, productsQuery } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import * as styles from './seller-dashboard.css';
import { useRemote, type Remote } from './use-remote';

/** Orders waiting for the seller: placed and not yet shipped. */
const TO_HANDLE = new Set(['pending', 'processing']);

function Card<T>({ title, state, retry, testId, children }: { title: string; state: Remote<T>; retry: () => void; testId: string; children: (data: T) => ReactNode }) {
  const errorText = useSellerErrorText();
  return (
    <section className={layout.card} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className={layout.cardTitle}>
        {title}
      </h2>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '4rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : (
        children(state.data)
      )}
    </section>
  );
}

export function OrdersToHandle() {
  const { t } = useTranslation('seller');
  const { state, retry } = useRemote('orders', (signal) =>
    apiRequest<{ data: OrderDoc[] }>('GET', '/api/seller/orders', undefined, { signal }).then((b) => b.data),
  );
  const startOfDay = new Date().setHours(0, 0, 0, 0);
  return (
    <Card title={t('dashboard.ordersTitle')} state={state} retry={retry} testId="seller-orders-today">
      {(orders) => {
        const open = orders.filter((o) => TO_HANDLE.has(o.status));
        const today = open.filter((o) => o.created_at >= startOfDay).length;
        return (
          <>
            <p className={styles.count}>{t('dashboard.toHandle', { count: open.length })}</p>
            <p className={styles.muted}>{t('dashboard.placedToday', { count: today })}</p>
            <Link href={ROUTES.sellerOrders} className={button({ tone: 'secondary' })}>
              {t('dashboard.openOrders')}
            </Link>
          </>
        );
      }}
    </Card>
  );
}

export function LowStock() {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const path = productsQuery({ status: 'low_stock', perPage: 10 });
  const { state, retry } = useRemote(path, (signal) => listProducts(path, signal));
  return (
    <Card title={t('dashboard.lowStockTitle')} state={state} retry={retry} testId="seller-low-stock">
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
