/**
 * The checkout (spec §2, §4 "Checkout steps: shipping, payment, review", §5
 * "Checkout") as a state machine. Each step is validated by the rules of
 * src/domain/checkout.ts before the next one opens; refusals stay in
 * context.errors as codes per field (the UI translates them). A signed-in
 * buyer and a cart that is not empty are checked on entry and again before
 * placing. "Detect my location" and placing the order are promise actors the
 * app injects with .provide(), so the machine runs headless in tests.
 *
 * The delivery method (decisions.md "Shipping in Morocco") is chosen on the payment step with
 * SELECT_SHIPPING_METHOD: standard by default, express only where the country offers it (Morocco). A
 * country that does not offer the chosen method puts it back to standard.
 *
 *   gate ─┬─ not ready ──▶ blocked ──SESSION_CHANGED / CART_CHANGED (ready)──▶ shipping
 *         └─ ready ──▶ shipping ──NEXT(valid)──▶ payment ──NEXT(cod)──▶ review ──PLACE(ready)──▶ placing ──done──▶ placed
 *                      editing ⇄ locating  ◀──BACK──        ◀──BACK──        ◀────────────error──────┘
 *                      (DETECT_LOCATION)     ◀────────────EDIT_STEP────────────┘
 */
import { assign, fromPromise, setup } from 'xstate';
import { shippingMethodsFor, type PaymentMethod, type ShippingMethod } from '../domain/commerce';
import {
  EMPTY_SHIPPING_FORM,
  hasErrors,
  toShippingInfo,
  validatePayment,
  validateReadiness,
  validateShipping,
  type CheckoutErrors,
  type ShippingField,
  type ShippingForm,
} from '../domain/checkout';
import { nearestCity, type NearestCity } from '../domain/cities';
import type { ShippingInfo } from '../domain/commerce-schemas';

/** The error code when the position could not be had, or is not near any known city (spec §8 "location detection failed"). */
export const LOCATION_FAILED = 'location_failed';
/** The error code when placeOrder failed without a code of its own (spec §8 "order placing failed"). */
export const PLACE_FAILED = 'place_failed';

export type CheckoutStep = 'shipping' | 'payment' | 'review';

export interface Position {
  lat: number;
  lon: number;
}

/** What placeOrder receives (the data worker's PlaceOrderInput: it reads the cart's lines itself). */
export interface PlaceOrderRequest {
  shipping_info: ShippingInfo;
  payment_method: 'cod';
  shipping_method: ShippingMethod;
}

export interface PlaceOrderResult {
  orderId: string;
}

export interface CheckoutInput {
  loggedIn: boolean;
  /** Units (or lines) in the cart; 0 = empty. */
  cartCount: number;
  /** The form prefilled (shippingFormFromUser: profile and default address); missing fields are ''. */
  form?: Partial<ShippingForm>;
  /** The payment method preselected; cash on delivery when omitted. */
  paymentMethod?: PaymentMethod | null;
  /** The delivery method preselected; standard when omitted or not offered to the form's country. */
  shippingMethod?: ShippingMethod;
}

export interface CheckoutContext {
  form: ShippingForm;
  loggedIn: boolean;
  cartCount: number;
  /** The method chosen; only 'cod' is ever stored (card / PayPal are refused with errors.payment). */
  paymentMethod: PaymentMethod | null;
  /** How the order travels: standard, or express where the form's country offers it. */
  shippingMethod: ShippingMethod;
  /** Codes per field (form fields, 'payment', 'cart', 'login'); {} when nothing is wrong. */
  errors: CheckoutErrors;
  /** 'location_failed' after DETECT_LOCATION failed; manual entry stays possible. */
  locationError: typeof LOCATION_FAILED | null;
  /** The city the last detection found (for "Detected: Rabat (3 km)" and the Arabic name). */
  detected: NearestCity | null;
  /** Why the last PLACE failed: the thrown error's code (e.g. CART_EMPTY, PRICE_CHANGED) or 'place_failed'. */
  placeError: string | null;
  orderId: string | null;
}

