/**
 * A cart line's quantity: − and + and a number field committed on blur or Enter, always within 1 and the
 * last known stock (spec §5: typing more is capped and says 'Maximum available is {max}').
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import * as styles from './cart-line.css';
import { capLineQuantity } from './cart-quantity';

interface Props {
  id: string;
  name: string;
  quantity: number;
  stock: number;
  onChange: (quantity: number) => void;
}

export function LineQuantity({ id, name, quantity, stock, onChange }: Props) {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const [draft, setDraft] = useState<string | null>(null);
  const max = capLineQuantity(quantity, stock).max;
  const soldOut = max === 0;
  const atMax = !soldOut && quantity >= max;
  const noteId = `${id}-note`;

  const commit = (requested: number) => {
    setDraft(null);
    const next = capLineQuantity(requested, stock).quantity;
    if (next !== quantity) onChange(next);
  };

  return (
    <div>
      <div className={styles.stepper}>
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'icon' })}
          aria-label={t('cart.decrease', { name })}
          aria-controls={id}
          disabled={soldOut || quantity <= 1}
          onClick={() => commit(quantity - 1)}
        >
          −
        </button>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={soldOut ? undefined : max}
          step={1}
          value={draft ?? String(quantity)}
          disabled={soldOut}
          aria-label={t('cart.quantityOf', { name })}
          aria-describedby={atMax ? noteId : undefined}
          data-testid="cart-line-quantity"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => {
            if (draft !== null) commit(event.target.valueAsNumber);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.valueAsNumber);
            }
          }}
        />
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'icon' })}
          aria-label={t('cart.increase', { name })}
          aria-controls={id}
          disabled={soldOut || atMax}
          onClick={() => commit(quantity + 1)}
        >
          +
        </button>
      </div>
      {atMax && (
        <p id={noteId} className={styles.note} role="status" data-testid="cart-line-max">
          {t('messages.maxAvailable', { max: formatInteger(max, language) })}
        </p>
      )}
    </div>
  );
}
