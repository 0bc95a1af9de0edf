/**
 * /seller/community/posts/:id/respond (signed in; docs/COMMUNITY.md): a verified seller's offer on a request.
 * Shows the request (title, budget, timeline, description) from the local mirror and the offer form; or why
 * the seller cannot respond: not a seller, the request is theirs, no longer open, or their shop has already
 * responded (then their response is shown). The server has the last word (SELLER_NOT_VERIFIED…): a refusal
 * is shown on the form, or in the sync centre when the offer was queued.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalCommunityPost } from '../../workers/data-api';
import * as forms from '../account/forms.css';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { useLanguage } from '../i18n/use-language';
import { communityPostPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatBudget, formatTimeline } from './community-format';
import * as styles from './community.css';
import { ResponseCard } from './post-responses';
import { ownShopResponses } from './post-permissions';
import { PostStatusBadge } from './post-status-badge';
import { RespondForm } from './respond-form';

function RequestSummary({ post }: { post: LocalCommunityPost }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className={styles.card} aria-labelledby="respond-request-title" data-testid="respond-summary">
      <div className={styles.responseHead}>
        <h2 id="respond-request-title" className={styles.cardTitle}>
          <bdi>{post.title}</bdi>
        </h2>
        <PostStatusBadge status={post.status} />
      </div>
      <dl className={styles.pairs}>
        <dt className={styles.term}>{t('community.detail.budget')}</dt>
        <dd className={styles.value} data-testid="respond-budget">
          {formatBudget(post.budget_min, post.budget_max, language)}
        </dd>
        <dt className={styles.term}>{t('community.detail.timeline')}</dt>
        <dd className={styles.value}>{formatTimeline(post.timeline_value, post.timeline_unit, language)}</dd>
      </dl>
      <p className={styles.description}>{post.description}</p>
    </section>
  );
}

/** Why the form is not shown, with a way back to the request. */
function Notice({ state, text, post }: { state: string; text: string; post: LocalCommunityPost }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card} data-testid="respond-state" data-state={state}>
      <p className={forms.info}>{text}</p>
      <Link href={communityPostPath(post.id)} className={styles.inlineLink}>
        {t('community.respond.backToRequest')}
      </Link>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="respond-title">
      <header className={styles.head}>
        <h1 id="respond-title" className={styles.title}>
          {t('community.respond.title')}
        </h1>
        <Link href={ROUTES.community} className={styles.inlineLink}>
          {t('community.detail.back')}
        </Link>
      </header>
      {children}
    </section>
  );
}

export function RespondPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const shopId = user?.role === 'seller' ? (user.shop?.id ?? null) : null;
  const { data: post, status, retry } = useData(id && shopId !== null ? { kind: 'communityPost', id } : null);
  useDocumentTitle(t('community.respond.title'));

  if (user === null) return <Shell>{<Skeleton style={{ blockSize: '16rem', borderRadius: '16px' }} />}</Shell>;
  if (shopId === null) {
    return (
      <Shell>
        <div className={styles.card} data-testid="respond-state" data-state="not-seller">
          <p className={forms.info}>{t('community.respond.notSeller')}</p>
          <Link href={ROUTES.community} className={styles.inlineLink}>
            {t('community.detail.back')}
          </Link>
        </div>
      </Shell>
    );
  }
  if (status === 'error') return <Shell>{<ErrorState title={t('community.detail.loadError')} onRetry={retry} />}</Shell>;
  if (post === undefined) return <Shell>{<Skeleton style={{ blockSize: '16rem', borderRadius: '16px' }} />}</Shell>;
  if (post === null) {
    return (
      <Shell>
        <EmptyState title={t('community.respond.notFound')}>
          <p data-testid="respond-state" data-state="not-found">
            {t('community.detail.notFoundText')}
          </p>
          <Link href={ROUTES.community} className={button({ tone: 'primary' })}>
            {t('community.detail.back')}
          </Link>
        </EmptyState>
      </Shell>
    );
  }

  const [mine] = ownShopResponses(post.responses, user);
  let body: ReactNode;
  if (mine) {
    body = (
      <section className={styles.card} aria-labelledby="respond-yours" data-testid="respond-state" data-state="responded">
        <h2 id="respond-yours" className={styles.cardTitle}>
          {t('community.respond.yourResponse')}
        </h2>
        <p className={forms.info}>{t('community.respond.refusals.RESPONSE_EXISTS')}</p>
        <ul className={styles.responses}>
          <ResponseCard response={mine} canAnswer={false} />
        </ul>
        <Link href={communityPostPath(post.id)} className={styles.inlineLink}>
          {t('community.respond.backToRequest')}
        </Link>
      </section>
    );
  } else if (post.user_id === user.id) {
    body = <Notice state="own-post" text={t('community.respond.refusals.RESPONSE_OWN_POST')} post={post} />;
  } else if (post.status !== 'open') {
    body = <Notice state="not-open" text={t('community.respond.refusals.POST_NOT_OPEN')} post={post} />;
  } else {
    body = (
      <>
        <p className={styles.muted}>{t('community.respond.intro')}</p>
        <RespondForm postId={post.id} />
      </>
    );
  }
  return (
    <Shell>
      <div data-testid="respond-page" data-post-id={post.id} className={styles.page}>
        <RequestSummary post={post} />
        {body}
      </div>
    </Shell>
  );
}
