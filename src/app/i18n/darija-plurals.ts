/**
 * 'ma' is our code for Darija, but Intl knows no such locale: Intl.PluralRules('ma')
 * silently uses the runtime's default locale, so counts would follow English (or
 * whatever the browser is) rules. Darija counts like Arabic (واحد، جوج، 3-10
 * with the plural, 11+ with the singular), so its plural rules are Arabic's.
 *
 * i18next has no option for this; its plural resolver is reached through
 * `services` and its `getRule(code, options)` is wrapped to answer for 'ar'
 * when asked for 'ma'. If a future i18next reshapes the resolver, nothing breaks:
 * Darija just falls back to the default rules (tests/app/i18n-plurals.test.ts fails).
 */
import type { i18n } from 'i18next';

type GetRule = (code: string, options?: { ordinal?: boolean }) => Intl.PluralRules | undefined;

interface PluralResolverLike {
  getRule: GetRule;
  clearCache?: () => void;
}

function isPluralResolver(value: unknown): value is PluralResolverLike {
  return typeof value === 'object' && value !== null && typeof (value as { getRule?: unknown }).getRule === 'function';
}

export const PLURAL_LOCALE_OF: Readonly<Record<string, string>> = { ma: 'ar' };

export function applyArabicPluralsToDarija(instance: i18n): void {
  const resolver: unknown = instance.services.pluralResolver;
  if (!isPluralResolver(resolver)) return;
  const original = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => original(PLURAL_LOCALE_OF[code] ?? code, options);
  resolver.clearCache?.();
}
