/** The active filters as removable chips, plus 'clear all'. */
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import { CloseIcon } from '../ui/icons';
import { EMPTY_FILTERS, filterChips, removeChip, type FilterChip, type ListingFilters } from './filter-state';
import * as styles from './filter-chips.css';

function useChipLabel(): (chip: FilterChip) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (chip) => {
    switch (chip.kind) {
      case 'color':
        return t(`colors.${chip.value}`);
      case 'size':
        return chip.value;
      case 'fabric':
        return t(`fabrics.${chip.value}`);
      case 'inStock':
        return t('listing.inStock');
      case 'customizable':
        return t('listing.customizable');
      case 'onSale':
        return t('home.megaOffers');
      case 'search':
        return `“${chip.value}”`;
      case 'price': {
        const min = chip.min === null ? null : formatMAD(chip.min, language);
        const max = chip.max === null ? null : formatMAD(chip.max, language);
        if (min && max) return t('listing.priceChip', { min, max });
        return min ? t('listing.priceFrom', { min }) : t('listing.priceUpTo', { max: max ?? '' });
      }
    }
  };
}

const chipKey = (chip: FilterChip) => ('value' in chip ? `${chip.kind}:${chip.value}` : chip.kind);

export function FilterChips({ filters, onChange }: { filters: ListingFilters; onChange: (next: ListingFilters) => void }) {
  const { t } = useTranslation();
  const label = useChipLabel();
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips} role="group" aria-label={t('listing.activeFilters')}>
      {chips.map((chip) => (
        <button
          key={chipKey(chip)}
          type="button"
          className={styles.chip}
          aria-label={t('listing.removeFilter', { label: label(chip) })}
          onClick={() => onChange(removeChip(filters, chip))}
        >
          {label(chip)}
          <CloseIcon />
        </button>
      ))}
      {chips.length > 1 && (
        <button type="button" className={styles.clear} onClick={() => onChange({ ...EMPTY_FILTERS })}>
          {t('listing.clearAll')}
        </button>
      )}
    </div>
  );
}
