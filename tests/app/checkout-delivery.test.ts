/**
 * The delivery method on the client's pages (decisions.md "Shipping in Morocco"), in every language: the options
 * checkout offers with their days and prices from the domain's rule (a keyboard-usable radio group in Morocco, the
 * one international option abroad), the cart's Free and "add … more for free standard delivery", and the order
 * page's delivery method.
 */
import { createElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartTotals } from '../../src/app/cart/cart-totals';
import type { ShippingForm } from '../../src/domain/checkout';
import { DeliveryChoice } from '../../src/app/checkout/delivery-choice';
import { ReviewStep } from '../../src/app/checkout/review-step';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import { deliveryDaysOf, deliveryKindOf, deliveryOptions } from '../../src/app/orders/delivery-method';
import { formatOrderDate } from '../../src/app/orders/order-format';
import { OrderInfo } from '../../src/app/orders/order-info';
import { addMoney, formatMAD } from '../../src/domain/money';
import { estimatedDeliveryOf, SHIPPING_POLICY, SHIPPING_RATES, totalsOf, type ShippingMethod, type Totals } from '../../src/domain/commerce';
import type { LocalCart } from '../../src/workers/data-api';
import { cartLine, order } from '../db/support/commerce-fixtures';
import { catalog, renderIn, textOf } from './content-render';

const NAMESPACES = ['translation', 'orders', 'commerce'] as const;

const render = (element: ReactElement, language: string): Promise<string> => renderIn(element, language, NAMESPACES);

/** A cart of `quantity` units at `unit` MAD. */
const cartTotals = (unit: number, quantity: number, country = 'MA'): Totals => totalsOf([{ unitPrice: unit, quantity }], country, null);

/** The local cart as the 'cart' query gives it for a country and a method. */
function localCart(unit: number, quantity: number, country: string, method: ShippingMethod): LocalCart {
  return {
    lines: [{ ...cartLine(11, { unit_price: unit, quantity }), pending: false }],
    coupon: null,
    coupon_code: null,
    totals: totalsOf([{ unitPrice: unit, quantity }], country, null, method),
    country,
    shipping_method: method,
    server: null,
    pending: false,
  };
}

const FORM: ShippingForm = {
  first_name: 'Amina', last_name: 'Alaoui', email: 'amina@example.com', phone: '0612345678', street: '12 Rue Talaa',
  apartment: '', city: 'Fes', state: 'Fes-Meknes', postal_code: '30000', country: 'MA',
};

const BELOW = SHIPPING_POLICY.freeStandardFrom - 100;
const ABOVE = SHIPPING_POLICY.freeStandardFrom + 100;

describe('deliveryOptions', () => {
  it('Morocco below the threshold: standard by the cart rule, express the surcharge more, each with its policy days', () => {
    expect(deliveryOptions('MA', 2, BELOW)).toEqual([
      { method: 'standard', kind: 'standard', days: { ...SHIPPING_POLICY.standardDays, business: true }, price: addMoney(SHIPPING_RATES.MA.base, SHIPPING_RATES.MA.extra) },
      {
        method: 'express',
        kind: 'express',
        days: { ...SHIPPING_POLICY.expressDays, business: true },
        price: addMoney(SHIPPING_RATES.MA.base, SHIPPING_RATES.MA.extra, SHIPPING_POLICY.expressSurcharge),
      },
    ]);
  });

  it('Morocco from the threshold: standard free, express the surcharge alone', () => {
    expect(deliveryOptions('MA', 3, SHIPPING_POLICY.freeStandardFrom).map((o) => [o.method, o.price])).toEqual([
      ['standard', 0],
      ['express', SHIPPING_POLICY.expressSurcharge],
    ]);
  });

  it('abroad: one international option, by the cart rule whatever the goods, in calendar days', () => {
    expect(deliveryOptions('AE', 2, ABOVE)).toEqual([
      { method: 'standard', kind: 'international', days: { ...SHIPPING_POLICY.internationalDays, business: false }, price: addMoney(SHIPPING_RATES.default.base, SHIPPING_RATES.default.extra) },
    ]);
    expect(deliveryKindOf('SA', 'standard')).toBe('international');
    expect(deliveryKindOf('MA', 'express')).toBe('express');
    expect(deliveryDaysOf('express')).toEqual({ ...SHIPPING_POLICY.expressDays, business: true });
  });
});

afterEach(() => vi.useRealTimers());

