/**
 * /community/posts/:id (docs/COMMUNITY.md): one request from the local mirror, live: status, budget, timeline,
 * delivery, colours and description. Its owner sees the responses (Accept / Reject the pending ones, a link to
 * message each shop) and may close it; a seller sees their shop's response, or a link to respond while it is
 * open; others the number of responses. A request posted offline says 'Waiting to be sent' until the server
 * has it. The id is the post's document id (client ref or server id) or its server post id.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { useLanguage } from '../i18n/use-language';
import { formatOrderDate, isoOf } from '../orders/order-format';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatBudget, formatTimeline } from './community-format';
import * as styles from './community.css';
import { PostActions } from './post-actions';
import { PostLocalState } from './post-local-state';
import { ownShopResponses } from './post-permissions';
import { PostResponses } from './post-responses';
import { PostStatusBadge } from './post-status-badge';
import { PhotoList } from './photo-list';

function BackToCommunity() {
  const { t } = useTranslation();
  return (
    <Link href={ROUTES.community} className={styles.inlineLink}>
      {t('community.detail.back')}
    </Link>
  );
}

export function PostPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: post, status, retry } = useData(id ? { kind: 'communityPost', id } : null);
  useDocumentTitle(post ? post.title : t('community.detail.titleFallback'));

  let body;
  if (status === 'error') {
    body = <ErrorState title={t('community.detail.loadError')} onRetry={retry} />;
  } else if (post === undefined) {
    body = <Skeleton style={{ blockSize: '16rem', borderRadius: '16px' }} />;
  } else if (post === null) {
    body = (
      <EmptyState title={t('community.detail.notFound')}>
        <p data-testid="post-not-found">{t('community.detail.notFoundText')}</p>
        <Link href={ROUTES.community} className={button({ tone: 'primary' })}>
          {t('community.detail.back')}
        </Link>
      </EmptyState>
    );
  }
  if (body || !post) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('community.detail.titleFallback')}</h1>
        {body}
      </section>
    );
  }

  const owner = user !== null && user.id === post.user_id;
  const ownResponses = owner ? [] : ownShopResponses(post.responses, user);
  return (
    <section
      className={styles.page}
      aria-labelledby="post-title"
      data-testid="post-detail"
      data-post-id={post.id}
      data-status={post.status}
      data-local-state={post.local_state}
    >
      <header className={styles.head}>
        <h1 id="post-title" ref={heading} tabIndex={-1} className={styles.title}>
          <bdi>{post.title}</bdi>
        </h1>
        <BackToCommunity />
      </header>
      <div className={styles.badges}>
        <PostStatusBadge status={post.status} />
        <span className={styles.muted}>{t(`community.categories.${post.category}`)}</span>
        <time className={styles.muted} dateTime={isoOf(post.created_at)}>
          {t('community.detail.postedBy', { name: post.author_name, date: formatOrderDate(post.created_at, language) })}
        </time>
      </div>
      <PostLocalState state={post.local_state} detailed />
      <section className={styles.card} aria-labelledby="post-details">
        <h2 id="post-details" className={styles.cardTitle}>
          {t('community.detail.details')}
        </h2>
        <dl className={styles.pairs}>
          <dt className={styles.term}>{t('community.detail.budget')}</dt>
          <dd className={styles.value} data-testid="post-budget">
            {formatBudget(post.budget_min, post.budget_max, language)}
          </dd>
          <dt className={styles.term}>{t('community.detail.timeline')}</dt>
          <dd className={styles.value} data-testid="post-timeline">
            {formatTimeline(post.timeline_value, post.timeline_unit, language)}
          </dd>
          {post.expected_delivery && (
            <>
              <dt className={styles.term}>{t('community.detail.expectedDelivery')}</dt>
              <dd className={styles.value}>
                <time dateTime={post.expected_delivery}>
                  {formatOrderDate(Date.parse(`${post.expected_delivery}T12:00:00Z`), language)}
                </time>
              </dd>
            </>
          )}
          {post.preferred_colors.length > 0 && (
            <>
              <dt className={styles.term}>{t('community.detail.colors')}</dt>
              <dd className={styles.value}>{post.preferred_colors.map((c) => t(`colors.${c}`)).join(', ')}</dd>
            </>
          )}
        </dl>
        <p className={styles.description} data-testid="post-description">
          {post.description}
        </p>
        <PhotoList images={post.images} testId="post-images" />
      </section>
      <PostActions post={post} user={user} onClosed={() => heading.current?.focus()} />
      {owner ? (
        <PostResponses responses={post.responses} canAnswer={post.local_state === 'confirmed'} messageLinks />
      ) : ownResponses.length > 0 ? (
        <PostResponses responses={ownResponses} canAnswer={false} title={t('community.respond.yourResponse')} />
      ) : (
        <p className={styles.muted} data-testid="post-responses-count">
          {t('community.card.responses', { count: post.responses_count })}
        </p>
      )}
    </section>
  );
}
