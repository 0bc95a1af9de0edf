/**
 * The tailoring services' routes (issue 7), placed in the app's <Switch> by routes.tsx: the tailors, the
 * signed-in user's bookings (before /tailoring/:id, which would take "bookings" as an id), one tailor. Each page
 * loads on demand.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'wouter';
import { RequireAuth } from '../auth/require-auth';
import { ROUTES } from '../routing/paths';
import { Skeleton } from '../ui/states';

const TailoringPage = lazy(() => import('./tailoring-page'));
const BookingsPage = lazy(() => import('./bookings-page'));
const TailorPage = lazy(() => import('./tailor-page'));

const loading = <Skeleton style={{ blockSize: '20rem', inlineSize: '100%' }} />;

export const TAILORING_ROUTES: ReactNode[] = [
  <Route key="tailoring" path={ROUTES.tailoring}>
    <Suspense fallback={loading}>
      <TailoringPage />
    </Suspense>
  </Route>,
  <Route key="tailoring-bookings" path={ROUTES.tailoringBookings}>
    <RequireAuth>
      <Suspense fallback={loading}>
        <BookingsPage />
      </Suspense>
    </RequireAuth>
  </Route>,
  <Route key="tailor" path={ROUTES.tailor}>
    <Suspense fallback={loading}>
      <TailorPage />
    </Suspense>
  </Route>,
];
