import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShippingForm } from '../../src/domain/checkout';
import { shippingInfoSchema } from '../../src/domain/commerce-schemas';
import {
  checkoutMachine,
  checkoutStepOf,
  LOCATION_FAILED,
  PLACE_FAILED,
  placeFailureCode,
  type CheckoutInput,
  type PlaceOrderRequest,
  type PlaceOrderResult,
  type Position,
} from '../../src/machines/checkout';

const profile: ShippingForm = {
  first_name: 'Amina',
  last_name: 'El Idrissi',
  email: 'amina@example.ma',
  phone: '0612345678',
  street: '12 rue Souika',
  apartment: '',
  city: 'Rabat',
  state: 'Rabat-Salé-Kénitra',
  postal_code: '10000',
  country: 'MA',
};

/** A thrown API failure, as the app's client raises it. */
const failure = (code: string) => Object.assign(new Error(code), { status: 422, code, body: { code } });

function start(
  options: {
    input?: Partial<CheckoutInput>;
    locate?: () => Promise<Position>;
    place?: (input: PlaceOrderRequest) => Promise<PlaceOrderResult>;
  } = {},
) {
  const locate = vi.fn(options.locate ?? (() => Promise.resolve({ lat: 31.6295, lon: -7.9811 })));
  const place = vi.fn(options.place ?? (() => Promise.resolve({ orderId: 'order-1' })));
  const machine = checkoutMachine.provide({
    actors: {
      locate: fromPromise(() => locate()),
      placeOrder: fromPromise(({ input }: { input: PlaceOrderRequest }) => place(input)),
    },
  });
  const actor = createActor(machine, {
    input: { loggedIn: true, cartCount: 2, form: profile, ...options.input },
  }).start();
  return { actor, locate, place };
}

/** Lets promise actors settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Walks a ready checkout to the review step. */
function toReview(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'NEXT' });
  expect(actor.getSnapshot().value).toBe('review');
}

