/**
 * /seller/money (issue 24 "Fortnightly payouts"): the current period's sales, commission and net, the next payout
 * date, the balance, and every payout with its statement.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMAD } from '../../domain/money';
import * as layout from '../account/account-layout.css';
import { useLanguage } from '../i18n/use-language';
import { sellerStatementPath } from '../routing/paths';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { fetchLedgerSummary, fetchPayouts } from './money-api';
import * as styles from './money-page.css';
import { useSellerErrorText } from './seller-errors';
import { SellerLayout } from './seller-layout';
import { useRemote } from './use-remote';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={styles.tile}>
      <dt className={styles.tileLabel}>{label}</dt>
      <dd className={styles.tileValue} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CurrentPeriod() {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const errorText = useSellerErrorText();
  const { state, retry } = useRemote('ledger', (signal) => fetchLedgerSummary(signal));
  return (
    <section className={layout.card} aria-labelledby="money-period-title" data-testid="money-period">
      <h2 id="money-period-title" className={layout.cardTitle}>
        {t('money.period')}
      </h2>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '5rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : (
        <>
          <p className={styles.muted}>{t('money.periodDates', { start: state.data.meta.period.start, end: state.data.meta.period.end })}</p>
          <dl className={styles.tiles}>
            <Figure label={t('money.sales')} value={formatMAD(state.data.totals.sales, language)} testId="money-sales" />
            <Figure label={t('money.commission')} value={formatMAD(state.data.totals.commission, language)} testId="money-commission" />
            <Figure label={t('money.net')} value={formatMAD(state.data.totals.net, language)} testId="money-net" />
            <Figure label={t('money.balance')} value={formatMAD(state.data.totals.balance, language)} testId="money-balance" />
          </dl>
          <p data-testid="money-next-payout">{t('money.nextPayout', { date: state.data.meta.next_payout_date })}</p>
        </>
      )}
    </section>
  );
}

function Payouts() {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const errorText = useSellerErrorText();
  const { state, retry } = useRemote('payouts', (signal) => fetchPayouts(signal));
  return (
    <section className={layout.card} aria-labelledby="money-payouts-title">
      <h2 id="money-payouts-title" className={layout.cardTitle}>
        {t('money.payouts')}
      </h2>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '5rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState title={t('money.noPayouts')} />
      ) : (
        <ul className={styles.list}>
          {state.data.map((payout) => (
            <li key={payout.id} className={styles.row} data-testid="money-payout" data-status={payout.status}>
              <Link href={sellerStatementPath(payout.id)}>{t('money.payoutPeriod', { start: payout.period_start, end: payout.period_end })}</Link>
              <span>
                {formatMAD(payout.net, language)} · {t(`money.statuses.${payout.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MoneyPage() {
  const { t } = useTranslation('seller');
  return (
    <SellerLayout title={t('money.title')}>
      <CurrentPeriod />
      <Payouts />
    </SellerLayout>
  );
}
