/** The product's review summary: average (one decimal out of 5), count, and a bar per star value. */
import { useTranslation } from 'react-i18next';
import type { ReviewSummary } from '../../domain/social';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { Rating } from '../products/rating';
import { distributionRows, roundedAverage } from './review-summary';
import * as styles from './review-summary-view.css';

export function ReviewSummaryView({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.summary} data-testid="review-summary">
      <div className={styles.average}>
        <Rating rating={roundedAverage(summary)} reviews={summary.count} />
      </div>
      {summary.count > 0 && (
        <ul className={styles.bars} aria-label={t('reviews.distribution')}>
          {distributionRows(summary).map((row) => (
            <li key={row.stars} className={styles.row}>
              <span className={styles.label}>{t('reviews.stars', { count: row.stars })}</span>
              <span className={styles.track} aria-hidden="true">
                <span className={styles.fill} style={{ inlineSize: `${row.percent}%` }} />
              </span>
              <span className={styles.rowCount}>
                {formatInteger(row.count, language)} · {formatInteger(row.percent, language)}%
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
