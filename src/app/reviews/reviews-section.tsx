/**
 * Reviews on the product page (docs/REVIEWS-FOLLOWS.md): the summary, a page of reviews (5 a page) with
 * rating / with-photos filters and a sort, read from the local `reviews` collection (so they show offline),
 * and the signed-in user's own review to write, edit or delete (those need a connection).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ReviewDoc } from '../../domain/social';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { loginPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { ReviewDeleteConfirm } from './review-delete-confirm';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import { DEFAULT_REVIEW_LIST, reviewsQuery, type ReviewListState } from './review-summary';
import { ReviewSummaryView } from './review-summary-view';
import { ReviewToolbar } from './review-toolbar';
import { ReviewsPager } from './reviews-pager';
import * as styles from './reviews-section.css';

type Mode = { kind: 'idle' } | { kind: 'write' } | { kind: 'edit'; review: ReviewDoc } | { kind: 'delete'; review: ReviewDoc };

/** `shopName`: the product's shop, named on its replies to reviews. */
export function ReviewsSection({ productId, shopName }: { productId: string; shopName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [location] = useLocation();
  const { status: sessionStatus, user } = useSession();
  const viewerId = sessionStatus === 'signed-in' && user ? user.id : null;
  const [state, setState] = useState<ReviewListState>(DEFAULT_REVIEW_LIST);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const { data, status, retry } = useData(reviewsQuery(productId, state), { keepPrevious: true });
  const own = data?.items.find((r) => viewerId !== null && r.userId === viewerId) ?? null;

  const done = (message: string) => {
    setMode({ kind: 'idle' });
    setNotice(message);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId} id="reviews">
      <h2 id={headingId} className={styles.title}>
        {t('reviews.title')}
      </h2>
      {status === 'error' ? (
        <ErrorState title={t('reviews.loadError')} onRetry={retry} />
      ) : !data ? (
        <Skeleton style={{ blockSize: '8rem', borderRadius: '16px' }} />
      ) : (
        <>
          <ReviewSummaryView summary={data.summary} />
          <p role="status" className={styles.notice}>
            {notice}
          </p>
          {mode.kind === 'write' || mode.kind === 'edit' ? (
            <ReviewForm
              productId={productId}
              existing={mode.kind === 'edit' ? mode.review : undefined}
              onCancel={() => setMode({ kind: 'idle' })}
              onDone={() => done(mode.kind === 'edit' ? t('reviews.updated') : t('reviews.submitted'))}
            />
          ) : mode.kind === 'delete' ? (
            <ReviewDeleteConfirm
              review={mode.review}
              onCancel={() => setMode({ kind: 'idle' })}
              onDeleted={() => done(t('reviews.deleted'))}
            />
          ) : viewerId === null ? (
            <p>
              <Link href={loginPath(location)} className={button({ tone: 'secondary' })}>
                {t('reviews.loginToReview')}
              </Link>
            </p>
          ) : own === null ? (
            <p>
              <button
                type="button"
                className={button({ tone: 'primary' })}
                onClick={() => {
                  setNotice(null);
                  setMode({ kind: 'write' });
                }}
              >
                {t('reviews.write')}
              </button>
            </p>
          ) : null}
          <ReviewToolbar state={state} onChange={setState} />
          {data.items.length === 0 ? (
            <EmptyState title={data.summary.count === 0 ? t('reviews.empty') : t('reviews.emptyFiltered')} />
          ) : (
            <ul className={status === 'loading' ? `${styles.list} ${styles.stale}` : styles.list}>
              {data.items.map((review) => (
                <li key={review.id}>
                  <ReviewItem
                    review={review}
                    shopName={shopName}
                    viewerId={viewerId}
                    onEdit={() => {
                      setNotice(null);
                      setMode({ kind: 'edit', review });
                    }}
                    onDelete={() => {
                      setNotice(null);
                      setMode({ kind: 'delete', review });
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <ReviewsPager page={data.page} lastPage={data.lastPage} onPage={(page) => setState({ ...state, page })} />
        </>
      )}
    </section>
  );
}
