/**
 * Order failures in the user's language: the orders API's codes have their own texts in the 'orders'
 * catalogue; network, session and validation failures use the shared texts (auth/error-text); anything else
 * says the spec's fallback for what was being done ('Failed to fetch orders', 'Failed to create order', …).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, NETWORK_ERROR_CODE } from '../auth/api-client';
import { useErrorText } from '../auth/error-text';
import { failureCode, isOrderErrorCode } from './order-refusals';

export type OrderFallback = 'fetchOrders' | 'createOrder' | 'placeFailed' | 'updateOrder' | 'submitReviews';

/** Failures the shared texts say better: no network, session ended, forbidden, rate limited, invalid fields. */
function isGeneric(error: unknown): error is ApiFailure {
  return (
    error instanceof ApiFailure &&
    (error.status === 0 ||
      error.code === NETWORK_ERROR_CODE ||
      error.code === 'VALIDATION' ||
      [401, 403, 429].includes(error.status))
  );
}

export function useOrderErrorText(): (error: unknown, fallback: OrderFallback) => string {
  const { t } = useTranslation('orders');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, fallback: OrderFallback) => {
      const code = failureCode(error);
      if (isOrderErrorCode(code)) return t(`errors.${code}`);
      if (isGeneric(error)) return errorText(error);
      return t(`errors.${fallback}`);
    },
    [t, errorText],
  );
}
