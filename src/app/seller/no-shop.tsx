/** Shown on the seller's pages to a signed-in user without a shop: an offer to open one. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as layout from '../account/account-layout.css';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';

export function NoShop() {
  const { t } = useTranslation('seller');
  return (
    <div className={layout.card} data-testid="seller-no-shop">
      <p>{t('dashboard.noShop')}</p>
      <Link href={ROUTES.sellerRegister} className={button({ tone: 'primary' })}>
        {t('dashboard.openShop')}
      </Link>
    </div>
  );
}
