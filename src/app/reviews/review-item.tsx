/**
 * One review: rating, title, author, date, verified-purchase badge, content, photos, and the helpful /
 * not-helpful reactions (signed-in users, not on their own review; POST /api/reviews/{id}/react). The
 * author sees Edit and Delete instead. The shop's reply, when it has one, shows under the review ("Reply from
 * {shop}", docs/SELLERS.md "Replies to reviews").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberLocale } from '../../domain/money';
import type { ReviewDoc, ReviewReaction } from '../../domain/social';
import { useErrorText } from '../auth/error-text';
import { useLanguage } from '../i18n/use-language';
import { Rating } from '../products/rating';
import { badge, button } from '../theme/recipes.css';
import { reactToReview, type ReactionResult } from './reviews-api';
import * as styles from './review-item.css';

interface Props {
  review: ReviewDoc;
  /** The product's shop: who the reply is from. */
  shopName: string;
  /** null: a guest (no reactions). */
  viewerId: number | null;
  onEdit: () => void;
  onDelete: () => void;
}

function Reactions({ review }: { review: ReviewDoc }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [result, setResult] = useState<ReactionResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = result?.reaction ?? null;
  const helpful = result?.helpfulCount ?? review.helpfulCount;
  const notHelpful = result?.notHelpfulCount ?? review.notHelpfulCount;

  const react = async (reaction: ReviewReaction) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await reactToReview(review.id, mine === reaction ? null : reaction));
    } catch (failure) {
      setError(`${t('reviews.reactError')} ${errorText(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.reactions}>
      <span className={styles.muted}>{t('reviews.wasHelpful')}</span>
      <button
        type="button"
        className={button({ tone: mine === 'helpful' ? 'primary' : 'secondary', size: 'sm' })}
        aria-pressed={mine === 'helpful'}
        disabled={busy}
        onClick={() => void react('helpful')}
      >
        {t('reviews.helpful', { count: helpful })}
      </button>
      <button
        type="button"
        className={button({ tone: mine === 'not_helpful' ? 'primary' : 'secondary', size: 'sm' })}
        aria-pressed={mine === 'not_helpful'}
        disabled={busy}
        onClick={() => void react('not_helpful')}
      >
        {t('reviews.notHelpful', { count: notHelpful })}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function ReviewItem({ review, shopName, viewerId, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const own = viewerId !== null && viewerId === review.userId;
  const date = new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium' }).format(review.createdAt);
  return (
    <article className={styles.item} data-testid="review" aria-label={t('reviews.by', { name: review.authorName })}>
      <header className={styles.head}>
        <Rating rating={review.rating} />
        {review.title && <h3 className={styles.title}>{review.title}</h3>}
      </header>
      <p className={styles.meta}>
        <span>{t('reviews.by', { name: review.authorName })}</span>
        <time dateTime={new Date(review.createdAt).toISOString()}>{date}</time>
        {review.verifiedPurchase && <span className={badge({ tone: 'express' })}>{t('reviews.verified')}</span>}
        {own && <span className={badge({ tone: 'highlight' })}>{t('reviews.yours')}</span>}
      </p>
      <p className={styles.content}>{review.content}</p>
      {review.images.length > 0 && (
        <ul className={styles.images}>
          {review.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img
                  className={styles.image}
                  src={src}
                  alt={t('reviews.imageAlt', { n: i + 1, name: review.authorName })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <section className={styles.reply} aria-label={t('reviews.replyFrom', { shop: shopName })} data-testid="review-reply">
          <p className={styles.replyHead}>
            <bdi>{t('reviews.replyFrom', { shop: shopName })}</bdi>
          </p>
          <p className={styles.content}>{review.reply.content}</p>
        </section>
      )}
      {own ? (
        <div className={styles.reactions}>
          <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={onEdit}>
            {t('reviews.edit')}
          </button>
          <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={onDelete}>
            {t('reviews.delete')}
          </button>
        </div>
      ) : viewerId !== null ? (
        <Reactions review={review} />
      ) : (
        <p className={styles.muted}>
          {t('reviews.helpful', { count: review.helpfulCount })} · {t('reviews.notHelpful', { count: review.notHelpfulCount })}
        </p>
      )}
    </article>
  );
}
