/**
 * The checkout's step indicator (spec §4: shipping, payment, review): each step done, current or still to
 * come, from the step the machine is in (checkoutStepOf: placing shows review; placed has them all done).
 */
import type { CheckoutStep } from '../../machines/checkout';

export const CHECKOUT_STEPS: readonly CheckoutStep[] = ['shipping', 'payment', 'review'];

export type StepState = 'done' | 'current' | 'todo';

export interface StepView {
  step: CheckoutStep;
  state: StepState;
  /** 1-based. */
  number: number;
}

export function stepIndicator(current: CheckoutStep | 'placed' | null): StepView[] {
  const at = current === 'placed' ? CHECKOUT_STEPS.length : current === null ? -1 : CHECKOUT_STEPS.indexOf(current);
  return CHECKOUT_STEPS.map((step, index) => ({
    step,
    number: index + 1,
    state: index < at ? 'done' : index === at ? 'current' : 'todo',
  }));
}
