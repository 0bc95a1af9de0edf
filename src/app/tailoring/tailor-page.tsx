/**
 * /tailoring/:id (docs/TAILORING.md): a tailor's profile (portrait, city and location, specialties,
 * experience, rating, availability, bio), their reviews, and the action their availability allows: available →
 * book an appointment, busy → join the waitlist, unavailable → no form. Guests are sent to sign in and back.
 * After a booking: its state (waiting to be sent offline, confirmed, refused) and a link to My bookings.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import type { Tailor } from '../../domain/tailoring';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { formatRating } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { loginPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import * as forms from '../account/forms.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { useOnline } from '../ui/use-online';
import { AvailabilityBadge } from './availability-badge';
import { BookingForm } from './booking-form';
import { BookingItem } from './booking-item';
import { listOf, tailorBio, tailorName } from './tailor-card';
import { TailorReviews } from './tailor-reviews';
import * as styles from './tailoring.css';
import { useTailorsRefresh } from './use-tailors-refresh';

function BookingOutcome({ bookingId, tailor, onAgain }: { bookingId: string; tailor: Tailor; onAgain: () => void }) {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  const online = useOnline();
  const bookings = useData({ kind: 'bookings', tailorId: tailor.tailor_id });
  const booking = bookings.data?.find((b) => b.id === bookingId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const name = tailorName(tailor, language);
  const text =
    booking?.local_state === 'confirmed'
      ? booking.status === 'requested'
        ? t('book.confirmed', { name })
        : t('book.waitlisted', { name })
      : booking?.local_state === 'queued'
        ? online
          ? t('book.sending')
          : t('book.queued')
        : null;
  return (
    <div ref={ref} tabIndex={-1} className={forms.form} data-testid="booking-outcome" data-state={booking?.local_state ?? ''}>
      <p role="status" aria-live="polite" className={booking?.local_state === 'confirmed' ? forms.success : forms.info}>
        {text}
      </p>
      {booking && (
        <ul className={styles.list}>
          <BookingItem booking={booking} />
        </ul>
      )}
      <div className={forms.actions}>
        <Link href={ROUTES.tailoringBookings} className={button({ tone: 'secondary' })}>
          {t('book.viewBookings')}
        </Link>
        <button type="button" className={button({ tone: 'secondary' })} onClick={onAgain}>
          {t('book.another')}
        </button>
      </div>
    </div>
  );
}

function BookingSection({ tailor }: { tailor: Tailor }) {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  const { status } = useSession();
  const [location] = useLocation();
  const [booked, setBooked] = useState<string | null>(null);
  if (tailor.availability === 'unavailable') {
    return (
      <section className={styles.card} data-testid="tailor-unavailable">
        <p>{t('profile.unavailable', { name: tailorName(tailor, language) })}</p>
      </section>
    );
  }
  const heading = tailor.availability === 'available' ? t('book.title') : t('book.waitlistTitle');
  return (
    <section aria-labelledby="tailor-book" className={styles.card}>
      <h2 id="tailor-book" className={styles.sectionTitle}>
        {heading}
      </h2>
      {tailor.availability === 'busy' && <p className={styles.muted}>{t('book.waitlistIntro')}</p>}
      {status !== 'signed-in' ? (
        <>
          <p className={styles.muted}>{t('profile.loginHint')}</p>
          <Link href={loginPath(location)} className={button({ tone: 'primary' })} data-testid="booking-login">
            {t('profile.loginToBook')}
          </Link>
        </>
      ) : booked ? (
        <BookingOutcome bookingId={booked} tailor={tailor} onAgain={() => setBooked(null)} />
      ) : (
        <BookingForm tailor={tailor} onBooked={setBooked} />
      )}
    </section>
  );
}

export default function TailorPage() {
  const { t, ready } = useTranslation('tailoring');
  const language = useLanguage();
  const { id = '' } = useParams<{ id: string }>();
  useTailorsRefresh();
  const tailor = useData({ kind: 'tailor', idOrSlug: id });
  const cache = useData({ kind: 'tailors' });
  const name = tailor.data ? tailorName(tailor.data, language) : null;
  useDocumentTitle(ready ? (name ?? t('title')) : null);
  if (!ready || tailor.status === 'loading' || !cache.data) return <Skeleton style={{ blockSize: '24rem', inlineSize: '100%' }} />;
  if (tailor.status === 'error') return <ErrorState onRetry={tailor.retry} />;
  const back = (
    <Link href={ROUTES.tailoring} className={styles.inlineLink}>
      {t('profile.back')}
    </Link>
  );
  if (!tailor.data) {
    return (
      <div className={styles.page}>
        {back}
        <h1 className={styles.title}>{cache.data.fetchedAt === null ? t('title') : t('profile.notFound')}</h1>
        <EmptyState title={cache.data.fetchedAt === null ? t('list.notLoaded') : t('profile.notFoundText')} />
      </div>
    );
  }
  const tailorData = tailor.data;
  const bio = tailorBio(tailorData, language);
  return (
    <div className={styles.page} data-testid="tailor-profile" data-availability={tailorData.availability}>
      {back}
      <div className={styles.profileHead}>
        <img className={styles.bigAvatar} src={tailorData.image} alt={t('card.photo', { name })} width={112} height={112} />
        <div className={styles.facts}>
          <h1 className={styles.title}>
            <bdi>{name}</bdi>
          </h1>
          <p>
            {tailorData.city} · <span className={styles.muted}>{t('profile.location')}: </span>
            <bdi>{tailorData.location}</bdi>
          </p>
          <p className={styles.muted}>{t('card.specialties', { list: listOf(tailorData.specialties.map((s) => t(`specialties.${s}`)), language) })}</p>
          <p className={styles.muted}>{t('card.experience', { count: tailorData.experience_years })}</p>
          <p className={styles.muted}>{t('card.rating', { rating: formatRating(tailorData.rating, language), count: tailorData.reviews_count })}</p>
          <div className={styles.badges}>
            <AvailabilityBadge availability={tailorData.availability} />
          </div>
        </div>
      </div>
      <p className={styles.intro} lang={bio.lang}>
        {bio.text}
      </p>
      <BookingSection tailor={tailorData} />
      <TailorReviews reviews={tailorData.reviews} />
    </div>
  );
}
