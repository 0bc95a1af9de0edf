/**
 * Size, colour and fabric as three radio groups (all must be chosen, spec §5).
 * Values that cannot lead to an item in stock with the other choices are
 * struck through but stay selectable; the availability message explains.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDoc } from '../../domain/catalog';
import { SWATCH } from '../listing/swatches';
import * as styles from './variant-options.css';
import { canLeadToStock, optionValues, type OptionName, type VariantSelection } from './variant-selection';

interface Props {
  product: ProductDoc;
  selection: VariantSelection;
  onChange: (next: VariantSelection) => void;
  describedBy?: string;
}

function OptionGroup<V extends string>({
  name,
  legend,
  values,
  label,
  selected,
  deadEnd,
  onSelect,
  swatch,
  describedBy,
}: {
  name: OptionName;
  legend: string;
  values: V[];
  label: (value: V) => string;
  selected: V | null;
  deadEnd: (value: V) => boolean;
  onSelect: (value: V) => void;
  swatch?: (value: V) => string;
  describedBy?: string;
}) {
  const groupName = `${useId()}-${name}`;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>
        {legend}
        {selected && <span className={styles.chosen}>: {label(selected)}</span>}
      </legend>
      <div className={styles.options}>
        {values.map((value) => (
          <label key={value} className={styles.option} data-dead-end={deadEnd(value)}>
            <input
              type="radio"
              className={styles.input}
              name={groupName}
              value={value}
              checked={selected === value}
              required
              onChange={() => onSelect(value)}
            />
            {swatch && <span className={styles.swatch} style={{ backgroundColor: swatch(value) }} aria-hidden="true" />}
            <span dir={name === 'size' ? 'ltr' : undefined}>{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function VariantOptions({ product, selection, onChange, describedBy }: Props) {
  const { t } = useTranslation();
  const values = optionValues(product);
  const dead = (option: OptionName) => (value: string) => !canLeadToStock(product, selection, option, value);
  return (
    <>
      <OptionGroup
        name="size"
        legend={t('productPage.size')}
        values={values.size}
        label={(v) => v}
        selected={selection.size}
        deadEnd={dead('size')}
        onSelect={(size) => onChange({ ...selection, size })}
        describedBy={describedBy}
      />
      <OptionGroup
        name="color"
        legend={t('productPage.color')}
        values={values.color}
        label={(v) => t(`colors.${v}`)}
        selected={selection.color}
        deadEnd={dead('color')}
        onSelect={(color) => onChange({ ...selection, color })}
        swatch={(v) => SWATCH[v]}
        describedBy={describedBy}
      />
      <OptionGroup
        name="fabric"
        legend={t('productPage.fabric')}
        values={values.fabric}
        label={(v) => t(`fabrics.${v}`)}
        selected={selection.fabric}
        deadEnd={dead('fabric')}
        onSelect={(fabric) => onChange({ ...selection, fabric })}
        describedBy={describedBy}
      />
    </>
  );
}
