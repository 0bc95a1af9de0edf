/**
 * /seller/money/{id}: one payout's statement, line by line (the server's CSV read back), downloadable as that CSV
 * and printable (on paper only the statement: money-page.css.ts). The amount comes right after the kind, so a
 * phone shows it without scrolling; the rest scrolls sideways, its region taking the keyboard's focus too. Another shop's payout or an unknown one: the
 * server's 404, said in the seller's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMAD } from '../../domain/money';
import * as layout from '../account/account-layout.css';
import { downloadCsv } from '../admin/download-csv';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { fetchStatement, statementPath } from './money-api';
import * as styles from './money-page.css';
import { parseStatement } from './money-statement';
import { useSellerErrorText } from './seller-errors';
import { SellerLayout } from './seller-layout';
import { useRemote } from './use-remote';

export function MoneyStatementPage({ id }: { id: string }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const errorText = useSellerErrorText();
  const [downloadError, setDownloadError] = useState('');
  const { state, retry } = useRemote(`statement:${id}`, async (signal) => parseStatement(await fetchStatement(id, signal)));
  const download = () => {
    setDownloadError('');
    downloadCsv(statementPath(id), `statement-${id}.csv`).catch((error: unknown) => setDownloadError(errorText(error)));
  };
  return (
    <SellerLayout title={t('money.statementTitle', { id })}>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Link href={ROUTES.sellerMoney} className={button({ tone: 'ghost' })}>
          {t('money.back')}
        </Link>
        <button type="button" className={button({ tone: 'secondary' })} onClick={download} data-testid="statement-download">
          {t('money.download')}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => window.print()}>
          {t('money.print')}
        </button>
      </div>
      <p role="alert" className={styles.noPrint}>
        {downloadError}
      </p>
      <section className={`${layout.card} ${styles.statement}`} aria-labelledby="statement-lines-title">
        <h2 id="statement-lines-title" className={layout.cardTitle}>
          {t('money.lines')}
        </h2>
        {state.status === 'loading' ? (
          <Skeleton style={{ blockSize: '8rem' }} />
        ) : state.status === 'error' ? (
          <ErrorState title={state.error instanceof Error && state.error.message === 'not a statement' ? t('money.unreadable') : errorText(state.error)} onRetry={retry} />
        ) : state.data.length === 0 ? (
          <EmptyState title={t('money.noLines')} />
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby="statement-lines-title" tabIndex={0}>
            <table className={styles.table} data-testid="statement-lines">
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>{t('money.date')}</th>
                  <th scope="col" className={styles.cell}>{t('money.kind')}</th>
                  <th scope="col" className={styles.amount}>{t('money.amount')}</th>
                  <th scope="col" className={styles.cell}>{t('money.order')}</th>
                  <th scope="col" className={styles.cell}>{t('money.product')}</th>
                  <th scope="col" className={styles.amount}>{t('money.quantity')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((line, i) => (
                  <tr key={i}>
                    <td className={styles.date}>{line.date}</td>
                    <td className={styles.cell}>{t(`money.kinds.${KINDS.has(line.kind) ? (line.kind as Kind) : 'other'}`)}</td>
                    <td className={styles.amount}>{formatMAD(line.amount, language)}</td>
                    <td className={styles.cell}>{line.orderNumber}</td>
                    <td className={styles.cell}>{line.product}</td>
                    <td className={styles.amount}>{line.quantity ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </SellerLayout>
  );
}

type Kind = 'sale' | 'commission' | 'refund' | 'reversal' | 'cod_collected' | 'payout' | 'adjustment';
const KINDS: ReadonlySet<string> = new Set<Kind>(['sale', 'commission', 'refund', 'reversal', 'cod_collected', 'payout', 'adjustment']);
