/** Rating with one decimal out of 5 (spec §3): stars for the eye, a sentence for screen readers. */
import { useTranslation } from 'react-i18next';
import { formatInteger, formatRating } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './rating.css';

/**
 * compact: the review count as '(n)' (cards); otherwise spelled out. A product nobody has reviewed says so
 * instead of showing 0.0 stars, which would read as a bad rating.
 */
export function Rating({ rating, reviews, compact = false }: { rating: number; reviews?: number; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (reviews === 0) return <span className={styles.count}>{t('product.noReviews')}</span>;
  const shown = formatRating(rating, language);
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className={styles.rating}>
      <span className={styles.stars} aria-hidden="true">
        ★★★★★
        <span className={styles.filled} style={{ inlineSize: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      <span className={styles.value} aria-hidden="true">
        {shown}
      </span>
      <span className={visuallyHidden}>{t('product.rating', { rating: shown })}</span>
      {reviews !== undefined && reviews > 0 && (
        <>
          <span className={styles.count} aria-hidden={compact || undefined}>
            ({compact ? formatInteger(reviews, language) : t('product.reviews', { count: reviews })})
          </span>
          {compact && <span className={visuallyHidden}>{t('product.reviews', { count: reviews })}</span>}
        </>
      )}
    </span>
  );
}
