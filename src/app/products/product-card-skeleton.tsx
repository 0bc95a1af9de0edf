import { Skeleton } from '../ui/states';
import * as styles from './product-card.css';

export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton style={{ aspectRatio: '4 / 5', borderRadius: 0 }} />
      <div className={styles.body}>
        <Skeleton style={{ inlineSize: '40%', blockSize: '0.8em' }} />
        <Skeleton style={{ inlineSize: '90%', blockSize: '1.1em' }} />
        <Skeleton style={{ inlineSize: '55%', blockSize: '1em' }} />
        <Skeleton style={{ inlineSize: '45%', blockSize: '1.3em' }} />
        <Skeleton style={{ inlineSize: '100%', blockSize: '44px', marginBlockStart: '0.5rem' }} />
      </div>
    </div>
  );
}
