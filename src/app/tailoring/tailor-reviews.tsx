/** A tailor's latest reviews: author, stars as text, date and what they wrote. */
import { useTranslation } from 'react-i18next';
import type { TailorReview } from '../../domain/tailoring';
import { useLanguage } from '../i18n/use-language';
import { formatOrderDate } from '../orders/order-format';
import * as styles from './tailoring.css';

export function TailorReviews({ reviews }: { reviews: TailorReview[] }) {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  return (
    <section aria-labelledby="tailor-reviews" className={styles.card}>
      <h2 id="tailor-reviews" className={styles.sectionTitle}>
        {t('profile.reviews')}
      </h2>
      {reviews.length === 0 ? (
        <p className={styles.muted}>{t('profile.noReviews')}</p>
      ) : (
        <ul className={styles.reviews}>
          {reviews.map((r) => (
            <li key={r.id} className={styles.review} data-testid="tailor-review">
              <p className={styles.price}>{t('profile.stars', { rating: r.rating })}</p>
              <p>
                <bdi>{r.text}</bdi>
              </p>
              <p className={styles.muted}>{t('profile.reviewBy', { author: r.author, date: formatOrderDate(r.created_at, language) })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
