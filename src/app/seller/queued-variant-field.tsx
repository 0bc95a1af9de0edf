/**
 * One field of a variant (its stock, its price) edited in place as a queued write (docs/SELLERS.md "Offline"): the
 * worker queues it (outbox) and the seller's mirror shows the new value at once, also offline. The control follows
 * its entry: waiting (offline), saving, saved; a refusal is named on the variant by the mirror (also after a reload)
 * with the server's reason, until dismissed. The field shows the mirror's value unless the seller is typing.
 */
import { useEffect, useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerVariantView } from '../../workers/data-api';
import * as forms from '../account/forms.css';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { useSellerErrorText } from './seller-errors';
import * as styles from './seller-products.css';

type Phase = { kind: 'idle' } | { kind: 'queued'; entryId: string } | { kind: 'saved' } | { kind: 'error'; text: string };

export interface QueuedVariantFieldProps {
  variant: SellerVariantView;
  kind: 'seller_stock' | 'seller_price';
  /** The mirror's value, as the field shows it. */
  value: string;
  /** The typed text as the value to queue, or null when it is not one. */
  parse(text: string): number | null;
  queue(value: number): Promise<{ entryId: string }>;
  label: string;
  /** Said after the submit button's text, for screen readers (the variant). */
  labelSuffix: string;
  submitLabel: string;
  invalidText: string;
  savedText: string;
  queuedText: string;
  input: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'min' | 'max' | 'step'>;
  /** Test hooks: `${testId}-form-{variantId}`, `${testId}-{variantId}`, `${testId}-note-{variantId}`. */
  testId: string;
}

export function QueuedVariantField(props: QueuedVariantFieldProps) {
  const { variant, kind, testId } = props;
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const say = useCommerceText();
  const client = useDataClient();
  const online = useOnline();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const entryId = phase.kind === 'queued' ? phase.entryId : null;
  const outbox = useData(entryId === null ? null : { kind: 'outbox' });
  const entry = entryId === null ? undefined : outbox.data?.find((e) => e.id === entryId);
  const refusal = variant.refusals.find((r) => r.kind === kind);

  useEffect(() => {
    if (entryId === null || !entry) return;
    // A refusal is named by the mirror (below), with Dismiss.
    if (entry.state === 'failed') setPhase({ kind: 'idle' });
    else if (entry.state === 'done') setPhase({ kind: 'saved' });
  }, [entryId, entry]);

  const save = async () => {
    const parsed = draft === null ? props.parse(props.value) : props.parse(draft);
    if (parsed === null) {
      setPhase({ kind: 'error', text: props.invalidText });
      return;
    }
    try {
      const queued = await props.queue(parsed);
      setDraft(null);
      setPhase({ kind: 'queued', entryId: queued.entryId });
    } catch (error) {
      setPhase({ kind: 'error', text: errorText(error) });
    }
  };

  const sending = phase.kind === 'queued';
  const note = sending ? (online ? t('form.saving') : props.queuedText) : phase.kind === 'saved' ? props.savedText : '';
  const invalid = phase.kind === 'error' || (refusal !== undefined && !sending);
  return (
    <form
      className={styles.restock}
      noValidate
      aria-busy={sending && online}
      data-state={sending ? (online ? 'sending' : 'queued') : refusal ? 'refused' : phase.kind}
      data-testid={`${testId}-form-${variant.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className={styles.restockLabel}>
        {props.label}
      </label>
      <input
        id={id}
        className={`${forms.control} ${styles.stockInput}`}
        type="number"
        {...props.input}
        value={draft ?? props.value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid={`${testId}-${variant.id}`}
        onChange={(event) => {
          setDraft(event.target.value);
          if (phase.kind !== 'queued') setPhase({ kind: 'idle' });
        }}
      />
      <button type="submit" className={button({ tone: 'secondary', size: 'sm' })} disabled={sending}>
        {sending && online ? t('form.saving') : props.submitLabel}
        <span className={visuallyHidden}> {props.labelSuffix}</span>
      </button>
      <span role="status" className={styles.restockNote} data-testid={`${testId}-note-${variant.id}`}>
        {note}
      </span>
      {phase.kind === 'error' ? (
        <p id={`${id}-error`} role="alert" className={styles.restockError}>
          {phase.text}
        </p>
      ) : (
        refusal &&
        !sending && (
          <p id={`${id}-error`} role="alert" className={styles.restockError} data-testid={`${testId}-refused-${variant.id}`}>
            {t('offline.refused', { reason: say(serverRefusalMessage(kind, refusal.failure)) })}{' '}
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'sm' })}
              onClick={() => client.dismissOutboxEntry(refusal.entryId).catch((error: unknown) => console.error('seller: dismiss failed', error))}
            >
              {t('offline.dismiss')}
            </button>
          </p>
        )
      )}
    </form>
  );
}
