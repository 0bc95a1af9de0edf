/**
 * Under the add-to-cart button: the delivery estimate (spec §9, 2 to 4
 * business days, as dates in the interface language) and the custom-request
 * button (spec §2), which leads to the community's requests once that route
 * exists and says 'coming soon' until then.
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

/** /community when the app has that route (the community issue adds it), else undefined. */
const COMMUNITY_PATH: string | undefined = (ROUTES as Readonly<Record<string, string>>)['community'];

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
  if (COMMUNITY_PATH) {
    return (
      <Link href={COMMUNITY_PATH} className={button({ tone: 'secondary', block: true })}>
        {t('stockCheck.customRequest')}
      </Link>
    );
  }
  return (
    <div className={styles.customRequest}>
      <button type="button" className={button({ tone: 'secondary', block: true })} disabled aria-describedby="custom-request-note">
        {t('stockCheck.customRequest')}
      </button>
      <p id="custom-request-note" className={styles.cod}>
        {t('stockCheck.customRequestSoon')}
      </p>
    </div>
  );
}
