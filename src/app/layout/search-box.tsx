/** Product search: submits to /products?q=…, prefilled from the URL on listing pages. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { visuallyHidden } from '../theme/global.css';
import { SearchIcon } from '../ui/icons';
import * as styles from './header.css';

export function SearchBox() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const urlQuery = new URLSearchParams(useSearch()).get('q') ?? '';
  const [draft, setDraft] = useState<{ base: string; text: string }>({ base: urlQuery, text: urlQuery });
  // When the URL's query changes (chip removed, back button), the box follows it.
  const text = draft.base === urlQuery ? draft.text : urlQuery;

  return (
    <form
      role="search"
      className={styles.searchForm}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        navigate(q ? `/products?${new URLSearchParams({ q }).toString()}` : '/products');
      }}
    >
      <label htmlFor="site-search" className={visuallyHidden}>
        {t('search.label')}
      </label>
      <input
        id="site-search"
        className={styles.searchInput}
        type="search"
        name="q"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={100}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => setDraft({ base: urlQuery, text: event.target.value })}
      />
      <button type="submit" className={styles.searchButton} aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}
