/** /orders: issue 5 brings orders; until then an honest empty state with the way to the shop. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { productsPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState } from '../ui/states';
import { AccountLayout } from '../account/account-layout';

export function OrdersPage() {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('orders.title')}>
      <EmptyState title={t('orders.empty')}>
        <p>{t('orders.emptyText')}</p>
        <Link href={productsPath()} className={button({ tone: 'primary' })}>
          {t('orders.shop')}
        </Link>
      </EmptyState>
    </AccountLayout>
  );
}
