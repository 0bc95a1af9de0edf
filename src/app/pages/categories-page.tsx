/** /categories: every category, grouped under the three top categories. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CategoryDoc } from '../../domain/catalog';
import { useData } from '../data/use-data';
import { categoryName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { categoryPath, genderPath } from '../routing/paths';
import { FreshnessNote } from '../ui/freshness-note';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './categories-page.css';

function Group({ top, subcategories }: { top: CategoryDoc; subcategories: CategoryDoc[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className={styles.group} aria-labelledby={`cat-${top.id}`}>
      <h2 id={`cat-${top.id}`} className={styles.groupTitle}>
        <Link href={genderPath(top.gender)}>{categoryName(top, language)}</Link>
      </h2>
      <ul className={styles.list}>
        {subcategories.map((c) => (
          <li key={c.id}>
            <Link href={categoryPath(c.slug)} className={styles.link}>
              <span>{categoryName(c, language)}</span>
              <span className={styles.count}>
                {c.item_count > 0 ? t('home.items', { count: c.item_count }) : t('home.comingSoon')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const { data, status, retry } = useData({ kind: 'categories' });
  useDocumentTitle(t('home.exploreAll'));
  const all = data ?? [];
  const tops = all.filter((c) => c.parent_id === 0).sort((a, b) => a.position - b.position);
  return (
    <>
      <h1 className={styles.title}>{t('home.exploreAll')}</h1>
      <FreshnessNote section="categories" />
      {status === 'error' ? (
        <ErrorState title={t('listing.categoryErrorTitle')} onRetry={retry} />
      ) : status === 'loading' ? (
        <Skeleton style={{ blockSize: '16rem' }} />
      ) : tops.length === 0 ? (
        <EmptyState title={t('home.emptyRow')} />
      ) : (
        <div className={styles.groups}>
          {tops.map((top) => (
            <Group
              key={top.id}
              top={top}
              subcategories={all.filter((c) => c.parent_id === Number(top.id)).sort((a, b) => a.position - b.position)}
            />
          ))}
        </div>
      )}
    </>
  );
}
