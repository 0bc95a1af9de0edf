/**
 * How the checkout, the review and the order page name a delivery method (decisions.md "Shipping in Morocco"):
 * in Morocco standard or express, abroad international (every order abroad goes standard), each with its days
 * from SHIPPING_POLICY and its price from shippingCost. Pure, so the figures are the domain's.
 */
import { DOMESTIC_COUNTRY, SHIPPING_POLICY, shippingCost, shippingMethodsFor, type ShippingMethod } from '../../domain/commerce';

/** What the buyer reads: the method's name in the orders catalogue (delivery.{kind}). */
export type DeliveryKind = 'standard' | 'express' | 'international';

export interface DeliveryDays {
  min: number;
  max: number;
  /** Business days (Morocco) or calendar days (international). */
  business: boolean;
}

export interface DeliveryOption {
  method: ShippingMethod;
  kind: DeliveryKind;
  days: DeliveryDays;
  /** Shipping for this method, MAD (0 = free). */
  price: number;
}

export function deliveryKindOf(country: string, method: ShippingMethod): DeliveryKind {
  return country === DOMESTIC_COUNTRY ? method : 'international';
}

export function deliveryDaysOf(kind: DeliveryKind): DeliveryDays {
  switch (kind) {
    case 'standard':
      return { ...SHIPPING_POLICY.standardDays, business: true };
    case 'express':
      return { ...SHIPPING_POLICY.expressDays, business: true };
    case 'international':
      return { ...SHIPPING_POLICY.internationalDays, business: false };
  }
}

/**
 * The methods `country` offers for `itemCount` units whose goods come to `goods` MAD after the coupon, each
 * with its name, days and price: standard then express in Morocco, one international option abroad.
 */
export function deliveryOptions(country: string, itemCount: number, goods: number): DeliveryOption[] {
  return shippingMethodsFor(country).map((method) => {
    const kind = deliveryKindOf(country, method);
    return { method, kind, days: deliveryDaysOf(kind), price: shippingCost(country, itemCount, goods, method) };
  });
}
