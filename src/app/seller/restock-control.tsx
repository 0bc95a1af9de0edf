/**
 * A variant's stock, edited in place. The edit is a queued write (outbox kind seller_stock, src/db/seller-stock.ts):
 * sent at once when online, kept on the device when not and sent once after reconnect (with or without the
 * Background Sync API), listed in the sync centre meanwhile. The control follows its entry: waiting (offline),
 * saving, saved (then the product is read again from the server), or refused with the server's reason, the typed
 * value kept.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STOCK } from '../../domain/seller-product';
import * as forms from '../account/forms.css';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useCommerceText } from '../cart/commerce-message';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { fetchProduct, type SellerProduct, type SellerVariant } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import * as styles from './seller-products.css';
import { useVariantLabel } from './variant-label';

type Phase = { kind: 'idle' } | { kind: 'queued'; entryId: string } | { kind: 'saved' } | { kind: 'error'; text: string };

export function RestockControl({
  product,
  variant,
  onSaved,
}: {
  product: SellerProduct;
  variant: SellerVariant;
  onSaved: (product: SellerProduct) => void;
}) {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const say = useCommerceText();
  const variantLabel = useVariantLabel();
  const client = useDataClient();
  const online = useOnline();
  const id = useId();
  const [value, setValue] = useState(String(variant.stock_quantity));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const label = variantLabel(variant);
  const entryId = phase.kind === 'queued' ? phase.entryId : null;
  const outbox = useData(entryId === null ? null : { kind: 'outbox' });
  const entry = entryId === null ? undefined : outbox.data?.find((e) => e.id === entryId);

  useEffect(() => {
    if (entryId === null || !entry) return;
    if (entry.state === 'failed') {
      setPhase({ kind: 'error', text: say(serverRefusalMessage('seller_stock', entry.failure)) });
    } else if (entry.state === 'done') {
      setPhase({ kind: 'saved' });
      fetchProduct(String(product.id)).then(onSaved, () => undefined);
    }
  }, [entryId, entry, say, product.id, onSaved]);

  const save = async () => {
    const stock = Number(value);
    if (value.trim() === '' || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) {
      setPhase({ kind: 'error', text: t('field.stock') });
      return;
    }
    try {
      const { entryId: queued } = await client.setVariantStock({ productId: product.id, variantId: variant.id, stock });
      setPhase({ kind: 'queued', entryId: queued });
    } catch (error) {
      setPhase({ kind: 'error', text: errorText(error) });
    }
  };

  const sending = phase.kind === 'queued';
  const note = sending ? (online ? t('form.saving') : t('products.restockQueued')) : phase.kind === 'saved' ? t('products.restocked') : '';
  return (
    <form
      className={styles.restock}
      noValidate
      aria-busy={sending && online}
      data-state={sending ? (online ? 'sending' : 'queued') : phase.kind}
      data-testid={`restock-form-${variant.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className={styles.restockLabel}>
        {t('products.stockOf', { variant: label })}
      </label>
      <input
        id={id}
        className={`${forms.control} ${styles.stockInput}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK}
        step={1}
        value={value}
        aria-invalid={phase.kind === 'error' ? true : undefined}
        aria-describedby={phase.kind === 'error' ? `${id}-error` : undefined}
        data-testid={`restock-${variant.id}`}
        onChange={(event) => {
          setValue(event.target.value);
          if (phase.kind !== 'queued') setPhase({ kind: 'idle' });
        }}
      />
      <button type="submit" className={button({ tone: 'secondary', size: 'sm' })} disabled={sending}>
        {sending && online ? t('form.saving') : t('products.restock')}
        <span className={visuallyHidden}> {label}</span>
      </button>
      <span role="status" className={styles.restockNote} data-testid={`restock-note-${variant.id}`}>
        {note}
      </span>
      {phase.kind === 'error' && (
        <p id={`${id}-error`} role="alert" className={styles.restockError}>
          {phase.text}
        </p>
      )}
    </form>
  );
}
