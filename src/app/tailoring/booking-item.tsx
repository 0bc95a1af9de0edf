/**
 * One booking: tailor, service and 'from' price, date and time (or "to be arranged" on a waitlist), status,
 * and its local state: waiting to be sent, or refused with the reason (and a link to the sync centre).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMAD } from '../../domain/money';
import type { BookingView } from '../../workers/data-api';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useLanguage } from '../i18n/use-language';
import { ROUTES, tailorPath } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import { formatBookingDate } from './tailoring-format';
import * as styles from './tailoring.css';

export function BookingItem({ booking }: { booking: BookingView }) {
  const { t } = useTranslation('tailoring');
  const say = useCommerceText();
  const language = useLanguage();
  const when = booking.date && booking.time ? t('bookings.when', { date: formatBookingDate(booking.date, language), time: booking.time }) : t('bookings.noDate');
  return (
    <li className={styles.card} data-testid="booking-item" data-booking-id={booking.id} data-status={booking.status} data-local-state={booking.local_state}>
      <Link href={tailorPath(String(booking.tailor_id))} className={styles.cardLink}>
        <bdi>{booking.tailor_name}</bdi>
      </Link>
      <p>
        {t(`services.${booking.service}`)} · <span className={styles.price}>{t('bookings.priceFrom', { price: formatMAD(booking.price_from, language) })}</span>
      </p>
      <p className={styles.muted}>{when}</p>
      <div className={styles.badges}>
        <span className={badge({ tone: booking.status === 'requested' ? 'express' : 'highlight' })}>{t(`bookings.status.${booking.status}`)}</span>
        {booking.local_state === 'queued' && (
          <span className={badge({ tone: 'neutral' })} data-testid="booking-waiting">
            {t('bookings.waiting')}
          </span>
        )}
      </div>
      {booking.local_state === 'failed' && (
        <p className={styles.muted} role="alert" data-testid="booking-refused">
          {t('bookings.refused', { reason: say(serverRefusalMessage('booking_create', booking.failure)) })}{' '}
          <Link href={ROUTES.syncCentre} className={styles.inlineLink}>
            {t('bookings.syncCentre')}
          </Link>
        </p>
      )}
    </li>
  );
}
