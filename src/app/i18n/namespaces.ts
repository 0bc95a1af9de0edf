/**
 * The catalogue files of each language (locales/{lng}/{namespace}.json): the
 * shared interface texts, and the sign-in and account screens in their own
 * files. i18next loads NAMESPACES for the active language and its fallbacks at
 * start; ON_DEMAND_NAMESPACES (the long texts of the help pages, the policies, tailoring, the seller's app, the operator's console)
 * load only when a page asks for them with useTranslation(namespace).
 */
export const NAMESPACES = ['translation', 'auth', 'account', 'commerce', 'orders'] as const;
export const ON_DEMAND_NAMESPACES = ['content', 'policies', 'tailoring', 'seller', 'admin'] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ...ON_DEMAND_NAMESPACES] as const;
export type Namespace = (typeof ALL_NAMESPACES)[number];
