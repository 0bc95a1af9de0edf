/** Add or edit one address → POST /api/user/addresses or PUT /api/user/addresses/{id}. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_TYPES, COUNTRIES, type Address } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import * as layout from './account-layout.css';
import { addressBody, isCountry, type AddressDraft } from './address-book';
import { CheckboxField, SelectField, TextField } from './form-fields';
import { FormStatus } from './form-status';
import * as styles from './forms.css';
import { countryName } from './format';
import { useAccountForm } from './use-account-form';
import { useOnline } from '../ui/use-online';
import { validateAddress } from './validation';

type TextKey = 'full_name' | 'phone' | 'address' | 'apartment' | 'city' | 'state' | 'postal_code';

export function AddressForm({
  editing,
  initial,
  onSaved,
  onCancel,
}: {
  /** The address being edited, or null for a new one. */
  editing: Address | null;
  initial: AddressDraft;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<AddressDraft>(initial);
  const form = useAccountForm('saveAddress', formRef);
  const countries = useMemo(
    () => COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) })),
    [language],
  );

  // Opening the form moves focus into it (the first field), so keyboard and screen reader users land where they act.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, []);

  const change = (patch: Partial<AddressDraft>) => {
    form.touch();
    setDraft((d) => ({ ...d, ...patch }));
  };

  const text = (field: TextKey) => ({
    name: field,
    value: draft[field],
    error: form.fieldErrors[field],
    onValue: (value: string) => change({ [field]: value }),
  });

  return (
    <form
      ref={formRef}
      className={`${layout.card} ${styles.form}`}
      noValidate
      aria-busy={form.saving}
      aria-labelledby="address-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        const body = addressBody(draft);
        void form.submit(
          validateAddress(draft),
          () =>
            editing
              ? apiRequest<{ data: Address }>('PUT', `/api/user/addresses/${editing.id}`, body)
              : apiRequest<{ data: Address }>('POST', '/api/user/addresses', body),
          (answer) => onSaved(answer.data),
        );
      }}
    >
      <h2 id="address-form-title" className={layout.cardTitle}>
        {editing ? t('addresses.editTitle') : t('addresses.newTitle')}
      </h2>
      <fieldset className={styles.fieldset} disabled={!online || form.saving}>
        <div className={styles.grid}>
          <SelectField
            label={t('addresses.type')}
            name="type"
            value={draft.type}
            onValue={(value) => {
              const type = ADDRESS_TYPES.find((ty) => ty === value);
              if (type) change({ type });
            }}
            options={ADDRESS_TYPES.map((type) => ({ value: type, label: t(`addresses.types.${type}`) }))}
            error={form.fieldErrors.type}
          />
          <TextField label={t('addresses.fullName')} autoComplete="name" optionalText={t('form.optional')} {...text('full_name')} />
          <TextField
            label={t('addresses.phone')}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            optionalText={t('form.optional')}
            {...text('phone')}
          />
          <TextField
            className={styles.wide}
            label={t('addresses.address')}
            autoComplete="address-line1"
            required
            {...text('address')}
          />
          <TextField
            className={styles.wide}
            label={t('addresses.apartment')}
            autoComplete="address-line2"
            optionalText={t('form.optional')}
            {...text('apartment')}
          />
          <TextField label={t('addresses.city')} autoComplete="address-level2" required {...text('city')} />
          <TextField label={t('addresses.state')} autoComplete="address-level1" required {...text('state')} />
          <TextField
            label={t('addresses.postalCode')}
            autoComplete="postal-code"
            dir="ltr"
            optionalText={t('form.optional')}
            {...text('postal_code')}
          />
          <SelectField
            label={t('addresses.country')}
            name="country"
            autoComplete="country"
            value={draft.country}
            onValue={(value) => {
              if (isCountry(value)) change({ country: value });
            }}
            options={countries}
            error={form.fieldErrors.country}
          />
        </div>
        <CheckboxField
          name="is_default"
          label={t('addresses.isDefault')}
          checked={draft.is_default}
          onChecked={(checked) => change({ is_default: checked })}
        />
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {form.saving ? t('form.saving') : t('addresses.save')}
          </button>
          <button type="button" className={button({ tone: 'ghost' })} onClick={onCancel}>
            {t('addresses.cancel')}
          </button>
        </div>
      </fieldset>
      <FormStatus saved={false} savedText="" error={form.error} />
    </form>
  );
}

