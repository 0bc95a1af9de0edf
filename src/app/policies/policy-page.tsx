/**
 * The frame every policy page shares: one h1 (also the tab title), a readable column, and until the 'policies'
 * catalogue has loaded (it is fetched on demand) a skeleton in the page's shape instead of raw keys.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../theme/global.css';
import { Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './policy-page.css';

export function PolicyPage({
  id,
  title,
  lead,
  children,
}: {
  /** The page's test id; its h1 is `${id}-title`. */
  id: string;
  /** null while the catalogue is loading. */
  title: string | null;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  if (title === null) return <PolicySkeleton id={id} />;
  return (
    <article className={styles.page} aria-labelledby={`${id}-title`} data-testid={id}>
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        {lead}
      </header>
      {children}
    </article>
  );
}

function PolicySkeleton({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} aria-busy="true" data-testid={`${id}-loading`}>
      <p className={visuallyHidden} role="status">
        {t('app.loading')}
      </p>
      <Skeleton className={styles.skeletonTitle} />
      {[0, 1, 2].map((block) => (
        <div key={block} className={styles.skeletonBlock}>
          <Skeleton className={styles.skeletonHeading} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonShortLine} />
        </div>
      ))}
    </div>
  );
}

/** A section with an h2, its paragraphs, and whatever follows them (a list, a link). */
export function PolicySection({
  id,
  title,
  paragraphs,
  children,
}: {
  id: string;
  title: string;
  paragraphs?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading} tabIndex={-1}>
        {title}
      </h2>
      {paragraphs?.map((text) => (
        <p key={text} className={styles.text}>
          {text}
        </p>
      ))}
      {children}
    </section>
  );
}
