/** /checkout: issue 5 brings the cart and checkout; until then an honest empty cart with the way to the products. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { productsPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState } from '../ui/states';
import { AccountLayout } from '../account/account-layout';

export function CheckoutPage() {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('checkout.title')} back={false}>
      <EmptyState title={t('checkout.empty')}>
        <p>{t('checkout.emptyText')}</p>
        <Link href={productsPath()} className={button({ tone: 'primary' })}>
          {t('checkout.browse')}
        </Link>
      </EmptyState>
    </AccountLayout>
  );
}
