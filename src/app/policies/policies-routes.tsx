/**
 * The policy pages' routes (issue 7: become a seller, privacy, terms), placed in the app's <Switch> by routes.tsx.
 * Each page is its own chunk (React.lazy), with the page skeleton while the chunk loads.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'wouter';
import { ROUTES } from '../routing/paths';
import { Skeleton } from '../ui/states';
import * as styles from './policy-page.css';

const BecomeSellerPage = lazy(() => import('./become-seller-page'));

function Loading() {
  return (
    <div className={styles.page} aria-busy="true">
      <Skeleton className={styles.skeletonTitle} />
      <Skeleton className={styles.skeletonLine} />
      <Skeleton className={styles.skeletonShortLine} />
    </div>
  );
}

export const POLICIES_ROUTES: ReactNode[] = [
  <Route key={ROUTES.becomeSeller} path={ROUTES.becomeSeller}>
    <Suspense fallback={<Loading />}>
      <BecomeSellerPage />
    </Suspense>
  </Route>,
];
