/** Loading skeletons, empty states and error states shared by every page. */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenHold } from '../layout/use-first-screen-hold';
import { button } from '../theme/recipes.css';
import * as styles from './states.css';

/** A placeholder while content loads; while one is shown, the page's first screen is not ready (layout/first-screen.ts). */
export function Skeleton({ style, className }: { style?: CSSProperties; className?: string }) {
  useFirstScreenHold();
  return <span aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={style} />;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.message}>
      <p className={styles.messageTitle}>{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ title, onRetry }: { title?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.message} role="alert">
      <p className={styles.messageTitle}>{title ?? t('common.loadError')}</p>
      <button type="button" className={button({ tone: 'primary' })} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
