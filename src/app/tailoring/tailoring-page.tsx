/**
 * /tailoring (issue 7, docs/TAILORING.md): the three services with their 'from' prices, then the tailors from
 * the local cache (refreshed when older than 1800 s), filtered by city, specialty and availability.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useData } from '../data/use-data';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { ServicesIntro } from './services-intro';
import { TailorCard } from './tailor-card';
import { NO_FILTERS, TailorFilters, type TailorFilterValues } from './tailor-filters';
import * as styles from './tailoring.css';
import { useTailorsRefresh } from './use-tailors-refresh';

export default function TailoringPage() {
  const { t, ready } = useTranslation('tailoring');
  useDocumentTitle(ready ? t('title') : null);
  useTailorsRefresh();
  const [filters, setFilters] = useState<TailorFilterValues>(NO_FILTERS);
  const all = useData({ kind: 'tailors' });
  const shown = useData({
    kind: 'tailors',
    ...(filters.city ? { city: filters.city } : {}),
    ...(filters.specialty ? { specialty: filters.specialty } : {}),
    ...(filters.availability ? { availability: filters.availability } : {}),
  });
  if (!ready) return <Skeleton style={{ blockSize: '20rem', inlineSize: '100%' }} />;
  const cities = [...new Set((all.data?.tailors ?? []).map((x) => x.city))].sort((a, b) => a.localeCompare(b));
  const tailors = shown.data?.tailors ?? [];
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('title')}</h1>
        <Link href={ROUTES.tailoringBookings} className={button({ tone: 'secondary' })}>
          {t('list.myBookings')}
        </Link>
      </div>
      <p className={styles.intro}>{t('intro')}</p>
      <ServicesIntro />
      <section aria-labelledby="tailoring-list" className={styles.page}>
        <h2 id="tailoring-list" className={styles.sectionTitle}>
          {t('list.heading')}
        </h2>
        <TailorFilters cities={cities} values={filters} onChange={setFilters} />
        <p className={styles.muted} role="status" aria-live="polite">
          {shown.data ? t('list.count', { count: tailors.length }) : ''}
        </p>
        {shown.status === 'error' ? (
          <ErrorState onRetry={shown.retry} />
        ) : !shown.data ? (
          <Skeleton style={{ blockSize: '12rem', inlineSize: '100%' }} />
        ) : shown.data.fetchedAt === null ? (
          <EmptyState title={t('list.notLoaded')} />
        ) : tailors.length === 0 ? (
          <EmptyState title={t('list.empty')} />
        ) : (
          <ul className={styles.grid} data-testid="tailor-list">
            {tailors.map((tailor) => (
              <TailorCard key={tailor.id} tailor={tailor} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
