/**
 * The home category strip (spec §2): up to 12 subcategories flattened from
 * the top categories, as round image links with item counts; 0 items reads
 * 'coming soon'; the first three carry a badge; then 'explore all categories'.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CategoryDoc } from '../../domain/catalog';
import { HOME_CATEGORY_STRIP_MAX } from '../../domain/catalog-constants';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { useCatalogueComplete } from '../data/use-sync-status';
import { categoryName, fallbackLangProps } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { categoryPath, ROUTES } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import { FreshnessNote } from '../ui/freshness-note';
import { ChevronIcon } from '../ui/icons';
import { ErrorState, Skeleton } from '../ui/states';
import * as styles from './category-strip.css';
import * as section from './section.css';

const BADGED = 3;

function CategoryImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) return null;
  return <img className={styles.image} src={src} alt="" width="96" height="96" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

function CategoryLink({ category, rank }: { category: CategoryDoc; rank: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Link href={categoryPath(category.slug)} className={styles.link}>
      {rank < BADGED && (
        <span className={`${badge({ tone: 'highlight' })} ${styles.badgeSpot}`}>{t('home.trending')}</span>
      )}
      <span className={styles.circle}>
        <CategoryImage src={category.image} />
      </span>
      <span className={styles.name} data-testid="category-name" {...fallbackLangProps(category.names, language)}>
        {categoryName(category, language)}
      </span>
      {category.item_count > 0 ? (
        <span className={styles.count}>{t('home.items', { count: category.item_count })}</span>
      ) : (
        <span className={styles.soon}>{t('home.comingSoon')}</span>
      )}
    </Link>
  );
}

export function CategoryStrip() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, status, retry } = useData({ kind: 'topSubcategories', limit: HOME_CATEGORY_STRIP_MAX });
  const categories = (data ?? []).slice(0, HOME_CATEGORY_STRIP_MAX);
  const complete = useCatalogueComplete();
  const loading = status === 'loading' || (categories.length === 0 && !complete);
  const offlineBeforeSync = useOfflineBeforeSync();
  if (offlineBeforeSync && status !== 'loading' && categories.length === 0) return null;

  return (
    <section className={section.section} aria-labelledby={headingId}>
      <div className={section.head}>
        <h2 id={headingId} className={section.title}>
          {t('home.categoriesTitle')}
        </h2>
        <FreshnessNote section="categories" />
      </div>
      {status === 'error' ? (
        <ErrorState onRetry={retry} />
      ) : (
        <ul className={styles.strip}>
          {loading
            ? Array.from({ length: 8 }, (_, i) => (
                <li key={i} className={styles.link} aria-hidden="true">
                  <Skeleton className={styles.circle} />
                  <Skeleton style={{ inlineSize: '70%', blockSize: '0.9em' }} />
                </li>
              ))
            : categories.map((category, rank) => (
                <li key={category.id}>
                  <CategoryLink category={category} rank={rank} />
                </li>
              ))}
          <li>
            <Link href={ROUTES.categories} className={styles.link}>
              <span className={`${styles.circle} ${styles.exploreCircle}`}>
                <ChevronIcon />
              </span>
              <span className={styles.name}>{t('home.exploreAll')}</span>
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}
