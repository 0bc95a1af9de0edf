import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { nextThemePreference } from '../theme/theme-preference';
import { useThemePreference } from '../theme/use-theme';
import { MoonIcon, SunIcon, SystemIcon } from '../ui/icons';

/** Cycles light → dark → system; the label says the current mode. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [preference, setPreference] = useThemePreference();
  const label = t('theme.label', { mode: t(`theme.${preference}`) });
  return (
    <button
      type="button"
      className={button({ tone: 'ghost', size: 'icon' })}
      aria-label={label}
      title={label}
      onClick={() => setPreference(nextThemePreference(preference))}
    >
      {preference === 'light' ? <SunIcon /> : preference === 'dark' ? <MoonIcon /> : <SystemIcon />}
    </button>
  );
}
