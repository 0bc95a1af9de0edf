/**
 * /settings: appearance (the header toggle's theme preference, as three
 * choices), the interface language (the header's switcher), and the
 * notification preferences (the same form as Profile › Preferences).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from 'wouter';
import { useSession } from '../auth/use-session';
import { isLanguage } from '../i18n/languages';
import { LanguageSwitcher } from '../layout/language-switcher';
import { switchLanguagePrefix } from '../routing/paths';
import { THEME_PREFERENCES } from '../theme/theme-preference';
import { useThemePreference } from '../theme/use-theme';
import { AccountLayout } from './account-layout';
import * as layout from './account-layout.css';
import * as forms from './forms.css';
import { PreferencesForm } from './preferences-form';
import { PushSettings } from '../push/push-settings';
import * as styles from './settings-page.css';

function ThemeChoice() {
  const { t } = useTranslation('account');
  const [preference, setPreference] = useThemePreference();
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('settings.theme')}</legend>
      {THEME_PREFERENCES.map((value) => (
        <label key={value} className={styles.choice}>
          <input
            type="radio"
            className={styles.radio}
            name={name}
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
          />
          {t(`settings.themes.${value}`)}
        </label>
      ))}
    </fieldset>
  );
}

function LanguageChoice() {
  const { t } = useTranslation('account');
  const { base } = useRouter();
  const id = useId();
  return (
    <div className={styles.languageField}>
      <label htmlFor={id} className={forms.label}>
        {t('settings.language')}
      </label>
      <LanguageSwitcher
        id={id}
        testId="settings-language"
        onChange={(language) => {
          // Under a /{lang}/ prefix the page moves to the new language's address (as the header's switcher does in the app shell).
          if (!base || !isLanguage(language)) return;
          const { pathname, search, hash } = window.location;
          window.location.replace(switchLanguagePrefix(pathname + search + hash, language));
        }}
      />
      <p className={forms.hint}>{t('settings.languageHint')}</p>
    </div>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  return (
    <AccountLayout title={t('settings.title')}>
      <section className={layout.card} aria-labelledby="settings-appearance">
        <h2 id="settings-appearance" className={layout.cardTitle}>
          {t('settings.appearance')}
        </h2>
        <ThemeChoice />
        <LanguageChoice />
      </section>
      <section className={layout.card} aria-labelledby="settings-notifications">
        <h2 id="settings-notifications" className={layout.cardTitle}>
          {t('settings.notifications')}
        </h2>
        {user ? <PreferencesForm key={user.id} user={user} /> : <p className={forms.hint}>{t('settings.signedOut')}</p>}
        {user && <PushSettings />}
      </section>
    </AccountLayout>
  );
}
