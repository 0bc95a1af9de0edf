/**
 * The catalogue files of each language (locales/{lng}/{namespace}.json): the
 * shared interface texts, and the sign-in and account screens in their own
 * files. i18next loads all of them for the active language and its fallbacks.
 */
export const NAMESPACES = ['translation', 'auth', 'account', 'commerce', 'orders'] as const;
export type Namespace = (typeof NAMESPACES)[number];
