/** Translation keys are typed from the English catalogue: a missing or misspelt key is a type error. */
import 'i18next';
import type enAccount from './locales/en/account.json';
import type enAuth from './locales/en/auth.json';
import type en from './locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; auth: typeof enAuth; account: typeof enAccount };
  }
}
