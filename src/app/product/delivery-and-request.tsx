/**
 * Under the add-to-cart button: the delivery estimate (spec §9, 2 to 4
 * business days, as dates in the interface language) and the custom-request
 * button (spec §2), which opens the form for a custom request (/community/new; a guest signs in first).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { TruckIcon } from '../ui/icons';
import { deliveryWindow, formatDeliveryDay } from './delivery-estimate';
import * as styles from './product-page.css';

export function DeliveryEstimate() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [today] = useState(() => new Date());
  const { earliest, latest } = deliveryWindow(today);
  return (
    <p className={styles.delivery}>
      <TruckIcon />
      <span>
        {t('productPage.delivery')}
        <br />
        <span data-testid="delivery-dates">
          {t('stockCheck.deliveryDates', {
            from: formatDeliveryDay(earliest, language),
            to: formatDeliveryDay(latest, language),
          })}
        </span>
        <br />
        <span className={styles.cod}>{t('productPage.cod')}</span>
      </span>
    </p>
  );
}

export function CustomRequestButton() {
  const { t } = useTranslation();
  return (
    <Link href={ROUTES.communityNew} className={button({ tone: 'secondary', block: true })}>
      {t('stockCheck.customRequest')}
    </Link>
  );
}
