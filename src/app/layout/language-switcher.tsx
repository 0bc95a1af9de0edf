/**
 * The six languages in their own names. Test hook: select[data-testid=
 * "language-switcher"] with option values en, ar, fr, es, ma, de. Changing it
 * switches i18next (which loads the catalogue, sets <html lang/dir> and
 * remembers the choice) and, under a /{lang}/ prefix, moves the URL along.
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAMES, isLanguage, langTag } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import * as styles from './header.css';

export function LanguageSwitcher({
  onChange,
  id,
  testId = 'language-switcher',
}: {
  onChange?: (language: string) => void;
  /** With an id the select is named by a visible <label for>, not by its aria-label (the settings page). */
  id?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  return (
    <select
      className={styles.select}
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : t('language.label')}
      value={language}
      onChange={(event) => {
        const next = event.target.value;
        if (!isLanguage(next)) return;
        void i18n.changeLanguage(next).then(() => onChange?.(next));
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={langTag(code)}>
          {NATIVE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
