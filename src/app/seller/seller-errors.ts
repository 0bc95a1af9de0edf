/**
 * The seller API's failures in the user's language (catalogue `seller`). Field messages of a 422 are matched by
 * their English wording (docs/SELLERS.md "Errors") and said again beside their field, without the field's name
 * (the label is right above). A write that failed because the network is off says so: nothing was sent and the
 * form keeps what was typed. Codes the seller API does not own go to the accounts' translation (auth/error-text).
 */
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, NETWORK_ERROR_CODE, type FieldError } from '../auth/api-client';
import { useErrorText } from '../auth/error-text';

type SellerT = TFunction<'seller'>;

const CODES = [
  'SHOP_ALREADY_REGISTERED',
  'OPERATOR_CANNOT_SELL',
  'SHOP_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'VARIANT_NOT_FOUND',
  'VARIANT_EXISTS',
  'LAST_VARIANT',
  'PRODUCT_IMAGE_TYPE',
  'PRODUCT_IMAGE_TOO_LARGE',
  'PRODUCT_TOO_MANY_IMAGES',
  'IMAGE_ORDER_INVALID',
  'PRODUCT_MODERATED',
  'VALIDATION',
] as const;
type SellerCode = (typeof CODES)[number];

function isSellerCode(code: string): code is SellerCode {
  return (CODES as readonly string[]).includes(code);
}

/** One server field message, said again in the user's language. */
export function sellerFieldText(t: SellerT, message: string): string {
  if (/ field is required\.?$|needs a name/.test(message)) return t('field.required');
  if (/must be greater than 0/.test(message)) return t('field.positive');
  if (/at most 2 decimals/.test(message)) return t('field.decimals');
  if (/must be less than the price/.test(message)) return t('field.discountBelow');
  if (/has already been taken/.test(message)) return t('field.taken');
  const max = /may not be greater than (\d+) characters/.exec(message);
  if (max) return t('field.max', { max: Number(max[1]) });
  if (/valid phone number/.test(message)) return t('field.phone');
  if (/whole number from 0 to/.test(message)) return t('field.stock');
  if (/at least one variant/.test(message)) return t('field.needVariant');
  if (/own size, color and fabric/.test(message)) return t('field.variantRepeated');
  if (/control characters/.test(message)) return t('field.control');
  return t('field.invalid');
}

/** A 422's field errors by parameter (the first of each), in the user's language. */
export function sellerFieldErrors(t: SellerT, errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.parameter] ??= sellerFieldText(t, e.message);
  return out;
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiFailure && (error.status === 0 || error.code === NETWORK_ERROR_CODE));
}

/** `(error) => text`: the one message to show for a failed seller request. */
export function useSellerErrorText(): (error: unknown) => string {
  const { t } = useTranslation('seller');
  const accountText = useErrorText();
  return useCallback(
    (error: unknown) => {
      if (isNetworkFailure(error)) return t('errors.offline');
      if (error instanceof ApiFailure && isSellerCode(error.code)) return t(`errors.${error.code}`);
      return accountText(error);
    },
    [t, accountText],
  );
}

/** `(error) => {parameter: text}` for the current language. */
export function useSellerFieldErrors(): (error: unknown) => Record<string, string> {
  const { t } = useTranslation('seller');
  return useCallback((error: unknown) => (error instanceof ApiFailure ? sellerFieldErrors(t, error.errors) : {}), [t]);
}
