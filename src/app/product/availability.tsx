/**
 * What the chosen options mean, read from the product's variants: choose all
 * three first; then not available, out of stock, only n left, or in stock,
 * with the variant's price. (The server stock check comes with issue 4.)
 */
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import { usesArabicContent } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import * as styles from './availability.css';
import type { Availability as AvailabilityState } from './variant-selection';

export function Availability({ id, availability }: { id: string; availability: AvailabilityState }) {
  const { t } = useTranslation();
  const language = useLanguage();

  let tone: 'info' | 'ok' | 'warn' | 'bad' = 'info';
  let message: string;
  switch (availability.kind) {
    case 'incomplete':
      message =
        availability.missing.length === 3
          ? t('productPage.chooseAll')
          : t('productPage.missing', {
              options: availability.missing.map((name) => t(`productPage.${name}`)).join(usesArabicContent(language) ? '، ' : ', '),
            });
      break;
    case 'unavailable':
      tone = 'bad';
      message = t('productPage.variantUnavailable');
      break;
    case 'out_of_stock':
      tone = 'bad';
      message = t('productPage.outOfStock');
      break;
    case 'low_stock':
      tone = 'warn';
      message = t('productPage.lowStock', { count: availability.quantity });
      break;
    case 'in_stock':
      tone = 'ok';
      message = t('productPage.inStock');
      break;
  }
  const price = 'variant' in availability ? formatMAD(availability.variant.price, language) : null;

  return (
    <div id={id} className={styles.box} data-tone={tone} role="status" aria-live="polite" data-testid="availability">
      <p className={styles.message}>{message}</p>
      {price && availability.kind !== 'out_of_stock' && (
        <p className={styles.price}>{t('productPage.variantPrice', { price })}</p>
      )}
    </div>
  );
}
