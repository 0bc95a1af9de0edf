/**
 * /seller: the seller's dashboard, online (docs/SELLERS.md): the shop's status (GET /api/seller/shop), the orders
 * to handle and the products low on stock. A signed-in user without a shop is offered to open one.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiFailure } from '../auth/api-client';
import { useSession } from '../auth/use-session';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { LowStock, OrdersToHandle } from './dashboard-cards';
import { NoShop } from './no-shop';
import { fetchOwnShop } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import * as styles from './seller-dashboard.css';
import { SellerLayout } from './seller-layout';
import { ShopStatusCard } from './shop-status-card';
import { useRemote } from './use-remote';

function Dashboard() {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const { state, retry } = useRemote('shop', (signal) => fetchOwnShop(signal));
  if (state.status === 'loading') return <Skeleton style={{ blockSize: '10rem' }} />;
  if (state.status === 'error') {
    if (state.error instanceof ApiFailure && state.error.code === 'SHOP_NOT_FOUND') return <NoShop />;
    return <ErrorState title={errorText(state.error)} onRetry={retry} />;
  }
  return (
    <>
      <ShopStatusCard shop={state.data} />
      <div className={styles.cards}>
        <OrdersToHandle />
        <LowStock />
      </div>
      <Link href={ROUTES.sellerProductNew} className={button({ tone: 'primary' })}>
        {t('products.new')}
      </Link>
    </>
  );
}

export function SellerDashboardPage() {
  const { t } = useTranslation('seller');
  const { user } = useSession();
  return (
    <SellerLayout title={t('dashboard.title')}>
      {user === null ? <Skeleton style={{ blockSize: '10rem' }} /> : user.role === 'seller' ? <Dashboard /> : <NoShop />}
    </SellerLayout>
  );
}
