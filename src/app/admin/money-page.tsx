/**
 * /admin/money, admins only (issue 24 "Money"; a manager gets "not allowed"): close a period (the latest one over,
 * by default), the payouts by status with paid (a reference) or failed and as a CSV file, an adjustment to a shop's
 * balance, and the cash-on-delivery remittances: record one, and the report.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../domain/ledger';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import * as layout from '../account/account-layout.css';
import { lastEndedPeriodEnd } from './admin-access';
import { addAdjustment, closePeriod, listPayouts, markPayout, payoutsCsvPath, payoutsPath, type Payout } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { AdminLayout } from './admin-layout';
import { ConfirmAction, Field, History, Outcome, useAction } from './admin-parts';
import * as styles from './admin.css';
import { downloadCsv } from './download-csv';
import { REASON_MAX_LENGTH } from './reason-limit';
import { Remittances } from './remittances-section';
import { submissionKey } from './submission-key';

function ClosePeriod({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation('admin');
  const action = useAction();
  const [end, setEnd] = useState(() => lastEndedPeriodEnd(Date.now()));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action
      .run(async () => {
        const result = await closePeriod(end);
        return result;
      }, t('money.closed', { end }))
      .then((ok) => ok && onClosed());
  };
  return (
    <form className={styles.toolbar} onSubmit={submit}>
      <Field id="admin-period-end" label={t('money.periodEnd')}>
        <input id="admin-period-end" className={styles.input} type="date" value={end} onChange={(e) => setEnd(e.target.value)} required />
      </Field>
      <button type="submit" className={button({ tone: 'primary' })} disabled={action.busy} data-testid="admin-close-period">
        {t('money.close')}
      </button>
      <Outcome state={action} testId="admin-close-outcome" />
    </form>
  );
}

function PayoutItem({ payout, onChanged }: { payout: Payout; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const action = useAction();
  const [reference, setReference] = useState('');
  const refId = `payout-${payout.id}-reference`;
  const mark = (status: 'paid' | 'failed') => {
    void action.run(() => markPayout(payout.id, status, reference.trim()), t(status === 'paid' ? 'money.markedPaid' : 'money.markedFailed')).then((ok) => ok && onChanged());
  };
  return (
    <li className={styles.item} data-testid="admin-payout" data-payout-id={payout.id} data-shop-id={payout.shop_id} data-status={payout.status}>
      <p className={styles.itemTitle}>{t('money.payoutTitle', { shop: payout.shop_name ?? `#${payout.shop_id}`, start: payout.period_start, end: payout.period_end })}</p>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('money.gross')}</dt>
        <dd>{formatMAD(payout.gross, language)}</dd>
        <dt className={styles.term}>{t('money.commission')}</dt>
        <dd>{formatMAD(payout.commission, language)}</dd>
        <dt className={styles.term}>{t('money.net')}</dt>
        <dd>{formatMAD(payout.net, language)}</dd>
        <dt className={styles.term}>{t('money.status')}</dt>
        <dd>
          {t(`money.statuses.${payout.status}`)}
          {payout.reference ? ` · ${payout.reference}` : ''}
        </dd>
      </dl>
      {payout.status === 'pending' && (
        <form
          className={styles.toolbar}
          onSubmit={(e) => {
            e.preventDefault();
            mark('paid');
          }}
        >
          <div className={styles.field}>
            <label htmlFor={refId} className={styles.label}>
              {t('money.reference')}
            </label>
            <input id={refId} className={styles.input} value={reference} required maxLength={200} onChange={(e) => setReference(e.target.value)} />
          </div>
          <button type="submit" className={button({ tone: 'primary' })} disabled={action.busy} data-testid="admin-payout-paid">
            {t('money.markPaid')}
          </button>
          <ConfirmAction label={t('money.markFailed')} warning={t('money.markFailedWarning')} disabled={action.busy} onConfirm={() => mark('failed')} testId="admin-payout-failed" />
        </form>
      )}
      <Outcome state={action} testId="admin-payout-outcome" />
      <History object={`payout:${payout.id}`} />
    </li>
  );
}

function Payouts({ version }: { version: number }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const csv = useAction();
  const [status, setStatus] = useState<PayoutStatus>('pending');
  const path = payoutsPath(status, '');
  const { state, retry } = useRemote(`${path}#${version}`, (signal) => listPayouts(path, signal));
  return (
    <section className={layout.card} aria-labelledby="admin-payouts-title">
      <h2 id="admin-payouts-title" className={layout.cardTitle}>
        {t('money.payouts')}
      </h2>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="admin-payouts-status" className={styles.label}>
            {t('money.status')}
          </label>
          <select id="admin-payouts-status" className={styles.input} value={status} onChange={(e) => setStatus(e.target.value as PayoutStatus)}>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`money.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={csv.busy}
          data-testid="admin-payouts-csv"
          onClick={() => void csv.run(() => downloadCsv(payoutsCsvPath(status, ''), `payouts-${status}.csv`), t('inbox.downloaded'))}
        >
          {t('money.downloadPayouts')}
        </button>
      </div>
      <Outcome state={csv} testId="admin-payouts-csv-outcome" />
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '8rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState title={t('money.noPayouts')} />
      ) : (
        <ul className={styles.list}>
          {state.data.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} onChanged={retry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Adjustment() {
  const { t } = useTranslation('admin');
  const action = useAction();
  const [shop, setShop] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One Idempotency-Key per adjustment: sent again unchanged (after a failure), it is booked once.
  const [keys] = useState(submissionKey);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const shopId = Number(shop);
    const mad = Number(amount.replace(',', '.'));
    const text = reason.trim();
    const key = keys.keyFor(JSON.stringify([shopId, mad, text]));
    void action.run(() => addAdjustment(shopId, mad, text, key), t('money.adjusted')).then((ok) => ok && keys.succeeded());
  };
  return (
    <section className={layout.card} aria-labelledby="admin-adjust-title">
      <h2 id="admin-adjust-title" className={layout.cardTitle}>
        {t('money.adjustment')}
      </h2>
      <form className={styles.toolbar} onSubmit={submit}>
        <Field id="admin-adjust-shop" label={t('money.shopId')}>
          <input id="admin-adjust-shop" className={styles.input} inputMode="numeric" pattern="[0-9]+" required value={shop} onChange={(e) => setShop(e.target.value)} />
        </Field>
        <Field id="admin-adjust-amount" label={t('money.amount')}>
          <input id="admin-adjust-amount" className={styles.input} inputMode="decimal" pattern="-?[0-9]+([.,][0-9]{1,2})?" required value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="admin-adjust-reason" label={t('reason.label')}>
          <input id="admin-adjust-reason" className={styles.input} required maxLength={REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <button type="submit" className={button({ tone: 'secondary' })} disabled={action.busy}>
          {t('money.adjust')}
        </button>
      </form>
      <Outcome state={action} testId="admin-adjust-outcome" />
    </section>
  );
}

export function MoneyPage() {
  const { t } = useTranslation('admin');
  const [version, setVersion] = useState(0);
  return (
    <AdminLayout section="money" title={t('money.title')}>
      <section className={layout.card} aria-labelledby="admin-close-title">
        <h2 id="admin-close-title" className={layout.cardTitle}>
          {t('money.closeTitle')}
        </h2>
        <ClosePeriod onClosed={() => setVersion((v) => v + 1)} />
      </section>
      <Payouts version={version} />
      <Adjustment />
      <Remittances />
    </AdminLayout>
  );
}
