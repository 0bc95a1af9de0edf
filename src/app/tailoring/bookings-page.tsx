/** /tailoring/bookings (protected; docs/TAILORING.md): the signed-in user's bookings from the local database, newest first. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useData } from '../data/use-data';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { BookingItem } from './booking-item';
import * as styles from './tailoring.css';

export default function BookingsPage() {
  const { t, ready } = useTranslation('tailoring');
  useDocumentTitle(ready ? t('bookings.title') : null);
  const bookings = useData({ kind: 'bookings' });
  if (!ready) return <Skeleton style={{ blockSize: '16rem', inlineSize: '100%' }} />;
  return (
    <div className={styles.page}>
      <Link href={ROUTES.tailoring} className={styles.inlineLink}>
        {t('profile.back')}
      </Link>
      <h1 className={styles.title}>{t('bookings.title')}</h1>
      {bookings.status === 'error' ? (
        <ErrorState onRetry={bookings.retry} />
      ) : !bookings.data ? (
        <Skeleton style={{ blockSize: '10rem', inlineSize: '100%' }} />
      ) : bookings.data.length === 0 ? (
        <EmptyState title={t('bookings.empty')}>
          <Link href={ROUTES.tailoring} className={button({ tone: 'primary' })}>
            {t('bookings.browse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.list} data-testid="booking-list">
          {bookings.data.map((b) => (
            <BookingItem key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </div>
  );
}
