/** The three tailoring services with their 'from' prices in MAD (spec §9). */
import { useTranslation } from 'react-i18next';
import { TAILORING_SERVICES } from '../../domain/tailoring';
import { useLanguage } from '../i18n/use-language';
import { servicePrice } from './tailoring-format';
import * as styles from './tailoring.css';

export function ServicesIntro() {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  return (
    <section aria-labelledby="tailoring-services" className={styles.page}>
      <h2 id="tailoring-services" className={styles.sectionTitle}>
        {t('services.heading')}
      </h2>
      <ul className={styles.grid}>
        {TAILORING_SERVICES.map((service) => (
          <li key={service} className={styles.card} data-testid="tailoring-service" data-service={service}>
            <h3 className={styles.cardTitle}>{t(`services.${service}`)}</h3>
            <p className={styles.price} data-testid="service-price">
              {t('services.from', { price: servicePrice(service, language) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
