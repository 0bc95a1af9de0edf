/**
 * Record a courier's COD remittance (docs/OPERATOR.md "COD remittances"): the courier, the amount in MAD, the day
 * it was received (Casablanca) and the orders it covers. One Idempotency-Key per submission (submission-key.ts):
 * sent again unchanged after a failure, it is recorded once. The server's refusals (an order not collected or
 * already remitted, a bad field) are said in the user's language; after a success the report is shown again.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { casablancaDate, isLocalDate, startOfCasablancaDay } from '../../domain/ledger';
import { button } from '../theme/recipes.css';
import { recordRemittance } from './admin-api';
import { Field, Outcome, useAction } from './admin-parts';
import * as styles from './admin.css';
import { madInput, parseOrderIds } from './remittance-input';
import { submissionKey } from './submission-key';

export function RemittanceForm({ onRecorded }: { onRecorded: () => void }) {
  const { t } = useTranslation('admin');
  const action = useAction();
  const [courier, setCourier] = useState('');
  const [amount, setAmount] = useState('');
  const [received, setReceived] = useState(() => casablancaDate(Date.now()));
  const [orders, setOrders] = useState('');
  const [badOrder, setBadOrder] = useState<string | null>(null);
  const [keys] = useState(submissionKey);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseOrderIds(orders);
    if (!parsed.ok) {
      setBadOrder(parsed.bad);
      return;
    }
    setBadOrder(null);
    if (!isLocalDate(received)) return;
    const body = { courier: courier.trim(), amount: madInput(amount), received_at: startOfCasablancaDay(received), order_ids: parsed.ids };
    const key = keys.keyFor(JSON.stringify(body));
    void action.run(() => recordRemittance(body, key), t('money.recorded')).then((ok) => {
      if (!ok) return;
      keys.succeeded();
      setOrders('');
      setAmount('');
      onRecorded();
    });
  };
  return (
    <>
      <h3 id="admin-remit-title" className={styles.itemTitle}>
        {t('money.recordTitle')}
      </h3>
      <form className={styles.toolbar} onSubmit={submit} aria-labelledby="admin-remit-title" data-testid="admin-remittance-form">
      <Field id="admin-remit-courier" label={t('money.courier')}>
        <input id="admin-remit-courier" className={styles.input} required maxLength={100} value={courier} onChange={(e) => setCourier(e.target.value)} />
      </Field>
      <Field id="admin-remit-amount" label={t('money.remittanceAmount')}>
        <input id="admin-remit-amount" className={styles.input} inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" required value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <Field id="admin-remit-received" label={t('money.receivedOn')}>
        <input id="admin-remit-received" className={styles.input} type="date" required value={received} onChange={(e) => setReceived(e.target.value)} />
      </Field>
      <div className={styles.field}>
        <label htmlFor="admin-remit-orders" className={styles.label}>
          {t('money.orderIds')}
        </label>
        <textarea
          id="admin-remit-orders"
          className={styles.textarea}
          required
          value={orders}
          aria-invalid={badOrder !== null}
          aria-describedby={badOrder === null ? undefined : 'admin-remit-orders-error'}
          onChange={(e) => setOrders(e.target.value)}
        />
        {badOrder !== null && (
          <p id="admin-remit-orders-error" role="alert">
            {t('money.badOrderId', { value: badOrder })}
          </p>
        )}
      </div>
      <button type="submit" className={button({ tone: 'primary' })} disabled={action.busy} data-testid="admin-remit-record">
        {t('money.record')}
      </button>
      </form>
      <Outcome state={action} testId="admin-remit-outcome" />
    </>
  );
}
