/**
 * Cancel an order (pending or processing only): asks first, then DataApi.cancelOrder, which changes the
 * local order at once and queues POST /api/orders/{id}/cancel (offline too). A refusal comes back with the
 * sync (the order's status stays) and shows in the sync centre.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataClient } from '../data/data-context';
import { button } from '../theme/recipes.css';
import * as forms from '../account/forms.css';
import { useOrderErrorText } from './order-errors';
import * as styles from './orders.css';

export function CancelOrder({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const client = useDataClient();
  const orderError = useOrderErrorText();
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const cancel = () => {
    setPhase('sending');
    setError(null);
    client.cancelOrder(orderId).then(
      () => setPhase('sent'),
      (e: unknown) => {
        setError(orderError(e, 'updateOrder'));
        setPhase('idle');
      },
    );
  };

  return (
    <div className={styles.localMark}>
      {phase === 'idle' && (
        <button type="button" className={button({ tone: 'secondary' })} data-testid="cancel-order" onClick={() => setPhase('confirm')}>
          {t('cancel.action')}
        </button>
      )}
      {(phase === 'confirm' || phase === 'sending') && (
        <div role="group" aria-labelledby="cancel-order-question" className={forms.actions}>
          <p id="cancel-order-question">{t('cancel.confirm')}</p>
          <button
            type="button"
            className={button({ tone: 'primary' })}
            data-testid="confirm-cancel-order"
            disabled={phase === 'sending'}
            autoFocus
            onClick={cancel}
          >
            {phase === 'sending' ? t('cancel.cancelling') : t('cancel.yes')}
          </button>
          <button type="button" className={button({ tone: 'ghost' })} disabled={phase === 'sending'} onClick={() => setPhase('idle')}>
            {t('cancel.no')}
          </button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {phase === 'sent' && <p className={forms.info}>{t('cancel.sent')}</p>}
      </div>
      {error && (
        <p role="alert" className={forms.failure}>
          {error}
        </p>
      )}
    </div>
  );
}
