/** Translation keys are typed from the English catalogue: a missing or misspelt key is a type error. */
import 'i18next';
import type en from './locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
