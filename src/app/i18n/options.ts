/** i18next options shared by the app and the Node tests. */
import type { InitOptions } from 'i18next';
import { DETECTION_OPTIONS } from './detection';
import { DEFAULT_LANGUAGE, FALLBACK_LNG, LANGUAGES } from './languages';
import { NAMESPACES } from './namespaces';

export const I18N_OPTIONS: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: { ...FALLBACK_LNG },
  // Our codes are plain two letters; never ask for regional variants like fr-FR.
  load: 'languageOnly',
  nonExplicitSupportedLngs: false,
  ns: [...NAMESPACES],
  defaultNS: 'translation',
  detection: DETECTION_OPTIONS,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
};

export { DEFAULT_LANGUAGE };
