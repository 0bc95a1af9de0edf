/**
 * The static content pages' routes (issue 7), placed in the app's <Switch> by routes.tsx. Each page is its
 * own chunk (React.lazy), shown after a skeleton; the service worker precaches the chunks, so a page opens
 * offline too.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route } from 'wouter';
import { ROUTES } from '../routing/paths';
import { ContentSkeleton } from './content-skeleton';

const FaqPage = lazy(() => import('./faq-page').then((m) => ({ default: m.FaqPage })));
const ReturnsPage = lazy(() => import('./returns-page').then((m) => ({ default: m.ReturnsPage })));
const ShippingPage = lazy(() => import('./shipping-page').then((m) => ({ default: m.ShippingPage })));
const SizeGuidePage = lazy(() => import('./size-guide-page').then((m) => ({ default: m.SizeGuidePage })));

function lazyRoute(path: string, Page: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <Route key={path} path={path}>
      <Suspense fallback={<ContentSkeleton />}>
        <Page />
      </Suspense>
    </Route>
  );
}

export const CONTENT_ROUTES: ReactNode[] = [
  lazyRoute(ROUTES.faq, FaqPage),
  lazyRoute(ROUTES.returns, ReturnsPage),
  lazyRoute(ROUTES.shippingInfo, ShippingPage),
  lazyRoute(ROUTES.sizeGuide, SizeGuidePage),
];
