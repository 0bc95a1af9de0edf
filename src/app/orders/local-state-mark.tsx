/**
 * How far an order placed from this device got: 'Waiting to be sent' while queued (offline), 'Not placed'
 * with the server's refusal and the way to the sync centre when refused; nothing once confirmed.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalOrder, OutboxFailure } from '../../workers/data-api';
import { ROUTES } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import { useOrderErrorText } from './order-errors';
import * as styles from './orders.css';

export function LocalStateMark({
  state,
  refusal,
  detailed = false,
}: {
  state: LocalOrder['local_state'];
  refusal?: OutboxFailure | undefined;
  /** The order page explains more than the list. */
  detailed?: boolean;
}) {
  const { t } = useTranslation('orders');
  const orderError = useOrderErrorText();
  if (state === 'confirmed') return null;
  if (state === 'queued') {
    return (
      <div className={styles.localMark} data-testid="order-local-state" data-local-state="queued">
        <span className={badge({ tone: 'highlight' })}>{t('local.queued')}</span>
        {detailed && <p className={styles.muted}>{t('local.queuedText')}</p>}
      </div>
    );
  }
  const reason = refusal ? orderError(refusal, 'createOrder') : t('errors.createOrder');
  return (
    <div className={styles.localMark} data-testid="order-local-state" data-local-state="failed" role="note">
      <span className={badge({ tone: 'discount' })}>{t('local.failed')}</span>
      <p className={styles.refusal} data-testid="order-refusal">
        {t('local.failedText', { reason })}
      </p>
      <Link href={ROUTES.syncCentre} className={styles.inlineLink}>
        {t('local.syncLink')}
      </Link>
    </div>
  );
}
