/**
 * The variant matrix: the sizes, colours and fabrics the product comes in (the spec's lists), then one row per
 * combination with its stock and an optional price of its own (empty: the product's price).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COLORS, FABRICS, SIZES } from '../../domain/catalog-constants';
import { MAX_STOCK } from '../../domain/seller-product';
import * as forms from '../account/forms.css';
import { visuallyHidden } from '../theme/global.css';
import { cellField, combinations, type Cell, type ProductDraft } from './product-draft';
import * as styles from './product-form.css';
import { useVariantLabel } from './variant-label';

type Options = Pick<ProductDraft, 'sizes' | 'colors' | 'fabrics'>;

function OptionPicker<K extends keyof Options>({
  name,
  legend,
  all,
  chosen,
  label,
  error,
  onChange,
}: {
  name: K;
  legend: string;
  all: readonly Options[K][number][];
  chosen: Options[K];
  label: (value: Options[K][number]) => string;
  error: string | undefined;
  onChange: (next: Options[K]) => void;
}) {
  const errorId = useId();
  const list = chosen as readonly string[];
  return (
    <fieldset className={styles.options} aria-describedby={error ? errorId : undefined} data-testid={`pick-${name}`}>
      <legend className={styles.optionsLegend}>{legend}</legend>
      {all.map((value) => (
        <label key={value} className={styles.chip}>
          <input
            type="checkbox"
            name={name}
            value={value}
            checked={list.includes(value)}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const next = event.target.checked ? [...list, value] : list.filter((v) => v !== value);
              onChange(all.filter((v) => next.includes(v)) as Options[K]);
            }}
          />
          {label(value)}
        </label>
      ))}
      {error && (
        <p id={errorId} className={forms.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CellInput({ label, variant, value, error, onValue, kind, testId }: { label: string; variant: string; value: string; error: string | undefined; onValue: (v: string) => void; kind: 'stock' | 'price'; testId: string }) {
  const id = useId();
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {label}
        <span className={visuallyHidden}>{` (${variant})`}</span>
      </label>
      <input
        id={id}
        className={[forms.control, error ? forms.invalid : ''].join(' ')}
        inputMode={kind === 'stock' ? 'numeric' : 'decimal'}
        {...(kind === 'stock' ? { type: 'number', min: 0, max: MAX_STOCK, step: 1 } : { type: 'text', dir: 'ltr' })}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        onChange={(event) => onValue(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={forms.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function VariantMatrix({
  draft,
  errors,
  onOptions,
  onCell,
}: {
  draft: ProductDraft;
  errors: Record<string, string>;
  onOptions: (next: Partial<Options>) => void;
  onCell: (key: string, cell: Cell) => void;
}) {
  const { t } = useTranslation('seller');
  const { t: tc } = useTranslation();
  const variantLabel = useVariantLabel();
  const rows = combinations(draft);
  return (
    <fieldset className={styles.section} data-testid="variant-matrix">
      <legend className={styles.legend}>{t('form.variantsTitle')}</legend>
      <p className={forms.hint}>{t('form.variantsHint')}</p>
      <OptionPicker name="sizes" legend={t('form.sizes')} all={SIZES} chosen={draft.sizes} label={(s) => s} error={errors.sizes} onChange={(sizes) => onOptions({ sizes })} />
      <OptionPicker name="colors" legend={t('form.colors')} all={COLORS} chosen={draft.colors} label={(c) => tc(`colors.${c}`)} error={errors.colors} onChange={(colors) => onOptions({ colors })} />
      <OptionPicker name="fabrics" legend={t('form.fabrics')} all={FABRICS} chosen={draft.fabrics} label={(f) => tc(`fabrics.${f}`)} error={errors.fabrics} onChange={(fabrics) => onOptions({ fabrics })} />
      {errors.variants && <p className={forms.error}>{errors.variants}</p>}
      {rows.length === 0 ? (
        <p className={forms.hint}>{t('form.noCombinations')}</p>
      ) : (
        <>
          <p className={forms.hint} role="status">
            {t('form.combinations', { count: rows.length })}
          </p>
          <ul className={styles.matrix}>
            {rows.map((row, i) => {
              const cell = draft.cells[row.key] ?? { stock: '', price: '' };
              const name = variantLabel(row);
              return (
                <li key={row.key} className={styles.matrixRow} data-testid="variant-row">
                  <span className={styles.matrixName}>{name}</span>
                  <CellInput
                    kind="stock"
                    label={t('form.stock')}
                    variant={name}
                    value={cell.stock}
                    error={errors[cellField(i, 'stock')]}
                    onValue={(stock) => onCell(row.key, { ...cell, stock })}
                    testId={`stock-${row.key}`}
                  />
                  <CellInput
                    kind="price"
                    label={t('form.variantPrice')}
                    variant={name}
                    value={cell.price}
                    error={errors[cellField(i, 'price')]}
                    onValue={(price) => onCell(row.key, { ...cell, price })}
                    testId={`price-${row.key}`}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </fieldset>
  );
}
