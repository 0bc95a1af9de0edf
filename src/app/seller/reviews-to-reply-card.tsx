/**
 * The dashboard's "reviews to reply to" (docs/SELLERS.md "Replies to reviews"): the newest reviews of the shop's
 * products without a reply, each with a reply box (1–1000 characters; the shop's reply shows under the review on
 * the product page). A sent reply says so and leaves the list at the next load. Online.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_REPLY_MAX } from '../../domain/social';
import * as layout from '../account/account-layout.css';
import * as forms from '../account/forms.css';
import { textIn } from '../../domain/catalog-text';
import { useLanguage } from '../i18n/use-language';
import { Rating } from '../products/rating';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import * as cardStyles from './alerts-card.css';
import * as styles from './reviews-to-reply-card.css';
import { fetchReviewsToReply, replyProblem, replyToReview, type SellerReview } from './seller-alerts-api';
import { isNetworkFailure, useSellerErrorText } from './seller-errors';
import { useRemote } from './use-remote';

function ReplyForm({ review }: { review: SellerReview }) {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const id = useId();
  const [text, setText] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const problem = replyProblem(text);
  const used = text.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) {
      setShown(problem === 'required' ? t('reviewsToReply.required') : t('reviewsToReply.tooLong', { max: REVIEW_REPLY_MAX }));
      return;
    }
    setShown(null);
    setState('sending');
    try {
      await replyToReview(review.id, text);
      setState('sent');
    } catch (error) {
      setShown(errorText(error));
      setState('idle');
    }
  };

  if (state === 'sent') {
    return (
      <p role="status" className={forms.success}>
        {t('reviewsToReply.sent')}
      </p>
    );
  }
  return (
    <form className={forms.form} onSubmit={(e) => void submit(e)} noValidate>
      <div className={forms.field}>
        <label htmlFor={`${id}-reply`} className={forms.label}>
          {t('reviewsToReply.label', { name: review.authorName })}
        </label>
        <textarea
          id={`${id}-reply`}
          className={`${forms.control} ${styles.textarea}${shown ? ` ${forms.invalid}` : ''}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={shown !== null}
          aria-describedby={`${id}-count${shown ? ` ${id}-error` : ''}`}
          maxLength={REVIEW_REPLY_MAX + 200}
        />
        <p id={`${id}-count`} className={styles.count}>
          {t('reviewsToReply.length', { used, max: REVIEW_REPLY_MAX })}
        </p>
        {shown && (
          <p id={`${id}-error`} role="alert" className={forms.error}>
            {shown}
          </p>
        )}
      </div>
      <div className={forms.actions}>
        <button type="submit" className={button({ tone: 'primary', size: 'sm' })} disabled={state === 'sending'}>
          {state === 'sending' ? t('reviewsToReply.sending') : t('reviewsToReply.send')}
        </button>
      </div>
    </form>
  );
}

export function ReviewsToReplyCard() {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const errorText = useSellerErrorText();
  const { state, retry } = useRemote('seller-reviews-to-reply', fetchReviewsToReply);
  return (
    <section className={layout.card} aria-labelledby="seller-reviews-title" data-testid="seller-reviews-to-reply">
      <h2 id="seller-reviews-title" className={layout.cardTitle}>
        {t('reviewsToReply.title')}
      </h2>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '4rem' }} />
      ) : state.status === 'error' ? (
        isNetworkFailure(state.error) ? (
          <p className={cardStyles.meta}>{t('alerts.offline')}</p>
        ) : (
          <ErrorState title={errorText(state.error)} onRetry={retry} />
        )
      ) : state.data.data.length === 0 ? (
        <p className={cardStyles.meta}>{t('reviewsToReply.empty')}</p>
      ) : (
        <ul className={cardStyles.list}>
          {state.data.data.map((review) => (
            <li key={review.id} className={styles.review}>
              <p className={cardStyles.meta}>{t('reviewsToReply.onProduct', { product: textIn(review.product.names, language) })}</p>
              <Rating rating={review.rating} />
              <p className={cardStyles.head}>
                <bdi>{review.authorName}</bdi>
                {review.title && <bdi>· {review.title}</bdi>}
              </p>
              <p className={styles.content}>{review.content}</p>
              <ReplyForm review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
