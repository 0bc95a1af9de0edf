/**
 * Step 1, shipping: contact and delivery address (prefilled from the profile and default address), errors
 * under each field translated from the checkout rules' codes, and 'Detect my location' (fills city, region,
 * postal code and country from the nearest known city; on failure says so and manual entry stays).
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../../domain/account';
import type { CheckoutErrors, ShippingField, ShippingForm } from '../../domain/checkout';
import type { NearestCity } from '../../domain/cities';
import { SelectField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { countryName } from '../account/format';
import { usesArabicContent } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import * as styles from './checkout.css';

type Autocomplete = Record<ShippingField, string>;
const AUTOCOMPLETE: Autocomplete = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  street: 'address-line1',
  apartment: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  country: 'country',
};

export interface ShippingStepProps {
  form: ShippingForm;
  /** The form started from the profile and default address (says so above it). */
  prefilled: boolean;
  errors: CheckoutErrors;
  /** Bumped on every refused NEXT, to move focus to the first field in error. */
  attempt: number;
  locating: boolean;
  locationFailed: boolean;
  detected: NearestCity | null;
  onField: (field: ShippingField, value: string) => void;
  onDetect: () => void;
  onNext: () => void;
}

export function ShippingStep({ form, prefilled, errors, attempt, locating, locationFailed, detected, onField, onDetect, onNext }: ShippingStepProps) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const error = (field: ShippingField) => {
    const code = errors[field];
    return code ? t(`checkout.errors.${code}`) : undefined;
  };
  const text = (field: Exclude<ShippingField, 'country'>, extra: { type?: string; optional?: boolean; wide?: boolean } = {}) => (
    <TextField
      label={t(`checkout.fields.${field}`)}
      name={field}
      type={extra.type ?? 'text'}
      autoComplete={AUTOCOMPLETE[field]}
      value={form[field]}
      error={error(field)}
      optionalText={extra.optional ? t('checkout.shipping.optional') : undefined}
      className={extra.wide ? forms.wide : undefined}
      dir={extra.type === 'email' || extra.type === 'tel' ? 'ltr' : undefined}
      onValue={(value) => onField(field, value)}
      data-testid={`checkout-${field}`}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  const cityName = detected ? (usesArabicContent(language) ? detected.city.name_ar : detected.city.name) : '';

  return (
    <form ref={formRef} className={forms.form} noValidate onSubmit={submit} data-testid="shipping-form">
      {prefilled && <p className={forms.hint}>{t('checkout.shipping.prefilled')}</p>}
      <fieldset className={forms.fieldset}>
        <legend className={styles.sectionTitle}>{t('checkout.shipping.contact')}</legend>
        <div className={forms.grid}>
          {text('first_name')}
          {text('last_name')}
          {text('email', { type: 'email' })}
          {text('phone', { type: 'tel' })}
        </div>
      </fieldset>
      <fieldset className={forms.fieldset}>
        <legend className={styles.sectionTitle}>{t('checkout.shipping.address')}</legend>
        <div className={styles.locate}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={onDetect}
            disabled={locating}
            data-testid="detect-location"
          >
            {locating ? t('checkout.shipping.detecting') : t('checkout.shipping.detect')}
          </button>
          <div role="status" aria-live="polite">
            {detected && !locating && <p className={forms.success}>{t('checkout.shipping.detected', { city: cityName })}</p>}
          </div>
          {locationFailed && !locating && (
            <p role="alert" className={forms.failure} data-testid="location-failed">
              {t('checkout.shipping.locationFailed')}
            </p>
          )}
        </div>
        <div className={forms.grid}>
          {text('street', { wide: true })}
          {text('apartment', { optional: true, wide: true })}
          {text('city')}
          {text('state')}
          {text('postal_code', { optional: form.country !== 'MA' })}
          <SelectField
            label={t('checkout.fields.country')}
            name="country"
            autoComplete="country"
            value={form.country}
            error={error('country')}
            onValue={(value) => onField('country', value)}
            data-testid="checkout-country"
            options={[
              ...(form.country === '' ? [{ value: '', label: '—' }] : []),
              ...COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) })),
            ]}
          />
        </div>
      </fieldset>
      <div className={styles.nav}>
        <span />
        <button type="submit" className={button({ tone: 'primary' })} data-testid="checkout-next">
          {t('checkout.shipping.next')}
        </button>
      </div>
    </form>
  );
}
