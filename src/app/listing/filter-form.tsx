/**
 * The filter controls (colours, sizes, fabrics, in stock, customizable, price).
 * Controlled: the desktop panel applies each change at once, the mobile drawer
 * keeps a draft until Apply.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COLORS, FABRICS, SIZES } from '../../domain/catalog-constants';
import { toggleValue, type ListingFilters } from './filter-state';
import * as styles from './filter-form.css';
import { PriceRange } from './price-range';
import { SWATCH } from './swatches';

interface Props {
  value: ListingFilters;
  onChange: (next: ListingFilters, options?: { typing?: boolean }) => void;
  /** Distinguishes the ids of the panel's and the drawer's inputs. */
  idPrefix: string;
}

function Pill({ checked, onChange, children }: { checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className={styles.pill}>
      <input type="checkbox" className={styles.hiddenInput} checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

export function FilterForm({ value, onChange, idPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('listing.colors')}</legend>
        <div className={styles.options}>
          {COLORS.map((color) => (
            <Pill
              key={color}
              checked={value.colors.includes(color)}
              onChange={() => onChange({ ...value, colors: toggleValue(value.colors, color, COLORS) })}
            >
              <span className={styles.swatch} style={{ backgroundColor: SWATCH[color] }} aria-hidden="true" />
              {t(`colors.${color}`)}
            </Pill>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('listing.sizes')}</legend>
        <div className={styles.options}>
          {SIZES.map((size) => (
            <Pill
              key={size}
              checked={value.sizes.includes(size)}
              onChange={() => onChange({ ...value, sizes: toggleValue(value.sizes, size, SIZES) })}
            >
              <span dir="ltr">{size}</span>
            </Pill>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('listing.fabrics')}</legend>
        <div className={styles.options}>
          {FABRICS.map((fabric) => (
            <Pill
              key={fabric}
              checked={value.fabrics.includes(fabric)}
              onChange={() => onChange({ ...value, fabrics: toggleValue(value.fabrics, fabric, FABRICS) })}
            >
              {t(`fabrics.${fabric}`)}
            </Pill>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('listing.availability')}</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={value.inStock}
            onChange={(e) => onChange({ ...value, inStock: e.target.checked })}
          />
          {t('listing.inStock')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={value.customizable}
            onChange={(e) => onChange({ ...value, customizable: e.target.checked })}
          />
          {t('listing.customizable')}
        </label>
      </fieldset>

      <PriceRange
        idPrefix={`${idPrefix}-price`}
        min={value.minPrice}
        max={value.maxPrice}
        onChange={({ min, max }) => onChange({ ...value, minPrice: min, maxPrice: max }, { typing: true })}
      />
    </div>
  );
}
