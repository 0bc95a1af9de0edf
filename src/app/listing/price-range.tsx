/**
 * Min/max price as numeric inputs (spec §5): an empty input clears the bound.
 * The text the user types is kept as typed ('12.' stays '12.') while the parsed
 * value goes up on every change; when the bound changes from outside (a chip
 * removed), the input follows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePrice } from './filter-state';
import * as styles from './filter-form.css';

function PriceInput({
  label,
  value,
  onChange,
  idPrefix,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  idPrefix: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const shown = parsePrice(text) === value ? text : value === null ? '' : String(value);
  return (
    <label className={styles.priceLabel} htmlFor={idPrefix}>
      {label}
      <input
        id={idPrefix}
        className={styles.priceInput}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parsePrice(event.target.value));
        }}
      />
    </label>
  );
}

interface Props {
  min: number | null;
  max: number | null;
  onChange: (bounds: { min: number | null; max: number | null }) => void;
  idPrefix: string;
}

export function PriceRange({ min, max, onChange, idPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('listing.price')}</legend>
      <div className={styles.priceRow}>
        <PriceInput label={t('listing.minPrice')} value={min} idPrefix={`${idPrefix}-min`} onChange={(v) => onChange({ min: v, max })} />
        <PriceInput label={t('listing.maxPrice')} value={max} idPrefix={`${idPrefix}-max`} onChange={(v) => onChange({ min, max: v })} />
      </div>
    </fieldset>
  );
}
