/** The shop's status on the dashboard: pending (waiting for the operator, and whether the phone is verified), suspended, active. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as layout from '../account/account-layout.css';
import * as forms from '../account/forms.css';
import { useSession } from '../auth/use-session';
import { ROUTES, shopPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import type { SellerShop } from './seller-api';

export function ShopStatusCard({ shop }: { shop: SellerShop }) {
  const { t } = useTranslation('seller');
  const { user } = useSession();
  const phoneVerified = Boolean(user?.phone && user.phone_verified);
  return (
    <div className={layout.card} data-testid="seller-shop-status" data-status={shop.status} data-shop-id={shop.id}>
      <h2 className={layout.cardTitle}>{shop.name}</h2>
      {shop.status === 'pending' && (
        <>
          <p className={forms.info}>{t('dashboard.pending')}</p>
          {phoneVerified ? (
            <p data-testid="seller-phone-verified">{t('dashboard.phoneVerified')}</p>
          ) : (
            <>
              <p>{t('dashboard.phoneNotVerified')}</p>
              <Link href={ROUTES.accountPhone} className={button({ tone: 'secondary' })}>
                {t('dashboard.verifyPhone')}
              </Link>
            </>
          )}
        </>
      )}
      {shop.status === 'suspended' && <p className={forms.failure}>{t('dashboard.suspended')}</p>}
      {shop.status === 'active' && (
        <>
          <p className={forms.success}>{t('dashboard.active')}</p>
          <Link href={shopPath(shop.slug)} className={button({ tone: 'secondary' })}>
            {t('dashboard.viewShop')}
          </Link>
        </>
      )}
    </div>
  );
}
