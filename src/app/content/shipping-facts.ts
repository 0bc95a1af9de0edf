/**
 * The shipping policy's figures (spec §9), in one place for the shipping page and the FAQ: the catalogue
 * texts interpolate them, formatted per language, so no amount is written inside a translation.
 */
import { COUNTRIES } from '../../domain/account';
import { formatMAD } from '../../domain/money';
import { countryName } from '../account/format';

/** Standard delivery is free from this order total up (MAD). */
export const FREE_SHIPPING_THRESHOLD_MAD = 500;
/** Express delivery (1-2 days) costs this much (MAD). */
export const EXPRESS_SHIPPING_MAD = 30;

/** The two amounts as the interface language writes them, ready to interpolate ({{freeAbove}}, {{express}}). */
export function shippingAmounts(language: string): { freeAbove: string; express: string } {
  return {
    freeAbove: formatMAD(FREE_SHIPPING_THRESHOLD_MAD, language),
    express: formatMAD(EXPRESS_SHIPPING_MAD, language),
  };
}

/** The countries we deliver to (spec §9), named in the interface language, in the spec's order. */
export function shippingCountries(language: string): { code: string; name: string }[] {
  return COUNTRIES.map((code) => ({ code, name: countryName(code, language) }));
}
