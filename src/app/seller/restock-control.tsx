/**
 * A variant's stock, edited in place: PATCH /api/seller/products/{id}/variants/{variant_id} {stock} with an
 * Idempotency-Key made for this change and kept until it succeeds, so sending again after a lost answer restocks
 * once. The product's reply replaces the row's product. Offline the write fails visibly and the typed value stays.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STOCK } from '../../domain/seller-product';
import * as forms from '../account/forms.css';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import { setVariantStock, type SellerProduct, type SellerVariant } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import * as styles from './seller-products.css';
import { useVariantLabel } from './variant-label';

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

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
  const variantLabel = useVariantLabel();
  const id = useId();
  const [value, setValue] = useState(String(variant.stock_quantity));
  const [state, setState] = useState<{ saving: boolean; error: string | null; saved: boolean }>({ saving: false, error: null, saved: false });
  const key = useRef<{ stock: number; key: string } | null>(null);
  const label = variantLabel(variant);

  const save = async () => {
    const stock = Number(value);
    if (value.trim() === '' || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) {
      setState({ saving: false, error: t('field.stock'), saved: false });
      return;
    }
    if (key.current?.stock !== stock) key.current = { stock, key: newKey() };
    setState({ saving: true, error: null, saved: false });
    try {
      const updated = await setVariantStock(product.id, variant.id, stock, key.current.key);
      key.current = null;
      setState({ saving: false, error: null, saved: true });
      onSaved(updated);
    } catch (error) {
      setState({ saving: false, error: errorText(error), saved: false });
    }
  };

  return (
    <form
      className={styles.restock}
      noValidate
      aria-busy={state.saving}
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
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? `${id}-error` : undefined}
        data-testid={`restock-${variant.id}`}
        onChange={(event) => {
          setValue(event.target.value);
          setState((s) => ({ ...s, saved: false }));
        }}
      />
      <button type="submit" className={button({ tone: 'secondary', size: 'sm' })} disabled={state.saving}>
        {state.saving ? t('form.saving') : t('products.restock')}
        <span className={visuallyHidden}> {label}</span>
      </button>
      <span role="status" className={styles.restockNote}>
        {state.saved ? t('products.restocked') : ''}
      </span>
      {state.error && (
        <p id={`${id}-error`} role="alert" className={styles.restockError}>
          {state.error}
        </p>
      )}
    </form>
  );
}
