import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { visuallyHidden } from '../theme/global.css';
import { CartIcon, CheckIcon } from '../ui/icons';

/** Spec §9: the added state lasts 1 second. */
export const ADDED_STATE_MS = 1000;

interface Props {
  /** Adds the item (src/app/cart/use-add-to-cart.ts); the 'added' state shows only once it resolves. */
  onAdd: () => Promise<void> | void;
  disabled?: boolean;
  /** Why it is disabled, e.g. 'Out of stock' (shown instead of 'Add to cart'). */
  disabledLabel?: string;
  block?: boolean;
  describedBy?: string;
}

/** Add-to-cart with the spec's 1-second 'added' state. */
export function AddToCartButton({ onAdd, disabled = false, disabledLabel, block = true, describedBy }: Props) {
  const { t } = useTranslation();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_STATE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const label = disabled && disabledLabel ? disabledLabel : added ? t('product.added') : t('product.addToCart');
  return (
    <>
      <button
        type="button"
        className={button({ tone: added ? 'success' : 'primary', block })}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => {
          Promise.resolve(onAdd()).then(
            () => setAdded(true),
            () => undefined, // the caller reports its own failure (a toast with the spec's text)
          );
        }}
      >
        {added ? <CheckIcon /> : <CartIcon />}
        {label}
      </button>
      <span className={visuallyHidden} role="status">
        {added ? t('product.added') : ''}
      </span>
    </>
  );
}
