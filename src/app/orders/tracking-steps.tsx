/**
 * Tracking (spec §4): placed → processing → shipped → delivered, each reached step with its date from the
 * order's history; the last reached one is the current step. A cancelled order says so under placed.
 */
import { useTranslation } from 'react-i18next';
import type { OrderDoc } from '../../domain/commerce-schemas';
import { useLanguage } from '../i18n/use-language';
import { formatOrderDate, isoOf } from './order-format';
import { cancelledAt, trackingView } from './order-tracking';
import * as styles from './tracking-steps.css';

export function TrackingSteps({ order }: { order: Pick<OrderDoc, 'status' | 'history' | 'created_at'> }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const cancelled = order.status === 'cancelled';
  const cancelledTime = cancelledAt(order);
  return (
    <>
      <ol className={styles.steps} aria-label={t('detail.tracking')}>
        {trackingView(order).map((s, index) => (
          <li
            key={s.step}
            className={styles.step}
            data-testid="tracking-step"
            data-step={s.step}
            data-reached={s.reached}
            aria-current={s.current && !cancelled ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {s.reached ? '✓' : index + 1}
            </span>
            <span className={styles.text}>
              <span className={styles.name}>{t(`steps.${s.step}`)}</span>
              {s.at !== null ? (
                <time className={styles.date} dateTime={isoOf(s.at)}>
                  {formatOrderDate(s.at, language, true)}
                </time>
              ) : (
                <span className={styles.date}>{s.reached ? '' : t('detail.notYet')}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {cancelled && (
        <p role="note" data-testid="order-cancelled">
          {cancelledTime !== null
            ? t('detail.cancelledOn', { date: formatOrderDate(cancelledTime, language, true) })
            : t('detail.cancelled')}
        </p>
      )}
    </>
  );
}
