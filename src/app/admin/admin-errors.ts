/**
 * The operator API's failures in the user's language (catalogue `admin`): the console's own codes, then the
 * seller's and the accounts' translations (a network failure says nothing was sent).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../auth/api-client';
import { useSellerErrorText } from '../seller/seller-errors';

const CODES = [
  'SHOP_NOT_FOUND',
  'SHOP_PHONE_NOT_VERIFIED',
  'PAYOUT_NOT_FOUND',
  'PAYOUT_NOT_PENDING',
  'PERIOD_NOT_ENDED',
  'REVIEW_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'POST_NOT_FOUND',
  'CONTACT_MESSAGE_NOT_FOUND',
  'CONTACT_MESSAGE_ANSWERED',
  'MAIL_FAILED',
  'ORDER_NOT_COLLECTED',
  'ORDER_ALREADY_REMITTED',
  'FORBIDDEN',
  'VALIDATION',
] as const;
type AdminCode = (typeof CODES)[number];

function isAdminCode(code: string): code is AdminCode {
  return (CODES as readonly string[]).includes(code);
}

/** `(error) => text`: the one message to show for a failed console request. */
export function useAdminErrorText(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  const sellerText = useSellerErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiFailure && error.status === 403) return t('errors.FORBIDDEN');
      if (error instanceof ApiFailure && isAdminCode(error.code)) {
        const field = error.code === 'VALIDATION' ? error.errors[0]?.parameter : undefined;
        return field ? t('errors.field', { field }) : t(`errors.${error.code}`);
      }
      return sellerText(error);
    },
    [t, sellerText],
  );
}
