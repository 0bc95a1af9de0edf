/** The money page's cash-on-delivery remittances (issue 24): record one, and the report of a range of dates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import * as layout from '../account/account-layout.css';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { remittanceReport, remittanceReportPath } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { Field } from './admin-parts';
import * as styles from './admin.css';
import { RemittanceForm } from './remittance-form';

/** One number of the report, as MAD when it is a number. */
function Amount({ value }: { value: unknown }) {
  const language = useLanguage();
  return <>{typeof value === 'number' ? formatMAD(value, language) : '—'}</>;
}

interface RemittanceRow {
  id?: number;
  courier?: string;
  received_at?: string | number;
  expected?: number;
  remitted?: number;
  difference?: number;
  not_remitted?: number;
}

export function Remittances() {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  // Bumped by a recorded remittance: the report is read again (the current period's when none was asked yet).
  const [version, setVersion] = useState(0);
  const { state, retry } = useRemote(asked === null ? '' : `${asked}#${version}`, (signal) => (asked ? remittanceReport(asked, signal) : Promise.resolve(null)));
  const report = state.status === 'ready' && state.data !== null && typeof state.data === 'object' ? (state.data as { remittances?: RemittanceRow[]; totals?: RemittanceRow }) : null;
  return (
    <section className={layout.card} aria-labelledby="admin-cod-title">
      <h2 id="admin-cod-title" className={layout.cardTitle}>
        {t('money.cod')}
      </h2>
      <RemittanceForm
        onRecorded={() => {
          setAsked((current) => current ?? remittanceReportPath(from, to));
          setVersion((v) => v + 1);
        }}
      />
      <form
        className={styles.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(remittanceReportPath(from, to));
        }}
      >
        <Field id="admin-cod-from" label={t('money.from')}>
          <input id="admin-cod-from" className={styles.input} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="admin-cod-to" label={t('money.to')}>
          <input id="admin-cod-to" className={styles.input} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <button type="submit" className={button({ tone: 'secondary' })}>
          {t('money.report')}
        </button>
      </form>
      {asked === null ? null : state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '6rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : (
        <div className={styles.tableWrap} role="region" aria-labelledby="admin-cod-title" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.muted}>{t('money.codCaption')}</caption>
            <thead>
              <tr>
                <th className={styles.cell} scope="col">{t('money.courier')}</th>
                <th className={styles.amount} scope="col">{t('money.expected')}</th>
                <th className={styles.amount} scope="col">{t('money.remitted')}</th>
                <th className={styles.amount} scope="col">{t('money.difference')}</th>
              </tr>
            </thead>
            <tbody>
              {(report?.remittances ?? []).map((row, i) => (
                <tr key={row.id ?? i}>
                  <td className={styles.cell}>{row.courier ?? '—'}</td>
                  <td className={styles.amount}><Amount value={row.expected} /></td>
                  <td className={styles.amount}><Amount value={row.remitted} /></td>
                  <td className={styles.amount}><Amount value={row.difference} /></td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th className={styles.cell} scope="row">{t('money.total')}</th>
                <td className={styles.amount}><Amount value={report?.totals?.expected} /></td>
                <td className={styles.amount}><Amount value={report?.totals?.remitted} /></td>
                <td className={styles.amount}><Amount value={report?.totals?.difference} /></td>
              </tr>
              <tr>
                <th className={styles.cell} scope="row">{t('money.notRemitted')}</th>
                <td className={styles.amount}><Amount value={report?.totals?.not_remitted} /></td>
                <td className={styles.cell} />
                <td className={styles.cell} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
