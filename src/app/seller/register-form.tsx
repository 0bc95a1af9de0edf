/**
 * "Open your shop": the sign-up form (POST /api/seller/register). The Arabic name is typed right to left; the
 * phone left to right. Field errors of a 422 show under their fields; offline, nothing is sent and the form
 * keeps what was typed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TYPES, type StoreType } from '../../domain/catalog-constants';
import { textIn } from '../../domain/catalog-text';
import { STORE_TYPE_NAMES } from '../../domain/store-types';
import { SelectField, TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { registerShop, type SellerShop, type ShopRegistration } from './seller-api';
import { useSellerForm } from './use-seller-form';

interface Draft {
  shop_name: string;
  shop_name_ar: string;
  store_type: StoreType | '';
  city: string;
  address: string;
  phone: string;
  description: string;
}

const EMPTY: Draft = { shop_name: '', shop_name_ar: '', store_type: '', city: '', address: '', phone: '', description: '' };
const REQUIRED = ['shop_name', 'store_type', 'city', 'address', 'phone'] as const;

function toBody(draft: Draft, storeType: StoreType): ShopRegistration {
  const body: ShopRegistration = {
    shop_name: draft.shop_name.trim(),
    store_type: storeType,
    city: draft.city.trim(),
    address: draft.address.trim(),
    phone: draft.phone.trim(),
  };
  if (draft.shop_name_ar.trim()) body.shop_name_ar = draft.shop_name_ar.trim();
  if (draft.description.trim()) body.description = draft.description.trim();
  return body;
}

export function RegisterForm({ onRegistered }: { onRegistered: (shop: SellerShop, phone: string) => void }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const online = useOnline();
  const form = useSellerForm();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const text = (name: Exclude<keyof Draft, 'store_type'>) => ({
    name,
    value: draft[name],
    onValue: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
    error: form.fieldErrors[name],
  });

  const onSubmit = async () => {
    const missing: Record<string, string> = {};
    for (const field of REQUIRED) if (draft[field].trim() === '') missing[field] = t('field.required');
    const storeType = draft.store_type;
    const shop = await form.submit(missing, () => registerShop(toBody(draft, storeType === '' ? 'individual' : storeType)));
    if (shop) onRegistered(shop, draft.phone);
  };

  return (
    <form
      ref={form.formRef}
      className={forms.form}
      noValidate
      aria-busy={form.saving}
      data-testid="seller-register-form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {!online && <p className={forms.info}>{t('errors.offlineNow')}</p>}
      <fieldset className={forms.fieldset} disabled={form.saving}>
        <div className={forms.grid}>
          <TextField label={t('register.shopName')} hint={t('register.shopNameHint')} required autoComplete="organization" {...text('shop_name')} />
          <TextField label={t('register.shopNameAr')} optionalText={t('form.optional')} lang="ar" dir="rtl" {...text('shop_name_ar')} />
          <SelectField
            label={t('register.storeType')}
            name="store_type"
            required
            value={draft.store_type}
            error={form.fieldErrors.store_type}
            onValue={(value) => setDraft((d) => ({ ...d, store_type: (STORE_TYPES as readonly string[]).includes(value) ? (value as StoreType) : '' }))}
            options={[
              { value: '', label: t('register.storeTypeChoose') },
              ...STORE_TYPES.map((type) => ({ value: type, label: textIn(STORE_TYPE_NAMES[type], language) })),
            ]}
          />
          <TextField label={t('register.city')} required autoComplete="address-level2" {...text('city')} />
          <TextField label={t('register.address')} required autoComplete="street-address" className={forms.wide} {...text('address')} />
          <TextField
            label={t('register.phone')}
            hint={t('register.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            required
            {...text('phone')}
          />
        </div>
        <TextAreaField label={t('register.description')} optionalText={t('form.optional')} rows={4} {...text('description')} />
        <div className={forms.actions}>
          <button type="submit" className={button({ tone: 'primary' })} data-testid="seller-register-submit">
            {form.saving ? t('register.submitting') : t('register.submit')}
          </button>
        </div>
      </fieldset>
      {form.error && (
        <p role="alert" className={forms.failure}>
          {form.error}
        </p>
      )}
    </form>
  );
}
