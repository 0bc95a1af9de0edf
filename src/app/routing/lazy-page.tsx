/**
 * Pages loaded on demand: each becomes a chunk of its own, so the first route
 * downloads and parses only what it shows. The service worker precaches every
 * chunk, so an on-demand page opens offline too. While a chunk loads the page
 * area shows a skeleton; a chunk that fails to load (a stale tab after a
 * release, a broken connection) shows an error with a reload instead of a
 * blank page.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../theme/global.css';
import { ErrorState, Skeleton } from '../ui/states';

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }));
}

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <p className={visuallyHidden} role="status">
        {t('app.loading')}
      </p>
      <Skeleton style={{ blockSize: '2.5rem', inlineSize: '45%' }} />
      <Skeleton style={{ display: 'block', blockSize: '12rem', marginBlockStart: '1rem', borderRadius: '16px' }} />
    </div>
  );
}

function PageError() {
  const { t } = useTranslation();
  return <ErrorState title={t('common.loadError')} onRetry={() => window.location.reload()} />;
}

class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // Another page: show it (a page whose chunk failed stays failed — React.lazy keeps the failure — until Reload).
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to load', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

/** Around the routes: a skeleton while a page's chunk loads, an error with reload when it cannot. */
export function PageLoading({ children, location }: { children: ReactNode; location: string }) {
  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
