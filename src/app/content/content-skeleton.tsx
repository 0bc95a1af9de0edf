/** What a help page shows while its code or its 'content' catalogue is loading: a title bar and text lines. */
import { Skeleton } from '../ui/states';
import * as styles from './content-page.css';

export function ContentSkeleton() {
  return (
    <div className={styles.page} data-testid="content-skeleton">
      <Skeleton style={{ blockSize: '2.25rem', inlineSize: '60%' }} />
      <Skeleton style={{ blockSize: '1rem' }} />
      <Skeleton style={{ blockSize: '1rem', inlineSize: '80%' }} />
      <Skeleton style={{ blockSize: '12rem' }} />
    </div>
  );
}
