/**
 * The policy pages' routes (issue 7: become a seller, privacy, terms), placed in the app's <Switch> by routes.tsx.
 * Each page is its own chunk (React.lazy), with the page skeleton while the chunk loads.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'wouter';
import { ROUTES } from '../routing/paths';
import { PolicySkeleton } from './policy-skeleton';

const BecomeSellerPage = lazy(() => import('./become-seller-page'));
const PrivacyPage = lazy(() => import('./privacy-page'));
const TermsPage = lazy(() => import('./terms-page'));

function lazyRoute(path: string, page: ReactNode): ReactNode {
  return (
    <Route key={path} path={path}>
      <Suspense fallback={<PolicySkeleton />}>{page}</Suspense>
    </Route>
  );
}

export const POLICIES_ROUTES: ReactNode[] = [
  lazyRoute(ROUTES.becomeSeller, <BecomeSellerPage />),
  lazyRoute(ROUTES.privacy, <PrivacyPage />),
  lazyRoute(ROUTES.terms, <TermsPage />),
];
