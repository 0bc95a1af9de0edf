/** The policy pages' loading state: the page's shape in skeletons, announced as loading. */
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../theme/global.css';
import { Skeleton } from '../ui/states';
import * as styles from './policy-page.css';

export function PolicySkeleton({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} aria-busy="true" data-testid={testId}>
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
