/**
 * The checkout's steps driven by src/machines/checkout.ts: this component only shows the machine's state
 * and sends it events. It provides the machine's actors (the device's position for 'Detect my location',
 * DataApi.placeOrder, which works offline: the order is queued), tells it when the cart or the session
 * change, and goes to the order's page once placed.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { User } from '../../domain/account';
import { shippingFormFromUser, type CheckoutErrorCode } from '../../domain/checkout';
import { DEFAULT_CART_COUNTRY } from '../../domain/commerce';
import { checkoutMachine, checkoutStepOf, LOCATION_FAILED, type PlaceOrderRequest } from '../../machines/checkout';
import { useSession } from '../auth/use-session';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { orderPath, productsPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState } from '../ui/states';
import { CheckoutSteps } from './checkout-steps';
import * as styles from './checkout.css';
import { currentPosition } from './geolocation';
import { PaymentStep } from './payment-step';
import { placeErrorKey } from './place-error';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';

export function CheckoutFlow({ user, cartCount }: { user: User | null; cartCount: number }) {
  const { t } = useTranslation('orders');
  const client = useDataClient();
  const { status } = useSession();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [machine] = useState(() =>
    checkoutMachine.provide({
      actors: {
        locate: fromPromise(() => currentPosition()),
        placeOrder: fromPromise(({ input }: { input: PlaceOrderRequest }) =>
          client.placeOrder(input).then((placed) => ({ orderId: placed.orderId })),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { loggedIn: status === 'signed-in', cartCount, form: shippingFormFromUser(user) },
  });
  const { context } = snapshot;
  const step = checkoutStepOf(snapshot.value);

  const country = context.form.country || DEFAULT_CART_COUNTRY;
  // The cart's totals for the country and the delivery method chosen (shipping follows both).
  const cart = useData({ kind: 'cart', country, method: context.shippingMethod }, { keepPrevious: true });
  const lineCount = cart.data?.lines.length;
  useEffect(() => {
    if (lineCount !== undefined) send({ type: 'CART_CHANGED', cartCount: lineCount });
  }, [lineCount, send]);
  useEffect(() => {
    send({ type: 'SESSION_CHANGED', loggedIn: status === 'signed-in' });
  }, [status, send]);

  useEffect(() => {
    if (step === 'placed' && context.orderId) navigateRef.current(orderPath(context.orderId), { replace: true });
  }, [step, context.orderId]);

  // A new step moves focus to its heading, so keyboard and screen reader users start at its top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step && step !== 'placed') headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  // Every refused NEXT on the shipping step, so it can focus the first field in error.
  const [attempt, setAttempt] = useState(0);

  if (step === null) {
    // Blocked: the cart is empty (the route already requires a session).
    return (
      <EmptyState title={context.errors.cart ? t('checkout.emptyTitle') : t('checkout.loginRequired')}>
        <p>{t('checkout.emptyText')}</p>
        <Link href={productsPath()} className={button({ tone: 'primary' })} data-testid="checkout-browse">
          {t('checkout.browse')}
        </Link>
      </EmptyState>
    );
  }

  const placeKey = placeErrorKey(context.placeError);
  const blocking = Object.values(context.errors).filter((code): code is CheckoutErrorCode => code !== undefined);
  const current = step === 'placed' ? 'review' : step;

  return (
    <div className={styles.page} data-testid="checkout" data-step={step}>
      <CheckoutSteps current={step} />
      <section className={styles.panel} aria-labelledby="checkout-step-title">
        <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
          {t(current === 'shipping' ? 'checkout.shipping.title' : current === 'payment' ? 'checkout.payment.title' : 'checkout.review.title')}
        </h2>
        {current === 'shipping' && (
          <ShippingStep
            form={context.form}
            prefilled={user !== null && (user.shipping_address !== null || user.billing_address !== null)}
            errors={context.errors}
            attempt={attempt}
            locating={snapshot.matches({ shipping: 'locating' })}
            locationFailed={context.locationError === LOCATION_FAILED}
            detected={context.detected}
            onField={(field, value) => send({ type: 'UPDATE_FIELD', field, value })}
            onDetect={() => send({ type: 'DETECT_LOCATION' })}
            onNext={() => {
              send({ type: 'NEXT' });
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {current === 'payment' && (
          <PaymentStep
            country={country}
            totals={cart.data?.totals}
            shippingMethod={context.shippingMethod}
            onShippingMethod={(method) => send({ type: 'SELECT_SHIPPING_METHOD', method })}
            method={context.paymentMethod}
            error={context.errors.payment}
            onSelect={(method) => send({ type: 'SELECT_PAYMENT', method })}
            onBack={() => send({ type: 'BACK' })}
            onNext={() => send({ type: 'NEXT' })}
          />
        )}
        {current === 'review' && (
          <ReviewStep
            cart={cart.data}
            form={context.form}
            method={context.paymentMethod}
            placing={snapshot.matches('placing') || step === 'placed'}
            failure={placeKey ? t(placeKey) : null}
            blocking={blocking}
            onEdit={(to) => send({ type: 'EDIT_STEP', step: to })}
            onBack={() => send({ type: 'BACK' })}
            onPlace={() => send({ type: 'PLACE' })}
          />
        )}
      </section>
    </div>
  );
}