describe('checkout machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  describe('the entry gate', () => {
    it('a signed-in buyer with a cart starts at shipping with the prefilled form and cash on delivery', () => {
      const { actor } = start();
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual({ shipping: 'editing' });
      expect(snapshot.context.form).toEqual(profile);
      expect(snapshot.context.paymentMethod).toBe('cod');
      expect(snapshot.context.errors).toEqual({});
    });

    it('a partial prefill fills the rest with empty fields', () => {
      const { actor } = start({ input: { form: { first_name: 'Amina' } } });
      expect(actor.getSnapshot().context.form).toMatchObject({ first_name: 'Amina', last_name: '', country: '' });
    });

    it('a guest is blocked with login_required', () => {
      const { actor } = start({ input: { loggedIn: false } });
      expect(actor.getSnapshot().value).toBe('blocked');
      expect(actor.getSnapshot().context.errors).toEqual({ login: 'login_required' });
    });

    it('an empty cart is blocked with cart_empty', () => {
      const { actor } = start({ input: { cartCount: 0 } });
      expect(actor.getSnapshot().value).toBe('blocked');
      expect(actor.getSnapshot().context.errors).toEqual({ cart: 'cart_empty' });
    });

    it('both at once', () => {
      const { actor } = start({ input: { loggedIn: false, cartCount: 0 } });
      expect(actor.getSnapshot().context.errors).toEqual({ login: 'login_required', cart: 'cart_empty' });
    });

    it('blocked opens once the buyer signs in and the cart fills', () => {
      const { actor } = start({ input: { loggedIn: false, cartCount: 0 } });
      actor.send({ type: 'SESSION_CHANGED', loggedIn: true });
      expect(actor.getSnapshot().value).toBe('blocked');
      expect(actor.getSnapshot().context.errors).toEqual({ cart: 'cart_empty' });
      actor.send({ type: 'CART_CHANGED', cartCount: 1 });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it('blocked ignores the steps', () => {
      const { actor } = start({ input: { loggedIn: false } });
      for (const type of ['NEXT', 'BACK', 'PLACE', 'DETECT_LOCATION'] as const) actor.send({ type });
      expect(actor.getSnapshot().value).toBe('blocked');
    });
  });

  describe('shipping step', () => {
    it('NEXT with a valid form goes to payment', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it('NEXT with an invalid form stays and keeps a code per field', () => {
      const { actor } = start({ input: { form: { ...profile, first_name: '', email: 'nope', phone: '123', postal_code: '1000' } } });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.errors).toEqual({
        first_name: 'required',
        email: 'invalid_email',
        phone: 'invalid_phone',
        postal_code: 'invalid_postal_code',
      });
    });

    it('an empty form: every required field and the country', () => {
      const { actor } = start({ input: { form: {} } });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().context.errors).toMatchObject({
        first_name: 'required',
        last_name: 'required',
        email: 'required',
        phone: 'required',
        street: 'required',
        city: 'required',
        state: 'required',
        country: 'country_required',
      });
    });

    it('UPDATE_FIELD changes one field and clears its error only', () => {
      const { actor } = start({ input: { form: { ...profile, first_name: '', email: 'nope' } } });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'UPDATE_FIELD', field: 'first_name', value: 'Amina' });
      expect(actor.getSnapshot().context.form.first_name).toBe('Amina');
      expect(actor.getSnapshot().context.errors).toEqual({ email: 'invalid_email' });
      actor.send({ type: 'UPDATE_FIELD', field: 'email', value: 'amina@example.ma' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('changing the country clears the postal code error too (its rule depends on the country)', () => {
      const { actor } = start({ input: { form: { ...profile, postal_code: '' } } });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().context.errors).toEqual({ postal_code: 'invalid_postal_code' });
      actor.send({ type: 'UPDATE_FIELD', field: 'country', value: 'AE' });
      expect(actor.getSnapshot().context.errors).toEqual({});
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('a country outside the seven is refused', () => {
      const { actor } = start();
      actor.send({ type: 'UPDATE_FIELD', field: 'country', value: 'FR' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().context.errors).toEqual({ country: 'invalid_country' });
    });

    it('SET_SHIPPING merges a partial form and clears the errors of the fields it sets', () => {
      const { actor } = start({ input: { form: {} } });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'SET_SHIPPING', form: { ...profile, last_name: '' } });
      expect(actor.getSnapshot().context.form).toEqual({ ...profile, last_name: '' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().context.errors).toEqual({ last_name: 'required' });
      actor.send({ type: 'SET_SHIPPING', form: { last_name: 'Bennani' } });
      expect(actor.getSnapshot().context.errors).toEqual({});
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('PLACE and SELECT_PAYMENT do nothing on the shipping step', () => {
      const { actor, place } = start();
      actor.send({ type: 'PLACE' });
      actor.send({ type: 'SELECT_PAYMENT', method: 'card' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.errors).toEqual({});
      expect(place).not.toHaveBeenCalled();
    });
  });

  describe('detect my location', () => {
    it('fills city, region, country and postal code from the nearest city', async () => {
      const { actor, locate } = start({ input: { form: { ...profile, city: '', state: '', postal_code: '', country: '' } } });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'DETECT_LOCATION' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'locating' });
      await settle();
      expect(locate).toHaveBeenCalledTimes(1);
      const { context, value } = actor.getSnapshot();
      expect(value).toEqual({ shipping: 'editing' });
      expect(context.form).toMatchObject({ city: 'Marrakech', state: 'Marrakech-Safi', country: 'MA', postal_code: '40000' });
      expect(context.form.street).toBe(profile.street);
      expect(context.errors).toEqual({});
      expect(context.detected?.city.name_ar).toBe('مراكش');
      expect(context.detected?.distanceKm).toBeLessThan(1);
      expect(context.locationError).toBeNull();
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('a Gulf position gives its country and no postal code where there is none', async () => {
      const { actor } = start({ locate: () => Promise.resolve({ lat: 25.2, lon: 55.28 }) });
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().context.form).toMatchObject({ city: 'Dubai', state: 'Dubai', country: 'AE', postal_code: '' });
    });

    it('a failed detection sets location_failed and keeps the form as typed', async () => {
      const { actor } = start({ locate: () => Promise.reject(new Error('User denied Geolocation')) });
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.locationError).toBe(LOCATION_FAILED);
      expect(actor.getSnapshot().context.form).toEqual(profile);
      // Manual entry remains.
      actor.send({ type: 'UPDATE_FIELD', field: 'city', value: 'Salé' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('a position far from every known city also fails', async () => {
      const { actor } = start({ locate: () => Promise.resolve({ lat: 48.8566, lon: 2.3522 }) });
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().context.locationError).toBe(LOCATION_FAILED);
      expect(actor.getSnapshot().context.detected).toBeNull();
      expect(actor.getSnapshot().context.form).toEqual(profile);
    });

    it('a new attempt clears the previous failure, and a success clears it too', async () => {
      let fail = true;
      const { actor } = start({
        locate: () => (fail ? Promise.reject(new Error('timeout')) : Promise.resolve({ lat: 35.7595, lon: -5.834 })),
      });
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().context.locationError).toBe(LOCATION_FAILED);
      fail = false;
      actor.send({ type: 'DETECT_LOCATION' });
      expect(actor.getSnapshot().context.locationError).toBeNull();
      await settle();
      expect(actor.getSnapshot().context.form.city).toBe('Tanger');
    });

    it('waits for a slow position; typing meanwhile is kept for the fields the city does not fill', async () => {
      let resolve: (p: Position) => void = () => {};
      const { actor } = start({ locate: () => new Promise<Position>((r) => (resolve = r)) });
      actor.send({ type: 'DETECT_LOCATION' });
      actor.send({ type: 'DETECT_LOCATION' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(actor.getSnapshot().value).toEqual({ shipping: 'locating' });
      actor.send({ type: 'UPDATE_FIELD', field: 'street', value: '3 derb Lalla' });
      resolve({ lat: 34.0181, lon: -5.0078 });
      await settle();
      expect(actor.getSnapshot().context.form).toMatchObject({ street: '3 derb Lalla', city: 'Fès', postal_code: '30000' });
    });

    it('leaving the step while locating stops the detection', async () => {
      let resolve: (p: Position) => void = () => {};
      const { actor } = start({ locate: () => new Promise<Position>((r) => (resolve = r)) });
      actor.send({ type: 'DETECT_LOCATION' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
      resolve({ lat: 34.0181, lon: -5.0078 });
      await settle();
      expect(actor.getSnapshot().context.form.city).toBe('Rabat');
    });

    it('without a provided locate the detection fails cleanly', async () => {
      const actor = createActor(checkoutMachine, { input: { loggedIn: true, cartCount: 1, form: profile } }).start();
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().context.locationError).toBe(LOCATION_FAILED);
    });
  });

  describe('payment step', () => {
    it('cash on delivery is preselected: NEXT goes to review', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('review');
    });

    it('card and PayPal are refused with payment_unavailable; cod stays chosen', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      for (const method of ['card', 'paypal']) {
        actor.send({ type: 'SELECT_PAYMENT', method });
        expect(actor.getSnapshot().context.errors).toEqual({ payment: 'payment_unavailable' });
        expect(actor.getSnapshot().context.paymentMethod).toBe('cod');
      }
      actor.send({ type: 'SELECT_PAYMENT', method: 'cod' });
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it('NEXT after a refused card goes on with cash on delivery and clears the error', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'SELECT_PAYMENT', method: 'card' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('review');
      expect(actor.getSnapshot().context.errors).toEqual({});
    });

    it('without a method chosen NEXT says payment_required', () => {
      const { actor } = start({ input: { paymentMethod: null } });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
      expect(actor.getSnapshot().context.errors).toEqual({ payment: 'payment_required' });
      actor.send({ type: 'SELECT_PAYMENT', method: 'paypal' });
      expect(actor.getSnapshot().context.errors).toEqual({ payment: 'payment_unavailable' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
      actor.send({ type: 'SELECT_PAYMENT', method: 'cod' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('review');
    });

    it('BACK and EDIT_STEP shipping return to the shipping step with the form kept', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.form).toEqual(profile);
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'EDIT_STEP', step: 'shipping' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
    });

    it('BACK on the shipping step does nothing', () => {
      const { actor } = start();
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
    });
  });

  describe('review and placing', () => {
    it('PLACE sends the normalised shipping info and cod, then finishes with the order id', async () => {
      const { actor, place } = start();
      toReview(actor);
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('placing');
      await settle();
      expect(place).toHaveBeenCalledTimes(1);
      const request = place.mock.calls[0]![0];
      expect(request).toEqual({ shipping_info: { ...profile, phone: '+212612345678' }, payment_method: 'cod', shipping_method: 'standard' });
      expect(shippingInfoSchema.safeParse(request.shipping_info).success).toBe(true);
      const done = await waitFor(actor, (s) => s.status === 'done');
      expect(done.value).toBe('placed');
      expect(done.context.orderId).toBe('order-1');
      expect(done.output).toEqual({ orderId: 'order-1' });
    });

    it('PLACE twice while placing sends one order', async () => {
      const { actor, place } = start();
      toReview(actor);
      actor.send({ type: 'PLACE' });
      actor.send({ type: 'PLACE' });
      await settle();
      expect(place).toHaveBeenCalledTimes(1);
    });

    it('a failure goes back to review with its code, and PLACE may try again', async () => {
      let attempt = 0;
      const { actor, place } = start({
        place: () => (++attempt === 1 ? Promise.reject(failure('PRICE_CHANGED')) : Promise.resolve({ orderId: 'order-2' })),
      });
      toReview(actor);
      actor.send({ type: 'PLACE' });
      await settle();
      expect(actor.getSnapshot().value).toBe('review');
      expect(actor.getSnapshot().context.placeError).toBe('PRICE_CHANGED');
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().context.placeError).toBeNull();
      await settle();
      expect(place).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().value).toBe('placed');
      expect(actor.getSnapshot().context.orderId).toBe('order-2');
    });

    it('a failure without a code gives place_failed', async () => {
      const { actor } = start({ place: () => Promise.reject(new Error('worker gone')) });
      toReview(actor);
      actor.send({ type: 'PLACE' });
      await settle();
      expect(actor.getSnapshot().context.placeError).toBe(PLACE_FAILED);
    });

    it('the cart emptied meanwhile: PLACE refuses with cart_empty without calling placeOrder', () => {
      const { actor, place } = start();
      toReview(actor);
      actor.send({ type: 'CART_CHANGED', cartCount: 0 });
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('review');
      expect(actor.getSnapshot().context.errors).toEqual({ cart: 'cart_empty' });
      expect(place).not.toHaveBeenCalled();
      actor.send({ type: 'CART_CHANGED', cartCount: 3 });
      expect(actor.getSnapshot().context.errors).toEqual({});
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('placing');
    });

    it('signed out meanwhile: PLACE refuses with login_required until signed in again', () => {
      const { actor, place } = start();
      toReview(actor);
      actor.send({ type: 'SESSION_CHANGED', loggedIn: false });
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('review');
      expect(actor.getSnapshot().context.errors).toEqual({ login: 'login_required' });
      expect(place).not.toHaveBeenCalled();
      actor.send({ type: 'SESSION_CHANGED', loggedIn: true });
      expect(actor.getSnapshot().context.errors).toEqual({});
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('placing');
    });

    it('BACK goes to payment, then to shipping', () => {
      const { actor } = start();
      toReview(actor);
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toBe('payment');
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
    });

    it('EDIT_STEP jumps back to the step named; the edits are validated again on the way forward', () => {
      const { actor, place } = start();
      toReview(actor);
      actor.send({ type: 'EDIT_STEP', step: 'payment' });
      expect(actor.getSnapshot().value).toBe('payment');
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'EDIT_STEP', step: 'shipping' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      actor.send({ type: 'UPDATE_FIELD', field: 'email', value: 'broken' });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      expect(actor.getSnapshot().context.errors).toEqual({ email: 'invalid_email' });
      expect(place).not.toHaveBeenCalled();
    });

    it('the steps cannot be skipped forward', () => {
      const { actor } = start();
      actor.send({ type: 'EDIT_STEP', step: 'payment' });
      expect(actor.getSnapshot().value).toEqual({ shipping: 'editing' });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'PLACE' });
      expect(actor.getSnapshot().value).toBe('payment');
    });

    it('placed is final: nothing moves it', async () => {
      const { actor } = start();
      toReview(actor);
      actor.send({ type: 'PLACE' });
      await settle();
      actor.send({ type: 'BACK' });
      actor.send({ type: 'EDIT_STEP', step: 'shipping' });
      expect(actor.getSnapshot().value).toBe('placed');
      expect(actor.getSnapshot().status).toBe('done');
    });
  });

  describe('delivery method', () => {
    /** Walks a ready checkout to the payment step. */
    function toPayment(actor: ReturnType<typeof start>['actor']) {
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('payment');
    }

    it('standard is the default, and PLACE sends it', async () => {
      const { actor, place } = start();
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
      toReview(actor);
      actor.send({ type: 'PLACE' });
      await settle();
      expect(place.mock.calls[0]![0].shipping_method).toBe('standard');
    });

    it('express chosen on the payment step in Morocco is kept through review and sent with the order', async () => {
      const { actor, place } = start();
      toPayment(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('express');
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'EDIT_STEP', step: 'payment' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('express');
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'PLACE' });
      await settle();
      expect(place.mock.calls[0]![0]).toMatchObject({ shipping_method: 'express', shipping_info: { country: 'MA' } });
    });

    it('back to standard when chosen again', () => {
      const { actor } = start();
      toPayment(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'standard' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
    });

    it('abroad express is not offered: choosing it changes nothing', async () => {
      const { actor, place } = start({ input: { form: { ...profile, country: 'AE', city: 'Dubai', state: 'Dubai', postal_code: '' } } });
      toPayment(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'PLACE' });
      await settle();
      expect(place.mock.calls[0]![0].shipping_method).toBe('standard');
    });

    it('a country that does not offer express puts the choice back to standard; Morocco again does not bring it back', () => {
      const { actor } = start();
      toPayment(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      actor.send({ type: 'BACK' });
      actor.send({ type: 'UPDATE_FIELD', field: 'country', value: 'SA' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
      actor.send({ type: 'UPDATE_FIELD', field: 'country', value: 'MA' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
    });

    it('SET_SHIPPING and a detected Gulf city abroad put it back to standard too; other fields keep it', async () => {
      const { actor } = start({ locate: () => Promise.resolve({ lat: 25.2, lon: 55.28 }) });
      toPayment(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      actor.send({ type: 'BACK' });
      actor.send({ type: 'UPDATE_FIELD', field: 'city', value: 'Salé' });
      actor.send({ type: 'SET_SHIPPING', form: { street: '3 rue Oqba' } });
      expect(actor.getSnapshot().context.shippingMethod).toBe('express');
      actor.send({ type: 'DETECT_LOCATION' });
      await settle();
      expect(actor.getSnapshot().context.form.country).toBe('AE');
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');

      const other = start().actor;
      toPayment(other);
      other.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      other.send({ type: 'BACK' });
      other.send({ type: 'SET_SHIPPING', form: { country: 'QA' } });
      expect(other.getSnapshot().context.shippingMethod).toBe('standard');
    });

    it('is chosen on the payment step only', () => {
      const { actor } = start();
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
      toReview(actor);
      actor.send({ type: 'SELECT_SHIPPING_METHOD', method: 'express' });
      expect(actor.getSnapshot().context.shippingMethod).toBe('standard');
    });

    it('a preselected method is kept where the country offers it', () => {
      expect(start({ input: { shippingMethod: 'express' } }).actor.getSnapshot().context.shippingMethod).toBe('express');
      const abroad = start({ input: { shippingMethod: 'express', form: { ...profile, country: 'KW' } } });
      expect(abroad.actor.getSnapshot().context.shippingMethod).toBe('standard');
    });
  });

  describe('checkoutStepOf', () => {
    it('maps every state to the step indicator', async () => {
      const { actor } = start();
      expect(checkoutStepOf(actor.getSnapshot().value)).toBe('shipping');
      actor.send({ type: 'NEXT' });
      expect(checkoutStepOf(actor.getSnapshot().value)).toBe('payment');
      actor.send({ type: 'NEXT' });
      expect(checkoutStepOf(actor.getSnapshot().value)).toBe('review');
      actor.send({ type: 'PLACE' });
      expect(checkoutStepOf(actor.getSnapshot().value)).toBe('review');
      await settle();
      expect(checkoutStepOf(actor.getSnapshot().value)).toBe('placed');
      expect(checkoutStepOf(start({ input: { loggedIn: false } }).actor.getSnapshot().value)).toBeNull();
      expect(checkoutStepOf({ shipping: 'locating' })).toBe('shipping');
      expect(checkoutStepOf(undefined)).toBeNull();
    });
  });

  describe('placeFailureCode', () => {
    it('reads code, then body.code, else place_failed', () => {
      expect(placeFailureCode(failure('OUT_OF_STOCK_ITEMS'))).toBe('OUT_OF_STOCK_ITEMS');
      expect(placeFailureCode({ body: { code: 'CART_EMPTY' } })).toBe('CART_EMPTY');
      expect(placeFailureCode({ code: '' })).toBe(PLACE_FAILED);
      expect(placeFailureCode(new Error('x'))).toBe(PLACE_FAILED);
      expect(placeFailureCode(null)).toBe(PLACE_FAILED);
      expect(placeFailureCode('boom')).toBe(PLACE_FAILED);
    });
  });
});
