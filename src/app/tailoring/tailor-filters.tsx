/** Filter the tailors by city, specialty and availability (selects; the list below updates at once). */
import { useTranslation } from 'react-i18next';
import { TAILOR_AVAILABILITY, TAILOR_SPECIALTIES, type TailorAvailability, type TailorSpecialty } from '../../domain/tailoring';
import { SelectField } from '../account/form-fields';
import * as styles from './tailoring.css';

export interface TailorFilterValues {
  city: string;
  specialty: TailorSpecialty | '';
  availability: TailorAvailability | '';
}

export const NO_FILTERS: TailorFilterValues = { city: '', specialty: '', availability: '' };

export function TailorFilters({ cities, values, onChange }: { cities: string[]; values: TailorFilterValues; onChange: (v: TailorFilterValues) => void }) {
  const { t } = useTranslation('tailoring');
  const all = { value: '', label: t('filters.all') };
  return (
    <fieldset className={styles.filters} data-testid="tailor-filters">
      <legend className={styles.sectionTitle}>{t('filters.heading')}</legend>
      <SelectField
        label={t('filters.city')}
        name="city"
        value={values.city}
        onValue={(city) => onChange({ ...values, city })}
        options={[all, ...cities.map((c) => ({ value: c, label: c }))]}
      />
      <SelectField
        label={t('filters.specialty')}
        name="specialty"
        value={values.specialty}
        onValue={(v) => onChange({ ...values, specialty: v as TailorSpecialty | '' })}
        options={[all, ...TAILOR_SPECIALTIES.map((s) => ({ value: s, label: t(`specialties.${s}`) }))]}
      />
      <SelectField
        label={t('filters.availability')}
        name="availability"
        value={values.availability}
        onValue={(v) => onChange({ ...values, availability: v as TailorAvailability | '' })}
        options={[all, ...TAILOR_AVAILABILITY.map((a) => ({ value: a, label: t(`availability.${a}`) }))]}
      />
    </fieldset>
  );
}
