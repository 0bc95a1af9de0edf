/**
 * Quantity with − and + (spec §5): at least 1, at most the stock; typing more
 * is capped and says 'maximum available is {max}'.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import * as styles from './quantity-field.css';

interface Props {
  value: number;
  /** The stock; null while unknown (then only the minimum applies). */
  max: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
}

export function clampQuantity(value: number, max: number | null): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  const capped = max !== null && max >= 1 ? Math.min(whole, max) : whole;
  return Math.max(1, capped);
}

export function QuantityField({ value, max, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const noteId = `${id}-note`;
  const atMax = max !== null && max >= 1 && value >= max;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('stockCheck.quantity')}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'icon' })}
          aria-label={t('stockCheck.decrease')}
          aria-controls={id}
          disabled={disabled || value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, max))}
        >
          −
        </button>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={max ?? undefined}
          step={1}
          value={value}
          disabled={disabled}
          aria-describedby={atMax ? noteId : undefined}
          onChange={(event) => onChange(clampQuantity(event.target.valueAsNumber, max))}
        />
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'icon' })}
          aria-label={t('stockCheck.increase')}
          aria-controls={id}
          disabled={disabled || atMax}
          onClick={() => onChange(clampQuantity(value + 1, max))}
        >
          +
        </button>
      </div>
      {atMax && !disabled && (
        <p id={noteId} className={styles.note} role="status" data-testid="quantity-max">
          {t('stockCheck.maxQuantity', { max: formatInteger(max ?? 0, language) })}
        </p>
      )}
    </div>
  );
}
