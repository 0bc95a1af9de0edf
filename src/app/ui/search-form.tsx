/**
 * A list page's search box (role="search", a visible label, submit button). The URL is the truth: the field
 * follows `value` when it changes (back/forward, a cleared filter) and submits the trimmed text.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { button } from '../theme/recipes.css';
import * as styles from './search-form.css';

export interface SearchFormProps {
  value: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  testId?: string;
  onSearch(search: string): void;
}

export function SearchForm({ value, label, placeholder, submitLabel, testId, onSearch }: SearchFormProps) {
  const id = useId();
  const [search, setSearch] = useState(value);
  useEffect(() => setSearch(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim());
  };

  return (
    <form role="search" aria-label={label} className={styles.searchForm} onSubmit={submit}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="search"
          className={styles.input}
          value={search}
          maxLength={100}
          placeholder={placeholder}
          data-testid={testId}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className={button({ tone: 'primary' })}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
