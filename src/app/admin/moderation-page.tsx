/**
 * /admin/moderation (issue 24 "Moderation"): reviews hidden or shown again with a reason the author sees (found by
 * their product, or by the review's number for one already hidden), products unpublished with a reason the seller
 * sees, and community requests closed or hidden.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { hideReview, moderatePost, openPosts, productReviews, publishProduct } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { AdminLayout } from './admin-layout';
import { History, Outcome, ReasonAction, useAction, type ActionState } from './admin-parts';
import * as styles from './admin.css';
import * as layout from '../account/account-layout.css';

/** A whole number typed in a field, or null. */
function idOf(text: string): number | null {
  return /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function IdForm({ label, testId, onSubmit }: { label: string; testId: string; onSubmit: (id: number) => void }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = idOf(text);
    if (id === null) setInvalid(true);
    else onSubmit(id);
  };
  return (
    <form className={styles.toolbar} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={testId} className={styles.label}>
          {label}
        </label>
        <input
          id={testId}
          className={styles.input}
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${testId}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <span id={`${testId}-error`} role="alert" className={styles.muted}>
            {t('moderation.idInvalid')}
          </span>
        )}
      </div>
      <button type="submit" className={button({ tone: 'secondary' })}>
        {t('moderation.open')}
      </button>
    </form>
  );
}

function ProductReviews({ productId, action }: { productId: number; action: ActionState }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const { state, retry } = useRemote(`reviews:${productId}`, (signal) => productReviews(productId, signal));
  if (state.status === 'loading') return <Skeleton style={{ blockSize: '6rem' }} />;
  if (state.status === 'error') return <ErrorState title={errorText(state.error)} onRetry={retry} />;
  if (state.data.length === 0) return <EmptyState title={t('moderation.noReviews')} />;
  return (
    <ul className={styles.list}>
      {state.data.map((review) => (
        <li key={review.id} className={styles.item} data-testid="admin-review" data-review-id={review.id}>
          <p className={styles.itemTitle}>{t('moderation.reviewBy', { name: review.authorName, rating: review.rating, id: review.id })}</p>
          {review.title && <p>{review.title}</p>}
          <p className={styles.pre}>{review.content}</p>
          <div className={styles.actions}>
            <ReasonAction
              label={t('moderation.hide')}
              disabled={action.busy}
              testId="admin-review-hide"
              onConfirm={(reason) => void action.run(() => hideReview(review.id, true, reason), t('moderation.reviewHidden')).then((ok) => ok && retry())}
            />
          </div>
          <History object={`review:${review.id}`} />
        </li>
      ))}
    </ul>
  );
}

function Reviews() {
  const { t } = useTranslation('admin');
  const action = useAction();
  const [productId, setProductId] = useState<number | null>(null);
  const [reviewId, setReviewId] = useState<number | null>(null);
  return (
    <section className={layout.card} aria-labelledby="admin-reviews-title">
      <h2 id="admin-reviews-title" className={layout.cardTitle}>
        {t('moderation.reviews')}
      </h2>
      <IdForm label={t('moderation.productId')} testId="admin-reviews-product" onSubmit={setProductId} />
      <Outcome state={action} testId="admin-review-outcome" />
      {productId !== null && <ProductReviews key={productId} productId={productId} action={action} />}
      <IdForm label={t('moderation.reviewId')} testId="admin-review-id" onSubmit={setReviewId} />
      {reviewId !== null && (
        <div className={styles.actions}>
          <ReasonAction label={t('moderation.hide')} disabled={action.busy} testId="admin-review-id-hide" onConfirm={(reason) => void action.run(() => hideReview(reviewId, true, reason), t('moderation.reviewHidden'))} />
          <ReasonAction label={t('moderation.show')} disabled={action.busy} testId="admin-review-id-show" onConfirm={(reason) => void action.run(() => hideReview(reviewId, false, reason), t('moderation.reviewShown'))} />
          <History key={reviewId} object={`review:${reviewId}`} />
        </div>
      )}
    </section>
  );
}

function Products() {
  const { t } = useTranslation('admin');
  const action = useAction();
  const [productId, setProductId] = useState<number | null>(null);
  return (
    <section className={layout.card} aria-labelledby="admin-products-title">
      <h2 id="admin-products-title" className={layout.cardTitle}>
        {t('moderation.products')}
      </h2>
      <IdForm label={t('moderation.productId')} testId="admin-product-id" onSubmit={setProductId} />
      {productId !== null && (
        <div className={styles.actions}>
          <ReasonAction label={t('moderation.unpublish')} disabled={action.busy} testId="admin-product-unpublish" onConfirm={(reason) => void action.run(() => publishProduct(productId, false, reason), t('moderation.unpublished'))} />
          <ReasonAction label={t('moderation.publish')} disabled={action.busy} testId="admin-product-publish" onConfirm={(reason) => void action.run(() => publishProduct(productId, true, reason), t('moderation.published'))} />
          <History key={productId} object={`product:${productId}`} />
        </div>
      )}
      <Outcome state={action} testId="admin-product-outcome" />
    </section>
  );
}

function Requests() {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const action = useAction();
  const { state, retry } = useRemote('posts', (signal) => openPosts(signal));
  return (
    <section className={layout.card} aria-labelledby="admin-posts-title">
      <h2 id="admin-posts-title" className={layout.cardTitle}>
        {t('moderation.requests')}
      </h2>
      <Outcome state={action} testId="admin-post-outcome" />
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '6rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState title={t('moderation.noRequests')} />
      ) : (
        <ul className={styles.list}>
          {state.data.map((post) => (
            <li key={post.id} className={styles.item} data-testid="admin-post">
              <p className={styles.itemTitle}>{post.title}</p>
              <p className={styles.muted}>{t('moderation.postBy', { name: post.author_name, status: post.status })}</p>
              <div className={styles.actions}>
                <button type="button" className={button({ tone: 'secondary' })} disabled={action.busy} onClick={() => void action.run(() => moderatePost(post.post_id, { status: 'closed' }), t('moderation.closed')).then((ok) => ok && retry())}>
                  {t('moderation.close')}
                </button>
                <ReasonAction label={t('moderation.hide')} disabled={action.busy} testId="admin-post-hide" onConfirm={(reason) => void action.run(() => moderatePost(post.post_id, { hidden: true, reason }), t('moderation.postHidden')).then((ok) => ok && retry())} />
              </div>
              <History object={`community_post:${post.post_id}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ModerationPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout section="moderation" title={t('moderation.title')}>
      <Reviews />
      <Products />
      <Requests />
    </AdminLayout>
  );
}
