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

/** The console's label (catalogue `admin`) of each field its requests send, by the server's parameter name. */
const FIELD_LABELS = {
  amount: 'money.amount',
  reason: 'reason.label',
  reference: 'money.reference',
  period_end: 'money.periodEnd',
  from: 'money.from',
  to: 'money.to',
  courier: 'money.courier',
  received_at: 'money.receivedOn',
  order_ids: 'money.orderIds',
  commission_rate: 'shops.commission',
  body: 'inbox.reply',
} as const;
type FieldLabelKey = (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS];

/** The label key of a refused field, or null for one the console has no label for (its name is the server's, in English). */
export function fieldLabelKey(parameter: string | undefined): FieldLabelKey | null {
  return parameter !== undefined && Object.hasOwn(FIELD_LABELS, parameter) ? FIELD_LABELS[parameter as keyof typeof FIELD_LABELS] : null;
}

/** `(error) => text`: the one message to show for a failed console request. */
export function useAdminErrorText(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  const sellerText = useSellerErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiFailure && error.status === 403) return t('errors.FORBIDDEN');
      if (error instanceof ApiFailure && isAdminCode(error.code)) {
        const label = error.code === 'VALIDATION' ? fieldLabelKey(error.errors[0]?.parameter) : null;
        return label ? t('errors.field', { field: t(label) }) : t(`errors.${error.code}`);
      }
      return sellerText(error);
    },
    [t, sellerText],
  );
}
