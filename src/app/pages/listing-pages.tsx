/** The routes that show a product listing: all products, a gender section, a category, a shop. */
import { useTranslation } from 'react-i18next';
import type { Gender } from '../../domain/catalog';
import { GENDERS } from '../../domain/catalog-constants';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { useCatalogueComplete } from '../data/use-sync-status';
import { categoryName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ListingView } from '../listing/listing-view';
import { OfflineScreen } from '../ui/offline-screen';
import { ErrorState, Skeleton } from '../ui/states';
import { NotFoundPage } from './not-found-page';

export function ProductsPage() {
  const { t } = useTranslation();
  return <ListingView title={t('listing.title')} />;
}

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);

/** /category/{men|women|children}: the traditional-wear sections. */
export function GenderPage({ gender }: { gender: string }) {
  const { t } = useTranslation();
  if (!isGender(gender)) return <NotFoundPage />;
  return <ListingView key={gender} title={t(`categories.${gender}`)} scope={{ category: gender }} />;
}

/** /categories/{slug or id}: one category, listed by its slug. */
export function CategoryPage({ slugOrId }: { slugOrId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: category, status, retry } = useData({ kind: 'category', slugOrId });
  const complete = useCatalogueComplete();
  const offlineBeforeSync = useOfflineBeforeSync();
  if (status === 'error') return <ErrorState title={t('listing.categoryErrorTitle')} onRetry={retry} />;
  if (status !== 'loading' && !category && offlineBeforeSync) return <OfflineScreen />;
  if (status === 'loading' || (!category && !complete)) return <Skeleton style={{ blockSize: '2.5rem', inlineSize: '50%' }} />;
  if (!category) return <NotFoundPage title={t('listing.categoryNotFound')} />;
  return <ListingView key={category.slug} title={categoryName(category, language)} scope={{ category: category.slug }} />;
}
