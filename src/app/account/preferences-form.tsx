/**
 * The notification and regional preferences → POST /api/user/preferences.
 * One component, shown in Profile › Preferences and on /settings.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_LANGUAGES, type Preferences, type User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { NATIVE_NAMES } from '../i18n/languages';
import { button } from '../theme/recipes.css';
import * as layout from './account-layout.css';
import { CheckboxField, SelectField } from './form-fields';
import { FormStatus, OfflineNotice } from './form-status';
import * as styles from './forms.css';
import { timezoneOptions } from './timezones';
import { useAccountForm } from './use-account-form';
import { useOnline } from '../ui/use-online';

const TOGGLES = [
  ['email_notifications', 'emailNotifications'],
  ['marketing_emails', 'marketingEmails'],
  ['order_updates', 'orderUpdates'],
  ['newsletter', 'newsletter'],
] as const;

export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Preferences>(user.preferences);
  const form = useAccountForm('updatePreferences', formRef);
  const zones = useMemo(() => timezoneOptions(user.preferences.timezone), [user.preferences.timezone]);

  const set = <K extends keyof Preferences>(field: K, value: Preferences[K]) => {
    form.touch();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-busy={form.saving}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(
          [],
          () => apiRequest<{ user: User }>('POST', '/api/user/preferences', draft),
          (answer) => {
            setSessionUser(answer.user);
            setDraft(answer.user.preferences);
          },
        );
      }}
    >
      {!online && <OfflineNotice />}
      <fieldset className={styles.fieldset} disabled={!online || form.saving}>
        <fieldset className={styles.fieldset}>
          <legend className={layout.cardTitle}>
            {t('profile.preferences.notifications')}
          </legend>
          {TOGGLES.map(([field, key]) => (
            <CheckboxField
              key={field}
              name={field}
              label={t(`profile.preferences.${key}`)}
              description={t(`profile.preferences.${key}Text`)}
              checked={draft[field]}
              onChecked={(checked) => set(field, checked)}
            />
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={layout.cardTitle}>{t('profile.preferences.regional')}</legend>
          <div className={styles.grid}>
            <SelectField
              label={t('profile.preferences.language')}
              name="language"
              value={draft.language}
              onValue={(value) => {
                const language = PREFERENCE_LANGUAGES.find((l) => l === value);
                if (language) set('language', language);
              }}
              options={PREFERENCE_LANGUAGES.map((code) => ({
                value: code,
                label: NATIVE_NAMES[code],
                lang: code === 'ma' ? 'ar-MA' : code,
              }))}
              error={form.fieldErrors.language}
            />
            <SelectField
              label={t('profile.preferences.timezone')}
              name="timezone"
              dir="ltr"
              value={draft.timezone}
              onValue={(value) => set('timezone', value)}
              options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
              error={form.fieldErrors.timezone}
            />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {form.saving ? t('form.saving') : t('form.save')}
          </button>
        </div>
      </fieldset>
      <FormStatus saved={form.saved} savedText={t('profile.preferences.saved')} error={form.error} />
    </form>
  );
}
