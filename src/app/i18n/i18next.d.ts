/** Translation keys are typed from the English catalogue: a missing or misspelt key is a type error. */
import 'i18next';
import type enAdmin from './locales/en/admin.json';
import type enAccount from './locales/en/account.json';
import type enAuth from './locales/en/auth.json';
import type enCommerce from './locales/en/commerce.json';
import type enContent from './locales/en/content.json';
import type enOrders from './locales/en/orders.json';
import type enPolicies from './locales/en/policies.json';
import type enSeller from './locales/en/seller.json';
import type enTailoring from './locales/en/tailoring.json';
import type en from './locales/en/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      auth: typeof enAuth;
      account: typeof enAccount;
      commerce: typeof enCommerce;
      orders: typeof enOrders;
      content: typeof enContent;
      policies: typeof enPolicies;
      tailoring: typeof enTailoring;
      seller: typeof enSeller;
      admin: typeof enAdmin;
    };
  }
}
