/**
 * The seller's offer on a request: message, price in MAD, delivery days and up to 5 photos, checked here with
 * the server's rules (respond-validation.ts), then DataApi.respondToPost shows the response at once and queues
 * it (offline too); the page then opens the post. A refusal is said in the user's language from its code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { RESPONSE_MESSAGE_MAX } from '../../domain/community';
import { TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { communityPostPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import * as styles from './community.css';
import { CommunityPhotosInput, useCommunityPhotos, withPhotos } from './community-photos';
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  EMPTY_RESPOND_DRAFT,
  respondRefusalKey,
  validateResponse,
  type RespondDraft,
  type RespondErrors,
} from './respond-validation';

export function RespondForm({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const client = useDataClient();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<RespondDraft>(EMPTY_RESPOND_DRAFT);
  const photos = useCommunityPhotos();
  const [errors, setErrors] = useState<RespondErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof RespondDraft>(key: K, value: RespondDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const errorText = (field: keyof RespondErrors) => {
    const code = errors[field];
    return code ? t(`community.respond.errors.${code}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateResponse(draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    // Photos travel as data URLs, so an offer queued offline carries them (docs/COMMUNITY.md).
    withPhotos(check.input, photos.images)
      .then((input) => client.respondToPost(postId, input))
      .then(
        () => navigate(communityPostPath(postId), { replace: true }),
        (error: unknown) => {
          console.error('respondToPost failed', error);
          setFailure(t(`community.respond.refusals.${respondRefusalKey(error)}`));
          setSending(false);
        },
      );
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
