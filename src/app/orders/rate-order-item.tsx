/** One product's review inside 'Rate your order': stars, optional title, content; or 'Already reviewed' (and why Souk hid it). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../domain/commerce-schemas';
import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '../../domain/social';
import { TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useLanguage } from '../i18n/use-language';
import { productName } from '../i18n/localized';
import type { ReviewDraft, ReviewFieldProblem, ReviewProblems } from '../reviews/review-validation';
import { StarRadioGroup } from '../reviews/star-radio-group';
import * as styles from './orders.css';

export function RateOrderItem({
  item,
  reviewed,
  hiddenReason,
  draft,
  problems,
  onChange,
}: {
  item: OrderItem;
  reviewed: boolean;
  /** The operator's reason when Souk hid the buyer's review of it. */
  hiddenReason: string | null;
  draft: ReviewDraft;
  problems: ReviewProblems | undefined;
  onChange: (next: ReviewDraft) => void;
}) {
  const { t } = useTranslation();
  const { t: to } = useTranslation('orders');
  const language = useLanguage();
  const contentId = useId();
  const name = productName(item, language);
  const text = (p: ReviewFieldProblem | undefined) => (p ? t(`reviews.form.${p.key}`, { max: 'max' in p ? p.max : 0 }) : undefined);
  const contentError = text(problems?.content);
  return (
    <fieldset className={forms.fieldset} data-testid="rate-order-item" data-product-id={item.product_id} data-reviewed={reviewed}>
      <legend className={styles.cardTitle}>{to('rate.item', { name })}</legend>
      {reviewed ? (
        <>
          <p className={styles.muted}>{to('rate.reviewed')}</p>
          {hiddenReason && (
            <p className={styles.muted} data-testid="rate-order-hidden">
              {to('rate.hidden', { reason: hiddenReason })}
            </p>
          )}
        </>
      ) : (
        <>
          <StarRadioGroup value={draft.rating} onChange={(rating) => onChange({ ...draft, rating })} error={text(problems?.rating)} />
          <TextField
            label={t('reviews.form.title')}
            value={draft.title}
            maxLength={REVIEW_TITLE_MAX}
            error={text(problems?.title)}
            onValue={(title) => onChange({ ...draft, title })}
          />
          <div className={forms.field}>
            <label htmlFor={contentId} className={forms.label}>
              {t('reviews.form.content')}
            </label>
            <textarea
              id={contentId}
              className={`${forms.control} ${contentError ? forms.invalid : ''}`}
              rows={3}
              maxLength={REVIEW_CONTENT_MAX}
              value={draft.content}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={contentError ? `${contentId}-error` : undefined}
              onChange={(e) => onChange({ ...draft, content: e.target.value })}
            />
            {contentError && (
              <p id={`${contentId}-error`} className={forms.error}>
                {contentError}
              </p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