export type CheckoutEvent =
  | { type: 'UPDATE_FIELD'; field: ShippingField; value: string }
  | { type: 'SET_SHIPPING'; form: Partial<ShippingForm> }
  | { type: 'DETECT_LOCATION' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SELECT_PAYMENT'; method: string }
  /** The delivery method (payment step); one the country does not offer is ignored. */
  | { type: 'SELECT_SHIPPING_METHOD'; method: ShippingMethod }
  | { type: 'PLACE' }
  | { type: 'EDIT_STEP'; step: 'shipping' | 'payment' }
  /** The session changed (login / logout in this or another tab). */
  | { type: 'SESSION_CHANGED'; loggedIn: boolean }
  /** The cart changed while checking out (another tab, a sync). */
  | { type: 'CART_CHANGED'; cartCount: number };

/** The code of a thrown failure ({code} or {body:{code}}), else 'place_failed'. */
export function placeFailureCode(error: unknown): string {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  const body = typeof record.body === 'object' && record.body !== null ? (record.body as Record<string, unknown>) : {};
  return typeof body.code === 'string' && body.code !== '' ? body.code : PLACE_FAILED;
}

/** The form with a partial update applied (unknown keys ignored; an unknown country kept as typed so validation reports it). */
function patchForm(form: ShippingForm, patch: Partial<Record<ShippingField, string>>): ShippingForm {
  const next = { ...form };
  for (const [key, value] of Object.entries(patch)) {
    if (key in EMPTY_SHIPPING_FORM && typeof value === 'string') (next as Record<string, string>)[key] = value;
  }
  return next;
}

/** Errors without the given fields (a field edited loses its error until validated again). */
function without(errors: CheckoutErrors, fields: readonly string[]): CheckoutErrors {
  const next = { ...errors };
  for (const f of fields) delete next[f as keyof CheckoutErrors];
  return next;
}

function formOf(input: CheckoutInput['form']): ShippingForm {
  return patchForm(EMPTY_SHIPPING_FORM, (input ?? {}) as Partial<Record<ShippingField, string>>);
}

/** The method kept for a country: the one chosen when the country offers it, else standard. */
function methodFor(country: string, method: ShippingMethod): ShippingMethod {
  return shippingMethodsFor(country).includes(method) ? method : 'standard';
}

const notProvided = (what: string) => () => Promise.reject(new Error(`checkout: ${what} not provided`));

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as PlaceOrderResult,
  },
  actors: {
    /** The device's position (the app: navigator.geolocation); rejects when denied, unavailable or timed out. */
    locate: fromPromise<Position, void>(notProvided('locate')),
    /** Places the order (the app: the data worker's placeOrder); resolves with the order's id. */
    placeOrder: fromPromise<PlaceOrderResult, PlaceOrderRequest>(notProvided('placeOrder')),
  },
  guards: {
    ready: ({ context }) => !hasErrors(validateReadiness(context)),
    shippingValid: ({ context }) => !hasErrors(validateShipping(context.form)),
    paymentValid: ({ context }) => !hasErrors(validatePayment(context.paymentMethod)),
    canPlace: ({ context }) =>
      !hasErrors(validateReadiness(context)) &&
      !hasErrors(validateShipping(context.form)) &&
      !hasErrors(validatePayment(context.paymentMethod)),
    paymentAvailable: ({ event }) => event.type === 'SELECT_PAYMENT' && !hasErrors(validatePayment(event.method)),
    shippingMethodOffered: ({ context, event }) =>
      event.type === 'SELECT_SHIPPING_METHOD' && shippingMethodsFor(context.form.country).includes(event.method),
    cityFound: ({ event }) => {
      const output = (event as { output?: Position }).output;
      return output !== undefined && nearestCity(output.lat, output.lon) !== null;
    },
    editShipping: ({ event }) => event.type === 'EDIT_STEP' && event.step === 'shipping',
    editPayment: ({ event }) => event.type === 'EDIT_STEP' && event.step === 'payment',
  },
  actions: {
    updateField: assign(({ context, event }) => {
      if (event.type !== 'UPDATE_FIELD' || !(event.field in EMPTY_SHIPPING_FORM)) return {};
      const form = patchForm(context.form, { [event.field]: event.value });
      return {
        form,
        shippingMethod: methodFor(form.country, context.shippingMethod),
        errors: without(context.errors, event.field === 'country' ? ['country', 'postal_code'] : [event.field]),
      };
    }),
    setShipping: assign(({ context, event }) => {
      if (event.type !== 'SET_SHIPPING') return {};
      const patch = event.form as Partial<Record<ShippingField, string>>;
      const form = patchForm(context.form, patch);
      return { form, shippingMethod: methodFor(form.country, context.shippingMethod), errors: without(context.errors, Object.keys(patch)) };
    }),
    selectShippingMethod: assign(({ event }) => (event.type === 'SELECT_SHIPPING_METHOD' ? { shippingMethod: event.method } : {})),
    assignShippingErrors: assign(({ context }) => ({
      errors: { ...readinessOnly(context.errors), ...validateShipping(context.form) },
    })),
    clearShippingErrors: assign(({ context }) => ({ errors: readinessOnly(context.errors) })),
    selectPayment: assign(({ context, event }) =>
      event.type === 'SELECT_PAYMENT' ? { paymentMethod: event.method as PaymentMethod, errors: without(context.errors, ['payment']) } : {},
    ),
    refusePayment: assign(({ context, event }) =>
      event.type === 'SELECT_PAYMENT' ? { errors: { ...context.errors, ...validatePayment(event.method) } } : {},
    ),
    clearPaymentError: assign(({ context }) => ({ errors: without(context.errors, ['payment']) })),
    assignPaymentErrors: assign(({ context }) => ({ errors: { ...context.errors, ...validatePayment(context.paymentMethod) } })),
    assignReadiness: assign(({ context }) => ({
      errors: { ...without(context.errors, ['login', 'cart']), ...validateReadiness(context) },
    })),
    /** Every error that keeps the order from being placed (readiness, form, payment). */
    assignPlaceErrors: assign(({ context }) => ({
      errors: {
        ...validateReadiness(context),
        ...validateShipping(context.form),
        ...validatePayment(context.paymentMethod),
      },
    })),
    clearReadiness: assign(({ context }) => ({ errors: without(context.errors, ['login', 'cart']) })),
    /** Records the session; signing in lifts errors.login (signing out is caught before placing). */
    setSession: assign(({ context, event }) =>
      event.type === 'SESSION_CHANGED'
        ? { loggedIn: event.loggedIn, errors: event.loggedIn ? without(context.errors, ['login']) : context.errors }
        : {},
    ),
    /** Records the cart's count; a cart with something in it lifts errors.cart (an emptied one is caught before placing). */
    setCart: assign(({ context, event }) =>
      event.type === 'CART_CHANGED'
        ? { cartCount: event.cartCount, errors: event.cartCount > 0 ? without(context.errors, ['cart']) : context.errors }
        : {},
    ),
    startLocating: assign({ locationError: null }),
    applyLocation: assign(({ context, event }) => {
      const position = (event as { output?: Position }).output;
      const found = position ? nearestCity(position.lat, position.lon) : null;
      if (!found) return {};
      const { city } = found;
      return {
        form: { ...context.form, city: city.name, state: city.region, country: city.country, postal_code: city.postal_code },
        shippingMethod: methodFor(city.country, context.shippingMethod),
        errors: without(context.errors, ['city', 'state', 'country', 'postal_code']),
        detected: found,
        locationError: null,
      };
    }),
    failLocation: assign({ locationError: LOCATION_FAILED, detected: null }),
    clearPlaceError: assign({ placeError: null }),
    assignPlaced: assign({ orderId: ({ event }) => (event as { output?: PlaceOrderResult }).output?.orderId ?? null }),
    assignPlaceFailure: assign({ placeError: ({ event }) => placeFailureCode((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    form: formOf(input.form),
    loggedIn: input.loggedIn,
    cartCount: input.cartCount,
    paymentMethod: input.paymentMethod === undefined ? 'cod' : input.paymentMethod,
    shippingMethod: methodFor(formOf(input.form).country, input.shippingMethod ?? 'standard'),
    errors: {},
    locationError: null,
    detected: null,
    placeError: null,
    orderId: null,
  }),
  initial: 'gate',
  output: ({ context }) => ({ orderId: context.orderId ?? '' }),
  on: {
    SESSION_CHANGED: { actions: 'setSession' },
    CART_CHANGED: { actions: 'setCart' },
  },
  states: {
    /** On entry: a signed-in buyer with something in the cart, else blocked with errors.login / errors.cart. */
    gate: {
      always: [
        { guard: 'ready', target: 'shipping', actions: 'clearReadiness' },
        { target: 'blocked', actions: 'assignReadiness' },
      ],
    },
    blocked: {
      on: {
        SESSION_CHANGED: { target: 'gate', actions: 'setSession' },
        CART_CHANGED: { target: 'gate', actions: 'setCart' },
      },
    },
    shipping: {
      initial: 'editing',
      on: {
        UPDATE_FIELD: { actions: 'updateField' },
        SET_SHIPPING: { actions: 'setShipping' },
        NEXT: [
          { guard: 'shippingValid', target: 'payment', actions: 'clearShippingErrors' },
          { actions: 'assignShippingErrors' },
        ],
      },
      states: {
        editing: {
          on: { DETECT_LOCATION: { target: 'locating', actions: 'startLocating' } },
        },
        locating: {
          invoke: {
            src: 'locate',
            onDone: [
              { guard: 'cityFound', target: 'editing', actions: 'applyLocation' },
              { target: 'editing', actions: 'failLocation' },
            ],
            onError: { target: 'editing', actions: 'failLocation' },
          },
        },
      },
    },
    payment: {
      on: {
        SELECT_PAYMENT: [{ guard: 'paymentAvailable', actions: 'selectPayment' }, { actions: 'refusePayment' }],
        SELECT_SHIPPING_METHOD: { guard: 'shippingMethodOffered', actions: 'selectShippingMethod' },
        NEXT: [{ guard: 'paymentValid', target: 'review', actions: 'clearPaymentError' }, { actions: 'assignPaymentErrors' }],
        BACK: 'shipping',
        EDIT_STEP: { guard: 'editShipping', target: 'shipping' },
      },
    },
    review: {
      on: {
        PLACE: [
          { guard: 'canPlace', target: 'placing', actions: ['clearPlaceError', 'clearReadiness'] },
          { actions: 'assignPlaceErrors' },
        ],
        BACK: 'payment',
        EDIT_STEP: [
          { guard: 'editShipping', target: 'shipping' },
          { guard: 'editPayment', target: 'payment' },
        ],
      },
    },
    placing: {
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => ({
          shipping_info: toShippingInfo(context.form),
          payment_method: 'cod' as const,
          shipping_method: methodFor(context.form.country, context.shippingMethod),
        }),
        onDone: { target: 'placed', actions: 'assignPlaced' },
        onError: { target: 'review', actions: 'assignPlaceFailure' },
      },
    },
    placed: { type: 'final' },
  },
});

/** Keeps only the readiness errors (login, cart). */
function readinessOnly(errors: CheckoutErrors): CheckoutErrors {
  const next: CheckoutErrors = {};
  if (errors.login) next.login = errors.login;
  if (errors.cart) next.cart = errors.cart;
  return next;
}

export type CheckoutMachine = typeof checkoutMachine;

/**
 * The step indicator's position for a snapshot value: null while gated/blocked, 'review' while placing,
 * 'placed' once done. (snapshot.matches('shipping') etc. work too; this spares the page the mapping.)
 */
export function checkoutStepOf(value: unknown): CheckoutStep | 'placed' | null {
  const top = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? Object.keys(value)[0] : undefined;
  switch (top) {
    case 'shipping':
    case 'payment':
    case 'review':
    case 'placed':
      return top;
    case 'placing':
      return 'review';
    default:
      return null;
  }
}
