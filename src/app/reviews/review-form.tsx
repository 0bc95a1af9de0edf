/**
 * Write or edit one's review: rating (radio group), title, content and, for a new review, up to 5 photos sent
 * as multipart. Checked here first (review-validation.ts), then by the server, whose refusals are shown in the
 * user's language. Writes need a connection: offline the form says so and cannot be sent.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewDoc } from '../../domain/social';
import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '../../domain/social';
import { useOnline } from '../ui/use-online';
import { ApiFailure } from '../auth/api-client';
import { useErrorText } from '../auth/error-text';
import { button } from '../theme/recipes.css';
import { ReviewImagesInput } from './review-images-input';
import { hasProblems, validateReviewDraft, type ImageProblem, type ReviewDraft, type ReviewFieldProblem } from './review-validation';
import { createReview, updateReview } from './reviews-api';
import { StarRadioGroup } from './star-radio-group';
import * as styles from './review-form.css';

const IMAGE_CODES: Record<string, ImageProblem> = {
  REVIEW_TOO_MANY_IMAGES: 'tooMany',
  REVIEW_IMAGE_TOO_LARGE: 'tooLarge',
  REVIEW_IMAGE_TYPE: 'wrongType',
};

interface Props {
  productId: string;
  /** Edit mode: the author's review (its photos are kept). */
  existing?: ReviewDoc;
  onDone: (review: ReviewDoc) => void;
  onCancel: () => void;
}

export function ReviewForm({ productId, existing, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const online = useOnline();
  const titleId = useId();
  const contentId = useId();
  const headingId = useId();
  const [draft, setDraft] = useState<ReviewDraft>({
    rating: existing?.rating ?? 0,
    title: existing?.title ?? '',
    content: existing?.content ?? '',
  });
  const [images, setImages] = useState<File[]>([]);
  const [imageProblems, setImageProblems] = useState<ImageProblem[]>([]);
  const [shown, setShown] = useState<Partial<Record<'rating' | 'title' | 'content', ReviewFieldProblem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const text = (p: ReviewFieldProblem | undefined) => (p ? t(`reviews.form.${p.key}`, { max: 'max' in p ? p.max : 0 }) : undefined);
  const change = (next: Partial<ReviewDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateReviewDraft(draft);
    setShown(problems);
    if (hasProblems(problems) || !online) return;
    setSending(true);
    setFailure(null);
    try {
      onDone(existing ? await updateReview(existing.id, draft) : await createReview(productId, draft, images));
    } catch (error) {
      const imageProblem = error instanceof ApiFailure ? IMAGE_CODES[error.code] : undefined;
      if (imageProblem) setImageProblems([imageProblem]);
      else if (error instanceof ApiFailure && error.code === 'REVIEW_EXISTS') setFailure(t('reviews.exists'));
      else setFailure(`${t('reviews.submitError')}: ${errorText(error)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId} data-testid="review-form">
      <h3 id={headingId} className={styles.heading}>
        {existing ? t('reviews.editTitle') : t('reviews.write')}
      </h3>
      <StarRadioGroup value={draft.rating} onChange={(rating) => change({ rating })} error={text(shown.rating)} />
      <div className={styles.field}>
        <label htmlFor={titleId} className={styles.label}>
          {t('reviews.form.title')}
        </label>
        <input
          id={titleId}
          className={styles.input}
          value={draft.title}
          maxLength={REVIEW_TITLE_MAX}
          aria-invalid={shown.title ? true : undefined}
          onChange={(e) => change({ title: e.target.value })}
        />
        {shown.title && <p className={styles.error}>{text(shown.title)}</p>}
      </div>
      <div className={styles.field}>
        <label htmlFor={contentId} className={styles.label}>
          {t('reviews.form.content')}
        </label>
        <textarea
          id={contentId}
          className={styles.textarea}
          value={draft.content}
          rows={5}
          maxLength={REVIEW_CONTENT_MAX}
          required
          aria-invalid={shown.content ? true : undefined}
          aria-describedby={shown.content ? `${contentId}-error` : undefined}
          onChange={(e) => change({ content: e.target.value })}
        />
        {shown.content && (
          <p id={`${contentId}-error`} className={styles.error}>
            {text(shown.content)}
          </p>
        )}
      </div>
      {existing ? (
        existing.images.length > 0 && <p className={styles.hint}>{t('reviews.form.imagesKept')}</p>
      ) : (
        <ReviewImagesInput
          images={images}
          problems={imageProblems}
          disabled={sending}
          onChange={(next, problems) => {
            setImages(next);
            setImageProblems(problems);
          }}
        />
      )}
      {!online && (
        <p className={styles.offline} role="status">
          {t('reviews.offline')}
        </p>
      )}
      {hasProblems(shown) && <p className={styles.error}>{t('reviews.form.checkFields')}</p>}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={sending || !online} aria-busy={sending || undefined}>
          {sending ? t('reviews.form.sending') : existing ? t('reviews.form.save') : t('reviews.form.submit')}
        </button>
        <button type="button" className={button({ tone: 'ghost' })} onClick={onCancel} disabled={sending}>
          {t('reviews.form.cancel')}
        </button>
      </div>
    </form>
  );
}
