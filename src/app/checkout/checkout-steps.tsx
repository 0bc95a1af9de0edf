/** The step indicator: shipping → payment → review, each done, current (aria-current="step") or to come. */
import { useTranslation } from 'react-i18next';
import type { CheckoutStep } from '../../machines/checkout';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './checkout.css';
import { stepIndicator } from './step-indicator';

export function CheckoutSteps({ current }: { current: CheckoutStep | 'placed' | null }) {
  const { t } = useTranslation('orders');
  return (
    <ol className={styles.steps} aria-label={t('checkout.stepsLabel')}>
      {stepIndicator(current).map((s) => (
        <li
          key={s.step}
          className={styles.step}
          data-testid="checkout-step"
          data-step={s.step}
          data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          <span className={styles.stepNumber} aria-hidden="true">
            {s.state === 'done' ? '✓' : s.number}
          </span>
          <span>{t(`checkout.steps.${s.step}`)}</span>
          <span className={visuallyHidden}>{` (${t(`checkout.stepState.${s.state}`)})`}</span>
        </li>
      ))}
    </ol>
  );
}
