/**
 * The shipping policy's figures for the shipping page, the FAQ and the footer, every one taken from the rule the
 * cart, checkout and server apply (SHIPPING_POLICY and SHIPPING_RATES in src/domain/commerce.ts, decisions.md
 * "Shipping in Morocco"): the catalogue texts interpolate them, formatted per language, so no amount and no
 * number of days is written inside a translation.
 */
import { COUNTRIES } from '../../domain/account';
import { SHIPPING_POLICY, SHIPPING_RATES } from '../../domain/commerce';
import { formatMAD } from '../../domain/money';
import { countryName } from '../account/format';
import { formatInteger } from '../i18n/number-format';

/**
 * The placeholders the shipping texts use, each a figure of the rule as the interface language writes it:
 * freeAbove (standard delivery in Morocco is free from this much goods after the coupon), express (what express
 * costs more than standard), base and extra (Morocco's cart rule below the threshold: the first item, then each
 * further one), intlBase and intlExtra (the cart rule abroad), and the business days of each range.
 */
export const SHIPPING_FACT_KEYS = [
  'freeAbove',
  'express',
  'base',
  'extra',
  'intlBase',
  'intlExtra',
  'standardMin',
  'standardMax',
  'expressMin',
  'expressMax',
  'internationalMin',
  'internationalMax',
  'processingMin',
  'processingMax',
] as const;
export type ShippingFacts = Record<(typeof SHIPPING_FACT_KEYS)[number], string>;

/** The rule's figures as the interface language writes them, ready to interpolate. */
export function shippingFacts(language: string): ShippingFacts {
  const money = (amount: number) => formatMAD(amount, language);
  const days = (n: number) => formatInteger(n, language);
  return {
    freeAbove: money(SHIPPING_POLICY.freeStandardFrom),
    express: money(SHIPPING_POLICY.expressSurcharge),
    base: money(SHIPPING_RATES.MA.base),
    extra: money(SHIPPING_RATES.MA.extra),
    intlBase: money(SHIPPING_RATES.default.base),
    intlExtra: money(SHIPPING_RATES.default.extra),
    standardMin: days(SHIPPING_POLICY.standardDays.min),
    standardMax: days(SHIPPING_POLICY.standardDays.max),
    expressMin: days(SHIPPING_POLICY.expressDays.min),
    expressMax: days(SHIPPING_POLICY.expressDays.max),
    internationalMin: days(SHIPPING_POLICY.internationalDays.min),
    internationalMax: days(SHIPPING_POLICY.internationalDays.max),
    processingMin: days(SHIPPING_POLICY.processingDays.min),
    processingMax: days(SHIPPING_POLICY.processingDays.max),
  };
}

/** The countries we deliver to (spec §9), named in the interface language, in the spec's order. */
export function shippingCountries(language: string): { code: string; name: string }[] {
  return COUNTRIES.map((code) => ({ code, name: countryName(code, language) }));
}