describe.each(LANGUAGES)('in %s', (language) => {
  const orders = catalog(language, 'orders') as { delivery: Record<string, string> };
  const commerce = catalog(language, 'commerce') as { totals: Record<string, string> };
  const money = (amount: number) => formatMAD(amount, language);

  it('checkout in Morocco: a radio group named by its legend, standard chosen, each option with its days and price', async () => {
    const totals = cartTotals(BELOW / 2, 2);
    const html = await render(createElement(DeliveryChoice, { country: 'MA', totals, method: 'standard', onSelect: () => undefined }), language);
    expect(html).toMatch(/^<fieldset\b/);
    expect(html).toMatch(new RegExp(`<legend[^>]*>${orders.delivery.title}</legend>`));
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => /value="([^"]+)"/.exec(r)?.[1])).toEqual(['standard', 'express']);
    // One group: the same name, so arrow keys move between them.
    expect(new Set(radios.map((r) => /name="([^"]+)"/.exec(r)?.[1])).size).toBe(1);
    expect(radios.map((r) => r.includes('checked=""'))).toEqual([true, false]);
    const text = textOf(html);
    expect(text).toContain(orders.delivery.standard);
    expect(text).toContain(orders.delivery.express);
    const standard = addMoney(SHIPPING_RATES.MA.base, SHIPPING_RATES.MA.extra);
    expect(html).toMatch(new RegExp(`data-testid="delivery-standard-price">${money(standard)}<`));
    expect(html).toMatch(new RegExp(`data-testid="delivery-express-price">${money(addMoney(standard, SHIPPING_POLICY.expressSurcharge))}<`));
    for (const days of [SHIPPING_POLICY.standardDays, SHIPPING_POLICY.expressDays]) {
      expect(text).toContain(formatInteger(days.min, language));
      expect(text).toContain(formatInteger(days.max, language));
    }
  });

  it('checkout in Morocco from the threshold: standard says Free', async () => {
    const html = await render(createElement(DeliveryChoice, { country: 'MA', totals: cartTotals(ABOVE, 1), method: 'express', onSelect: () => undefined }), language);
    expect(html).toMatch(new RegExp(`data-testid="delivery-standard-price">${orders.delivery.free}<`));
    expect(html).toMatch(new RegExp(`data-testid="delivery-express-price">${money(SHIPPING_POLICY.expressSurcharge)}<`));
    expect([...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0].includes('checked=""'))).toEqual([false, true]);
  });

  it('checkout abroad: no choice, "International delivery, 7–14 days" with its price', async () => {
    const html = await render(createElement(DeliveryChoice, { country: 'QA', totals: cartTotals(ABOVE, 1, 'QA'), method: 'standard', onSelect: () => undefined }), language);
    expect(html).not.toMatch(/type="radio"/);
    const text = textOf(html);
    expect(text).toContain(orders.delivery.international);
    expect(text).toMatch(new RegExp(`${formatInteger(SHIPPING_POLICY.internationalDays.min, language)}\\D{1,8}${formatInteger(SHIPPING_POLICY.internationalDays.max, language)}`));
    expect(text).toContain(money(SHIPPING_RATES.default.base));
  });

  it('review: the method chosen, its price and the estimated delivery date, with Edit back to the choice', async () => {
    const now = Date.UTC(2025, 2, 14, 10); // a Friday
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const props = { form: FORM, method: 'cod' as const, placing: false, failure: null, blocking: [], onEdit: () => undefined, onBack: () => undefined, onPlace: () => undefined };
    const html = await render(createElement(ReviewStep, { ...props, cart: localCart(BELOW, 1, 'MA', 'express') }), language);
    const block = /data-testid="review-delivery" data-shipping-method="express">(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(textOf(block)).toContain(orders.delivery.express);
    expect(block).toMatch(new RegExp(`data-testid="review-delivery-price">${money(addMoney(SHIPPING_RATES.MA.base, SHIPPING_POLICY.expressSurcharge))}<`));
    const express = estimatedDeliveryOf(now, 'MA', 'express');
    expect(textOf(block)).toContain(formatOrderDate(express, language));
    expect(block).toContain(`dateTime="${new Date(express).toISOString()}"`);
    expect(html).toMatch(/data-testid="edit-delivery"/);

    const standard = await render(createElement(ReviewStep, { ...props, cart: localCart(ABOVE, 1, 'MA', 'standard') }), language);
    expect(standard).toMatch(new RegExp(`data-testid="review-delivery-price">${orders.delivery.free}<`));
    expect(textOf(standard)).toContain(formatOrderDate(estimatedDeliveryOf(now, 'MA', 'standard'), language));
  });

  it('cart: Free standard delivery from the threshold, else how much more makes it free', async () => {
    const free = await render(createElement(CartTotals, { totals: cartTotals(ABOVE, 1), couponCode: null, country: 'MA' }), language);
    expect(free).toMatch(new RegExp(`data-testid="cart-shipping">${commerce.totals.free}<`));
    expect(free).not.toMatch(/cart-free-shipping-hint/);

    const short = await render(createElement(CartTotals, { totals: cartTotals(BELOW, 1), couponCode: null, country: 'MA' }), language);
    expect(short).toMatch(new RegExp(`data-testid="cart-shipping">${money(SHIPPING_RATES.MA.base)}<`));
    const hint = /data-testid="cart-free-shipping-hint">([^<]+)</.exec(short)?.[1] ?? '';
    expect(hint).toContain(money(SHIPPING_POLICY.freeStandardFrom - BELOW));

    const abroad = await render(createElement(CartTotals, { totals: cartTotals(BELOW, 1, 'SA'), couponCode: null, country: 'SA' }), language);
    expect(abroad).not.toMatch(/cart-free-shipping-hint/);
  });

  it('order page: the delivery method with its days, next to the estimated delivery', async () => {
    const express = await render(createElement(OrderInfo, { order: order('x', { shipping_method: 'express' }) }), language);
    const method = /data-testid="order-shipping-method" data-shipping-method="express">([^<]+)</.exec(express)?.[1] ?? '';
    expect(method).toContain(orders.delivery.express);
    expect(method).toMatch(new RegExp(`${formatInteger(SHIPPING_POLICY.expressDays.min, language)}\\D{1,8}${formatInteger(SHIPPING_POLICY.expressDays.max, language)}`));
    expect(express).toMatch(/data-testid="order-estimated-delivery"/);

    const abroad = order('y', { shipping_info: { ...order('y').shipping_info, country: 'OM', postal_code: '' } });
    const html = await render(createElement(OrderInfo, { order: abroad }), language);
    expect(/data-testid="order-shipping-method"[^>]*>([^<]+)</.exec(html)?.[1]).toContain(orders.delivery.international);
  });
});
