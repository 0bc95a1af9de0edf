/**
 * The notification and regional preferences → POST /api/user/preferences.
 * One component, shown in Profile › Preferences and on /settings.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_LANGUAGES, type Preferences, type User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { NATIVE_NAMES, langTag } from '../i18n/languages';
import * as layout from './account-layout.css';
import { CheckboxField, SelectField } from './form-fields';
import { AccountFormFrame } from './form-status';
import * as styles from './forms.css';
import { timezoneOptions } from './timezones';
import { useAccountForm, useDraft } from './use-account-form';

const TOGGLES = [
  ['email_notifications', 'emailNotifications'],
  ['marketing_emails', 'marketingEmails'],
  ['order_updates', 'orderUpdates'],
  ['newsletter', 'newsletter'],
] as const;

export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const form = useAccountForm('updatePreferences');
  const { draft, setDraft, set } = useDraft<Preferences>(user.preferences, form);
  const zones = useMemo(() => timezoneOptions(user.preferences.timezone), [user.preferences.timezone]);

  return (
    <AccountFormFrame
      form={form}
      savedText={t('profile.preferences.saved')}
      onSubmit={() => {
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
              lang: langTag(code),
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
    </AccountFormFrame>
  );
}
