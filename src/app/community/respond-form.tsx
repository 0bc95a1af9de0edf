/**
 * The seller's offer on a request: message, price in MAD, delivery days and up to 5 photos, checked here with
 * the server's rules (respond-validation.ts), then DataApi.respondToPost shows the response at once and queues
 * it (offline too); the page then opens the post. A refusal is said in the user's language from its code.
 */
import { useTranslation } from 'react-i18next';
import { RESPONSE_MESSAGE_MAX } from '../../domain/community';
import { TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { button } from '../theme/recipes.css';
import * as styles from './community.css';
import { CommunityPhotosInput } from './community-photos';
import { useCommunityForm } from './use-community-form';
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  EMPTY_RESPOND_DRAFT,
  respondRefusalKey,
  validateResponse,
  type RespondErrors,
} from './respond-validation';

export function RespondForm({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const client = useDataClient();
  const { draft, set, errors, sending, failure, photos, submit } = useCommunityForm({
    empty: EMPTY_RESPOND_DRAFT,
    validate: validateResponse,
    send: async (input) => {
      await client.respondToPost(postId, input);
      return postId;
    },
    failureText: (error) => t(`community.respond.refusals.${respondRefusalKey(error)}`),
  });

  const errorText = (field: keyof RespondErrors) => {
    const code = errors[field];
    return code ? t(`community.respond.errors.${code}`) : undefined;
  };

  return (
    <form className={`${styles.card} ${forms.form}`} noValidate onSubmit={submit} aria-labelledby="respond-form-title" data-testid="respond-form">
      <h2 id="respond-form-title" className={styles.cardTitle}>
        {t('community.respond.formTitle')}
      </h2>
      <TextAreaField
        label={t('community.respond.messageLabel')}
        rows={6}
        value={draft.message}
        onValue={(v) => set('message', v)}
        maxLength={RESPONSE_MESSAGE_MAX}
        required
        hint={t('community.respond.messageHint', { max: RESPONSE_MESSAGE_MAX })}
        error={errorText('message')}
        data-testid="respond-message"
      />
      <div className={forms.grid}>
        <TextField
          label={t('community.respond.priceLabel')}
          value={draft.price}
          onValue={(v) => set('price', v)}
          inputMode="decimal"
          required
          error={errorText('price')}
          data-testid="respond-price"
        />
        <TextField
          label={t('community.respond.deliveryLabel')}
          value={draft.deliveryDays}
          onValue={(v) => set('deliveryDays', v)}
          inputMode="numeric"
          required
          hint={t('community.respond.deliveryHint', { min: DELIVERY_DAYS_MIN, max: DELIVERY_DAYS_MAX })}
          error={errorText('deliveryDays')}
          data-testid="respond-delivery-days"
        />
      </div>
      <CommunityPhotosInput photos={photos} disabled={sending} testId="respond-images" />
      {failure && (
        <p role="alert" className={forms.failure} data-testid="respond-failure">
          {failure}
        </p>
      )}
      <div className={forms.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={sending} data-testid="respond-submit">
          {sending ? t('community.respond.sending') : t('community.respond.submit')}
        </button>
      </div>
    </form>
  );
}
