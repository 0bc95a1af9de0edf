/**
 * Mobile filters (spec §2): a slide-in drawer that edits a draft; Apply
 * commits it, closing (✕, Escape, backdrop) drops it. A modal dialog: focus
 * is trapped inside and returns to the button that opened it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../a11y/use-focus-trap';
import { button } from '../theme/recipes.css';
import { CloseIcon } from '../ui/icons';
import { FilterChips } from './filter-chips';
import * as styles from './filter-drawer.css';
import { FilterForm } from './filter-form';
import { EMPTY_FILTERS, type ListingFilters } from './filter-state';

interface Props {
  applied: ListingFilters;
  onApply: (filters: ListingFilters) => void;
  onClose: () => void;
}

export function FilterDrawer({ applied, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<ListingFilters>(applied);
  useFocusTrap(panelRef, true, onClose);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t('listing.filters')}
          </h2>
          <button type="button" className={button({ tone: 'ghost', size: 'icon' })} aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>
          <FilterChips filters={draft} onChange={setDraft} />
          <FilterForm idPrefix="drawer" value={draft} onChange={setDraft} />
        </div>
        <div className={styles.foot}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => setDraft({ ...EMPTY_FILTERS, search: draft.search })}>
            {t('listing.clearAll')}
          </button>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => onApply(draft)}>
            {t('listing.apply')}
          </button>
        </div>
      </div>
    </>
  );
}
