/**
 * /community (docs/COMMUNITY.md): the custom requests from the local mirror, live, newest first; filter by
 * status and category, search, pages of 12, all kept in the URL; 'My requests' (mine=1) for a signed-in user;
 * the way to post a request (guests are sent to sign in first by the protected /community/new).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { PageLinks } from '../listing/pagination';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { communityQuery, DEFAULT_COMMUNITY_LIST } from './community-filters';
import { CommunityToolbar } from './community-toolbar';
import * as styles from './community.css';
import { PostCard } from './post-card';
import { useCommunityListState } from './use-community-list-state';

export function CommunityPage() {
  const { t } = useTranslation();
  const { status: sessionStatus } = useSession();
  const signedIn = sessionStatus === 'signed-in';
  const [state, commit, pageHref] = useCommunityListState();
  const { data, status, retry } = useData(communityQuery(state, signedIn), { keepPrevious: true });
  useDocumentTitle(t('community.list.title'));
  const filtered = state.status !== 'all' || state.category !== 'all' || state.search !== '';

  let body;
  if (status === 'error') {
    body = <ErrorState title={t('community.list.loadError')} onRetry={retry} />;
  } else if (!data) {
    body = (
      <ul className={styles.grid} aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i}>
            <Skeleton style={{ blockSize: '10rem', borderRadius: '16px' }} />
          </li>
        ))}
      </ul>
    );
  } else if (data.meta.total === 0 && filtered) {
    body = (
      <EmptyState title={t('community.list.noMatchTitle')}>
        <p>{t('community.list.noMatchText')}</p>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => commit({ ...DEFAULT_COMMUNITY_LIST, mine: state.mine })}
        >
          {t('community.list.clear')}
        </button>
      </EmptyState>
    );
  } else if (data.meta.total === 0) {
    body = (
      <EmptyState title={state.mine && signedIn ? t('community.list.mineEmptyTitle') : t('community.list.emptyTitle')}>
        <p>{t('community.list.emptyText')}</p>
        <Link href={ROUTES.communityNew} className={button({ tone: 'primary' })}>
          {t('community.list.post')}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={status === 'loading' ? `${styles.grid} ${styles.stale}` : styles.grid} data-testid="community-list">
          {data.data.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </ul>
        <PageLinks page={data.meta.current_page} lastPage={data.meta.last_page} href={pageHref} label={t('community.list.pagination')} />
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="community-title">
      <header className={styles.head}>
        <h1 id="community-title" className={styles.title}>
          {t('community.list.title')}
        </h1>
        <Link href={ROUTES.communityNew} className={button({ tone: 'primary' })} data-testid="community-post-link">
          {t('community.list.post')}
        </Link>
      </header>
      <p className={styles.muted}>{t('community.list.intro')}</p>
      <CommunityToolbar state={state} signedIn={signedIn} onChange={commit} />
      <p className={styles.count} aria-live="polite" data-testid="community-count">
        {data ? t('community.list.results', { count: data.meta.total }) : ''}
      </p>
      {body}
    </section>
  );
}
