/**
 * /seller: the seller's dashboard (docs/SELLERS.md): the shop's status, the orders to handle and the products low on
 * stock, from the seller's mirror in the data worker (GET /api/seller/shop, …/products, …/orders), so it also shows
 * offline ("saved copy from …"). A signed-in user without a shop is offered to open one.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../auth/use-session';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { AlertsCard } from './alerts-card';
import { LowStock, OrdersToHandle } from './dashboard-cards';
import { NoShop } from './no-shop';
import { SavedCopyNote } from './saved-copy-note';
import * as styles from './seller-dashboard.css';
import { SellerLayout } from './seller-layout';
import { ReviewsToReplyCard } from './reviews-to-reply-card';
import { ShopStatusCard } from './shop-status-card';
import { mirrorPhase, useSellerData, useSellerMirrorRefresh } from './use-seller-mirror';

function Dashboard() {
  const { t } = useTranslation('seller');
  const refresh = useSellerMirrorRefresh();
  const shop = useSellerData({ kind: 'sellerShop' });
  const phase = mirrorPhase(shop.data, refresh.result);
  if (phase === 'loading' || !shop.data) return <Skeleton style={{ blockSize: '10rem' }} />;
  if (phase === 'error') return <ErrorState onRetry={refresh.retry} />;
  if (phase === 'never') return <SavedCopyNote savedAt={null} />;
  if (shop.data.shop === null) return <NoShop />;
  return (
    <>
      <SavedCopyNote savedAt={shop.data.savedAt} />
      <ShopStatusCard shop={shop.data.shop} />
      <div className={styles.cards}>
        <OrdersToHandle refresh={refresh} />
        <LowStock refresh={refresh} />
        <AlertsCard />
        <ReviewsToReplyCard />
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
