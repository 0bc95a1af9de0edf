/** The product's category: a subcategory from the local catalogue, grouped under its top category (men, women, children). */
import { useId, useRef } from 'react';
import type { CategoryDoc } from '../../domain/catalog';
import { useTranslation } from 'react-i18next';
import * as forms from '../account/forms.css';
import { useData } from '../data/use-data';
import { categoryName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';

export function CategorySelect({ value, error, onValue }: { value: string; error: string | undefined; onValue: (value: string) => void }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const id = useId();
  const { data } = useData({ kind: 'categories' });
  // A new answer of the live query replaces the list; while one is on its way the last list stays, so the
  // chosen option does not vanish.
  const last = useRef<readonly CategoryDoc[]>([]);
  if (data && data.length > 0) last.current = data;
  const all = last.current;
  const tops = all.filter((c) => c.parent_id === 0).sort((a, b) => a.position - b.position);
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {t('form.category')}
      </label>
      <select
        id={id}
        name="category_id"
        className={[forms.control, error ? forms.invalid : ''].join(' ')}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValue(event.target.value)}
      >
        <option value="">{all.length === 0 ? t('form.categoriesLoading') : t('form.categoryChoose')}</option>
        {tops.map((top) => (
          <optgroup key={top.id} label={categoryName(top, language)}>
            {all
              .filter((c) => c.parent_id === Number(top.id))
              .sort((a, b) => a.position - b.position)
              .map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {categoryName(c, language)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={forms.error}>
          {error}
        </p>
      )}
    </div>
  );
}
