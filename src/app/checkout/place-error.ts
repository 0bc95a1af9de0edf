/**
 * Why placing failed, as a key of the 'orders' catalogue: the orders API's codes have their own text,
 * the checkout rules' codes (cart_empty, login_required…) theirs, anything else (the machine's
 * 'place_failed', a network error) the spec's 'order placing failed'.
 */
import { CHECKOUT_ERROR_CODES, type CheckoutErrorCode } from '../../domain/checkout';
import { isOrderErrorCode, type OrderErrorCode } from '../orders/order-refusals';

export type PlaceErrorKey = `errors.${OrderErrorCode}` | `checkout.errors.${CheckoutErrorCode}` | 'errors.placeFailed';

export function placeErrorKey(code: string | null): PlaceErrorKey | null {
  if (code === null) return null;
  if (isOrderErrorCode(code)) return `errors.${code}`;
  if ((CHECKOUT_ERROR_CODES as readonly string[]).includes(code)) return `checkout.errors.${code as CheckoutErrorCode}`;
  return 'errors.placeFailed';
}
